"""questions.md: open rules questions in Markdown, under nested headings."""
from __future__ import annotations

import hashlib
import re

import markdown

from corpus.model import Entry, Source
from ingest.normalize import normalize
from ingest.parsers._decode import decode
from ingest.slugs import slugify

NAME = "tirules-questions"
URL = "https://github.com/bradleysigma/tirules/blob/main/questions.md"
# Entries name the page they are about by title; the home step finds its slug.
TITLE_PREFIX = "?"
FILE_NAME = "questions.md"
_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
_BULLET = re.compile(r"^\s*[-*]\s+(.*)$")


def sniff(location: str, data: bytes) -> bool:
    """The site's questions.md (a file or URL of that name), which opens with a heading. Any Markdown with
    bullets would parse, but a clone's CHANGELOG.md holds no rules questions."""
    name = location.split("?", 1)[0].split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    text = decode(data[:4000])
    return name.lower() == FILE_NAME and bool(_HEADING.search(text.split("\n", 1)[0]))


def parse(location: str, data: bytes) -> list[Entry]:
    """One question entry per bullet, homed under its nearest heading."""
    url = location if location.startswith(("http://", "https://")) else URL
    source = Source(NAME, url, "")
    path: list[str] = []
    entries: list[Entry] = []
    converter = markdown.Markdown()  # one for the file: building one per bullet costs more than converting
    for heading, text in _bullets(decode(data), path):
        html = converter.reset().convert(text)
        entries.append(_question(heading, html, source, len(entries) + 1))
    return _unique(entries)


def _bullets(text: str, path: list[str]):
    """Yield (heading path, markdown text) per bullet; continuation lines join it."""
    current: list[str] | None = None
    for line in text.splitlines():
        head, bullet = _HEADING.match(line), _BULLET.match(line)
        if head or bullet or not line.strip():
            if current is not None:
                yield list(path), " ".join(current)
                current = None
        if head:
            del path[len(head.group(1)) - 1:]
            path.append(head.group(2).strip())
        elif bullet:
            current = [bullet.group(1)]
        elif line.strip() and current is not None:
            current.append(line.strip())
    if current is not None:
        yield list(path), " ".join(current)


def _question(path: list[str], html: str, source: Source, order: int) -> Entry:
    """A question entry (html: the bullet as HTML); its id hashes the question so reordering keeps it."""
    text = normalize(html)
    digest = hashlib.sha1(text.text.encode()).hexdigest()[:6]
    section = " › ".join(path)
    return Entry(
        id=f"question.{slugify(path[-1] if path else 'general') or 'general'}.{digest}",
        kind="question", topic=TITLE_PREFIX + _subject(path), title=_short(text.text),
        text=text.text, html=text.html, sources=[source], section=section, order=order,
        authority="open-question",
    )


def _subject(path: list[str]) -> str:
    """The page a question is about, as "kind:Title" (card pages, factions, topics)."""
    family = {"Components": "card", "Factions": "faction"}.get(path[0] if path else "")
    if family and len(path) >= 2:
        return f"{family}:{path[1]}"
    return f"topic:{path[-1]}" if path else "topic:"


def _short(text: str) -> str:
    """Opening words as a title."""
    words = text.split()
    return " ".join(words[:14]) + ("…" if len(words) > 14 else "")


def _unique(entries: list[Entry]) -> list[Entry]:
    """The same question twice under one heading gets a numbered id."""
    seen: dict[str, int] = {}
    for entry in entries:
        if entry.id in seen:
            seen[entry.id] += 1
            entry.id = f"{entry.id}-{seen[entry.id]}"
        else:
            seen[entry.id] = 1
    return entries
