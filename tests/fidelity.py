"""Page fidelity audit: what a tirules page source shows, read as a browser would, against our page.

The source side is read here on its own (the site's CSS counters re-done from style.css), not through
the ingest parsers, so a parser that drops, doubles or misnumbers a sentence shows up as a difference.
Both sides go through the project's one normalization, ingest.normalize.clean.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from bs4 import Comment, NavigableString, Tag

from ingest.html5 import parse
from ingest.normalize import clean

# Elements a browser lays out as blocks: text on either side of one is not one sentence.
_BLOCKS = {"p", "li", "ol", "ul", "h1", "h2", "h3", "h4", "div", "header", "article", "section", "table",
           "tr", "td", "th", "dl", "dt", "dd", "blockquote", "aside", "details", "summary", "form", "fieldset"}
_HIDDEN = {"script", "style", "template", "nav", "button", "datalist", "noscript"}
_GREEK = "αβγδεζηθικλμνξοπρστυφχψω"
_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
_SENTENCE = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?=\S)")
_TOPIC_NUMBER = re.compile(r"content:\s*['\"](\d+)\.['\"]\s*counter\(item")
_RESET = re.compile(r"\.lrr\s*\{[^}]*counter-reset:\s*item\s+(-?\d+)")


@dataclass(frozen=True)
class Piece:
    """One run of text a page shows between block boundaries, with the counter label it sits under."""

    section: str
    label: str | None
    text: str


@dataclass
class Source:
    """A tirules page source as a browser shows it: title, text pieces in order, related links."""

    title: str
    pieces: list[Piece] = field(default_factory=list)
    related: list[str] = field(default_factory=list)


def sentences(text: str) -> list[str]:
    """A normalized text cut after each full stop, question or exclamation mark."""
    return [s for s in _SENTENCE.split(clean(text)) if s]


def visible_text(node) -> str:
    """The text of a fragment as shown: hidden elements dropped, a space for each break or block."""
    if isinstance(node, Comment):
        return ""
    if isinstance(node, NavigableString):
        return str(node)
    if node.name in _HIDDEN:
        return ""
    if node.name == "br":
        return " "
    inner = "".join(visible_text(child) for child in node.children)
    return f" {inner} " if node.name in _BLOCKS else inner


class _Counters:
    """The site's CSS counters (style.css plus the page's own style element), walked in document order."""

    def __init__(self, doc):
        css = "".join(s.get_text() + "".join(map(str, s.contents)) for s in doc.find_all("style"))
        number = _TOPIC_NUMBER.search(css)
        self.topic = number.group(1) if number else None
        reset = _RESET.search(css)
        self.start = int(reset.group(1)) if reset else 0
        self.item = self.sub = self.nitem = 0
        self.rule = self.note = None

    def label(self, li: Tag, parent: Tag, grand: Tag | None) -> str | None:
        """The label CSS draws before this li, if any (77.3, 77.3b, III, III.β)."""
        classes, grand_classes = _classes(parent), _classes(grand)
        if "lrr" in classes or (parent.name == "h2" and "lrr" in grand_classes):
            self.item += 1
            self.rule = f"{self.topic}.{self.item}"
            return self.rule
        if parent.name == "ol" and "lrr" in grand_classes and self.rule:
            self.sub += 1
            return self.rule + (to_roman(self.sub).lower() if "roman" in classes else alpha(self.sub))
        if "note" in classes:
            self.nitem += 1
            self.note = to_roman(self.nitem)
            return self.note
        if parent.name == "ol" and "note" in grand_classes and self.note:
            self.sub += 1
            return f"{self.note}.{_GREEK[(self.sub - 1) % len(_GREEK)]}"
        return None

    def enter(self, tag: Tag, parent: Tag) -> None:
        """Counter resets: article > h1 resets notes, .lrr the rules, a list inside either the sub-items."""
        if tag.name == "h1" and parent.name == "article":
            self.nitem = 0
        elif "lrr" in _classes(tag):
            self.item = self.start
        elif tag.name == "ol" and {"lrr", "note"} & _classes(parent):
            self.sub = 0


def to_roman(number: int) -> str:
    """CSS upper-roman, for the counts a page reaches (under 40)."""
    out = ""
    for value, numeral in _ROMAN:
        count, number = divmod(number, value)
        out += numeral * count
    return out


def alpha(number: int) -> str:
    """CSS lower-alpha, for the counts a page reaches (under 27)."""
    return chr(96 + number)


def _classes(tag: Tag | None) -> set[str]:
    return set(tag.get("class") or []) if isinstance(tag, Tag) else set()


def read_source(text: str) -> Source:
    """The title, text pieces and related links of one R_/F_/C_ page source."""
    doc = parse(text)
    header = doc.find("header")
    source = Source(heading_text(header) if header else "")
    article = doc.find("article")
    counters = _Counters(doc)
    section = ""
    for child in article.children if article else []:
        if not isinstance(child, Tag) or child.name in _HIDDEN:
            continue
        counters.enter(child, article)
        if child.name == "h1":
            section = heading_text(child)
            source.pieces.append(Piece(section, "h1", section))
        elif section == "Related Topics":
            source.related += [a.get("href", "") for a in child.find_all("a")]
        else:
            _walk(child, article, section, None, counters, source.pieces)
    return source


def heading_text(tag: Tag) -> str:
    """A heading without its <sub>(Category)</sub>, which our pages show as a badge."""
    return clean("".join(visible_text(c) for c in tag.children if not (isinstance(c, Tag) and c.name == "sub")))


def _walk(node: Tag, parent: Tag, section: str, label: str | None, counters: _Counters, out: list[Piece]) -> None:
    """Pieces of one block element: its inline runs, then each nested block in order."""
    if node.name == "li":
        label = counters.label(node, parent, parent.parent) or label
    run: list[str] = []
    for child in node.children:
        if isinstance(child, Tag) and (child.name in _BLOCKS or child.name in _HIDDEN):
            _flush(run, section, label, out)
            if child.name not in _HIDDEN:
                counters.enter(child, node)
                _walk(child, node, section, label, counters, out)
        else:
            run.append(visible_text(child))
    _flush(run, section, label, out)


def _flush(run: list[str], section: str, label: str | None, out: list[Piece]) -> None:
    text = clean("".join(run))
    run.clear()
    if text:
        out.append(Piece(section, label, text))


@dataclass(frozen=True)
class Block:
    """One block of our rendered page: its element id, the label it shows and its text."""

    id: str
    label: str | None
    text: str


# Beside the page's own text, our page shows rulings, card data and navigation: not part of the source.
_FURNITURE = ("details.prov", "details.ruling", "section.faqs", "section.questions", "nav", "button",
              ".card-text", "details.resolver", "form", ".rs-answer", "p.meta", "p.notice", "p.label",
              "section.faction-sheet", "p.homebrew-note")


def read_page(html: str, shown=lambda block_id: True) -> tuple[str, list[Block]]:
    """Our page's title and its blocks (intro, rules, notes, section headings and bodies) in order.

    `shown(id)` picks the entries to read (those from the source at hand); a section body goes with its heading.
    """
    doc = parse(html)
    article = doc.find("article", class_="page")
    for selector in _FURNITURE:
        for tag in article.select(selector):
            tag.decompose()
    head = article.find("header").find("h1")
    for num in head.select("span.num"):
        num.decompose()
    blocks, keep = [], True
    for tag in article.select("div.intro, div.rule, div.note, h2.section, div.section-body"):
        if tag.get("id"):
            keep = shown(tag["id"])
        if not keep:
            continue
        label = tag.select_one("a.rid, a.nlabel")
        label_text = clean(label.get_text()) if label else None
        if label:
            label.decompose()
        for badge in tag.select("span.badge") if tag.name == "h2" else []:
            badge.decompose()
        blocks.append(Block(tag.get("id", ""), label_text, clean(visible_text(tag))))
    return clean(head.get_text()), blocks


@dataclass(frozen=True)
class Finding:
    """One difference between a source page and ours."""

    page: str
    kind: str
    text: str
    detail: str = ""


def compare(page: str, source: Source, title: str, blocks: list[Block], *, topic: bool) -> tuple[list[Finding], int]:
    """Every source sentence on our page, as often as in the source, in order within its section, under its label;
    no sentence of ours that the source lacks (our bullets "•" aside).

    Gives the differences and how many sentences were checked.
    """
    found: list[Finding] = []
    checked = 0
    if title != source.title:
        found.append(Finding(page, "title", source.title, title))
    stream, starts = _stream(blocks)
    every = "\n".join(s for piece in source.pieces for s in sentences(piece.text))
    position: dict[str, int] = {}
    for piece in source.pieces:
        if piece.label == "h1" and topic:
            continue  # "Rules Reference", "Notes": our page has its own headings
        for sentence in sentences(piece.text):
            checked += 1
            here = stream.find(sentence, position.get(piece.section, 0))
            if stream.count(sentence) != every.count(sentence):
                kind = "missing" if sentence not in stream else "count"
                found.append(Finding(page, kind, sentence, f"source {every.count(sentence)}, ours {stream.count(sentence)}"))
                if kind == "missing":
                    continue
            if here < 0:
                found.append(Finding(page, "order", sentence, piece.section))
                continue
            position[piece.section] = here + len(sentence)
            shown = blocks[_block_at(starts, here)]
            if piece.label not in (None, "h1") and shown.label != piece.label:
                found.append(Finding(page, "label", sentence, f"source {piece.label}, ours {shown.label} ({shown.id})"))
    found += _extra(page, source, blocks)
    return found, checked


def _extra(page: str, source: Source, blocks: list[Block]) -> list[Finding]:
    """Sentences our page gives the source that it does not show (a placeholder, a wrong page's text)."""
    shown = " ".join(piece.text for piece in source.pieces)
    return [Finding(page, "extra", sentence, block.id) for block in blocks
            for part in re.split(r" ?• ", block.text) for sentence in sentences(part) if sentence not in shown]


def _stream(blocks: list[Block]) -> tuple[str, list[int]]:
    """The blocks' texts joined one a line, with where each starts."""
    starts, offset = [], 0
    for block in blocks:
        starts.append(offset)
        offset += len(block.text) + 1
    return "\n".join(b.text for b in blocks), starts


def _block_at(starts: list[int], offset: int) -> int:
    """Index of the block holding a stream offset."""
    index = 0
    for i, start in enumerate(starts):
        if start > offset:
            break
        index = i
    return index
