"""Merge: one entry per id, listing every source that gave it."""
from __future__ import annotations

from collections import defaultdict

from corpus.model import Entry
from corpus.names import comparable

INDEX_FLAG = "index-stub"
VARIANT_FLAG = "variant"
# Which source's text wins when several give the same id (lower is better).
_PRIORITY = {"tirules": 0, "tirules-text": 1, "official-rules": 2, "wiki": 3}
_FILL = ("html", "parent", "number", "category", "section")


def merge_duplicates(entries: list[Entry]) -> list[Entry]:
    """Fold entries sharing an id into the best one; record differing texts."""
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        groups[entry.id].append(entry)
    # An index entry for a page that was not read has nothing to show: drop it.
    return [_merge(group) for group in groups.values()
            if any(INDEX_FLAG not in e.flags for e in group)]


def _merge(group: list[Entry]) -> Entry:
    """The best-ranked entry, with the others' sources, fields and variants."""
    stubs = [e for e in group if INDEX_FLAG in e.flags]
    full = [e for e in group if INDEX_FLAG not in e.flags]
    full.sort(key=_rank)
    best = full[0]
    for other in full[1:]:
        _absorb(best, other)
    for stub in stubs:
        _absorb_stub(best, stub)
    return best


def _rank(entry: Entry) -> tuple:
    """Sort key: source priority, then newest-looking copy (more text) first."""
    name = entry.sources[0].name if entry.sources else ""
    return (_PRIORITY.get(name, 9), -len(entry.text))


def _absorb(best: Entry, other: Entry) -> None:
    """Add another copy's provenance; keep its text as a variant if it differs."""
    best.sources = sorted(set(best.sources) | set(other.sources))
    best.refs = sorted(set(best.refs) | set(other.refs))
    for name in _FILL:
        if not getattr(best, name) and getattr(other, name):
            setattr(best, name, getattr(other, name))
    if other.text and comparable(other.text) != comparable(best.text):
        variant = {"source": other.sources[0].to_dict() if other.sources else {}, "text": other.text}
        if variant not in best.variants:
            best.variants.append(variant)
        if VARIANT_FLAG not in best.flags:
            best.flags.append(VARIANT_FLAG)


def _absorb_stub(best: Entry, stub: Entry) -> None:
    """The index gives page order, and marks Thunder's Edge topics."""
    best.order = stub.order
    if stub.category and not best.category:
        best.category = stub.category
    if best.number is None and stub.number and best.kind == "topic":
        best.number = stub.number


def merge_same_rulings(entries: list[Entry]) -> list[Entry]:
    """One FAQ entry per ruling: the same question and answer from two pages (or under two
    headings) become one entry listing every source; the first id in sort order is kept."""
    kept: dict[tuple[str, str], Entry] = {}
    for entry in sorted(entries, key=lambda e: e.id):
        if entry.kind != "faq":
            continue
        key = (comparable(entry.title), comparable(entry.text))
        if key in kept:
            first = kept[key]
            first.sources = sorted(set(first.sources) | set(entry.sources))
            first.refs = sorted(set(first.refs) | set(entry.refs))
        else:
            kept[key] = entry
    keep = {id(e) for e in kept.values()}
    return [e for e in entries if e.kind != "faq" or id(e) in keep]
