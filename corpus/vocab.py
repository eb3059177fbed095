"""Words: player vocabulary (abbreviations, nicknames), stopwords, and spelling correction."""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Collection

from corpus.index import ANALYZER
from corpus.names import NAME_MARK, capitals, fold_title, name_tokens, upgraded, words  # noqa: F401 (re-exported)
from corpus.sayings import Alias, Match, Situation, situation_terms, told
from corpus.spelling import Lexicon, damerau

MAX_ALIAS_WORDS = 4
REPEAT_WEIGHT = 0.5  # extra weight of a word for each time a question repeats it
MAX_PHRASE = 5  # longer quotes are pasted text, searched as words rather than required
MAX_BESIDE_QUOTE = 3  # words outside quotes beyond which a quote is a hint, not a must
RULE_MENTION = re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,2}[a-z]{0,2})(?![\w.])", re.I)
PHRASE = re.compile(r'"([^"]*)"')
# A name of several words counts as its phrase and again as its words: they count this much, so
# "space docks" said in passing does not outweigh "Warfare" (chosen on leave-one-out: README).
NAME_PART = 0.25
SCENE = 0.1  # weight of the words that told a situation (0.5 to 0.03 tried; dropping them lost: README)
MAX_SUGGEST = 6  # content words in a query beyond which no spelling is suggested


class Vocabulary:
    """The player vocabulary and stopwords of corpus/data/vocabulary.json."""

    def __init__(self, data: dict):
        self.aliases: dict[tuple[str, ...], Alias] = {}
        for term in data["terms"]:
            means = tuple(term["means"])
            for said in term["say"]:
                key = tuple(words(said))
                self.aliases[key] = Alias(key, means, bool(term.get("ambiguous")))
        self.starts = frozenset(key[0] for key in self.aliases if key)  # a word no alias starts with is passed at once
        self.stopwords = frozenset(data["stopwords"])
        self.situations = tuple(Situation.read(s) for s in data.get("situations", ()))

    def matches(self, query_words: list[str], upper: set[str] = frozenset()) -> list[Match]:
        """Aliases in the words, longest first, left to right; ambiguous ones only when clear."""
        found, i = [], 0
        short = len(query_words) <= 2
        while i < len(query_words):
            if query_words[i] not in self.starts:
                i += 1
                continue
            for size in range(min(MAX_ALIAS_WORDS, len(query_words) - i), 0, -1):
                alias = self.aliases.get(tuple(query_words[i:i + size]))
                if alias and (not alias.ambiguous or short or alias.say[0] in upper):
                    found.append(Match(i, i + size, alias))
                    i += size
                    break
            else:
                i += 1
        return found

    def meanings(self, text: str, scenes: bool = True) -> list[str]:
        """The game terms a text's aliases (and, with scenes, its situations) stand for, once each, in order."""
        found = [m for match in self.matches(words(text), capitals(text)) for m in match.alias.means]
        told_terms = situation_terms(self.situations, text) if scenes else []
        return list(dict.fromkeys(found + told_terms))

    def target(self, text: str) -> str | None:
        """The single game term a whole query names ("AFB" -> "anti-fighter barrage"), if any."""
        alias = self.aliases.get(tuple(words(text)))
        return alias.means[0] if alias and len(alias.means) == 1 else None


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The packaged vocabulary, read once."""
    text = resources.files("corpus").joinpath("data/vocabulary.json").read_text(encoding="utf-8")
    return Vocabulary(json.loads(text))


@dataclass(frozen=True)
class Concept:
    """One thing asked about: the player's words, the game terms they stand for, or a rule number.

    Each alternative is a term or a phrase (a tuple of stems); a concept scores as its best one.
    """

    said: tuple[tuple[str, ...], ...] = ()
    means: tuple[tuple[str, ...], ...] = ()
    rules: tuple[str, ...] = ()
    required: bool = False
    weight: float = 1.0


@dataclass
class Request:
    """A query as understood: the concepts to score and the stems to mark in snippets."""

    concepts: list[Concept]
    marks: frozenset[str]


@lru_cache(maxsize=1 << 16)  # a query stems each word and phrase several times over
def stems(text: str) -> tuple[str, ...]:
    """Index terms of some text, made by the index's own analyser so that they match."""
    return tuple(token.text for token in ANALYZER(text))


