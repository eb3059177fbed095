"""Spelling: every corpus word with its frequency, and the nearest one to a misspelt word."""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from corpus.names import words


MISSING = object()  # no answer remembered (None is an answer: no correction)


def damerau(a: str, b: str, cap: int | None = None) -> int:
    """Optimal-string-alignment distance: edits, with adjacent swaps counting one.

    With a cap, a distance over it may come back as cap + 1: once a whole row is over the cap,
    no later row can come back under it, so the rest of the table is not worked out.
    """
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        if cap is not None and min(row) > cap:
            return cap + 1  # later cells only add to this row's (a swap's too: row[j-1] <= prev[j-2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def _deletes(word: str) -> set[str]:
    """The word with each one letter removed (symmetric-delete candidate keys)."""
    return {word[:i] + word[i + 1:] for i in range(len(word))}


class Lexicon:
    """Every word of the corpus with its frequency, for "did you mean"."""

    MIN_LENGTH = 5  # shorter words are abbreviations or English words more often than typos
    MIN_COUNT = 2  # a suggestion must be a word the corpus uses more than once
    REMEMBERED = 1 << 14  # words whose answer is kept

    def __init__(self, texts: Iterable[str]):
        self.counts = Counter(w for text in texts for w in words(text) if not w.isdigit())
        self._keys: dict[str, list[str]] = {}
        self._initials: dict[str, list[str]] = {}
        for word, count in self.counts.items():
            if len(word) >= self.MIN_LENGTH - 1 and count >= self.MIN_COUNT:
                for key in _deletes(word) | {word}:
                    self._keys.setdefault(key, []).append(word)
                self._initials.setdefault(word[0], []).append(word)
        self._answers: dict[str, str | None] = {}  # word -> its correction, once worked out

    def correct(self, word: str) -> str | None:
        """The likeliest corpus word one or two edits away, or None when the word is fine."""
        if word in self.counts or len(word) < self.MIN_LENGTH or not word.isalpha():
            return None
        # Remembered: a long word no delete key finds is compared with every word of its first
        # letter (3-4 ms), and a search asks twice (split words, then did-you-mean).
        # (Read once, returned as read: another thread may empty the memory in between.)
        answer = self._answers.get(word, MISSING)
        if answer is MISSING:
            if len(self._answers) >= self.REMEMBERED:
                self._answers.clear()
            answer = self._answers[word] = self._nearest(word)
        return answer

    def _nearest(self, word: str) -> str | None:
        """The likeliest corpus word one or two edits away from a word the corpus lacks."""
        candidates = {c for key in _deletes(word) | {word} for c in self._keys.get(key, ())}
        limit = 1 if len(word) < 7 else 2
        if not candidates and limit == 2:
            # One delete each side misses two substitutions ("sabatoge"): try the words of about its
            # length that start alike, as players rarely get the first letter wrong.
            candidates = {c for c in self._initials.get(word[0], ()) if abs(len(c) - len(word)) <= 2}
        scored = [(damerau(word, c, limit), -self.counts[c], c) for c in candidates]
        best = min((s for s in scored if s[0] <= limit), default=None)
        return best[2] if best else None
