"""Names and words, the one home for folding text: titles, rule ids, search words, lookup keys.

Two folds, each for its own use:
- fold() compares titles as written (accents kept, the last word singular). Every step that
  links (FAQ homes, rulings beside rules, cross-links in entry HTML) and any parser that
  matches a card by name uses it, with rule_ids() and find_titles().
- words() gives a text's lower-case ASCII words, for search and lookups: fold_title() and
  name_tokens() for the index and queries; the resolver's unit, planet and faction keys.
"""
from __future__ import annotations

import functools
import re
import unicodedata

DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015"  # "-" first: safe inside [...]
QUOTES = "'\u2018\u2019`\u02bc"
# "77.3", "rule 68.1d", "(77.7d)", "66.2i": a topic number, an item, sub-letters.
# A rule id alone, or run into "LRR" as one open question writes it ("LRR63.4").
RULE_ID = re.compile(r"(?:(?<![\w.])|(?<=LRR))(\d{1,3}\.\d{1,2}[a-z]{0,4})(?![\w.]*\d)")
# "Production X", "Space Cannon 5 (x3)", "Anti–Fighter Barrage X (×Y)." name the ability.
_WORD = re.compile(rf"[\w{QUOTES}]+(?:[{DASHES}][\w{QUOTES}]+)*")
_VALUE_SUFFIX = re.compile(r"(?:\s+(?:x|\d+))?(?:\s*\((?:×|x)\s*[\dy]+\))?[\s.,:;]*$")
_SPACED = re.compile(f"[{DASHES}/]")
_DROPPED = re.compile(f"[{QUOTES}\"“”:,.!?()]")
# Word forms prose uses for a title's last word that a plural rule cannot guess.
FORMS = {"adjacent": "adjacency", "adjacencies": "adjacency", "neighbor": "neighbors",
         "neighboring": "neighbors", "neighbour": "neighbors", "rerolled": "rerolls", "reroll": "rerolls"}


@functools.lru_cache(maxsize=1 << 16)
def fold(title: str) -> str:
    """A title as compared: no case, accents kept, dashes as spaces, no apostrophes, Ω as "omega",
    no leading "The", no ability value ("Space Cannon 5 (x3)"), last word singular."""
    # A Codex printing's mark is written "Ω" on cards and "Omega" in prose ("Z'eu Omega").
    value = unicodedata.normalize("NFKC", title).casefold().replace("ω", " omega ")
    value = _VALUE_SUFFIX.sub("", " ".join(value.split()))
    words = _DROPPED.sub("", _SPACED.sub(" ", value)).split()
    if words[:1] == ["the"] and len(words) > 1:
        words = words[1:]
    if words:
        words[-1] = singular(FORMS.get(words[-1], words[-1]))
    return " ".join(words)


def comparable(text: str) -> str:
    """Text as compared across sources: case, quotes, dashes and spacing folded."""
    text = text.lower().replace("×", "x").replace("“", '"').replace("”", '"').replace("’", "'").replace("‘", "'")
    text = re.sub(r"[–—-]", "-", text)
    text = re.sub(r"step (\d) ?- ?", r"step \1 ", text)
    text = re.sub(r"[^\w\s]", "", text)
    return " ".join(text.split())


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


