"""Polite HTTP fetching: robots.txt, one request at a time per host, retries, conditional GET."""
from __future__ import annotations

import http.client
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import Message
from typing import Iterator
from urllib.parse import urldefrag, urlsplit
from urllib.robotparser import RobotFileParser

from ingest.crawl.bodies import Transient, check_complete, not_a_page, read_body, unzipped
from ingest.crawl.cache import CacheEntry, DiskCache
from ingest.crawl.redirects import HandBack, Redirect, check_allowed, next_hop
from ingest.crawl.urls import check_url, origin as origin_of
from ingest.errors import FetchError
from ingest.pages import MAX_PAGE_BYTES, Page, too_large

USER_AGENT = "Mecatol/0.1 (+https://example.org/mecatol; rules search for TI4)"
# A server asking us to come back later is obeyed, but never for longer than this.
_MAX_RETRY_AFTER = 30.0


@dataclass
class FetchStats:
    """What a crawl cost: HTTP requests sent, bodies downloaded, answers served from the cache."""

    requests: int = 0
    downloaded: int = 0
    not_modified: int = 0
    retries: int = 0


@dataclass(frozen=True)
class _Response:
    """One HTTP answer, whatever its status."""

    status: int
    reason: str
    final_url: str
    headers: Message = field(default_factory=Message)
    body: bytes = b""
    location: str = ""  # a redirect's target, not yet checked nor followed


