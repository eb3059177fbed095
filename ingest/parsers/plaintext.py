"""A tirules topic page copied from the browser as plain text: rule ids from list nesting.

The CSS counters that number the rules are not part of the copied text, so every
list restarts at "1." and rule ids are inferred: top-level items are 68.1, 68.2 …,
items indented under one are 68.1a, 68.1b …. Limitations: a topic whose rules start
at a counter reset, or that numbers its h2 headings as rules (Space Cannon's
"Space Cannon Offense" is 77.2 on the site), reads as a plain list here, so the
inferred numbers can be off by the number of such headings; items nested a third
level deep are kept as part of the item above them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.model import Entry, Source
from ingest.errors import PageError
from ingest.lrr import LrrTopic, topic_for_title
from ingest.normalize import Text, normalize
from ingest.parsers._decode import decode
from ingest.parsers.official import rule_title
from ingest.parsers.tirules_page import alpha, to_roman
from ingest.slugs import slugify

NAME = "tirules-text"
SITE = "https://tirules.com"
_TITLE = re.compile(r"^(?P<title>[^()\t]+?)\s*(?:\((?P<category>[^()]+)\))?$")
_ITEM = re.compile(r"^(?P<indent>[ \t]*)\d+[.)]\s+(?P<text>\S.*)$")
_BLOCKS = {"rules reference": "rules", "notes": "notes", "related topics": "related"}
# The same sub-note labels the tirules site shows (II.α, II.β …).
_GREEK = "αβγδεζηθικλμνξοπρστυφχψω"


@dataclass
class Item:
    """One list item: its nesting level and its text (with any paragraphs after it)."""

    level: int
    parts: list[str] = field(default_factory=list)

    def text(self) -> Text:
        """The item's normalized text; extra paragraphs join as in tirules."""
        texts = [normalize(part, markup=False) for part in self.parts]
        return Text(" ".join(t.text for t in texts), "<br>".join(t.html for t in texts))


def sniff(location: str, data: bytes) -> bool:
    """True for a copied topic page: a title line, a "Rules Reference" line, a numbered list."""
    text = decode(data[:16384])
    if "<" in text and re.search(r"<(?:html|div|p|ol|li|article)\b", text, re.I):
        return False
    lines = [line.strip() for line in text.splitlines()]
    return "Rules Reference" in lines and any(_ITEM.match(line) for line in text.splitlines())


def parse(location: str, data: bytes) -> list[Entry]:
    """The topic entry, its rules (68.1, 68.1a …) and its notes."""
    lines = decode(data).expandtabs(4).splitlines()
    title, category = _title(location, lines)
    topic = topic_for_title(title, category)
    if topic is None:
        raise PageError(location, f"{title!r} is no numbered LRR topic; only those pages can be read as text")
    blocks = _blocks(lines)
    intro, items = _list(blocks.get("rules", []))
    _, notes = _list(blocks.get("notes", []))
    source = Source(NAME, _url(location, topic), "")
    page = _topic_entry(topic, title, category, intro, source, _related(blocks.get("related", [])))
    entries = [page] + rule_entries(items, topic, source)
    return entries + note_entries(notes, topic.slug, source, len(entries))


def _title(location: str, lines: list[str]) -> tuple[str, str | None]:
    """Title and category from the first line: "Production (Unit Ability)"."""
    first = next((line.strip() for line in lines if line.strip()), "")
    match = _TITLE.match(first)
    if not match:
        raise PageError(location, "the first line should be the page title, as \"Production (Unit Ability)\"")
    return match["title"].strip(), match["category"]


