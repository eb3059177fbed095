"""Names, the one home: folding titles, reading rule ids, finding titles in prose.

Every step that links (FAQ homes, rulings beside rules, cross-links in entry
HTML) and any parser that matches a card by name uses these functions.
"""
from __future__ import annotations

import functools
import re
import unicodedata

DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015"  # "-" first: safe inside [...]
QUOTES = "'\u2018\u2019`\u02bc"
# "77.3", "rule 68.1d", "(77.7d)", "66.2i": a topic number, an item, sub-letters.
RULE_ID = re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,2}[a-z]{0,4})(?![\w.]*\d)")
# "Production X", "Space Cannon 5 (x3)", "Anti–Fighter Barrage X (×Y)." name the ability.
_WORD = re.compile(rf"[\w{QUOTES}]+(?:[{DASHES}][\w{QUOTES}]+)*")
_VALUE_SUFFIX = re.compile(r"(?:\s+(?:x|\d+))?(?:\s*\((?:×|x)\s*[\dy]+\))?[\s.,:;]*$")
# Word forms prose uses for a title's last word that a plural rule cannot guess.
FORMS = {"adjacent": "adjacency", "adjacencies": "adjacency", "neighbor": "neighbors",
         "neighboring": "neighbors", "neighbour": "neighbors", "rerolled": "rerolls", "reroll": "rerolls"}


@functools.lru_cache(maxsize=1 << 16)
def fold(title: str) -> str:
    """A title as compared: no case, accents kept, dashes as spaces, no apostrophes,
    no leading "The", no ability value ("Space Cannon 5 (x3)"), last word singular."""
    value = unicodedata.normalize("NFKC", title).casefold()
    value = _VALUE_SUFFIX.sub("", " ".join(value.split()))
    value = re.sub(f"[{DASHES}/]", " ", value)
    words = re.sub(f"[{QUOTES}\"“”:,.!?()]", "", value).split()
    if words[:1] == ["the"] and len(words) > 1:
        words = words[1:]
    if words:
        words[-1] = singular(FORMS.get(words[-1], words[-1]))
    return " ".join(words)


def singular(word: str) -> str:
    """A rough singular, enough for titles: Anomalies, Mechs, Command Tokens, Neighbors."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("shes", "ches", "xes", "sses")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us")):
        return word[:-1]
    return word


def rule_ids(text: str) -> list[str]:
    """Every rule-id-shaped token in the text, in order (whether or not it exists)."""
    return RULE_ID.findall(text)


def words(text: str) -> list[tuple[int, int]]:
    """(start, end) of each word, a dashed compound ("Anti–Fighter") counted as one."""
    return [m.span() for m in _WORD.finditer(text)]


def first_words(known) -> frozenset:
    """The first words of folded titles, so find_titles only looks further where one starts."""
    return frozenset(title.split()[0] for title in known)


def find_titles(text: str, known, firsts: frozenset, longest: int = 8) -> list[tuple[int, int, str]]:
    """Known folded titles in prose as whole words, longest first, not overlapping:
    (start, end, folded). Any case; plurals and FORMS count."""
    spans = words(text)
    found, i = [], 0
    while i < len(spans):
        head = _head(text[spans[i][0]:spans[i][1]])
        if head == "the" or not (head in firsts or singular(head) in firsts or FORMS.get(head, "") in firsts):
            i += 1
            continue
        end = i
        while end + 1 < min(len(spans), i + longest) and not text[spans[end][1]:spans[end + 1][0]].strip():
            end += 1  # a title never spans punctuation
        for j in range(end, i - 1, -1):
            folded = fold(text[spans[i][0]:spans[j][1]])
            if folded in known:
                found.append((spans[i][0], spans[j][1], folded))
                i = j
                break
        i += 1
    return found


@functools.lru_cache(maxsize=1 << 14)
def _head(word: str) -> str:
    """A word as the first word of a folded title: lower case, no apostrophes, before any dash."""
    return re.split(f"[{DASHES}]", re.sub(f"[{QUOTES}]", "", word.casefold()))[0]


def sentence_start(text: str, start: int) -> bool:
    """True when a word is capitalised only because a sentence (or quote) starts there."""
    before = text[:start].rstrip(" (")
    return not before or before.endswith((".", "?", "!", ":", "\n", "Q", "A"))