class Fetcher:
    """Fetches URLs politely and caches them on disk; safe to share between threads."""

    def __init__(
        self,
        cache_dir,
        user_agent: str = USER_AGENT,
        delay: float = 1.0,
        timeout: float = 10,
        retries: int = 3,
        backoff: float = 0.5,
    ):
        self.cache = DiskCache(cache_dir) if cache_dir is not None else None
        self.user_agent = user_agent
        self.delay = delay
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.stats = FetchStats()
        self._lock = threading.Lock()  # guards the host-lock table and the counters
        self._robots_lock = threading.Lock()  # so robots.txt is read once per host
        self._host_locks: dict[str, threading.Lock] = {}
        self._last_done: dict[str, float] = {}
        self._robots: dict[str, RobotFileParser] = {}
        self._opener = urllib.request.build_opener(HandBack)

    def get(self, url: str) -> Page:
        """Fetch one URL; a 304 is answered from the cache. Raises FetchError."""
        url = urldefrag(check_url(url)).url
        try:
            allowed = self.allowed(url)
        except FetchError as exc:  # robots.txt is read first: name the page the user asked for
            raise FetchError(url, f"{exc.reason} (while reading {exc.location})") from None
        if not allowed:
            raise FetchError(url, "disallowed by robots.txt (the site asks crawlers to leave it alone)")
        cached = self.cache.load(url) if self.cache else None
        response = self._follow(url, cached.validators() if cached else {})
        if response.status == 304 and cached and response.final_url != cached.final_url:
            # The 304 vouches for the redirect's new target, not for the copy of the old one.
            response = self._follow(url, {})
        if response.status == 304 and cached:
            self._count("not_modified")
            return Page(url, cached.body, cached.final_url)
        if 200 <= response.status < 300:
            not_a_page(url, response.body, response.headers)
            self._count("downloaded")
            self._remember(url, response)
            return Page(url, response.body, response.final_url)
        raise FetchError(url, f"HTTP {response.status} {response.reason}; {_hint(response.status)}")

    def allowed(self, url: str) -> bool:
        """Whether the host's robots.txt lets us fetch this URL."""
        return self._robots_for(origin_of(url)).can_fetch(self.user_agent, url)

    def _remember(self, url: str, response: _Response) -> None:
        """Store a fresh body with its validators for the next conditional GET."""
        if self.cache is None:
            return
        etag, last_modified = response.headers.get("ETag"), response.headers.get("Last-Modified")
        self.cache.store(CacheEntry(url, response.final_url, response.body, etag, last_modified))

    def _robots_for(self, origin: str) -> RobotFileParser:
        """The parsed robots.txt of a host, fetched on first use."""
        with self._robots_lock:
            if origin not in self._robots:
                self._robots[origin] = self._read_robots(origin)
            return self._robots[origin]

    def _read_robots(self, origin: str) -> RobotFileParser:
        """Fetch robots.txt; like urllib.robotparser, 401/403 forbid all and other 4xx allow all."""
        url = f"{origin}/robots.txt"
        response = self._follow(url, {}, robots=False)
        parser = RobotFileParser(url)
        if response.status in (401, 403):
            parser.disallow_all = True
        elif response.status >= 400:
            parser.allow_all = True
        else:
            parser.parse(response.body.decode("utf-8", "replace").splitlines())
        return parser

    def _follow(self, url: str, headers: dict[str, str], robots: bool = True) -> _Response:
        """GET taking redirects one hop at a time, each checked (for pages, against robots.txt too) first."""
        chain = [url]
        response = self._request(url, headers)
        while response.location:
            target = next_hop(chain, response.status, response.location)
            if robots:
                check_allowed(chain, response.status, target, self.allowed)
            chain.append(target)
            try:
                response = self._request(target, headers)  # in the target host's turn, after its delay
            except FetchError as exc:
                raise FetchError(url, f"{exc.reason} (at {target}, where it redirects)") from None
        return response

    def _request(self, url: str, headers: dict[str, str]) -> _Response:
        """GET with bounded retries: 5xx, 429 (too many requests) and timeouts back off exponentially, then
        FetchError."""
        attempts = self.retries + 1
        for attempt in range(attempts):
            try:
                response = self._send(url, headers)
            except Transient as exc:
                problem, asked_wait = str(exc), 0.0
            else:
                if response.status < 500 and response.status != 429:
                    return response
                problem = f"HTTP {response.status} {response.reason}"
                asked_wait = _retry_after(response.headers)
            if attempt + 1 == attempts:
                break
            self._count("retries")
            time.sleep(max(self.backoff * 2**attempt, asked_wait))
        advice = ("the site asks for fewer requests: try again later, or with a longer --delay"
                  if problem.startswith("HTTP 429") else "the site may be down, try again later")
        reason = f"gave up after {attempts} attempts, last: {problem}; {advice}"
        raise FetchError(url, reason)

    def _send(self, url: str, headers: dict[str, str]) -> _Response:
        """One GET in this host's turn; HTTP error statuses come back as responses."""
        request = urllib.request.Request(url, headers={"User-Agent": self.user_agent, **headers})
        with self._host_turn(origin_of(url)):
            self._count("requests")
            try:
                with self._opener.open(request, timeout=self.timeout) as resp:
                    body = read_body(resp, self.timeout)
                    if len(body) > MAX_PAGE_BYTES:
                        raise FetchError(url, too_large(url, len(body), whole=False).reason)
                    check_complete(body, resp.headers)
                    return _Response(resp.status, resp.reason, resp.url, resp.headers, unzipped(url, body, resp.headers))
            except Redirect as hop:
                return _Response(hop.code, hop.reason, url, hop.headers, location=hop.target)
            except urllib.error.HTTPError as exc:
                exc.close()  # the error wraps the open response
                reason = " ".join(str(exc.reason).split())  # one line, though urllib's own reasons may span several
                return _Response(exc.code, reason, exc.url or url, exc.headers or Message())
            except urllib.error.URLError as exc:
                if isinstance(exc.reason, TimeoutError):
                    raise Transient(f"timed out after {self.timeout}s") from exc
                raise _connect_error(url, exc.reason) from exc
            except TimeoutError as exc:
                raise Transient(f"timed out after {self.timeout}s") from exc
            except (ConnectionError, http.client.HTTPException) as exc:
                raise Transient(f"connection broken: {exc!r}") from exc

    @contextmanager
    def _host_turn(self, origin: str) -> Iterator[None]:
        """Hold the host's lock, first waiting out the delay since its last request ended."""
        with self._lock:
            lock = self._host_locks.setdefault(origin, threading.Lock())
        with lock:
            wait = self._last_done.get(origin, float("-inf")) + self._delay_for(origin) - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            try:
                yield
            finally:
                self._last_done[origin] = time.monotonic()

    def _delay_for(self, origin: str) -> float:
        """Our delay, or the host's robots.txt Crawl-delay when that is longer."""
        robots = self._robots.get(origin)
        asked = robots.crawl_delay(self.user_agent) if robots else None
        return max(self.delay, float(asked or 0))

    def _count(self, name: str) -> None:
        """Bump one counter of self.stats."""
        with self._lock:
            setattr(self.stats, name, getattr(self.stats, name) + 1)


def _connect_error(url: str, reason: object) -> FetchError:
    """DNS and connection failures, worded so the user knows what to check."""
    detail = getattr(reason, "strerror", None) or str(reason)
    host = urlsplit(url).netloc
    return FetchError(url, f"cannot connect to host {host}: {detail}; check the URL or your network")


def _retry_after(headers: Message) -> float:
    """Seconds a Retry-After header asks for (numeric form only), capped."""
    value = (headers.get("Retry-After") or "").strip()
    return min(float(value), _MAX_RETRY_AFTER) if value.isdigit() else 0.0


def _hint(status: int) -> str:
    """What to do about a client-side HTTP status."""
    if status == 404:
        return "the page does not exist, check the URL"
    if status in (401, 403):
        return "the site refuses access to this page"
    if 300 <= status < 400:
        return "the site redirects without saying where to; open the URL in a browser to see where it leads"
    return "the request was refused, check the URL"
