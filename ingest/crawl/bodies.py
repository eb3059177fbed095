"""Reading an HTTP answer's body: bounded in size and time, whole, and unzipped when sent zipped."""
from __future__ import annotations

import time
import zlib
from email.message import Message

from ingest.errors import FetchError
from ingest.pages import MAX_PAGE_BYTES

# Answers no parser could read, named by their type rather than reported as an "unrecognised format".
_NOT_PAGES = ("image/", "audio/", "video/", "font/", "application/pdf", "application/zip")
# A whole page must arrive within this many read timeouts (a 5 MB page at 170 kB/s with the default 10 s).
PAGE_DEADLINE = 3
_CHUNK = 65536


class Transient(Exception):
    """A failure worth retrying (timeout, broken connection, a page too slow); str() says what happened."""


def read_body(resp, timeout: float) -> bytes:
    """The body, at most one page's worth plus a byte; Transient once PAGE_DEADLINE timeouts have passed."""
    # The timeout bounds each read, not the page: a server sending a byte a second would never end.
    deadline = time.monotonic() + PAGE_DEADLINE * timeout
    chunks, size = [], 0
    while size <= MAX_PAGE_BYTES:
        chunk = resp.read1(min(_CHUNK, MAX_PAGE_BYTES + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if time.monotonic() > deadline:
            raise Transient(f"the page was still arriving after {PAGE_DEADLINE * timeout:g}s "
                            f"({size} bytes so far); the site is too slow")
    return b"".join(chunks)


def check_complete(body: bytes, headers: Message) -> None:
    """Transient when the connection closed before the body the server announced had all come."""
    # http.client returns a short read here without complaint; cached, a cut page would stay cut.
    declared = (headers.get("Content-Length") or "").strip()
    if declared.isdigit() and len(body) < int(declared):
        raise Transient(f"connection closed after {len(body)} of the {declared} bytes announced")


def unzipped(url: str, body: bytes, headers: Message) -> bytes:
    """The body unzipped when the server compressed it unasked (we send no Accept-Encoding), within the page cap."""
    coding = (headers.get("Content-Encoding") or "").strip().lower()
    if coding not in ("gzip", "x-gzip", "deflate"):
        return body
    # wbits 47 reads gzip or zlib; the cap stops a small body that unzips to gigabytes.
    inflater = zlib.decompressobj(15 if coding == "deflate" else 47)
    try:
        page = inflater.decompress(body, MAX_PAGE_BYTES + 1)
    except zlib.error as exc:
        raise FetchError(url, f"the {coding} body does not unzip ({exc}); the site sent a broken page") from None
    if len(page) > MAX_PAGE_BYTES:
        raise FetchError(url, f"unzips to more than the {MAX_PAGE_BYTES / 1e6:g} MB a page may have; skipped")
    return page


def not_a_page(url: str, body: bytes, headers: Message) -> None:
    """FetchError for an answer that is empty, or of a type no rules page has (an image, a PDF)."""
    kind = (headers.get("Content-Type") or "").split(";")[0].strip().lower()
    if kind.startswith(_NOT_PAGES):
        raise FetchError(url, f"the answer is {kind}, not a page; link to the page that shows the rules")
    if not body.strip():
        raise FetchError(url, f"the answer is empty ({len(body)} bytes{', ' + kind if kind else ''})")
