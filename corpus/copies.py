"""Near-copies: entries that say the same thing but for the card they are under."""
from __future__ import annotations

from corpus.names import words


def copy_keys(entries) -> dict[str, str]:
    """Entry id -> a key shared by its near-copies: the same words but for the card they are under.

    "A player who cannot vote may still play a Construction Rider." and the same of each rider
    say one thing; so do one FAQ copied onto two pages, and one card printed twice on a page.
    """
    by_id = {e.id: e for e in entries}
    keys: dict[str, str] = {}
    for entry in entries:
        if entry.is_page:
            continue
        if entry.kind == "section":  # a card printed several times on one page (Keleres Rider)
            keys[entry.id] = f"section:{entry.topic}:{entry.title}:{' '.join(words(entry.text))}"
            continue
        text = entry.text
        parent = by_id.get(entry.parent or "")
        while parent is not None and parent.kind not in ("section", "topic", "faction", "card", "page"):
            parent = by_id.get(parent.parent or "")
        if parent is not None and parent.kind == "section" and parent.title:
            text = text.replace(parent.title, " name ")
        keys[entry.id] = entry.kind + ":" + " ".join(w for w in words(text) if w not in _ARTICLES)
    shared = {k for k, n in _counts(keys.values()).items() if n > 1}
    return {i: k for i, k in keys.items() if k in shared}


_ARTICLES = frozenset({"a", "an", "the"})  # "a Construction Rider", "an Imperial Rider"


def _counts(values) -> dict:
    """How often each value occurs."""
    counts: dict = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts
