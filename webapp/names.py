"""The names the cross-linker recognises: page titles, rule headings, abilities and cards."""
from __future__ import annotations

import re
from collections import Counter

from corpus import Corpus

_DASHES = re.compile(r"[\u2010-\u2015\-]")
# "Production X", "Space Cannon 5 (x3)", "Anti–Fighter Barrage X (×Y)." name the ability.
_VALUE_SUFFIX = re.compile(r"(?:\s+(?:x|\d+))?(?:\s*\((?:×|x)\s*[\dy]+\))?[\s.,:;]*$")
_PAGE_ORDER = {"topic": 0, "card": 1, "faction": 2, "page": 3}


def fold(name: str) -> str:
    """Compare names loosely: case, dashes, spacing, a value suffix, a plural ending."""
    name = _DASHES.sub("-", name.lower())
    name = _VALUE_SUFFIX.sub("", " ".join(name.split()))
    head, _, last = name.rpartition(" ")
    return f"{head} {singular(last)}".strip()


def singular(word: str) -> str:
    """A rough singular, enough for titles such as Anomalies, Mechs or Command Tokens."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def page_names(corpus: Corpus) -> dict[str, str]:
    """Folded page titles -> page id; topics win over cards and factions of the same name."""
    names: dict[str, str] = {}
    pages = sorted(corpus.pages(), key=lambda p: (_PAGE_ORDER.get(p.kind, 9), p.order))
    for page in pages:
        names.setdefault(fold(page.title), page.id)
        if page.title.lower().startswith("the "):
            names.setdefault(fold(page.title[4:]), page.id)
    return names


def span_names(corpus: Corpus) -> dict[str, str]:
    """Names set in small caps, bold or italics: pages, h2 rule headings, abilities, cards."""
    names = page_names(corpus)
    for kind in ("rule", "section"):
        candidates = [e for e in corpus.entries if e.kind == kind and (kind == "section" or e.heading)]
        counts = Counter(fold(e.title) for e in candidates)
        for entry in candidates:
            if counts[fold(entry.title)] == 1:  # an ambiguous heading links nowhere
                names.setdefault(fold(entry.title), entry.id)
    return names


def phrase_pattern(names: dict[str, str]) -> re.Pattern | None:
    """One regex finding page titles in running text, longest first, any plural."""
    alternatives = sorted({_variants(name) for name in names}, key=len, reverse=True)
    if not alternatives:
        return None
    return re.compile(r"(?<![\w\-\u2010-\u2015])(?:" + "|".join(alternatives)
                      + r")(?![\w\-\u2010-\u2015])", re.IGNORECASE)


def _variants(folded: str) -> str:
    """A regex for a folded name: flexible spacing and dashes, singular or plural."""
    words = [re.escape(w).replace(r"\-", r"[\-\u2010-\u2015]") for w in folded.split(" ")]
    last = words[-1]
    if last.endswith("y"):
        words[-1] = last[:-1] + "(?:y|ies)"
    else:
        words[-1] = last + "(?:s|es)?"
    return r"\s+".join(words)
