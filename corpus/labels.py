"""What a hit is called, as players say it, and the words that frame it: labels for hits and pages,
and the lead-in of the list a rule or note is an item of."""
from __future__ import annotations

from corpus.names import singular
from corpus.snippets import sentences

ITEMS = ("rule", "note", "text")  # kinds of entry that make lists of their children (not a topic's intro)
MAX_CLIMB = 12  # parents climbed to find a copy's card (a cycle in bad data cannot loop)


def hit_label(corpus, entry_id: str) -> str:
    """What a hit is, as players say it: a card's kind ("Action Card"), a ruling's rule ("FAQ on 77.3c"), else ""."""
    entry = corpus.by_id.get(entry_id)
    if entry is None or entry.kind not in ("faq", "question"):
        return section_label(corpus, entry_id)
    rule = next((r for r in entry.rules if r in corpus.by_id and corpus.by_id[r].kind == "rule"), None)
    return f"{'FAQ' if entry.kind == 'faq' else 'Open question'} on {rule}" if rule else ""


def section_label(corpus, entry_id: str) -> str:
    """What a card or ability section is, as players say it: its category ("Action Card", "Agent"), else
    its card page's title made singular (Action Cards: "Action Card"); "" for other entries."""
    entry = corpus.by_id.get(entry_id)
    if entry is None or entry.kind != "section":
        return ""
    page = corpus.by_id.get(entry.topic)
    if entry.category or page is None or page.kind != "card":
        return entry.category or ""
    *head, last = page.title.split()
    return " ".join([*head, singular(last.lower()).capitalize()])


def page_label(corpus, page: str) -> str:
    """What kind of page a group is: an LRR topic by its number ("LRR 2"), a card list, a faction."""
    # The LRR topic "Action Cards" and the list of every action card share a title; this tells them apart.
    entry = corpus.by_id.get(page)
    if entry is None:
        return ""
    if entry.kind == "topic":
        return f"LRR {entry.number}" if entry.number else "Rules"
    return {"card": "Card list", "faction": "Faction"}.get(entry.kind, "")


def lead_in(corpus, entry_id: str) -> str:
    """The sentence a rule or note continues when it is an item of its parent's list ("A player can spend a
    trade good in one of the following ways:" for 93.4a "In place of spending one resource."); else ""."""
    entry = corpus.by_id.get(entry_id)
    parent = corpus.by_id.get(entry.parent) if entry is not None and entry.kind in ITEMS and entry.parent else None
    # A topic's intro may end in a colon too, but its notes are not the items of that list.
    if parent is None or parent.kind not in ITEMS or not parent.text.rstrip().endswith(":"):
        return ""
    start, end = sentences(parent.text.rstrip())[-1]
    return parent.text[start:end].strip()


def copy_name(corpus, entry_id: str) -> str:
    """What tells a near-copy apart from the hit it counts on: the card or ability it is under, else its page."""
    entry = corpus.by_id.get(entry_id)
    seen = 0
    while entry is not None and entry.kind != "section" and not entry.is_page and seen < MAX_CLIMB:
        entry, seen = corpus.by_id.get(entry.parent or entry.topic), seen + 1
    if entry is not None and (entry.kind == "section" or entry.is_page):
        return entry.title
    return entry_id


def copies_named(corpus, entry_id: str, copies) -> tuple[tuple[str, str], ...]:
    """(id, name) of each near-copy of an entry: the card it is under, "" when that is the entry's own
    (one card printed several times on a page says nothing new by its name)."""
    if not copies:
        return ()
    own = copy_name(corpus, entry_id)
    return tuple((copy, "" if name == own else name) for copy, name in ((c, copy_name(corpus, c)) for c in copies))
