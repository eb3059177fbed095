"""The numbered LRR rule a ruling clarifies, by the words it shares with each rule of the topics it links.

BM25 over every numbered rule. Two ways to a rule, both asking for a clear answer:
- coverage (`best`): of the rules of the topics the ruling names (or is homed on), one that the ruling
  repeats most of the rule's own weighted words of. More than two such rules mean the ruling is about
  the topic in general and none is given; two of one topic give their shared parent, the clear winner
  or none.
- clear winner (`winner`): the best-scoring rule of all, when its topic is named or all its title's
  words are in the ruling ("votes during the agenda phase"), it scores high, and it beats every rule
  of another numbered rule by a margin (a ruling that several rules answer alike gets none).
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict

from corpus.model import Entry
from corpus.names import says, singular
from corpus.vocab import vocabulary

# Chosen on FAQs outside the labelled sample (see the README): below this share of a rule's own
# weight (title words aside), matches were often wrong; above it about 9 in 10 were right.
MIN_COVER = 0.5
MAX_RULES = 2
MIN_SHARED = 3
WIN_MARGIN = 1.25
# Chosen on the development labels only (FAQs outside the checked sample): below this BM25 score, or
# within this margin of a rule of another number, the best rule of all was as often wrong as right.
MIN_SCORE = 18.0
MIN_LEAD = 1.1
CHILD_SHARE = 0.9  # a sub-rule this close to its rule's score says the same, more precisely
K1, B = 1.2, 0.75
_STOP = frozenset("""a an and are as at be been but by can could do does did for from has have if in
into is it its may might must no not of on once only or other player players so such than that the their
them then there these they this those to was were what when where which while who will with would yes
you your q also any each one all same own another more how use used using""".split())
_WORD = re.compile(r"[a-z0-9]+")
NUMBERED = re.compile(r"\d+\.\d+[a-z]*$")


def terms(text: str, scenes: bool = True) -> list[str]:
    """Content words, lower case, rough singulars, plus the game terms player words stand for.

    A rule's own text is not a player's scene: without `scenes`, only abbreviations and nicknames count.
    """
    found = [singular(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1]
    for meaning in vocabulary().meanings(text, scenes):
        found.extend(singular(w) for w in _WORD.findall(meaning.lower()) if w not in _STOP)
    return found


class RuleMatcher:
    """BM25 over the numbered LRR rules, grouped by topic."""

    def __init__(self, entries: list[Entry]):
        rules = [e for e in entries if e.kind == "rule" and NUMBERED.match(e.id)
                 and not (e.heading and len(e.text.split()) < 5)]
        self.docs = {e.id: Counter(terms(e.text, scenes=False)) for e in rules}
        self.topic = {e.id: e.topic for e in rules}
        self.by_topic: dict[str, list[str]] = defaultdict(list)
        for e in rules:
            self.by_topic[e.topic].append(e.id)
        lengths = [sum(c.values()) for c in self.docs.values()]
        self.avg = sum(lengths) / len(lengths) if lengths else 1.0
        df = Counter(w for c in self.docs.values() for w in c)
        n = len(self.docs)
        self.idf = {w: math.log(1 + (n - k + 0.5) / (k + 0.5)) for w, k in df.items()}
        # A rule's own words: the title words of its topic aside, as they are how a ruling reached the
        # topic and do not tell its rules apart.
        titles = {e.id: set(terms(e.title, scenes=False)) for e in entries if e.kind == "topic"}
        self.own = {e.id: Counter({w: n for w, n in self.docs[e.id].items() if w not in titles.get(e.topic, ())})
                    for e in rules}
        self.own_score = {r: self.score(own, r) for r, own in self.own.items()}
        self.number = {r: _number(r) for r in self.docs}
        self.titled = {t: words for t, words in titles.items() if words and t in self.by_topic}
        # The LRR splits a few topics into parts under headings ("Space Cannon Offense", "Space Cannon
        # Defense"): a ruling that names a part is not about a rule outside it (another part, or the topic's
        # opening rules), however many words they share.
        part, self.parts = _parts([e for e in entries if e.kind == "rule" and NUMBERED.match(e.id)])
        self.part = {r: head for r, head in part.items() if r in self.docs}
        # Each word's BM25 weight in each rule, so scoring every rule reads only the query's words.
        self.postings: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for rule_id in self.docs:
            for word in self.docs[rule_id]:
                self.postings[word].append((rule_id, self.score(Counter([word]), rule_id)))

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

    def coverage(self, query: Counter, rule_id: str) -> float:
        """How much of a rule's own BM25 weight the query carries (1.0: all of its own words).

        Fewer than MIN_SHARED own words shared is no evidence ("Each PDS has the Space Cannon ability").
        """
        shared = [w for w in query if w in self.own[rule_id]]
        if len(shared) < MIN_SHARED:
            return 0.0
        return self.score(Counter(shared), rule_id) / (self.own_score[rule_id] or 1.0)

    def best(self, text: str, topics: list[str], min_cover: float = MIN_COVER) -> list[str]:
        """The rules of these topics whose distinctive words the text mostly repeats, best first.

        More than MAX_RULES such rules means the text is about the topic in general: none is given.
        """
        query = Counter(terms(text))
        elsewhere = self.elsewhere(text)
        candidates = [r for t in dict.fromkeys(topics) for r in self.by_topic.get(t, []) if r not in elsewhere]
        covered = sorted(((self.coverage(query, r), r) for r in candidates), key=lambda p: (-p[0], p[1]))
        chosen = [(c, r) for c, r in covered if c >= min_cover]
        if len(chosen) > MAX_RULES:
            return []
        if len(chosen) == 2 and self.topic[chosen[0][1]] == self.topic[chosen[1][1]]:
            return self._one_of(chosen)
        return [r for _, r in chosen]

    def top(self, text: str, topics: set[str], most: int) -> list[str]:
        """The `most` rules of these topics the text's words score best (ties in id order)."""
        query = Counter(terms(text))
        candidates = [r for r in self.docs if self.topic[r] in topics]
        return sorted(candidates, key=lambda r: (-self.score(query, r), r))[:most]

    def winner(self, text: str, topics: list[str]) -> list[str]:
        """The one rule of all that clearly scores best, if its topic is named or titled in the text."""
        query = Counter(terms(text))
        scores: dict[str, float] = defaultdict(float)
        for word in query:
            for rule_id, weight in self.postings.get(word, ()):
                scores[rule_id] += weight
        evident = set(topics) | {t for t, words in self.titled.items() if words <= query.keys()}
        elsewhere = self.elsewhere(text)
        first = min((r for r in scores if self.topic[r] in evident and r not in elsewhere),
                    key=lambda r: (-scores[r], r), default=None)
        if first is None or scores[first] < MIN_SCORE:
            return []
        number = self.number[first]
        rival = max((s for r, s in scores.items() if self.number[r] != number), default=0.0)
        return [self._child(first, scores)] if scores[first] >= MIN_LEAD * rival else []

    def elsewhere(self, text: str) -> set[str]:
        """The rules of a topic the text names a part of ("Space Cannon Offense") outside the parts it names."""
        said = _words(text)
        named = {head for head, (_, title) in self.parts.items() if says(said, title)}
        topics = {self.parts[head][0] for head in named}
        return {r for r, head in self.part.items() if self.topic[r] in topics and head not in named}

    @staticmethod
    def _child(rule_id: str, scores: dict[str, float]) -> str:
        """The sub-rule that scores nearly as well as its rule and clearly best of its siblings, else the rule."""
        children = sorted((s, r) for r, s in scores.items() if len(r) > len(rule_id) and _nested(rule_id, r))
        if not children:
            return rule_id
        best, child = children[-1]
        second = children[-2][0] if len(children) > 1 else 0.0
        return child if best >= CHILD_SHARE * scores[rule_id] and best >= WIN_MARGIN * second else rule_id

    def _one_of(self, pair: list[tuple[float, str]]) -> list[str]:
        """Of two rules of one topic: the outer if nested, their numbered parent, a clear winner, or none."""
        (best, first), (second, other) = pair
        if _nested(first, other):
            return [min(first, other, key=len)]
        parent = _parent(first)
        if parent and parent == _parent(other) and parent in self.docs:
            return [parent]
        return [first] if best >= WIN_MARGIN * second else []


