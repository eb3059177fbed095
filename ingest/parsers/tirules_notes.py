"""Notes (I, II, III with sub-notes α, β) and the h1 sections of tirules pages."""
from __future__ import annotations

from bs4 import Tag

from corpus.model import Entry
from ingest.normalize import Text, normalize
from ingest.parsers.tirules_page import PageInfo, bullets, item_text, join, titled, to_roman
from ingest.slugs import slugify

_GREEK = "αβγδεζηθικλμνξοπρστυφχψω"


def parse_notes(ol: Tag, info: PageInfo, owner: str, order: int, done: int = 0) -> list[Entry]:
    """Entries for one ol.note: top-level notes and their sub-notes."""
    entries: list[Entry] = []
    last: Entry | None = None
    for child in ol.children:
        if not isinstance(child, Tag):
            continue
        if child.name == "li":
            n = done + sum(1 for e in entries if e.parent == owner) + 1
            last = _note(info, owner, f"{owner}.note-{n}", to_roman(n), _note_text(child), order + len(entries))
            entries.append(last)
        elif child.name == "ol" and last is not None:
            for m, li in enumerate(child.find_all("li", recursive=False), start=1):
                label = f"{last.number}.{_GREEK[(m - 1) % len(_GREEK)]}"
                entries.append(_note(info, last.id, f"{last.id}.{m}", label, _note_text(li), order + len(entries)))
        elif child.name in ("p", "ul") and last is not None:
            extra = normalize(child) if child.name == "p" else bullets(child)
            into = entries[-1] if entries[-1] is last or entries[-1].kind == "text" else None
            if into is None:
                # After sub-notes (trade note I's "A deal made…"): its own entry, read after them.
                into = _note(info, last.id, f"{last.id}.text", "", Text("", ""), order + len(entries))
                into.kind, into.number = "text", None
                entries.append(into)
            merged = join(Text(into.text, into.html), extra) if into.text else extra
            into.text, into.html = merged.text, merged.html
            into.title = into.title or _short(into.text)
    return entries


def _note_text(li: Tag) -> Text:
    """A note's text; lists nested inside the item stay part of it as bullets."""
    return item_text(li, lists=True)


def _note(info: PageInfo, parent: str, note_id: str, label: str, text: Text, order: int) -> Entry:
    """One note entry; its number is the label the site shows (III, III.β)."""
    return Entry(
        id=note_id, kind="note", topic=info.slug, title=_short(text.text), text=text.text,
        html=text.html, sources=[info.source], parent=parent, number=label, order=order,
        authority="community-note",
    )


def _short(text: str) -> str:
    """The opening words of a note, for result titles."""
    words = text.split()
    return " ".join(words[:12]) + ("…" if len(words) > 12 else "")


def h1_sections(article: Tag) -> list[tuple[Tag, list[Tag]]]:
    """Each h1 with the elements that follow it up to the next h1."""
    sections: list[tuple[Tag, list[Tag]]] = []
    for child in article.children:
        if not isinstance(child, Tag):
            continue
        if child.name == "h1":
            sections.append((child, []))
        elif sections:
            sections[-1][1].append(child)
    return sections


def section_entry(info: PageInfo, h1: Tag, used: set[str], order: int) -> Entry:
    """An ability, leader or card section of a faction or card page."""
    title, category = titled(h1)
    base = f"{info.slug}/{slugify(title.text) or 'section'}"
    section_id, n = base, 1
    while section_id in used:
        n += 1
        section_id = f"{base}-{n}"
    used.add(section_id)
    return Entry(
        id=section_id, kind="section", topic=info.slug, title=title.text, text=title.text,
        html=title.html, sources=[info.source], parent=info.slug, category=category,
        order=order, authority="community-note",
    )