def _blocks(lines: list[str]) -> dict[str, list[str]]:
    """Lines under each block heading (Rules Reference, Notes, Related Topics)."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in lines[1:] if lines else []:
        name = _BLOCKS.get(line.strip().casefold())
        if name:
            current = name
            blocks.setdefault(name, [])
        elif current and line.strip():
            blocks[current].append(line.rstrip())
    return blocks


def _list(lines: list[str]) -> tuple[list[str], list[Item]]:
    """Paragraphs before the list, and the list items with their nesting levels."""
    indents = sorted({len(m["indent"]) for line in lines if (m := _ITEM.match(line))})
    intro: list[str] = []
    items: list[Item] = []
    for line in lines:
        match = _ITEM.match(line)
        if match:
            items.append(Item(indents.index(len(match["indent"])), [match["text"]]))
        elif items:
            items[-1].parts.append(line.strip())  # a paragraph inside the list
        else:
            intro.append(line.strip())
    return intro, items


def rule_entries(items: list[Item], topic: LrrTopic, source: Source) -> list[Entry]:
    """Rules 68.1, 68.1a … from the items' nesting; deeper items join their parent."""
    entries: list[Entry] = []
    rule, sub = 0, 0
    for item in items:
        if item.level == 0:
            rule, sub = rule + 1, 0
            rule_id, parent = f"{topic.number}.{rule}", topic.slug
        elif item.level == 1 and rule:
            sub += 1
            rule_id, parent = f"{topic.number}.{rule}{alpha(sub)}", f"{topic.number}.{rule}"
        else:
            _append(entries, item.text())
            continue
        text = item.text()
        entries.append(Entry(
            id=rule_id, kind="rule", topic=topic.slug, title=rule_title(text.text), text=text.text,
            html=text.html, sources=[source], parent=parent, number=rule_id, order=len(entries) + 1,
        ))
    return entries


def note_entries(items: list[Item], slug: str, source: Source, start: int) -> list[Entry]:
    """Notes <topic>.note-1 … and sub-notes <topic>.note-2.1, labelled I, II.α as on the site."""
    entries: list[Entry] = []
    note, sub = 0, 0
    for item in items:
        if item.level == 0:
            note, sub = note + 1, 0
            note_id, parent, label = f"{slug}.note-{note}", slug, to_roman(note)
        elif item.level == 1 and note:
            sub += 1
            note_id, parent = f"{slug}.note-{note}.{sub}", f"{slug}.note-{note}"
            label = f"{to_roman(note)}.{_GREEK[(sub - 1) % len(_GREEK)]}"
        else:
            _append(entries, item.text())
            continue
        text = item.text()
        entries.append(Entry(
            id=note_id, kind="note", topic=slug, title=rule_title(text.text), text=text.text,
            html=text.html, sources=[source], parent=parent, number=label,
            order=start + len(entries), authority="community-note",
        ))
    return entries


def _append(entries: list[Entry], text: Text) -> None:
    """Fold a too-deeply nested item into the entry above it."""
    if entries:
        entries[-1].text = f"{entries[-1].text} {text.text}"
        entries[-1].html = f"{entries[-1].html}<br>{text.html}"


def _related(lines: list[str]) -> list[str]:
    """Topic slugs of the "Related Topics" names."""
    refs = []
    for line in lines:
        name = re.sub(r"^[\s•·*\-\d.]+", "", line).strip()
        topic = topic_for_title(name)
        if name:
            refs.append(topic.slug if topic else slugify(name))
    return sorted(set(refs))


def _topic_entry(topic: LrrTopic, title: str, category: str | None, intro: list[str],
                 source: Source, refs: list[str]) -> Entry:
    """The page entry: the intro paragraph as its text."""
    text = Item(0, intro).text() if intro else Text("", "")
    return Entry(
        id=topic.slug, kind="topic", topic=topic.slug, title=title, text=text.text, html=text.html,
        sources=[source], number=topic.number, category=category or topic.category, refs=refs,
    )


def _url(location: str, topic: LrrTopic) -> str:
    """The page's URL: the location when it is one, else the tirules page of the topic."""
    if location.startswith(("http://", "https://")):
        return location
    return f"{SITE}/R_{topic.slug.replace('-', '_')}"
