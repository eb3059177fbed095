"""Crawl URLs: checked before any request, and cut down to the origin robots.txt and politeness go by."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from ingest.errors import FetchError

# A URL holds no spaces or control characters (urllib would refuse it on every retry).
_UNSENDABLE = re.compile(r"[\x00-\x20\x7f]")


def check_url(url: str) -> str:
    """The URL with its scheme in lower case, or FetchError saying what is wrong with it (never worth a retry)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- reading it is what checks the port
    except ValueError as exc:
        raise FetchError(url, f"not a valid URL ({exc}); check it, e.g. https://tirules.com/") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError(url, "not an http(s) URL with a host name; pass a full URL such as https://tirules.com/")
    if _UNSENDABLE.search(url):
        raise FetchError(url, "a URL cannot hold spaces or control characters; write a space as %20")
    return parts.scheme + url[len(parts.scheme):]  # HTTP:// as http://, so pages get one spelling of their URL


def origin(url: str) -> str:
    """scheme://host[:port], the unit of robots.txt and of politeness."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise FetchError(url, "not an http(s) URL; pass a full URL such as https://example.org/")
    return f"{parts.scheme}://{parts.netloc.lower()}"
