"""A loopback HTTP server for crawl tests: the tirules mirror served like the live site, plus a tiny wiki."""
from __future__ import annotations

import hashlib
import json
import re
import sys
import threading
import time
from dataclasses import dataclass
from email.utils import formatdate, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

_INCLUDE = re.compile(rb'<\?php\s+include\s+"([A-Za-z0-9_.]+)"\s*\?>')
_MIRROR_PAGE = re.compile(r"^/([RFC]_[A-Za-z0-9_]+)(?:\.php)?$")
# Generated answers (wiki, test pages) claim this modification time: 2026-01-01.
_FIXED_MTIME = 1767225600.0

# Wiki pages written for these tests; the markup mimics what MediaWiki's parser emits.
WIKI_PAGES = {
    "FAQ": (
        101,
        '<h2><span class="mw-headline" id="Movement">Movement</span></h2>'
        "<p><b>Q: Can a carrier pick up fighters in a system it moves through?</b></p>"
        "<p>A: Yes, as long as that system holds none of your command tokens.</p>"
        '<h2><span class="mw-headline" id="Combat">Combat</span></h2>'
        "<p>Q: Do hits from an ability made before combat carry over into the first round?</p>"
        "<p>A: No. Each roll assigns its own hits right away.</p>",
    ),
    "Space Cannon": (
        202,
        "<p>Space cannon lets units fire at ships in or near their system.</p>"
        '<h2><span class="mw-headline" id="FAQ">FAQ</span></h2>'
        "<p>Q: Can space cannon fire into a system with no ships of mine?</p>"
        "<p>A: No, there must be enemy ships there to hit.</p>",
    ),
}


@dataclass(frozen=True)
class Hit:
    """One request the server answered."""

    path: str
    status: int
    user_agent: str
    conditional: bool
    at: float  # time.monotonic() when the request arrived


