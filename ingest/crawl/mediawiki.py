"""Fetch MediaWiki pages by title through api.php?action=parse; the API's JSON is the page."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterable, Iterator
from urllib.parse import parse_qs, quote, unquote, urlencode, urljoin, urlsplit, urlunsplit

from ingest.crawl.http import Fetcher
from ingest.errors import FetchError
from ingest.pages import Page
from ingest.scan import TolerantParser

DEFAULT_TITLES = ("FAQ",)
# redirects=1 so a title that is a wiki redirect yields the target page, not a stub.
_PARSE = {
    "action": "parse",
    "prop": "text|revid|displaytitle",
    "format": "json",
    "formatversion": "2",
    "redirects": "1",
}


@dataclass(frozen=True)
class WikiTarget:
    """A wiki's api.php endpoint and the titles to fetch when the caller names none."""

    api_url: str
    titles: tuple[str, ...] = DEFAULT_TITLES


def is_wiki_url(url: str) -> bool:
    """True for URLs shaped like a MediaWiki API endpoint or article (…/api.php, …/wiki/Title)."""
    path = urlsplit(url).path
    return path.endswith("/api.php") or "/wiki/" in path


def resolve(url: str) -> WikiTarget:
    """api.php URL or /wiki/Title page URL -> the API endpoint (and the title, for a page URL)."""
    parts = urlsplit(url)
    if parts.path.endswith("/api.php"):
        return WikiTarget(urlunsplit((parts.scheme, parts.netloc, parts.path, "", "")))
    head, _, title = parts.path.partition("/wiki/")
    if not title:
        raise FetchError(url, "not a MediaWiki URL; pass …/api.php or …/wiki/<Title>")
    return WikiTarget(urlunsplit((parts.scheme, parts.netloc, f"{head}/api.php", "", "")), (_title(title),))


def crawl_mediawiki(
    api_url_or_page_url: str, titles: Iterable[str] | None, fetcher: Fetcher
) -> Iterator[Page]:
    """Yield one Page of API JSON per title; an API error (say, missingtitle) raises FetchError."""
    target = resolve(api_url_or_page_url)
    for title in list(titles or target.titles):
        query = urlencode({**_PARSE, "page": title})
        article = article_url(target.api_url, title)
        try:
            page = fetcher.get(f"{target.api_url}?{query}")
        except FetchError as exc:  # named by the page asked for; the api.php address it was read through follows
            raise FetchError(article, f"{exc.reason} (read through {exc.location})") from None
        _check_api_answer(page, title, article)
        yield Page(page.location, page.data, article)


def article_url(api_url: str, title: str) -> str:
    """The public /wiki/Title URL of a page on the wiki behind an api.php URL."""
    parts = urlsplit(api_url)
    return urlunsplit((parts.scheme, parts.netloc, "/wiki/" + quote(title.replace(" ", "_")), "", ""))


def _check_api_answer(page: Page, title: str, article: str) -> None:
    """Turn the API's error envelope (sent with HTTP 200) into a FetchError naming the title."""
    try:
        answer = json.loads(page.data)
    except ValueError as exc:
        reason = f"wiki title {title!r}: the answer is not API JSON; is {page.location} an api.php URL?"
        raise FetchError(article, reason) from exc
    error = answer.get("error") if isinstance(answer, dict) else None
    if error:
        code, info = error.get("code", "?"), error.get("info", "")
        reason = f"wiki title {title!r}: API error {code}: {info}; check the title's spelling"
        raise FetchError(article, reason)


class _WikiMarks(TolerantParser):
    """Notes the MediaWiki generator meta tag and the EditURI link pointing at api.php."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.generator = ""
        self.edit_uri = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {name: value or "" for name, value in attrs}
        if tag == "meta" and attr.get("name", "").lower() == "generator":
            self.generator = attr.get("content", "")
        elif tag == "link" and attr.get("rel", "").lower() == "edituri":
            self.edit_uri = attr.get("href", "")


def sniff(page: Page) -> WikiTarget | None:
    """The wiki behind an HTML page that MediaWiki rendered, else None."""
    marks = _WikiMarks()
    marks.feed(page.data.decode("utf-8", "replace"))
    marks.close()
    if not (marks.generator.startswith("MediaWiki") or b"mw-parser-output" in page.data):
        return None
    base = page.url or page.location
    api = urljoin(base, marks.edit_uri or "/api.php")
    parts = urlsplit(api)
    titles = tuple(_title(t) for t in parse_qs(urlsplit(base).query).get("title", []))
    return WikiTarget(urlunsplit((parts.scheme, parts.netloc, parts.path, "", "")), titles or DEFAULT_TITLES)


def _title(path_part: str) -> str:
    """A page title from a URL path segment (Space_Cannon -> Space Cannon)."""
    return unquote(path_part).replace("_", " ")
