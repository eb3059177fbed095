"""The wiki as MediaWiki HTML (a saved page) or API parse JSON: to blocks."""
from __future__ import annotations

import json
import re

from bs4 import BeautifulSoup, NavigableString, Tag

from ingest.errors import PageError
from ingest.normalize import Text, normalize
from ingest.parsers.wiki_blocks import Block, Scraped, is_chrome

# Page furniture inside the content: edit links, contents box, images, infobox, nav.
_CHROME = (
    ".mw-editsection, .toc, #toc, figure, figcaption, .thumb, .thumbcaption, .gallery,"
    " .wikia-gallery, .portable-infobox, aside, .navbox, .printfooter, .catlinks,"
    " .mw-references-wrap, sup.reference, script, style, noscript, img"
)
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
# Elements whose children are read as more blocks; the rest is inline text.
_CONTAINERS = {"div", "section", "p", "blockquote", "center", "dl", "dd", "dt",
               "table", "tbody", "thead", "tfoot", "tr", "td", "th"}
_LISTS = {"ul", "ol"}
_REVID = re.compile(r'"wg(?:Cur)?RevisionId"\s*:\s*(\d+)')
_SITE_SUFFIX = re.compile(r"\s*\|.*$")


def html_page(markup: str) -> Scraped:
    """Blocks of a saved wiki page, with the title, URL and revision it names."""
    doc = BeautifulSoup(markup, "html.parser")
    content = doc.select_one(".mw-parser-output") or doc.select_one("#mw-content-text") or doc.body or doc
    revid = _REVID.search(markup)
    return Scraped(html_blocks(content), _title(doc), _canonical(doc), revid.group(1) if revid else "")


def api_page(location: str, raw: str) -> Scraped:
    """Blocks of a MediaWiki action=parse answer (formatversion 1 or 2)."""
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise PageError(location, f"not valid JSON ({exc}); save the API answer unchanged") from exc
    if isinstance(data, dict) and isinstance(data.get("error"), dict):
        error = data["error"]
        raise PageError(location, f"the wiki API answered {error.get('code')}: {error.get('info')}")
    parse = data.get("parse") if isinstance(data, dict) else None
    if not isinstance(parse, dict):
        raise PageError(location, 'no "parse" object; request action=parse&format=json')
    text = parse.get("text")
    markup = text.get("*") if isinstance(text, dict) else text
    if not isinstance(markup, str):
        raise PageError(location, "the answer has no page HTML; request prop=text")
    content = BeautifulSoup(markup, "html.parser")
    content = content.select_one(".mw-parser-output") or content
    version = str(parse.get("revid") or "")
    return Scraped(html_blocks(content), parse.get("title") or None, None, version)


def html_blocks(content: Tag) -> list[Block]:
    """Headings, paragraphs and bullets of the content, chrome removed."""
    for tag in content.select(_CHROME):
        tag.decompose()
    blocks = list(_walk(content))
    return [b for b in blocks if b.text.text and not (b.kind == "para" and is_chrome(b.text.text))]


def _walk(node: Tag, kind: str = "para"):
    """Yield blocks in document order; inline runs between blocks are paragraphs."""
    run: list[str] = []
    for child in node.children:
        if isinstance(child, Tag) and (child.name in _CONTAINERS or child.name in _LISTS
                                       or child.name in _HEADINGS or child.name == "br"):
            yield from _flush(run, kind)
            run = []
            yield from _element(child, kind)
        elif isinstance(child, Tag):
            run.append(str(child))
        elif isinstance(child, NavigableString) and type(child) is NavigableString:
            run.append(str(child))
    yield from _flush(run, kind)


def _element(tag: Tag, kind: str):
    """Blocks of one block-level element (inside a bullet, text stays a bullet)."""
    if tag.name in _HEADINGS:
        headline = tag.select_one(".mw-headline") or tag
        yield Block("heading", normalize(headline), _HEADINGS[tag.name])
    elif tag.name in _LISTS:
        for li in tag.find_all("li", recursive=False):
            yield from _walk(li, "bullet")
    elif tag.name != "br":
        yield from _walk(tag, kind)


def _flush(run: list[str], kind: str):
    """The collected inline markup as one block, if it has any text."""
    if not run:
        return
    text: Text = normalize("".join(run))
    if text.text:
        yield Block(kind, text)


def _title(doc: BeautifulSoup) -> str | None:
    """The page title from the page header, else from <title> ("X | Wiki | Fandom")."""
    heading = doc.select_one("#firstHeading, .page-header__title")
    if heading is not None and heading.get_text(strip=True):
        return normalize(heading).text
    if doc.title and doc.title.string:
        return _SITE_SUFFIX.sub("", doc.title.string).strip() or None
    return None


def _canonical(doc: BeautifulSoup) -> str | None:
    """The page's canonical URL when it declares one."""
    link = doc.find("link", rel="canonical")
    return link.get("href") if link is not None else None