class CrawlServer:
    """Threaded server on 127.0.0.1:<free port>; use as a context manager."""

    def __init__(self, mirror: Path, disallow=("/R_secret",), slow_seconds: float = 1.5):
        self.mirror = Path(mirror)
        self.disallow = tuple(disallow)
        self.redirects: dict[str, str] = {}  # path -> Location, answered with a 302
        self.slow_seconds = slow_seconds
        self.stopping = threading.Event()  # wakes slow handlers so shutdown stays quick
        self._hits: list[Hit] = []
        self._called: set[str] = set()
        self._lock = threading.Lock()
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    def __enter__(self) -> CrawlServer:
        self._httpd = _Server(("127.0.0.1", 0), _Handler)
        self._httpd.app = self
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05})
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()  # joins the handler threads (block_on_close)
        self._thread.join(timeout=5)

    def url(self, path: str = "/") -> str:
        """Absolute URL of a path on this server."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}{path}"

    def hits(self, path: str | None = None) -> list[Hit]:
        """Requests answered so far, optionally only those for one path (query included)."""
        with self._lock:
            return [hit for hit in self._hits if path is None or hit.path == path]

    def record(self, hit: Hit) -> None:
        """Log one answered request."""
        with self._lock:
            self._hits.append(hit)

    def respond(self, path: str, headers) -> tuple[int, dict[str, str], bytes]:
        """Status, headers and body for a GET, as the live sites would answer it."""
        parts = urlsplit(path)
        route = parts.path
        if route == "/robots.txt":
            lines = ["User-agent: *", *(f"Disallow: {p}" for p in self.disallow), ""]
            return 200, {"Content-Type": "text/plain"}, "\n".join(lines).encode()
        if route in self.redirects:
            return 302, {"Location": self.redirects[route]}, b""
        if route in ("/", "/index.php"):
            return _conditional(headers, self._render("index.php"), self._mtime("index.php"))
        if route == "/flaky":
            if self._first_call(route):
                return 503, {}, b"busy"
            return _conditional(headers, b"recovered", _FIXED_MTIME)
        if route == "/down":
            return 503, {"Retry-After": "0"}, b"down"
        if route == "/busy":
            return 429, {"Retry-After": "0"}, b"slow down"
        if route == "/slow":  # the stall itself happens in the handler, see stall()
            return _conditional(headers, b"finally", _FIXED_MTIME)
        if route == "/R_secret":
            return 200, {}, b"robots.txt asked you not to read this"
        if route == "/api.php":
            return 200, {"Content-Type": "application/json"}, _api_answer(parse_qs(parts.query))
        if route.startswith("/wiki/") or route == "/w/index.php":
            return self._wiki_html(route, parse_qs(parts.query))
        match = _MIRROR_PAGE.match(route)
        if match and (self.mirror / f"{match[1]}.php").is_file():
            name = f"{match[1]}.php"
            return _conditional(headers, self._render(name), self._mtime(name))
        return 404, {}, b"not found"

    def stall(self, path: str) -> None:
        """Hold back the answer to /slow (cut short when the server stops)."""
        if urlsplit(path).path == "/slow":
            self.stopping.wait(self.slow_seconds)

    def _first_call(self, route: str) -> bool:
        """True the first time a route is asked for, False afterwards."""
        with self._lock:
            first = route not in self._called
            self._called.add(route)
            return first

    def _render(self, name: str) -> bytes:
        """A mirror page with its PHP include lines replaced by the included files."""
        source = (self.mirror / name).read_bytes()
        return _INCLUDE.sub(lambda m: (self.mirror / m[1].decode()).read_bytes(), source)

    def _mtime(self, name: str) -> float:
        """Last change of a page or of the frame around it."""
        return max((self.mirror / n).stat().st_mtime for n in (name, "prefix.php", "suffix.php"))

    def _wiki_html(self, route: str, query: dict) -> tuple[int, dict[str, str], bytes]:
        """An article page as MediaWiki renders it, so the source kind can be sniffed."""
        title = unquote(route[len("/wiki/"):]) if route.startswith("/wiki/") else query.get("title", [""])[0]
        title = title.replace("_", " ")
        if title not in WIKI_PAGES:
            return 404, {}, b"no such wiki page"
        body = (
            '<!DOCTYPE html><html><head><meta name="generator" content="MediaWiki 1.39.3"/>'
            '<link rel="EditURI" type="application/rsd+xml" href="/api.php?action=rsd"/></head>'
            f'<body><div class="mw-parser-output">{WIKI_PAGES[title][1]}</div></body></html>'
        )
        return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()


def _api_answer(query: dict) -> bytes:
    """MediaWiki action=parse JSON (formatversion=2), or its error envelope."""
    title = (query.get("page") or [""])[0].replace("_", " ")  # MediaWiki treats _ as a space
    if query.get("action") != ["parse"]:
        answer = {"error": {"code": "badvalue", "info": "Unrecognized value for parameter \"action\"."}}
    elif title not in WIKI_PAGES:
        answer = {"error": {"code": "missingtitle", "info": "The page you specified doesn't exist."}}
    else:
        revid, html = WIKI_PAGES[title]
        text = f'<div class="mw-content-ltr mw-parser-output" lang="en" dir="ltr">{html}</div>'
        parse = {"title": title, "pageid": revid // 100, "revid": revid, "displaytitle": title, "text": text}
        answer = {"parse": parse}
    return json.dumps(answer).encode()


def _conditional(headers, body: bytes, mtime: float) -> tuple[int, dict[str, str], bytes]:
    """200 with ETag/Last-Modified, or 304 when the client's copy is current."""
    etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
    stamp = formatdate(int(mtime), usegmt=True)
    out = {"ETag": etag, "Last-Modified": stamp, "Content-Type": "text/html; charset=utf-8"}
    if_none_match, if_modified_since = headers.get("If-None-Match"), headers.get("If-Modified-Since")
    if if_none_match is not None:
        fresh = if_none_match in ("*", etag)
    else:
        fresh = if_modified_since is not None and _not_older(if_modified_since, mtime)
    return (304, out, b"") if fresh else (200, out, body)


def _not_older(http_date: str, mtime: float) -> bool:
    """Whether an HTTP date is at or after a file's (whole-second) modification time."""
    try:
        return parsedate_to_datetime(http_date).timestamp() >= int(mtime)
    except (TypeError, ValueError):
        return False


class QuietServer(ThreadingHTTPServer):
    """A loopback server for which a client hanging up is no error."""

    def handle_error(self, request, client_address) -> None:
        """Stay quiet when a client hung up (timeout and size-cap tests do that on purpose); report the rest."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _Server(QuietServer):
    """Joins its handler threads on close; client hang-ups are not errors."""

    daemon_threads = False
    block_on_close = True
    app: CrawlServer


class _Handler(BaseHTTPRequestHandler):
    """Routes every GET through CrawlServer.respond and records it."""

    timeout = 5  # a silent client cannot hold a server thread for long

    def do_GET(self) -> None:
        """Answer one GET."""
        app, arrived = self.server.app, time.monotonic()
        status, headers, body = app.respond(self.path, self.headers)
        conditional = "If-None-Match" in self.headers or "If-Modified-Since" in self.headers
        app.record(Hit(self.path, status, self.headers.get("User-Agent", ""), conditional, arrived))
        app.stall(self.path)
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:
        """Keep test output quiet."""
