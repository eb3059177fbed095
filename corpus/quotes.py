"""A query that quotes a card's or ability's text names that card: players paste a card's words
("after another player's ship uses sustain damage to cancel a hit") to ask what it is."""
from __future__ import annotations

from bisect import bisect_right

from corpus.names import fold_title

MIN_WORDS = 6  # shorter runs recur across many cards ("at the start of a combat")
MAX_CARDS = 3  # a run that more cards say is the game's wording, not one card's


class Quotes:
    """Every section's folded text in one string, to find the sections a query quotes."""

    def __init__(self, entries):
        self.starts: list[int] = []
        self.titles: list[str] = []
        parts, at = [], 0
        for entry in entries:
            if entry.kind == "section" and entry.title and entry.whole_text:
                # Spaces either side: a match never runs from one text into the next.
                part = f" {fold_title(entry.whole_text)} "
                self.starts.append(at)
                self.titles.append(fold_title(entry.title))
                parts.append(part)
                at += len(part)
        self.text = "".join(parts)

    def quoted(self, query: str) -> set[str]:
        """The folded titles of the sections whose text holds the whole query, word for word."""
        said = fold_title(query)
        if said.count(" ") + 1 < MIN_WORDS:
            return set()
        needle, found = f" {said} ", set()
        at = self.text.find(needle)
        while at >= 0 and len(found) <= MAX_CARDS:
            found.add(self.titles[bisect_right(self.starts, at) - 1])
            at = self.text.find(needle, at + 1)
        return found if len(found) <= MAX_CARDS else set()
