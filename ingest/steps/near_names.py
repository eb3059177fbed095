"""Near names: a card the data spells a little otherwise than the rules' heading of it.

"Technological Singularity" is the rules' "Technology Singularity", "Jace X, 4th Air Legion — Helio
Command Array: Twilight Directive" their "Jace X — Helio Command Array", the Obsidian's
"Planesplitter (Obsidian)" their "✖ Planesplitter". A card is matched only to a section of its page
and kind that no card has taken by name, and only when each is the other's one close name, so two
cards the rules discuss together ("Valefar Assimilator X") or one Codex printing ("Stymie Ω") stay apart.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter

from corpus.model import Entry
from corpus.names import fold
from ingest.parsers.asyncti4.common import fold_name

# The rules mark the two sides of one faction page ("⚪ The Firmament ✖ The Obsidian") and each card's side.
MARKS = "⚪✖"
_MARKED = re.compile(f"([{MARKS}])\\s*([^{MARKS}]+)")
_CUTOFF = 0.85  # "Specialized" / "Specialist Compounds" is 0.87; distinct cards differ by a word or more
_VERSION = re.compile(r"\s+(?:i|ii|v\d)$")  # "Strike Wing Alpha I", "4X41C Helios V1": the unit itself


def page_marks(title: str) -> dict[str, str]:
    """"⚪ The Firmament ✖ The Obsidian" -> {"firmament": "⚪", "obsidian": "✖"}; {} for an unmarked title."""
    return {fold(name): mark for mark, name in _MARKED.findall(title)}


def mark_of(title: str) -> str | None:
    """The side mark a heading starts with, if any."""
    stripped = title.strip()
    return stripped[0] if stripped[:1] and stripped[0] in MARKS else None


def near_pairs(cards: list[tuple[Entry, str | None]], open_: list[Entry]) -> list[tuple[Entry, Entry]]:
    """(card, section) for each card, with its side mark, whose one close section has no other close card."""
    found = [(card, [s for s in open_ if _fits(card, mark, s)]) for card, mark in cards]
    claims = Counter(id(s) for _, close in found for s in close)
    return [(card, close[0]) for card, close in found if len(close) == 1 and claims[id(close[0])] == 1]


def _fits(card: Entry, mark: str | None, section: Entry) -> bool:
    """The section is on the card's page, of its kind and side, not one printing's, and named alike."""
    if section.topic != card.topic or section.category not in (None, card.category):
        return False
    if "Ω" in section.title or "omega" in fold(section.title).split():
        return False  # a Codex printing's own section gets that printing's text, by its own rule
    side = mark_of(section.title)
    if side is not None and mark is not None and side != mark:
        return False
    return _named_alike(card.title, section.title)


def _parts(title: str) -> list[list[str]]:
    """A heading's name and ability ("Name — Ability") as loose words, without side or printing marks."""
    plain = title.strip().lstrip(MARKS).strip()
    return [[w.rstrip("s") for w in fold_name(part).split()] for part in plain.split(" — ", 1)]


def _named_alike(card: str, heading: str) -> bool:
    """Spelled alike; a leader's "Name — Ability" also when each part of the heading starts the card's."""
    have, want = _parts(card), _parts(heading)
    if len(have) != len(want):
        return False
    if len(want) == 1:
        return _close(_VERSION.sub("", " ".join(have[0])).split(), want[0])
    # "Jace X, 4th Air Legion — Helio Command Array: Twilight Directive" under "Jace X — Helio Command Array"
    return all(h[:len(w)] == w or _close(h, w) for h, w in zip(have, want))


def _close(card: list[str], heading: list[str]) -> bool:
    """Nearly the same letters, and neither the other with words added (a different card)."""
    if card == heading:
        return True
    if not card or not heading or card[:len(heading)] == heading or heading[:len(card)] == card:
        return False
    return difflib.SequenceMatcher(None, "".join(card), "".join(heading)).ratio() >= _CUTOFF
