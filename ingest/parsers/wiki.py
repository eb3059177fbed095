"""Twilight Imperium Fandom wiki pages: as text, as HTML, or as API parse JSON."""
from __future__ import annotations

import re
from itertools import takewhile
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

from corpus.model import Entry
from ingest.errors import PageError, PartialPageError
from ingest.parsers._decode import decode
from ingest.parsers.wiki_blocks import NAME, Block, Scraped, WikiPage, page_entries, page_url
from ingest.parsers.wiki_html import api_page, html_page
from ingest.parsers.wiki_text import text_blocks, title_line

__all__ = ["NAME", "sniff", "parse"]

_WIKI_URL = re.compile(r"^https?://[^/]*fandom\.com/wiki/(?P<title>[^?#]+)")
# Lines only the wiki's text copy has: its chrome, or a heading with an empty edit link.
_TEXT_MARKS = re.compile(r"^(?:Sign in to edit|Twilight Imperium Wiki|.{1,80}\[\])\s*$", re.M)
_QUESTION = re.compile(r"^Q\s*:", re.M)
# Saved seed files are named by a hash, which is no page title.
_HASHED = re.compile(r"^\d*_?[0-9a-f]{12,}$")


def sniff(location: str, data: bytes) -> bool:
    """True for a wiki page in any of the three formats."""
    head = decode(data[:8192])
    if head.lstrip().startswith("{"):
        return '"parse"' in head
    if "<" in head and re.search(r"<(?:html|div|p|h\d)\b", head, re.I):
        return "mw-parser-output" in head or bool(_WIKI_URL.match(location))
    if _TEXT_MARKS.search(head):
        return True
    return ("fandom.com" in location or "/wiki/" in location) and bool(_QUESTION.search(head))


def parse(location: str, data: bytes) -> list[Entry]:
    """Entries of one wiki page: prose sections and FAQ pairs; PartialPageError carries them past a malformed pair."""
    scraped = _read(location, decode(data))
    title = scraped.title or _title_from(location) or _title_from_headings(scraped.blocks)
    if not title:
        raise PageError(location, "cannot tell the page title; save it as <Page_Title>.txt or pass its URL")
    url = _wiki_url(scraped.url) or _wiki_url(location) or page_url(title)
    entries, problems = page_entries(WikiPage(title, url, scraped.version), scraped.blocks)
    if problems:
        raise PartialPageError(location, problems, entries)
    if not entries:
        raise PageError(location, "no wiki content found (is this the page itself, not a login or error page?)")
    return entries


def _read(location: str, text: str) -> Scraped:
    """Blocks and page identity, by format: API JSON, HTML, else text copy."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return api_page(location, text)
    if stripped.startswith("<") or "mw-parser-output" in text[:8192]:
        return html_page(text)
    return Scraped(text_blocks(text), title_line(text))


def _title_from(location: str) -> str | None:
    """The title a wiki URL or a file named after the page gives."""
    match = _WIKI_URL.match(location)
    if match:
        return unquote(match["title"]).replace("_", " ").strip() or None
    if "://" in location:
        return None
    stem = PurePosixPath(location.replace("\\", "/")).stem
    if not stem or _HASHED.match(stem):
        return None
    return stem.replace("_", " ").strip()


def _title_from_headings(blocks: list[Block]) -> str | None:
    """The longest word prefix two headings share ("Space Cannon Offense/Defense")."""
    heads = [b.text.text.split() for b in blocks if b.kind == "heading"]
    best: list[str] = []
    for i, first in enumerate(heads):
        for second in heads[i + 1:]:
            common = [a for a, _ in takewhile(lambda p: p[0] == p[1], zip(first, second))]
            best = common if len(common) > len(best) else best
    return " ".join(best) or None


def _wiki_url(candidate: str | None) -> str | None:
    """A public wiki page URL without query or fragment, if it is one."""
    if not candidate or not _WIKI_URL.match(candidate):
        return None
    parts = urlsplit(candidate)
    return f"https://{parts.netloc}{parts.path}"