def understand(text: str, terms: Vocabulary, names: Collection[str] = frozenset(),
               exact: Collection[str] = frozenset()) -> Request:
    """Split a cleaned query into concepts: quoted phrases, rule ids, words with their meanings.

    Runs of words that spell one of names (folded card or ability titles such as "skilled
    retreat") also count as that phrase. Words also match card names written as themselves
    when their name tokens are among exact (the index's terms; see corpus.masking).
    """
    quoted = [stems(p) for p in PHRASE.findall(text)]
    rest = RULE_MENTION.sub(" ", PHRASE.sub(" ", text)).replace('"', " ")
    # A quote is required in a search ("space cannon" wormhole), not in a question that
    # merely names a card in quotes; a long quote is pasted text, read as words.
    required = len([w for w in words(rest) if w not in terms.stopwords]) <= MAX_BESIDE_QUOTE
    concepts = [Concept(_forms(p, exact), _means(terms, p, names, exact), required=required)
                for p, q in zip(PHRASE.findall(text), quoted) if 0 < len(q) <= MAX_PHRASE]
    concepts += [Concept(rules=(r.lower(),)) for r in RULE_MENTION.findall(text)]
    rest += " " + " ".join(p for p, q in zip(PHRASE.findall(text), quoted) if len(q) > MAX_PHRASE)
    said, shortening = _spelled_out(words(rest), terms, names, capitals(rest))
    counts = Counter(stems(" ".join(said)))
    used: set[int] = set()
    runs = [(a, b, name) for a, b, name in _names(said, names) if len(stems(name)) > 1]
    inner = {i for a, b, _ in runs for i in range(a, b)}
    part = [NAME_PART if i in inner else 1.0 for i in range(len(said))]
    for match in terms.matches(said, capitals(rest)):
        used.update(range(match.start, match.end))
        phrase = " ".join(said[match.start:match.end])
        own = stems(phrase)
        concepts.append(Concept(_forms(phrase, exact), _means(terms, phrase, names, exact),
                                weight=_weight(counts, own) * part[match.start]))
    concepts += [Concept(_forms(w, exact), weight=_weight(counts, stems(w)) * part[i]) for i, w in enumerate(said)
                 if i not in used and w not in terms.stopwords and stems(w)]
    typed = set(stems(rest))
    # A shortened name ("my dock") is asked for by its word and alias only: as its phrase, it put its
    # page first where it was only the scene ("my dock makes 4: do fighters count?").
    concepts += [Concept(_forms(name, exact), weight=NAME_PART if _partly(name, typed) else 1.0)
                 for a, _, name in runs if a not in shortening]
    meant, scene_said = told(terms.situations, rest)
    concepts += [Concept(means=_forms(term, exact)) for term in meant if not set(stems(term)) <= typed]
    # The words that told a situation are its scene, not what is asked ("my space dock" in a blockade).
    scene = set(stems(" ".join(scene_said))) - set(stems(" ".join(meant)))
    concepts = [replace(c, weight=c.weight * SCENE) if c.said and {t.split("|")[0] for t in c.said[0]} <= scene
                else c for c in concepts]
    unique = list(dict.fromkeys(c for c in concepts if c.said or c.means or c.rules))
    # A name's small words ("the" of The Ion Storm) would mark every "the" of a snippet.
    marks = frozenset(p for c in unique for alt in c.said + c.means for t in alt for p in t.split("|")
                      if p.removesuffix(NAME_MARK) not in terms.stopwords)
    return Request(unique, marks)


def _partly(name: str, typed: set[str]) -> bool:
    """True for a name typed in part, in other words ("warfare secondary"): its phrase counts a little."""
    own = set(stems(name))
    return bool(own & typed) and not own <= typed


def _forms(said: str, exact: Collection[str]) -> tuple[tuple[str, ...], ...]:
    """A word or phrase as index terms: its stems, each also matching its name token when the
    index has one ("hold|holding_0": the word as itself in a card name, scored as one term)."""
    own, named = stems(said), name_tokens(said)
    if not own:
        return ()
    if not named or not all(t in exact for t in named):
        return (own,)
    if len(own) != len(named):  # a name with stopwords in it ("Rise of a Messiah")
        return (own, named)
    merged = tuple(f"{s}|{n}" for s, n in zip(own, named))
    return (merged,) if len(own) == 1 else (own, merged)


def _means(terms: Vocabulary, said: str, names: Collection[str] = frozenset(),
           exact: Collection[str] = frozenset()) -> tuple[tuple[str, ...], ...]:
    """Index terms of the game terms an alias stands for (none if the words are no alias)."""
    alias = terms.aliases.get(tuple(words(said)))
    if not alias:
        return ()
    return tuple(f for m in alias.means for f in _forms(m, exact if fold_title(m) in names else ()))


def _spelled_out(said: list[str], terms: Vocabulary, names: Collection[str],
                 upper: set[str]) -> tuple[list[str], set[int]]:
    """The words with a player's word for a card of several words ("warsun", "dock") spelt as its
    name: the name then counts as it does typed out (its phrase, and its words a little). Also the
    places where a name starts that was shortened to some of its own words ("dock" for Space Dock, not
    "warsun" or "warfare secondary")."""
    out, last, shortening = [], 0, set()
    inner = {i for a, b, _ in _names(said, names) for i in range(a, b)}  # "Ixth" of Heart of Ixth stays
    for match in terms.matches(said, upper):
        name = match.alias.means[0]
        if (len(match.alias.means) == 1 and fold_title(name) in names and len(words(name)) > 1
                and match.start not in inner):
            out += said[last:match.start]
            own = set(stems(name))
            if set(stems(" ".join(said[match.start:match.end]))) < own:
                shortening.add(len(out))
            out += words(name)
            last = match.end
    return (out + said[last:] if last else said), shortening


