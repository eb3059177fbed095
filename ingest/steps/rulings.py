"""Rulings beside their rule: each FAQ and open question gets the rule(s) or card/ability
section it clarifies, most specific first, in `rules`. Precision over recall: a
ruling beside the wrong rule misleads, so when nothing is clearly meant, none is given.
"""
from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

import numpy as np

from corpus.model import Entry, ruling_parts
from corpus.names import fold_title
from ingest.steps.linker import Linker, Mention
from ingest.steps.rule_match import NUMBERED, RuleMatcher

RULING_KINDS = ("faq", "question")
# One card or ability a ruling is set beside: labelled one by one (see the README), a second or third
# card that FAQs named was not what they clarify for 24 of 80, mostly cards named as examples
# ("abilities such as Gravity Drive or Flank Speed"). The others stay linked in its text, and their
# pages list it among their rulings, beside no rule.
MAX_SECTIONS = 1
# A rule the words chose is given only when it is also among this many numbered rules closest in
# meaning to the FAQ: read one by one, words alone chose a wrong rule for 13 of 45 FAQs; with
# this check, 4 of 29 (see the README).
NEAREST = 3
# An FAQ that names no card, ability or rule gets the rule of its topics closest in meaning, unless a
# rule of another topic is closer by more than this: in a first reading of the labels (see the README),
# the rule so chosen was right for 48 of 67 FAQs whose answer is an LRR rule; allowing no lead, for 38
# of 50 (as often right, for fewer FAQs).
LEAD = 0.1
# ... and only when its words agree: the rule is among this many of its topics' rules that the FAQ's
# words match best (BM25). Of the 24 rules meaning chose without it, 15 were right; of the 19 kept, 14
# (keeping three lost four right ones, "can fighters block movement": 58.4b among them).
WORDS_AGREE = 6
# An FAQ that names no topic either (on the wiki's general list: "Timing", "Passing") gets the closest
# numbered rule of all when it is at least this close: of the 9 such FAQs labelled, the 4 above it got
# a right rule, and of the 5 below 4 a wrong one (chosen on those 9, so a guess, not a measurement).
MIN_ALONE = 0.65


class Meaning:
    """The numbered rules closest in meaning to each ruling, from the ingest's sentence vectors."""

    def __init__(self, entries: list[Entry], vectors: np.ndarray):
        self.row = {e.id: n for n, e in enumerate(entries)}
        numbered = [n for n, e in enumerate(entries) if e.kind == "rule" and NUMBERED.match(e.id)
                    and not (e.heading and len(e.text.split()) < 5)]  # not a bare heading ("Step 1 – Roll Dice")
        self.rules, self.ids = vectors[numbered], [entries[n].id for n in numbered]
        self.topics = [entries[n].topic for n in numbered]
        self.vectors = vectors

    def cosines(self, entry: Entry) -> np.ndarray:
        """The entry's closeness in meaning to each numbered rule."""
        return self.rules @ self.vectors[self.row[entry.id]]

    def nearest(self, entry: Entry, most: int = NEAREST) -> set[str]:
        """The ids of the `most` numbered rules closest in meaning to this entry."""
        return {self.ids[n] for n in np.argsort(-self.cosines(entry), kind="stable")[:most]}

    def closest(self, entry: Entry, topics: set[str], lead: float = LEAD, skip: set[str] = frozenset()) -> list[str]:
        """The numbered rule of these topics closest in meaning, if no other rule is closer by over `lead`;
        with no topics, the closest rule of all if it is at least MIN_ALONE close. No rule in `skip` is given."""
        cosines = self.cosines(entry)
        if not len(cosines):
            return []
        inside = [n for n, topic in enumerate(self.topics) if topic in topics]
        alone = not inside  # no rule of its topics: the closest of all, and only when close
        inside = [n for n in (inside or range(len(self.ids))) if self.ids[n] not in skip]
        if not inside:
            return []
        best = max(inside, key=lambda n: (cosines[n], -n))
        if alone:
            return [self.ids[best]] if cosines[best] >= MIN_ALONE else []
        return [self.ids[best]] if cosines.max() - cosines[best] <= lead else []


