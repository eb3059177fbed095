"""Broken answers from a live site (bad redirects, bodies cut short), over real loopback HTTP."""
from __future__ import annotations

import gzip
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler

import pytest

from crawl_server import QuietServer  # tests/crawl_server.py
from ingest.crawl import Fetcher
from ingest.crawl.tirules import crawl_tirules
from ingest.errors import FetchError

PAGE = b"<!DOCTYPE html><html><body><article><p>Space Cannon</p></article></body></html>\n" * 20


# Zipped answers: the page, 20 MB of spaces that zip to a few kB, and bytes that are not gzip at all.
ZIPPED = {"/R_zipped": gzip.compress(PAGE), "/R_bomb": gzip.compress(b" " * 20_000_000),
          "/R_not_gzip": PAGE}

# Answers that are no page: a PDF, an image, nothing at all, 6 MB.
ODD = {"/R_pdf": ("application/pdf", b"%PDF-1.7 rules"), "/R_image": ("image/png", b"\x89PNG\r\n"),
       "/R_empty": ("text/html; charset=utf-8", b""), "/R_huge": ("text/html", b"<p>" + b" " * 6_000_000)}


class _Faulty(BaseHTTPRequestHandler):
    """Answers each path with one fault; the first answer to /R_cut stops halfway through its body."""

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        self.server.paths.append(self.path)
        port = self.server.server_address[1]
        redirects = {"/R_loop": "/R_loop", "/R_ftp": "ftp://127.0.0.1/R_pds",
                     "/R_bad_port": f"http://127.0.0.1:{port}x/R_pds", "/R_bad_host": "http://[::1/R_pds",
                     "/R_nowhere": None}
        if self.path in redirects:
            self.send_response(302)
            if redirects[self.path]:
                self.send_header("Location", redirects[self.path])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/":
            self._send_index()
        elif self.path == "/R_cut":
            self._send_cut()
        elif self.path == "/R_trickle":
            self._send_trickle()
        elif self.path in ODD:
            kind, body = ODD[self.path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif self.path in ZIPPED:
            self._send_zipped(ZIPPED[self.path])
        else:
            self.send_error(404)

    def _send_index(self) -> None:
        """An index page linking to a broken redirect and to a good page."""
        body = b'<html><body><a href="R_bad_host">Bad</a> <a href="R_zipped">Good</a></body></html>'
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _send_cut(self) -> None:
        """The page with its validator; the first time only its first half, then the connection closes."""
        cut = not self.server.cut_done
        self.server.cut_done = True
        self.send_response(200)
        self.send_header("Content-Length", str(len(PAGE)))
        self.send_header("ETag", '"v1"')
        self.end_headers()
        self.wfile.write(PAGE[: len(PAGE) // 2] if cut else PAGE)
        self.close_connection = True

    def _send_zipped(self, body: bytes) -> None:
        """A gzip body, though the client never said it reads gzip (some servers zip regardless)."""
        self.send_response(200)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _send_trickle(self) -> None:
        """The page a byte at a time, each well within the client's read timeout, until it hangs up."""
        self.send_response(200)
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        try:
            for byte in PAGE[:200]:  # 10 s at most, whatever the client does
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.05)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def log_message(self, *args) -> None:
        """Keep test output quiet."""


@pytest.fixture
def site():
    """A loopback server of faulty answers; its `paths` lists the requests it answered."""
    server = QuietServer(("127.0.0.1", 0), _Faulty)  # its cut and slow answers make clients hang up
    server.paths, server.cut_done = [], False
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


def url(server, path: str) -> str:
    """Absolute URL of a path on the server."""
    return f"http://127.0.0.1:{server.server_address[1]}{path}"


def fetcher(cache_dir) -> Fetcher:
    """A fetcher without politeness pauses that retries once."""
    return Fetcher(cache_dir, delay=0.0, timeout=5, retries=1, backoff=0.01)


def test_a_body_cut_short_is_fetched_again_and_the_whole_page_cached(site, tmp_path):
    page = fetcher(tmp_path).get(url(site, "/R_cut"))
    assert page.data == PAGE and site.paths.count("/R_cut") == 2
    # Cached cut, the page would stay cut: the next crawl's If-None-Match gets a 304.
    assert fetcher(tmp_path).cache.load(url(site, "/R_cut")).body == PAGE


def test_a_page_that_trickles_in_is_given_up_on_naming_the_url(site, tmp_path):
    # Each byte comes within the 0.2 s read timeout, so only a deadline for the whole page ends the wait.
    slow = Fetcher(tmp_path, delay=0.0, timeout=0.2, retries=0)
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"R_trickle: .*still arriving after 0\.6s \(\d+ bytes so far\)"):
        slow.get(url(site, "/R_trickle"))
    assert time.monotonic() - started < 5


def test_a_page_zipped_unasked_is_unzipped(site, tmp_path):
    assert fetcher(tmp_path).get(url(site, "/R_zipped")).data == PAGE


@pytest.mark.parametrize("path, problem", [
    ("/R_bomb", "unzips to more than the 5 MB a page may have"),
    ("/R_not_gzip", "the gzip body does not unzip"),
])
def test_a_zipped_answer_that_is_no_page_is_named(site, tmp_path, path, problem):
    with pytest.raises(FetchError, match=rf"^{url(site, path)}: {problem}"):
        fetcher(tmp_path).get(url(site, path))


@pytest.mark.parametrize("path, problem", [
    ("/R_pdf", "the answer is application/pdf, not a page"),
    ("/R_image", "the answer is image/png, not a page"),
    ("/R_empty", r"the answer is empty \(0 bytes, text/html\)"),
])
def test_an_answer_that_is_no_page_is_named_by_its_type(site, tmp_path, path, problem):
    with pytest.raises(FetchError, match=rf"^{url(site, path)}: {problem}"):
        fetcher(tmp_path).get(url(site, path))


def test_a_body_that_stays_cut_short_is_an_error_naming_the_url(site, tmp_path):
    cut_every_time = Fetcher(tmp_path, delay=0.0, retries=0)
    with pytest.raises(FetchError, match=r"R_cut: .*connection closed after \d+ of the \d+ bytes announced"):
        cut_every_time.get(url(site, "/R_cut"))
    assert cut_every_time.cache.load(url(site, "/R_cut")) is None


@pytest.mark.parametrize("path, problem", [
    ("/R_loop", "a redirect loop"),
    ("/R_ftp", "not an http(s) URL"),
    ("/R_bad_port", "not a valid URL"),
    ("/R_bad_host", "not a valid URL"),  # urllib cannot even parse it to follow it
])
def test_a_broken_redirect_is_one_line_naming_both_urls_without_retries(site, tmp_path, path, problem):
    with pytest.raises(FetchError) as caught:
        fetcher(tmp_path).get(url(site, path))
    message = str(caught.value)
    assert message.startswith(f"{url(site, path)}: HTTP 302 redirects to ") and problem in message
    assert "\n" not in message and "the site's redirect is broken" in message
    assert site.paths.count(path) == 1  # no retry mends a broken redirect


def test_a_linked_page_whose_redirect_cannot_be_parsed_is_skipped_and_the_crawl_goes_on(site, tmp_path):
    broken = []
    pages = list(crawl_tirules(url(site, "/"), fetcher(tmp_path), on_error=broken.append))
    assert [page.url for page in pages] == [url(site, "/"), url(site, "/R_zipped")]
    assert [error.location for error in broken] == [url(site, "/R_bad_host")]


def test_a_redirect_without_a_location_says_so(site, tmp_path):
    with pytest.raises(FetchError, match="HTTP 302 Found; the site redirects without saying where to"):
        fetcher(tmp_path).get(url(site, "/R_nowhere"))


def test_a_redirect_loop_from_the_command_line_is_one_line_and_exit_2(site, tmp_path):
    start = url(site, "/R_loop")
    done = subprocess.run([sys.executable, "-m", "mecatol", "ingest", start, "--instance", str(tmp_path / "inst"),
                           "--quiet", "--delay", "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"mecatol: {start}: HTTP 302 redirects to {start}, which is not followed")


def test_a_page_over_the_cap_is_not_given_the_size_it_was_cut_at(site, tmp_path):
    # The download stops a byte past 5 MB: "5.0 MB is larger than 5 MB" named no size a reader could trust.
    with pytest.raises(FetchError, match=rf"^{url(site, '/R_huge')}: it is larger than the 5 MB a page may have"):
        fetcher(tmp_path).get(url(site, "/R_huge"))
