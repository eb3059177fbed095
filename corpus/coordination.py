"""The first stage's sum (corpus.search): each concept's BM25F scores added up per entry or per
unit, times the share of the query's concepts it matches, over numpy rows cached per concept.

Summing a long question's twenty-odd concepts as Python dicts was the costliest step of a search.
numpy adds the same float64 scores in the same order (concept by concept), so every score is the
same to the last bit as the dicts gave.
"""
from __future__ import annotations

import threading
import weakref

import numpy as np

from corpus.index import TermScores
from corpus.vocab import Concept

COORD = 2.0  # score x (share of the query's concepts matched) ** COORD
MEANING_WEIGHT = 1.0  # game terms the player's words stand for, against the words themselves
RULE_SCORE = 8.0  # a rule number quoted in a question, on that rule and its sub-rules and notes
MAX_ROWS = 4096  # concepts cached per index; a full cache starts over, as TermScores' does

Row = tuple[np.ndarray, np.ndarray]  # positions (entry numbers, or unit positions) and their scores


class Rows:
    """One index's concept scores as sparse numpy rows, for entries and for units."""

    def __init__(self, scores: TermScores):
        # No reference to scores itself: rows_of maps scores to its rows weakly, and a value that
        # held its key would keep every replaced corpus version's scores alive.
        self.count = scores.count
        self.units = tuple(dict.fromkeys(u for u in scores.units if u))
        self.unit_at = {unit: n for n, unit in enumerate(self.units)}
        topic_of = dict(zip(scores.units, scores.topics))
        self.topics = tuple(dict.fromkeys(topic_of[unit] for unit in self.units))
        at = {topic: n for n, topic in enumerate(self.topics)}
        self.topic_at = np.array([at[topic_of[unit]] for unit in self.units], dtype=np.intp)  # unit -> its topic
        self._cache: dict[tuple, Row] = {}
        self._lock = threading.Lock()

    def size(self, units: frozenset[int] | None) -> int:
        """How many positions a row has: entries, or units."""
        return self.count if units is None else len(self.units)

    def row(self, concept: Concept, searcher, scores: TermScores, units: frozenset[int] | None) -> Row:
        """A concept's row, cached unless it leaves docs out (leave-one-out, as TermScores does)."""
        key = (concept, units is None)
        found = self._cache.get(key) if not units else None
        if found is None:
            found = self._concept(concept, searcher, scores, units)
            if not units:
                with self._lock:
                    if len(self._cache) >= MAX_ROWS:
                        self._cache.clear()
                    self._cache[key] = found
        return found

    def _concept(self, concept: Concept, searcher, scores: TermScores, units: frozenset[int] | None) -> Row:
        """A concept's best alternative at each position, meanings weighted."""
        parts = [(_alternative(a, searcher, scores, units), concept.weight) for a in concept.said]
        parts += [(_alternative(a, searcher, scores, units), concept.weight * MEANING_WEIGHT)
                  for a in concept.means]
        parts += [(_rule(r, searcher, scores, units), 1.0) for r in concept.rules]
        if len(parts) == 1 and parts[0][1] == 1.0:
            return self._sparse(parts[0][0], units)  # the common case: one plain word as it is
        best = np.zeros(self.size(units))
        for part, weight in parts:
            where, values = self._sparse(part, units)
            best[where] = np.maximum(best[where], values * weight)  # a part names each position once
        where = np.flatnonzero(best)
        return where, best[where]

    def _sparse(self, part: dict, units: frozenset[int] | None) -> Row:
        """A dict of scores (entry number or unit name -> score) as a row."""
        keys = part.keys() if units is None else [self.unit_at[unit] for unit in part]
        return (np.fromiter(keys, dtype=np.intp, count=len(part)),
                np.fromiter(part.values(), dtype=np.float64, count=len(part)))


_ROWS: "weakref.WeakKeyDictionary[TermScores, Rows]" = weakref.WeakKeyDictionary()


def rows_of(scores: TermScores) -> Rows:
    """The rows of one index's scores (made on first use; two threads racing make equal ones)."""
    found = _ROWS.get(scores)
    if found is None:
        found = _ROWS[scores] = Rows(scores)
    return found


def coordinated(concepts: list[Concept], searcher, scores: TermScores,
                units: frozenset[int] | None = None, asked: int = 0) -> np.ndarray:
    """Summed concept scores times (share of concepts matched) ** COORD; phrases required if found.

    One score per entry, or (units given: the docs to leave out, often none) per unit of
    rows_of(scores).units; 0.0 where nothing matched. asked is how many concepts the query had,
    counting words no entry has (default: those scored).
    """
    rows = rows_of(scores)
    size = rows.size(units)
    total = np.zeros(size)
    matched = np.zeros(size, dtype=np.intp)
    required: np.ndarray | None = None
    for concept in concepts:
        where, values = rows.row(concept, searcher, scores, units)
        total[where] += values
        matched[where] += 1
        if concept.required and len(where):
            found = np.zeros(size, dtype=bool)
            found[where] = True
            required = found if required is None else required & found
    asked = max(asked, len(concepts), 1)
    share = np.array([(m / asked) ** COORD for m in range(len(concepts) + 1)])
    out = total * share[matched]
    if required is not None:
        out[~required] = 0.0
    return out


def by_unit(rows: Rows, unit_scores: np.ndarray) -> dict[str, float]:
    """Unit name -> score, for the units a query matched."""
    where = np.flatnonzero(unit_scores)
    return dict(zip([rows.units[n] for n in where.tolist()], unit_scores[where].tolist()))


def by_topic(rows: Rows, unit_scores: np.ndarray) -> dict[str, float]:
    """Topic -> its best unit's score, for the topics a query matched."""
    where = np.flatnonzero(unit_scores)
    topics = rows.topic_at[where]
    best = np.zeros(len(rows.topics))
    np.maximum.at(best, topics, unit_scores[where])
    matched = np.unique(topics).tolist()
    return dict(zip([rows.topics[t] for t in matched], best[matched].tolist()))


def _alternative(stems_: tuple[str, ...], searcher, scores: TermScores, units: frozenset[int] | None) -> dict:
    """Scores of one term or phrase, per entry, or per unit (leaving out the docs in units)."""
    if len(stems_) == 1:
        if units is None:
            return scores.term(searcher.reader(), stems_[0])
        return scores.unit_term(searcher.reader(), stems_[0], units)
    return scores.phrase(searcher, stems_) if units is None else scores.unit_phrase(searcher, stems_, units)


def _rule(rule: str, searcher, scores: TermScores, units: frozenset[int] | None) -> dict:
    """Entries under a quoted rule number, or their units."""
    found = scores.keyword(searcher.reader(), "rule", rule, RULE_SCORE)
    if units is None:
        return found
    return {scores.units[d]: RULE_SCORE for d in found if scores.units[d] and d not in units}
