"""Card and ability names in indexed text: each name word is indexed as itself, not as its stem.

A player asking how many cards they can "hold" is not asking about *Shields Holding*. The
stemmer makes both "hold", so before indexing, names written in a text (as in their title,
capitals and all) are replaced by one token per word, folded but not stemmed ("holding_0").
A query word matches a name only when it is that word (corpus.vocab.understand).
"""
from __future__ import annotations

import re
from typing import Iterable

from corpus.text import fold_title, name_tokens


class Masker:
    """Finds card and ability names in text and writes them as name tokens."""

    def __init__(self, names: Iterable[str], keep: Iterable[str] = ()):
        # Names that are also rules topics ("Sustain Damage", "Bombardment") are game terms
        # written everywhere: they stay words.
        kept = {fold_title(k) for k in keep}
        found = sorted({n.strip() for n in names if n.strip() and fold_title(n) not in kept},
                       key=lambda n: (-len(n), n))
        self.pattern = (re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, found)) + r")(?!\w)")
                        if found else None)

    def mask(self, text: str) -> str:
        """The text with every name in it written as name tokens."""
        if not text or self.pattern is None:
            return text
        return self.pattern.sub(lambda m: " ".join(name_tokens(m.group())), text)
