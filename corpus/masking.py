"""Card and ability names in indexed text: each name word is indexed as itself, not as its stem.

A player asking how many cards they can "hold" is not asking about *Shields Holding*. The
stemmer makes both "hold", so before indexing, names written in a text (as in their title,
capitals and all) are replaced by one token per word, folded but not stemmed ("holding_0").
A query word matches a name only when it is that word (corpus.vocab.understand).
"""
from __future__ import annotations

import re
from typing import Iterable

from corpus.names import fold_title, name_tokens


class Masker:
    """Finds card and ability names in text and writes them as name tokens."""

    def __init__(self, names: Iterable[str], keep: Iterable[str] = ()):
        # Names that are also rules topics ("Sustain Damage", "Bombardment") are game terms
        # written everywhere: they stay words.
        kept = {fold_title(k) for k in keep}
        found = sorted({n.strip() for n in names if n.strip() and fold_title(n) not in kept},
                       key=lambda n: (-len(n), n))
        # As a trie (names sharing a prefix share one branch): the same longest-first match as
        # "A B|A" alternatives, without trying every name at every position.
        self.pattern = re.compile(r"(?<!\w)" + _trie(found) + r"(?!\w)") if found else None

    def mask(self, text: str) -> str:
        """The text with every name in it written as name tokens."""
        if not text or self.pattern is None:
            return text
        return self.pattern.sub(lambda m: " ".join(name_tokens(m.group())), text)


def _trie(names: list[str]) -> str:
    """A regex matching exactly these names, trying longer ones first."""
    tree: dict = {}
    for name in names:
        node = tree
        for char in name:
            node = node.setdefault(char, {})
        node[""] = {}
    return _branch(tree)


def _branch(node: dict) -> str:
    """One trie node: its continuations (each starts with its own character), then the end."""
    ways = [re.escape(char) + _branch(child) for char, child in sorted(node.items()) if char]
    if not ways:
        return ""
    body = ways[0] if len(ways) == 1 else "(?:" + "|".join(ways) + ")"
    if "" not in node:
        return body
    return f"(?:{body})?"
