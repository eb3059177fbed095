"""Rulings beside their rule: each FAQ and open question gets the rule(s) or card/ability
section it clarifies, most specific first, in `rules`. Precision over recall: a
ruling beside the wrong rule misleads, so when nothing is clearly meant, none is given.
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict

from corpus.model import Entry
from corpus.names import singular
from ingest.steps.linker import Linker

RULING_KINDS = ("faq", "question")
RULE_KINDS = ("rule", "text")
# How much of a rule's weighted words a ruling must share, and by how much the best
# rule must beat the next, before the ruling is set beside it (chosen by reading
# rulings outside the labelled sample, see the README).
MIN_SCORE = 0.4
MIN_MARGIN = 1.1
MAX_SECTIONS = 3
_STOP = frozenset("""a an and are as at be been but by can could do does did for from has have if in
into is it its may might must no not of on once only or other player players so such than that the their
them then there these they this those to was were what when where which while who will with would yes
you your q also any each one all same own another more""".split())
_WORD = re.compile(r"[a-z0-9]+")


def attach_rulings(entries: list[Entry]) -> list[Entry]:
    """Set `rules` on every FAQ and open question (existing rule ids, most specific first)."""
    linker = Linker(entries)
    rules_on: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.kind in RULE_KINDS:
            rules_on[entry.topic].append(entry)
    idf = _idf([e for group in rules_on.values() for e in group])
    # Cards only the component data has (no rules section, so no notes) do not draw a ruling
    # away from the page it was asked on: "PDS II … Deep Space Cannon" stays beside 77.3c.
    data_only = {e.id for e in entries if e.kind == "section" and e.sources
                 and all(s.name == "asyncti4" for s in e.sources)}
    for entry in entries:
        if entry.kind in RULING_KINDS:
            entry.rules = _rules_for(entry, linker, rules_on, idf, data_only)
    return entries


def _rules_for(entry: Entry, linker: Linker, rules_on, idf, data_only=frozenset()) -> list[str]:
    """Named rule ids, else named abilities/cards, else the one rule of its page it clearly matches."""
    named, _ = linker.rules(entry.text)
    if named:
        return sorted(set(named), key=lambda r: (-len(r), named.index(r)))
    sections = [ref for ref in _sections(entry, linker)
                if ref not in data_only or ref.startswith(entry.topic + "/")]
    if sections:
        return sections
    page = linker.pages.get(entry.topic)
    if page is None or page.kind != "topic":
        return []
    best = _best_rule(entry, rules_on.get(entry.topic, []), idf)
    return [best.id] if best else []


def _sections(entry: Entry, linker: Linker) -> list[str]:
    """Abilities and cards the ruling's question (or its heading) names, its own page's first."""
    question = entry.title if entry.kind == "faq" else entry.text
    home = {entry.topic}
    headed = _heading_sections(entry, linker)
    if headed:
        return headed  # "Factions › The Barony of Letnev › Gravleash Maneuvers (Breakthrough)"
    found = []
    after_leader = -1
    for mention in linker.mentions(question, home, loose=True):
        if mention.target.kind == "faction":
            leader = linker.leader(mention.target.ref, question, mention.end)
            if leader:
                found.append(leader)
                after_leader = mention.end
        elif mention.target.kind == "section":
            # not the "flagship" of "the Cabal flagship"
            if after_leader < 0 or question[after_leader:mention.start].strip(" ’'s"):
                found.append(mention.target)
    found.sort(key=lambda t: t.topic != entry.topic)
    return list(dict.fromkeys(t.ref for t in found))[:MAX_SECTIONS]


def _heading_sections(entry: Entry, linker: Linker) -> list[str]:
    """The ability or card the ruling's heading ends with, its own page's first."""
    last = re.split(r"\s+[›:—–-]\s+", entry.section or "")[-1]
    last = re.sub(r"\s*\([^)]*\)\s*$", "", last)
    found = [t for t in linker.named(last) if t.kind == "section"] if last else []
    found.sort(key=lambda t: t.topic != entry.topic)
    return list(dict.fromkeys(t.ref for t in found))[:1]


def _best_rule(entry: Entry, rules: list[Entry], idf: dict[str, float]) -> Entry | None:
    """The rule whose words the ruling shares most, if it clearly stands out."""
    words = _terms(entry.text)
    # A bare heading ("Ability Movement") says too little to be what a ruling clarifies.
    rules = [r for r in rules if not (r.heading and len(r.text.split()) < 5)]
    scored = sorted(((_score(words, _terms(r.text), idf), r) for r in rules), key=lambda p: -p[0])
    if not scored or scored[0][0] < MIN_SCORE:
        return None
    if len(scored) > 1 and scored[0][0] < MIN_MARGIN * scored[1][0]:
        return None
    return scored[0][1]


def _score(ruling: Counter, rule: Counter, idf: dict[str, float]) -> float:
    """Cosine of idf-weighted word sets: shared weight over both lengths."""
    shared = sum(idf.get(w, 0.0) ** 2 for w in ruling.keys() & rule.keys())
    norm = math.sqrt(sum(idf.get(w, 0.0) ** 2 for w in ruling) * sum(idf.get(w, 0.0) ** 2 for w in rule))
    return shared / norm if norm else 0.0


def _idf(rules: list[Entry]) -> dict[str, float]:
    """Inverse document frequency of each word over all rules."""
    counts = Counter(w for r in rules for w in set(_terms(r.text)))
    total = len(rules) or 1
    return {w: math.log(1 + total / n) for w, n in counts.items()}


def _terms(text: str) -> Counter:
    """Content words, lower case, rough singulars."""
    return Counter(singular(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1)