def _nested(a: str, b: str) -> bool:
    """One rule id sits under the other (15.1 and 15.1e; not 15.1 and 15.10)."""
    short, long_ = sorted((a, b), key=len)
    return long_.startswith(short) and not long_[len(short)].isdigit()


def _number(rule_id: str) -> str:
    """The numbered rule an id belongs to: 78.4 for 78.4b, 8.2 for 8.2ii."""
    return re.match(r"\d+\.\d+", rule_id).group(0)


def _parent(rule_id: str) -> str | None:
    """The numbered rule a sub-rule sits under (77.3 for 77.3c), None for a numbered rule itself."""
    number = _number(rule_id)
    return number if number != rule_id else None


def _parts(rules: list[Entry]) -> tuple[dict[str, str | None], dict[str, tuple[str, list[str]]]]:
    """Each rule's part (the heading rule it follows in its topic, None before the first heading), and
    each heading's topic and title words."""
    part: dict[str, str | None] = {}
    heads: dict[str, tuple[str, list[str]]] = {}
    last: dict[str, str] = {}
    for rule in sorted(rules, key=lambda e: (e.topic, e.order)):
        if rule.heading:
            heads[rule.id] = (rule.topic, _words(rule.title))
            last[rule.topic] = rule.id
        part[rule.id] = last.get(rule.topic)
    return part, heads


def _words(text: str) -> list[str]:
    """Every word, lower case and roughly singular, stopwords kept: for finding a heading's words in a text."""
    return [singular(w) for w in _WORD.findall(text.lower())]