def word_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each word, a dashed compound ("Anti–Fighter") counted as one."""
    return [m.span() for m in _WORD.finditer(text)]


def first_words(known) -> frozenset:
    """The first words of folded titles, so find_titles only looks further where one starts."""
    return frozenset(title.split()[0] for title in known)


def last_words(known) -> frozenset:
    """The last words of folded titles, so find_titles only folds a phrase that can end one."""
    return frozenset(title.split()[-1] for title in known if title)


def find_titles(text: str, known, firsts: frozenset, lasts: frozenset | None = None,
                longest: int = 8) -> list[tuple[int, int, str]]:
    """Known folded titles in prose as whole words, longest first, not overlapping:
    (start, end, folded). Any case; plurals and FORMS count."""
    spans = word_spans(text)
    found, i = [], 0
    while i < len(spans):
        if firsts.isdisjoint(_starts(text[spans[i][0]:spans[i][1]])):
            i += 1
            continue
        end = i
        while end + 1 < min(len(spans), i + longest) and not text[spans[end][1]:spans[end + 1][0]].strip():
            end += 1  # a title never spans punctuation
        for j in range(end, i - 1, -1):
            tail = _tail(text[spans[j][0]:spans[j][1]])
            if tail and lasts is not None and tail not in lasts:
                continue  # folding the phrase could not give a known title
            folded = _fold_phrase(text[spans[i][0]:spans[j][1]], known)
            if folded in known:
                found.append((spans[i][0], spans[j][1], folded))
                i = j
                break
        i += 1
    return found


def _fold_phrase(phrase: str, known) -> str:
    """A phrase folded; "Infantry 2" is the upgrade Infantry II where that is a title, not a value."""
    if phrase.endswith(" 2"):
        upgrade = fold(phrase[:-1] + "II")
        if upgrade in known:
            return upgrade
    return fold(phrase)


@functools.lru_cache(maxsize=1 << 14)
def _starts(word: str) -> tuple[str, ...]:
    """The first words of folded titles a word can begin (none for "the")."""
    head = _head(word)
    return () if head == "the" else (head, singular(head), FORMS.get(head, ""))


@functools.lru_cache(maxsize=1 << 14)
def _head(word: str) -> str:
    """A word as the first word of a folded title: lower case, no apostrophes, before any dash."""
    return re.split(f"[{DASHES}]", re.sub(f"[{QUOTES}]", "", word.casefold()))[0]


@functools.lru_cache(maxsize=1 << 14)
def _tail(word: str) -> str:
    """The last word of any folded phrase ending in this word ("" when the words before decide:
    a value "5" or "x" is dropped, so is a word of quotes alone)."""
    folded = fold("a " + word).split()
    return folded[-1] if len(folded) > 1 else ""


def sentence_start(text: str, start: int) -> bool:
    """True when a word is capitalised only because a sentence (or quote) starts there."""
    before = text[:start].rstrip(" (")
    return not before or before.endswith((".", "?", "!", ":", "\n", "Q", "A"))


# Search words: lower-case ASCII, accents dropped, any other character a separator.
_ASCII_WORD = re.compile(r"[a-z0-9]+")
_CASED_WORD = re.compile(r"[A-Za-z0-9]+")
_CAPITALS = re.compile(r"\b[A-Z][A-Z0-9]+\b")
NAME_MARK = "_0"  # ends in a digit, so the stemmer leaves a name token alone


def words(text: str) -> list[str]:
    """Lower-case ASCII words of a text: "Jol–Nar's PDS-2" -> jol, nar, s, pds, 2."""
    return _ASCII_WORD.findall(_ascii(text).lower())


def says(said: list[str], phrase) -> bool:
    """True when a phrase's words (non-empty) stand together, in order, among the words said."""
    size, phrase = len(phrase), tuple(phrase)
    return size > 0 and any(tuple(said[i:i + size]) == phrase for i in range(len(said) - size + 1))


def cased_words(text: str) -> list[str]:
    """The words of a text as typed, one for each of words(text): "Jol–Nar's" -> Jol, Nar, s."""
    return _CASED_WORD.findall(_ascii(text))


def _ascii(text: str) -> str:
    """The text in ASCII: accents dropped, any other character a space."""
    if text.isascii():  # most text is: skip the per-character pass (every query runs this hundreds of times)
        return text
    return "".join(ch if ch.isascii() else ("" if unicodedata.combining(ch) else " ")
                   for ch in unicodedata.normalize("NFKD", text))


def capitals(text: str) -> set[str]:
    """Words typed in capitals ("SO", "PDS2"), lower-cased: abbreviations, not English."""
    return {w.lower() for w in _CAPITALS.findall(text)}


@functools.lru_cache(maxsize=1 << 16)  # a query folds each of its words, and card titles recur
def fold_title(title: str) -> str:
    """Compare titles loosely, for search: case, punctuation, a leading "the", plural endings."""
    folded = words(title)
    if folded[:1] == ["the"]:
        folded = folded[1:]
    return " ".join(_loose_singular(w) for w in folded)


_UPGRADE = re.compile(r"(.*[a-z])(?:\s*2|\s+ii)")  # "pds2", "carrier 2", "dread ii"


def upgraded(text: str) -> str | None:
    """The unit a query names by its upgrade's number ("pds2", "carrier 2" -> "pds", "carrier"), else None."""
    match = _UPGRADE.fullmatch(fold_title(text))
    return match[1] if match else None


def _loose_singular(word: str) -> str:
    """A plural ending dropped ("cards" -> "card"), loosely: any final s of a word over three letters."""
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def name_tokens(text: str) -> tuple[str, ...]:
    """The index tokens of a card or ability name: folded words, not stemmed (holding_0)."""
    return tuple(_loose_singular(w) + NAME_MARK for w in words(text))


def faces(title: str) -> list[str]:
    """The names of a two-faced card's heading ("Eidolon / Z–Grav Eidolon"), else none."""
    sides = [side.strip() for side in title.split(" / ")]
    return sides if len(sides) > 1 else []
