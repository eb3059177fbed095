"""Crawl a tirules-style site: the index page, then each linked rules/faction/card page once."""
from __future__ import annotations

import logging
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterator
from urllib.parse import urldefrag, urljoin, urlsplit, urlunsplit

from ingest.crawl.http import Fetcher
from ingest.errors import FetchError
from ingest.pages import Page
from ingest.scan import TolerantParser

log = logging.getLogger(__name__)

# Topic (R_), faction (F_) and card (C_) pages; the live site serves them without ".php".
_TOPIC_PATH = re.compile(r"^/[RFC]_[A-Za-z0-9_]+$")

OnError = Callable[[FetchError], None]


class _Hrefs(TolerantParser):
    """Collects the href of every <a>, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href") if tag == "a" else None
        if href:
            self.hrefs.append(href.strip())


def topic_links(page: Page) -> list[str]:
    """Fragment-free URLs of the same-host R_/F_/C_ pages a page links to, in link order."""
    base = page.url or page.location
    parser = _Hrefs()
    parser.feed(page.data.decode("utf-8", "replace"))
    parser.close()
    links = []
    for href in parser.hrefs:
        try:
            url = _topic_url(urljoin(base, href), base)
        except ValueError:  # a malformed link ("http://[::1") leads nowhere we could fetch
            log.warning("%s: ignored a malformed link %r", base, href)
            continue
        if url and url not in links:
            links.append(url)
    return links


def _topic_url(url: str, base: str) -> str | None:
    """The canonical form of a link if it is a topic page on the base's host, else None."""
    parts, home = urlsplit(urldefrag(url).url), urlsplit(base)
    if parts.scheme not in ("http", "https") or parts.query or not _TOPIC_PATH.match(parts.path):
        return None
    if _bare_host(parts.netloc) != _bare_host(home.netloc):
        return None
    # Absolute links to the same site are rewritten to the scheme and host we started from.
    return urlunsplit((home.scheme, home.netloc, parts.path, "", ""))


def _bare_host(netloc: str) -> str:
    """Host without a leading www., so www.example.org and example.org count as one site."""
    netloc = netloc.lower()
    return netloc[4:] if netloc.startswith("www.") else netloc


def crawl_tirules(start_url: str, fetcher: Fetcher, on_error: OnError | None = None) -> Iterator[Page]:
    """Yield the start (index) page, then every linked page breadth-first; the start must load."""
    yield from crawl_from(fetcher.get(start_url), fetcher, on_error)


@dataclass
class Visited:
    """URLs one ingest has requested and pages it has yielded, shared by its crawls: two start pages of one
    site ("…/R_space_cannon …/R_bombardment") crawl that site once, not once each."""

    requested: set[str] = field(default_factory=set)
    yielded: set[str] = field(default_factory=set)


def crawl_from(start: Page, fetcher: Fetcher, on_error: OnError | None = None,
               visited: Visited | None = None) -> Iterator[Page]:
    """Crawl from an already fetched start page; a linked page that fails goes to on_error."""
    report = on_error or _log_skip
    visited = visited if visited is not None else Visited()
    seen, yielded = visited.requested, visited.yielded
    seen.add(start.location)
    if (start.url or start.location) in yielded:  # an earlier source's crawl reached it, and all it links to
        return
    yield start
    yielded.add(start.url or start.location)
    queue = deque(topic_links(start))
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        try:
            page = fetcher.get(url)
        except FetchError as exc:
            # One broken link (the live site has a few) must not sink the whole crawl.
            report(exc)
            continue
        if page.url in yielded:  # a redirect to a page we already have
            continue
        yielded.add(page.url)
        yield page
        queue.extend(link for link in topic_links(page) if link not in seen)


def _log_skip(error: FetchError) -> None:
    """Default on_error: say which page was skipped and why."""
    log.warning("skipped %s", error)
