"""The numbered LRR rule a ruling clarifies, by the words it shares with each rule of the topics it links.

BM25 over every numbered rule; only rules of the topics the ruling links to (or is homed on) compete.
A rule is given when the ruling repeats most of the rule's own distinctive words (its coverage);
when more than two rules qualify the ruling is about the topic in general, and none is given.
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict

from corpus.model import Entry
from corpus.names import singular
from corpus.vocab import vocabulary

# Chosen on FAQs outside the labelled sample (see the README): below this share of a rule's own
# weight (title words aside), matches were often wrong; above it about 9 in 10 were right.
MIN_COVER = 0.5
MAX_RULES = 2
MIN_SHARED = 3
K1, B = 1.2, 0.75
_STOP = frozenset("""a an and are as at be been but by can could do does did for from has have if in
into is it its may might must no not of on once only or other player players so such than that the their
them then there these they this those to was were what when where which while who will with would yes
you your q also any each one all same own another more how use used using""".split())
_WORD = re.compile(r"[a-z0-9]+")
_NUMBERED = re.compile(r"\d+\.\d+[a-z]*$")


def terms(text: str) -> list[str]:
    """Content words, lower case, rough singulars, plus the game terms player words stand for."""
    found = [singular(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1]
    for meaning in vocabulary().meanings(text):
        found.extend(singular(w) for w in _WORD.findall(meaning.lower()) if w not in _STOP)
    return found


class RuleMatcher:
    """BM25 over the numbered LRR rules, grouped by topic."""

    def __init__(self, entries: list[Entry]):
        rules = [e for e in entries if e.kind == "rule" and _NUMBERED.match(e.id)
                 and not (e.heading and len(e.text.split()) < 5)]
        self.ids = {e.id for e in entries if e.kind == "rule"}
        self.docs = {e.id: Counter(terms(e.text)) for e in rules}
        self.by_topic: dict[str, list[str]] = defaultdict(list)
        for e in rules:
            self.by_topic[e.topic].append(e.id)
        lengths = [sum(c.values()) for c in self.docs.values()]
        self.avg = sum(lengths) / len(lengths) if lengths else 1.0
        df = Counter(w for c in self.docs.values() for w in c)
        n = len(self.docs)
        self.idf = {w: math.log(1 + (n - k + 0.5) / (k + 0.5)) for w, k in df.items()}
        topic_title = {e.id: set(terms(e.title)) for e in entries if e.kind == "topic"}
        self.titles = {e.id: topic_title.get(e.topic, set()) for e in rules}

    def score(self, query: Counter, rule_id: str) -> float:
        """BM25 of one rule for the query's words (each distinct word once)."""
        doc = self.docs[rule_id]
        size = sum(doc.values())
        total = 0.0
        for word in query:
            tf = doc.get(word, 0)
            if tf:
                total += self.idf[word] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * size / self.avg))
        return total

    def ranked(self, text: str, topics: list[str]) -> list[tuple[float, str]]:
        """(score, rule id) for every rule of these topics, best first."""
        query = Counter(terms(text))
        candidates = [r for t in dict.fromkeys(topics) for r in self.by_topic.get(t, [])]
        return sorted(((self.score(query, r), r) for r in candidates), key=lambda p: (-p[0], p[1]))

    def coverage(self, query: Counter, rule_id: str) -> float:
        """How much of a rule's own BM25 weight the query carries, its topic's title words aside.

        The title words are how the ruling reached the topic; they do not tell its rules apart.
        Fewer than MIN_SHARED other words shared is no evidence at all ("Each PDS has the Space Cannon ability").
        """
        title = self.titles[rule_id]
        own = Counter({w: n for w, n in self.docs[rule_id].items() if w not in title})
        shared = [w for w in query if w in own]
        if len(shared) < MIN_SHARED:
            return 0.0
        return self.score(Counter(shared), rule_id) / (self.score(own, rule_id) or 1.0)

    def best(self, text: str, topics: list[str], min_cover: float = MIN_COVER) -> list[str]:
        """The rules of these topics whose distinctive words the text mostly repeats, best first.

        More than MAX_RULES such rules means the text is about the topic in general: none is given.
        """
        query = Counter(terms(text))
        candidates = [r for t in dict.fromkeys(topics) for r in self.by_topic.get(t, [])]
        covered = sorted(((self.coverage(query, r), r) for r in candidates), key=lambda p: (-p[0], p[1]))
        chosen = [r for c, r in covered if c >= min_cover]
        return chosen if len(chosen) <= MAX_RULES else []
