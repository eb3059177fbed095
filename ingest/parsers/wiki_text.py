"""The wiki's page-as-text format (a copy from the browser): lines to blocks."""
from __future__ import annotations

import re

from ingest.normalize import normalize
from ingest.parsers.wiki_blocks import Block, is_chrome

# "Space Cannon Offense[]": the copy keeps the empty edit link after a heading.
_MARKED = re.compile(r"^(?P<title>.+?)\s*\[\]$")
_TOC_LINE = re.compile(r"^(?P<num>\d+(?:\.\d+)*)\s+(?P<title>\S.*)$")
_BULLET = re.compile(r"^[•·▪◦]\s*")
_QA = re.compile(r"^[QA]\s*:")
_Q = re.compile(r"^Q\s*:")
# A heading is a short line that does not end like a sentence.
_SENTENCE_END = (".", "!", "?", ":", ";", ",", '"', "”", "’")
_HEADING_WORDS, _HEADING_CHARS, _LABEL_WORDS = 8, 60, 5


def title_line(text: str) -> str | None:
    """The page title the copy starts with ("FAQ" then a tab), if any."""
    for raw in text.splitlines():
        if raw.strip():
            return raw.strip() if raw.rstrip("\r\n").endswith("\t") else None
    return None


def text_blocks(text: str) -> list[Block]:
    """Headings, paragraphs and bullets of a page copied as text."""
    lines = _content_lines(text)
    lines, toc = _take_toc(lines)
    kinds = _classify(lines, toc)
    blocks = [_block(line, kind, toc) for line, kind in zip(lines, kinds)]
    return _drop_lead_captions(blocks)


def _content_lines(text: str) -> list[str]:
    """Non-empty lines without the title line and the wiki chrome around them."""
    raw = text.splitlines()
    title = title_line(text)
    lines = [line.strip() for line in raw if line.strip()]
    if title is not None:
        lines = lines[1:]
    return [line for line in lines if not is_chrome(line)]


def _take_toc(lines: list[str]) -> tuple[list[str], dict[str, int]]:
    """Remove the "Contents" block; keep its titles with their heading levels."""
    if "Contents" not in lines:
        return lines, {}
    start = lines.index("Contents")
    end = start + 1
    toc: dict[str, int] = {}
    while end < len(lines) and (match := _TOC_LINE.match(lines[end])):
        # "1 General" is an h2 on the page, "1.1 Dice Values" an h3.
        toc[_key(match["title"])] = match["num"].count(".") + 2
        end += 1
    if not toc:
        return lines, {}
    return lines[:start] + lines[end:], toc


def _key(title: str) -> str:
    """How titles are compared: no case, single spaces."""
    return " ".join(title.split()).casefold()


def _classify(lines: list[str], toc: dict[str, int]) -> list[str]:
    """"heading", "bullet" or "para" for each line."""
    kinds = ["para"] * len(lines)
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if _BULLET.match(line):
            kinds[i] = "bullet"
        elif _MARKED.match(line) or _key(line) in toc:
            kinds[i] = "heading"
        elif _short(line, _HEADING_WORDS) and i + 1 < len(lines):
            # Unmarked heading: it introduces a question or another heading.
            after = lines[i + 1]
            if _Q.match(after) or kinds[i + 1] == "heading":
                kinds[i] = "heading"
    return kinds


def _short(line: str, words: int) -> bool:
    """A short line that does not end like a sentence (a heading or a label)."""
    return (
        len(line) <= _HEADING_CHARS
        and len(line.split()) <= words
        and not line.endswith(_SENTENCE_END)
        and not _QA.match(line)
        and not _BULLET.match(line)
    )


def _block(line: str, kind: str, toc: dict[str, int]) -> Block:
    """One line as a block, without its heading or bullet mark."""
    if kind == "heading":
        marked = _MARKED.match(line)
        title = marked["title"] if marked else line
        return Block("heading", normalize(title, markup=False), toc.get(_key(title), 2))
    if kind == "bullet":
        line = _BULLET.sub("", line)
    return Block(kind, normalize(line, markup=False))


def _drop_lead_captions(blocks: list[Block]) -> list[Block]:
    """Drop image labels and their captions above the first heading."""
    kept: list[Block] = []
    i = 0
    while i < len(blocks) and blocks[i].kind != "heading":
        block = blocks[i]
        if block.kind == "para" and _short(block.text.text, _LABEL_WORDS):
            # "Arborec PDS" names an image; the line after it is its caption.
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            i += 2 if nxt is not None and nxt.kind == "para" else 1
            continue
        kept.append(block)
        i += 1
    return kept + blocks[i:]