def attach_rulings(entries: list[Entry], vectors: np.ndarray | None = None) -> list[Entry]:
    """Set `rules` on every FAQ and open question (existing rule ids, most specific first).

    `vectors` (one row per entry) confirm the numbered rule words chose; without them none is chosen
    by words.
    """
    linker = Linker(entries)
    matcher = RuleMatcher(entries)
    governing = _governing_topics(entries)
    meaning = Meaning(entries, vectors) if vectors is not None else None
    curated = curated_homes()
    for entry in (e for e in entries if e.kind in RULING_KINDS):
        read = curated.get(entry.id)
        if read:
            entry.rules = [r for r in read if r in linker.by_id]
        else:
            entry.rules = _rules_for(entry, linker, matcher, governing, meaning)
    return entries


@cache
def curated_homes() -> dict[str, tuple[str, ...]]:
    """Rulings whose rules were read by hand where words and meaning cannot find them (data/ruling_homes.json)."""
    raw = json.loads(resources.files("ingest").joinpath("data/ruling_homes.json").read_text("utf-8"))
    return {item["id"]: tuple(item["rules"]) for item in raw}


def _governing_topics(entries: list[Entry]) -> dict[str, list[str]]:
    """Each card list page's LRR topic of the same title: "Objectives" -> Objective Cards, "Relics" -> Relics."""
    def key(title: str) -> str:
        return fold_title(re.sub(r"\s+cards?$", "", title, flags=re.I))
    topics: dict[str, list[str]] = {}
    for entry in entries:
        if entry.kind == "topic":
            topics.setdefault(key(entry.title), []).append(entry.id)
    return {e.id: topics[key(e.title)] for e in entries if e.kind == "card" and key(e.title) in topics}


def _rules_for(entry: Entry, linker: Linker, matcher: RuleMatcher, governing: dict[str, list[str]],
               meaning: Meaning | None) -> list[str]:
    """Named rule ids, else the one ability or card it is most about and the one LRR rule its words and meaning agree on."""
    named, _ = linker.rules(entry.text)
    if named:
        return sorted(set(named), key=lambda r: (-len(r), named.index(r)))
    mentions = linker.mentions(_question(entry), {entry.topic}, loose=True)
    sections = _sections(entry, linker, mentions) or _answer_sections(entry, linker)
    # An open question is unanswered: read one by one, the rule its words chose was wrong for 23 of
    # 55, and no check of meaning told them apart. It sits beside a rule only when it names one.
    if entry.kind != "faq" or meaning is None:
        return sections
    # A ruling on a card list page is also about the LRR topic governing those cards.
    topics = list(dict.fromkeys(_topics(entry, linker, mentions) + governing.get(entry.topic, [])))
    rules = matcher.best(entry.text, topics) or matcher.winner(_scored_text(entry, linker), topics)
    near = meaning.nearest(entry)
    rules = [r for r in rules if r in near]
    if sections:
        # Beside a card's ruling, a numbered rule was right for 17 of 28 labelled (see the README), far
        # below the rest; one of the topic the FAQ is filed under stays (PDS II's wormholes, 77.3c).
        rules = [r for r in rules if matcher.topic[r] == entry.topic]
    found = sections + rules
    return found or _closest(entry, linker, matcher, meaning)


def _closest(entry: Entry, linker: Linker, matcher: RuleMatcher, meaning: Meaning) -> list[str]:
    """An FAQ that names nothing: the rule of its topics closest in meaning, if its words agree."""
    topics = set(_topics(entry, linker, linker.mentions(entry.text, {entry.topic}, loose=True)))
    chosen = meaning.closest(entry, topics, skip=matcher.elsewhere(entry.text))
    if topics and chosen and chosen[0] not in matcher.top(entry.text, topics, WORDS_AGREE):
        return []
    return chosen


def _answer_sections(entry: Entry, linker: Linker) -> list[str]:
    """An FAQ whose question names no card: the cards its answer names ("an ability such as Transit Diodes")."""
    answer = ruling_parts(entry.text)[1] if entry.kind == "faq" else ""
    if not answer:
        return []
    found = [m.target for m in linker.mentions(answer, {entry.topic}, loose=True) if m.target.kind == "section"]
    return _own_page_first(found, entry)


def _scored_text(entry: Entry, linker: Linker) -> str:
    """The ruling's heading ("Agendas", "Passing") and text, less the names of cards, abilities and
    factions in them (not "action card").

    Those names weigh heavily and are repeated by the few rules about that card ("Floating Factory"),
    which a question about something else would otherwise reach.
    """
    heading = _heading_tail(entry)  # "Kan Kip Rel (Agent)", not "Factions"
    text, kept, last = f"{heading}.\n{entry.text}", [], 0
    for mention in linker.mentions(text, {entry.topic}, loose=True):
        if mention.target.kind in ("section", "faction"):
            kept.append(text[last:mention.start])
            last = mention.end
    return "".join(kept) + text[last:]


