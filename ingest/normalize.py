"""The one place where source text becomes corpus text and safe HTML."""
from __future__ import annotations

import html as htmllib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import nh3
from bs4 import BeautifulSoup, NavigableString, Tag

from ingest.slugs import slug_for_link

_SPACE = re.compile(r"\s+")
# Tags whose content is kept with a mark of its own; everything else is unwrapped.
_INLINE = {"b": "b", "strong": "b", "i": "i", "em": "i", "cite": "i"}
_ALLOWED_TAGS = {"b", "i", "span", "mark", "a", "br"}
_ALLOWED_ATTRS = {"span": {"class"}, "mark": {"class"}, "a": {"href", "class", "data-ref"}}


@dataclass(frozen=True)
class Text:
    """A piece of normalized text: plain and minimal safe HTML."""

    text: str
    html: str


def clean(value: str) -> str:
    """Plain-text normalization: Unicode NFC, no control chars, single spaces."""
    value = unicodedata.normalize("NFC", htmllib.unescape(value))
    if not value.isprintable():  # the per-character pass only when needed (it is the slow part)
        value = "".join(ch if ch.isprintable() or ch.isspace() else " " for ch in value)
    return _SPACE.sub(" ", value).strip()


def sanitize(markup: str) -> str:
    """Allowlist-sanitize HTML that came from a source before it is stored."""
    return nh3.clean(
        markup,
        tags=_ALLOWED_TAGS,
        attributes=_ALLOWED_ATTRS,
        url_schemes={"http", "https"},
        link_rel=None,
    )


def normalize(fragment: Tag | str, *, markup: bool = True) -> Text:
    """Normalize a parsed HTML fragment (or a plain string) into Text."""
    if isinstance(fragment, str):
        if markup:
            fragment = BeautifulSoup(fragment, "html.parser")
        else:
            text = clean(fragment)
            return Text(text, htmllib.escape(text, quote=False))
    parts = list(_render(fragment))
    html = _SPACE.sub(" ", "".join(parts)).strip()
    return Text(clean(_strip_tags(html)), sanitize(html))


def _strip_tags(markup: str) -> str:
    """Text of our own rendered markup (already escaped, so unescape after)."""
    return htmllib.unescape(re.sub(r"<[^>]+>", "", markup))


def _render(node):
    """Yield escaped HTML for a node, keeping only the marks we support."""
    for child in node.children if isinstance(node, Tag) else [node]:
        if isinstance(child, NavigableString):
            if type(child).__name__ in ("Comment", "Doctype", "Declaration", "ProcessingInstruction"):
                continue
            yield htmllib.escape(str(child), quote=False)
        elif isinstance(child, Tag):
            yield from _render_tag(child)


def _render_tag(tag: Tag):
    """Render one tag: marks kept, links made internal, the rest unwrapped."""
    name = tag.name.lower()
    inner = "".join(_render(tag))
    if name in _INLINE:
        yield f"<{_INLINE[name]}>{inner}</{_INLINE[name]}>"
    elif name == "sc":
        yield f'<span class="sc">{inner}</span>'
    elif name == "code":
        # tirules marks LRR text it changed with <code>; keep it visible.
        yield f'<mark class="changed">{inner}</mark>'
    elif name == "a":
        yield _link(tag.get("href", ""), inner)
    elif name == "br":
        yield " "
    elif name in ("script", "style"):
        return
    else:
        yield inner


def _link(href: str, inner: str) -> str:
    """An internal link names the target's slug; external links stay as they are."""
    target = slug_for_link(href)
    if target:
        return f'<a class="xref" data-ref="{htmllib.escape(target)}">{inner}</a>'
    if href.startswith(("http://", "https://")):
        return f'<a href="{htmllib.escape(href)}">{inner}</a>'
    return inner


_MD_MARKS = ((re.compile(r"\*\*(.+?)\*\*"), "b"), (re.compile(r"__(.+?)__"), "b"),
             (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), "i"),
             (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"), "i"))


@lru_cache(maxsize=None)  # copies and printings repeat the same texts
def card_text(value: str) -> Text:
    """Component-data text (Discord markdown: **bold**, _italic_, line breaks) as Text."""
    lines = [line for line in map(clean, value.split("\n")) if line]
    markup = "<br>".join(htmllib.escape(line, quote=False) for line in lines)
    plain = " ".join(lines)
    for pattern, tag in _MD_MARKS if "*" in value or "_" in value else ():
        markup = pattern.sub(rf"<{tag}>\1</{tag}>", markup)
        plain = pattern.sub(r"\1", plain)
    return Text(_SPACE.sub(" ", plain).strip(), sanitize(markup))