def _names(said: list[str], names: Collection[str]) -> list[tuple[int, int, str]]:
    """(start, end, words) of runs of two to four words that spell a known name, longest first,
    not overlapping."""
    folded = [fold_title(w) for w in said]
    found, i = [], 0
    while i < len(said):
        for size in range(min(MAX_ALIAS_WORDS, len(said) - i), 1, -1):
            if " ".join(f for f in folded[i:i + size] if f) in names:
                found.append((i, i + size, " ".join(said[i:i + size])))
                i += size - 1
                break
        i += 1
    return found


def _weight(counts: Counter, terms: tuple[str, ...]) -> float:
    """Words a question repeats are what it is about."""
    count = max((counts[t] for t in terms), default=1)
    return min(1.0 + REPEAT_WEIGHT * (count - 1), 2.0)


class Known:
    """What one corpus knows of words: the vocabulary, its own words and stems, its page names."""

    def __init__(self, entries, indexed: frozenset[str], page_kinds=("topic", "faction", "card")):
        self.vocabulary = vocabulary()
        self.lexicon = Lexicon(f"{e.title} {e.text}" for e in entries)
        self.indexed = indexed
        pages = sorted((e for e in entries if e.kind in (*page_kinds, "page")), key=lambda e: e.order)
        # Names a query can jump to: pages first, then cards and abilities (the first of a name).
        self.titles: dict[str, str] = {}
        for named in pages + [e for e in entries if e.kind == "section"]:
            self.titles.setdefault(fold_title(named.title), named.id)
        # Card and ability names, read as phrases in questions ("skilled retreat").
        self.cards = frozenset(fold_title(e.title) for e in entries if e.kind == "section")
        # Made-up pages (open questions, a FAQ list) gather unrelated entries: no topic bonus.
        self.loose = frozenset(e.id for e in pages if e.kind not in page_kinds)

    def page_named(self, text: str) -> str | None:
        """The page, card or ability a whole query names, by title or by a player's name for it."""
        unit = upgraded(text)  # "pds2" as "PDS II" and "dread 2" as "Dreadnought II", as the card is titled
        upgrades = [f"{name} ii" for name in (unit, self.vocabulary.target(unit or "")) if name]
        names = [text, self.vocabulary.target(text), *upgrades]
        return next((self.titles[fold_title(n)] for n in names if n and fold_title(n) in self.titles), None)

    def looked_up_rules(self, text: str) -> list[str]:
        """Rule numbers a short query quotes ("77.3c wormhole"): what the player looks up. Beside
        more words they are a hint, not a must: a long question may quote an older LRR's number."""
        rest = RULE_MENTION.sub(" ", text)
        if len([w for w in words(rest) if w not in self.vocabulary.stopwords]) > MAX_BESIDE_QUOTE:
            return []
        return list(dict.fromkeys(r.lower() for r in RULE_MENTION.findall(text)))

    def joined(self, text: str) -> str:
        """The query with words players run together split ("spacecannon" -> "space cannon")."""
        return re.sub(r"[A-Za-z]{6,}", lambda m: self._split(m.group()) or m.group(), text)

    def _split(self, word: str) -> str | None:
        """Two corpus words that a word unknown to the corpus and the vocabulary is made of."""
        low, counts = word.lower(), self.lexicon.counts
        if low in counts or (low,) in self.vocabulary.aliases or all(t in self.indexed for t in stems(low)):
            return None
        fixed = self.lexicon.correct(low)
        if fixed and damerau(low, fixed) == 1:
            return None  # one slip of a word ("fightres"), not two words run together
        stop = self.vocabulary.stopwords  # players run names together, not "and" ("comand" is a typo)
        splits = [(min(counts[low[:i]], counts[low[i:]]), low[:i], low[i:]) for i in range(3, len(low) - 2)
                  if counts.get(low[:i], 0) >= 2 and counts.get(low[i:], 0) >= 2 and not {low[:i], low[i:]} & stop]
        return " ".join(max(splits)[1:]) if splits else None

    def corrected(self, text: str) -> str | None:
        """The query with misspelt words replaced by corpus words, or None if none were.

        Long questions get no suggestion: a rewritten paragraph helps nobody, and among many
        words some are always real English the rules never use.
        """
        tokens = re.split(r"(\W+)", text)
        stop = self.vocabulary.stopwords
        if sum(1 for t in tokens if t.isalnum() and t.lower() not in stop) > MAX_SUGGEST:
            return None
        fixes = [self._fix(token) for token in tokens]
        if not any(fixes):
            return None
        return "".join(fix or token for fix, token in zip(fixes, tokens))

    def _fix(self, token: str) -> str | None:
        """A corpus word for a token that neither the index nor the vocabulary knows."""
        low = token.lower()
        if low in self.vocabulary.stopwords or (low,) in self.vocabulary.aliases or not token.isalpha():
            return None
        if all(t in self.indexed for t in stems(low)):
            return None  # another form of an indexed word ("blocks", "cannons")
        return self.lexicon.correct(low)
