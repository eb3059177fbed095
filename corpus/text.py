"""Words of a text, folded titles and name tokens: the corpus's one place for folding text."""
from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[a-z0-9]+")
_CAPITALS = re.compile(r"\b[A-Z][A-Z0-9]+\b")
NAME_MARK = "_0"  # ends in a digit, so the stemmer leaves a name token alone


def words(text: str) -> list[str]:
    """Lower-case ASCII words of a text: "Jol–Nar's PDS-2" -> jol, nar, s, pds, 2."""
    text = "".join(ch if ch.isascii() else ("" if unicodedata.combining(ch) else " ")
                   for ch in unicodedata.normalize("NFKD", text))
    return _WORD.findall(text.lower())


def capitals(text: str) -> set[str]:
    """Words typed in capitals ("SO", "PDS2"), lower-cased: abbreviations, not English."""
    return {w.lower() for w in _CAPITALS.findall(text)}


def fold_title(title: str) -> str:
    """Compare titles loosely: case, punctuation, a leading "the", plural endings."""
    folded = words(title)
    if folded[:1] == ["the"]:
        folded = folded[1:]
    return " ".join(_singular(w) for w in folded)


def _singular(word: str) -> str:
    """A plural ending dropped ("cards" -> "card"), loosely."""
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def name_tokens(text: str) -> tuple[str, ...]:
    """The index tokens of a card or ability name: folded words, not stemmed (holding_0)."""
    return tuple(_singular(w) + NAME_MARK for w in words(text))
