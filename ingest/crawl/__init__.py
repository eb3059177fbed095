"""Live crawling: a polite fetcher with an on-disk cache, and crawlers for the sites we ingest."""
from __future__ import annotations

from typing import Iterable, Iterator

from ingest.crawl import mediawiki, tirules
from ingest.crawl.http import USER_AGENT, Fetcher, FetchStats
from ingest.crawl.mediawiki import crawl_mediawiki
from ingest.crawl.tirules import OnError, Visited, crawl_tirules
from ingest.pages import Page

__all__ = ["USER_AGENT", "Fetcher", "FetchStats", "Visited", "crawl_mediawiki", "crawl_tirules", "fetch_source"]


def fetch_source(
    spec: str,
    cache_dir,
    *,
    fetcher: Fetcher | None = None,
    titles: Iterable[str] | None = None,
    on_error: OnError | None = None,
    visited: Visited | None = None,
) -> Iterator[Page]:
    """Crawl a URL: a MediaWiki wiki through its API, anything else as a tirules-style site (visited: what
    this ingest's earlier crawls have, which this one does not fetch again)."""
    fetcher = fetcher or Fetcher(cache_dir)
    if mediawiki.is_wiki_url(spec):
        yield from crawl_mediawiki(spec, titles, fetcher)
        return
    if visited is not None and spec in visited.requested:
        return  # an earlier source's crawl fetched it, and what it links to
    # Not decidable from the URL: look at the start page, which the site crawl then reuses.
    start = fetcher.get(spec)
    wiki = mediawiki.sniff(start)
    if wiki:
        yield from crawl_mediawiki(wiki.api_url, titles or wiki.titles, fetcher)
    else:
        yield from tirules.crawl_from(start, fetcher, on_error, visited)
