"""What every tirules page parser shares: the page's identity and list items."""
from __future__ import annotations

import copy
import html
import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from urllib.parse import urlsplit

from bs4 import BeautifulSoup, Comment, Tag

from corpus.model import Source
from ingest.normalize import Text, normalize
from ingest.slugs import page_slug

NAME = "tirules"
SITE = "https://tirules.com"
VERSION = "LRR 2.0"
# A saved copy may start with its own file name on the first line (seed 003).
_NAME_LINE = re.compile(r"^\s*([RFC]_[a-z0-9_]+)\.php\s*$", re.M)
_PAGE_NAME = re.compile(r"^([RFC]_[a-z0-9_]+|index)(?:\.php)?$")
_KINDS = {"R": "topic", "F": "faction", "C": "card"}


@dataclass(frozen=True)
class PageInfo:
    """Which tirules page this is: name (R_space_cannon), slug, kind, source."""

    name: str
    slug: str
    kind: str
    source: Source


def page_name(location: str, text: str) -> str | None:
    """The page name from the location, else from a file-name first line."""
    path = urlsplit(location).path if "://" in location else location
    stem = PurePosixPath(path.replace("\\", "/")).name
    stem = stem[:-4] if stem.endswith(".php") else stem
    if _PAGE_NAME.match(stem or "index"):
        return stem or "index"
    first = _NAME_LINE.match(text[:200])
    return first.group(1) if first else None


def page_info(location: str, text: str) -> PageInfo | None:
    """Identity of a topic, faction or card page (None for the index)."""
    name = page_name(location, text)
    if not name or name == "index":
        return None
    url = location if location.startswith(("http://", "https://")) else f"{SITE}/{name}"
    version = VERSION
    if not location.startswith(("http://", "https://")) and _stem(location) != name:
        # A saved copy under another file name: keep it apart from the page itself.
        version = f"{VERSION}, saved copy {_stem(location)}"
    source = Source(NAME, url, version)
    return PageInfo(name, page_slug(name), _KINDS[name[0]], source)


def _stem(location: str) -> str:
    """File name without .php."""
    name = PurePosixPath(location.replace("\\", "/")).name
    return name[:-4] if name.endswith(".php") else name


def soup(text: str) -> BeautifulSoup:
    """Parse as a browser does (the HTML5 algorithm): an unclosed li ends at the next li, a p at a list."""
    return BeautifulSoup(text, "html5lib")


def header(doc: BeautifulSoup) -> tuple[str, str | None]:
    """Title and category from <header>Title <sub>(Category)</sub></header>."""
    tag = doc.find("header")
    if tag is None:
        return "", None
    title, category = titled(tag)
    return title.text, category


def titled(tag: Tag) -> tuple[Text, str | None]:
    """A heading's text and the category in its <sub>(…)</sub>, if any."""
    tag = copy.copy(tag)
    category = None
    sub = tag.find("sub")
    if sub is not None:
        category = normalize(sub).text.strip("() ") or None
        sub.decompose()
    return normalize(tag), category


def item_text(li: Tag, lists: bool = False) -> Text:
    """A list item's text in source order: its paragraphs, and its nested lists as bullets if asked."""
    if not li.find(("p", "ol", "ul", "div"), recursive=False):
        return normalize(li)  # the usual case: one run of inline text
    text: Text | None = None
    inline: list[str] = []
    for child in [*li.children, None]:
        block = isinstance(child, Tag) and child.name in ("p", "ol", "ul", "div")
        if child is not None and not block:
            inline.append(_markup(child))
            continue
        if "".join(inline).strip():
            text = _append(text, normalize("".join(inline)))
        inline = []
        if child is None or (child.name in ("ol", "ul") and not lists):
            continue
        text = _append(text, bullets(child) if child.name in ("ol", "ul") else normalize(child))
    return text or Text("", "")


def _markup(node) -> str:
    """A node back as markup (text escaped again, comments dropped) for normalize to read."""
    if isinstance(node, Tag):
        return str(node)
    return "" if isinstance(node, Comment) else html.escape(str(node), quote=False)


def _append(text: Text | None, more: Text) -> Text:
    """join, starting from nothing."""
    return more if text is None else join(text, more)


def bullets(ul: Tag) -> Text:
    """A bullet list as one run of "• item" lines."""
    items = [normalize(li) for li in ul.find_all("li", recursive=False)]
    return Text(
        " ".join(f"• {t.text}" for t in items),
        "".join(f"<br>• {t.html}" for t in items),
    )


def join(first: Text, more: Text) -> Text:
    """Append a paragraph or bullet list to a text."""
    sep_html = "" if more.html.startswith("<br>") else "<br>"
    return Text(f"{first.text} {more.text}".strip(), f"{first.html}{sep_html}{more.html}")


def sub_label(index: int, roman: bool) -> str:
    """Sub-rule label: a, b, c … or i, ii, iii … for a roman list."""
    if roman:
        return to_roman(index).lower()
    return alpha(index)


def alpha(index: int) -> str:
    """1 -> a, 26 -> z, 27 -> aa (the CSS lower-alpha counter)."""
    label = ""
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(97 + rest) + label
    return label


def to_roman(number: int) -> str:
    """Upper-case Roman numeral, as the site shows note numbers."""
    table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
             (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for value, numeral in table:
        while number >= value:
            out += numeral
            number -= value
    return out