def _question(entry: Entry) -> str:
    """What a ruling asks: an FAQ's question, an open question's whole text."""
    return entry.title if entry.kind == "faq" else entry.text


def _sections(entry: Entry, linker: Linker, mentions: list[Mention]) -> list[str]:
    """Abilities and cards the ruling's question (or its heading) names, its own page's first."""
    question = _question(entry)
    headed = _heading_sections(entry, linker)
    if headed:
        return headed  # "Factions › The Barony of Letnev › Gravleash Maneuvers (Breakthrough)"
    found = []
    after_leader = -1
    for mention in mentions:
        if mention.target.kind == "faction":
            leader = linker.leader(mention.target.ref, question, mention.end)
            if leader:
                found.append(leader)
                after_leader = mention.end
        elif mention.target.kind == "section":
            # not the "flagship" of "the Cabal flagship"
            if after_leader < 0 or question[after_leader:mention.start].strip(" ’'s"):
                found.append(mention.target)
    found += _own_leaders(question, linker, mentions)
    examples = {m.target.ref for m in mentions if _in_example(question, m.start)}
    # "such as Dreadnought II ... count toward Develop Weaponry": the examples are not what it asks about
    found.sort(key=lambda t: t.ref in examples)
    return _own_page_first(found, entry)


_EXAMPLE = re.compile(r"\b(?:such as|e\.g\.|for example|for instance)", re.I)
# A clause ends at these, or at a comma not followed by another name of the list ("such as X, Y and Z").
_CLAUSE_END = re.compile(r"[?;:()!]|\.(?!\S)|,\s*(?!(?:and\b|or\b|the\b)?\s*[“\"‘']?[A-Z])")


def _in_example(text: str, start: int) -> bool:
    """True when a name at `start` is one of the examples a "such as" or "e.g." clause lists."""
    marks = [m.end() for m in _EXAMPLE.finditer(text, 0, start)]
    if not marks:
        return False
    between = text[marks[-1]:start + 1].lstrip(" ,")  # with the name's first letter: "X, Y" goes on
    return not _CLAUSE_END.search(between)


_THEIR = re.compile(r"\b(?:their|its)\s+(?=(?:mech|flagship|hero|agent|commander)\b)", re.I)


def _own_leaders(question: str, linker: Linker, mentions: list[Mention]) -> list:
    """"Can Mahact use their mech ability": the one mech (flagship, leader) of the faction just named."""
    found = []
    for said in _THEIR.finditer(question):
        factions = [m for m in mentions if m.target.kind == "faction" and m.end <= said.start()
                    and not re.search(r"[.?!]", question[m.end:said.start()])]
        leader = factions and linker.leader(factions[-1].target.ref, question, said.end())
        if leader:
            found.append(leader)
    return found


def _heading_tail(entry: Entry) -> str:
    """The last part of a ruling's heading: "Kan Kip Rel (Agent)" of "Factions › … › Kan Kip Rel (Agent)"."""
    return re.split(r"\s+[›:—–-]\s+", entry.section or "")[-1]


def _last_heading(entry: Entry) -> str:
    """The last part of a ruling's heading without its kind: "Kan Kip Rel"."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", _heading_tail(entry))


def _own_page_first(found: list, entry: Entry, most: int = MAX_SECTIONS) -> list[str]:
    """The refs of these targets, those on the ruling's own page first, each once, at most `most`."""
    found = sorted(found, key=lambda t: t.topic != entry.topic)
    return list(dict.fromkeys(t.ref for t in found))[:most]


def _heading_sections(entry: Entry, linker: Linker) -> list[str]:
    """The ability or card the ruling's heading ends with, its own page's first."""
    last = _last_heading(entry)
    named = linker.named(last)
    if any(t.kind == "faction" or t.ref == entry.topic for t in named):
        return []  # "The Winnu" is the faction's page, not the planet card of that name
    found = [t for t in named if t.kind == "section"]
    return _own_page_first(found, entry, 1)


def _topics(entry: Entry, linker: Linker, mentions: list[Mention]) -> list[str]:
    """The rules topics a ruling is homed on or its question names (answers stray to other topics)."""
    found = [entry.topic, *(m.target.topic for m in mentions)]
    return [t for t in dict.fromkeys(found) if (page := linker.pages.get(t)) is not None and page.kind == "topic"]
