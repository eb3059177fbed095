"""Meaning: how close a query is to each entry, by sentence vectors, for the rerank.

Words alone miss a question put in other words: by its words, a player's "what does it mean to
refresh your commodities?" went to the Agenda Phase page; by its meaning, to Commodities. Every
entry has a vector from ingest (corpus.embed); the query gets one at search time. The rerank mixes each hit's cosine into its
score (Weights.semantic), and the numbered rules closest in meaning can take turns with the answers
the words found in being lifted into the first places (Weights.answer_cos; off by default since the
refit on 17,116 questions), wherever the words ranked them. A rules topic read as one (the mean of its intro's and rules' vectors) adds its
closeness to each of the topic's hits (Weights.topic_cos). The numbered rules and topic intros
closest to the query join the candidates its words found (search.NEAR), so the rerank can weigh them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable

import numpy as np

Encode = Callable[[list[str]], list]  # texts -> a unit vector for each (None where one cannot be encoded)
POOL = 8  # closest rules looked at for the lift: enough to skip the hits already at the top


@dataclass(frozen=True)
class Space:
    """Every entry's vector and id, and the query encoder: what search knows of a corpus's meaning."""

    vectors: np.ndarray  # (entries, dimensions), rows of length 1, in entry order
    ids: tuple[str, ...]
    encode: Encode
    row: dict[str, int]  # entry id -> its row
    answers: np.ndarray  # rows of the numbered rules and topic intros, in entry order
    answer_vectors: np.ndarray  # their vectors, side by side: the lift and the candidates read only these
    rule_places: np.ndarray  # the places among answers that hold numbered rules
    topics: tuple[str, ...] = ()  # the rules topics, and each one's mean vector (of its intro and rules)
    topic_vectors: np.ndarray | None = None

    @classmethod
    def of(cls, vectors: np.ndarray, entries, encode: Encode) -> "Space":
        """The space of a corpus's entries (vectors in entry order)."""
        ids = tuple(e.id for e in entries)
        answers = np.array([n for n, e in enumerate(entries) if e.kind in ("rule", "topic")], dtype=int)
        places = np.array([j for j, n in enumerate(answers) if entries[n].kind == "rule"], dtype=int)
        topics, topic_vectors = _topic_means(vectors, entries)
        return cls(vectors, ids, encode, {i: n for n, i in enumerate(ids)}, answers,
                   np.ascontiguousarray(vectors[answers]), places, topics, topic_vectors)

    def closenesses(self, texts: list[str]) -> list["Closeness | None"]:
        """Each text's closeness (None where a text cannot be encoded), the texts encoded in one
        pass (it costs less than one each)."""
        return [None if vector is None else Closeness((vector,), self) for vector in self.encode(texts)]


def _topic_means(vectors: np.ndarray, entries) -> tuple[tuple[str, ...], np.ndarray]:
    """Each rules topic's unit-length mean of its intro's and its numbered rules' vectors."""
    topics = tuple(dict.fromkeys(e.topic for e in entries if e.kind == "topic"))
    rows: dict[str, list[int]] = {topic: [] for topic in topics}
    for n, entry in enumerate(entries):
        if entry.kind in ("topic", "rule") and entry.topic in rows:
            rows[entry.topic].append(n)
    if not topics:
        return (), np.zeros((0, vectors.shape[1]))
    means = np.stack([vectors[rows[t]].mean(axis=0) for t in topics])
    return topics, means / np.maximum(np.linalg.norm(means, axis=1, keepdims=True), 1e-12)


@dataclass(frozen=True)
class Closeness:
    """A query's closeness to the entries: for each, the best cosine of the query's vectors.

    Cosines are worked out only for the rows asked for (a search's hits, the numbered rules): a
    product with all the entries' vectors, twice for a question with asking sentences, was work no
    search read.
    """

    queries: tuple[np.ndarray, ...]  # the query's vectors (the whole question; its asking sentences)
    space: Space

    def joined(self, other: "Closeness") -> "Closeness":
        """The closeness by the best of both queries' vectors."""
        return Closeness(self.queries + other.queries, self.space)

    def cosines(self, vectors: np.ndarray) -> np.ndarray:
        """The best cosine of the query's vectors to each of these rows."""
        best = vectors @ self.queries[0]
        for query in self.queries[1:]:
            best = np.maximum(best, vectors @ query)
        return best

    def of_each(self, hits: list[dict]) -> list[float]:
        """The cosine of each hit, in one product (0.0 for a document that is no entry, such as a topic unit)."""
        rows = [self.space.row.get(fields.get("id", ""), -1) for fields in hits]
        found = [row for row in rows if row >= 0]
        cosines = iter(self.cosines(self.space.vectors[found]).tolist() if found else ())
        return [next(cosines) if row >= 0 else 0.0 for row in rows]

    def of_topics(self) -> dict[str, float]:
        """Each rules topic's closeness as a whole (its mean vector's cosine)."""
        if self.space.topic_vectors is None or not len(self.space.topics):
            return {}
        return dict(zip(self.space.topics, self.cosines(self.space.topic_vectors).tolist()))

    @cached_property
    def answer_cosines(self) -> np.ndarray:
        """The best cosine to each numbered rule and topic intro, worked out once per closeness."""
        # The candidates and the lift both read these; without asking sentences both use one closeness.
        return self.cosines(self.space.answer_vectors)

    def closest_answers(self, count: int) -> list[str]:
        """Ids of the `count` numbered rules and topic intros closest in meaning, closest first."""
        if not len(self.space.answers):
            return []
        near = self.answer_cosines
        return [self.space.ids[self.space.answers[j]] for j in np.argsort(-near, kind="stable")[:count]]

    def closest_rules(self) -> list[tuple[float, str]]:
        """(cosine, id) of the numbered rules closest in meaning, closest first (ties in entry order)."""
        places = self.space.rule_places
        if not len(places):
            return []
        near = self.answer_cosines[places]
        best = np.argsort(-near, kind="stable")[:POOL]
        return [(float(near[j]), self.space.ids[self.space.answers[places[j]]]) for j in best]


def mixed(ranked: list[tuple[float, dict]], closeness: Closeness, share: float,
          weigh: Callable[[dict], float] = lambda fields: 1.0) -> list[tuple[float, dict]]:
    """Each hit's score as (1 - share) of itself and share of its cosine (times weigh(hit)),
    scaled to the best hit.

    Scaling by the best score keeps scores comparable between spellings of one query (the
    did-you-mean in corpus.finder compares them).
    """
    if not ranked or share <= 0:
        return ranked
    top = max(score for score, _ in ranked)
    cosines = closeness.of_each([fields for _, fields in ranked])
    out = [((1 - share) * score + share * top * cosine * weigh(fields), fields)
           for (score, fields), cosine in zip(ranked, cosines)]
    out.sort(key=lambda pair: (-pair[0], pair[1].get("order", 0)))
    return out


def answers(ranked: list[tuple[float, dict]], meant: list[tuple[float, dict]], floor: float,
            pages: int) -> list[dict]:
    """The closest rules (meant: (cosine, fields), closest first) at least floor close, on the
    first `pages` pages of the ranking (0: any page; a limit keeps a lifted rule from bringing a new page up)."""
    first = list(dict.fromkeys(fields.get("topic", "") for _, fields in ranked))[:pages or None]
    return [fields for cosine, fields in meant if cosine >= floor and fields.get("topic") in first]


def alternate(words: list[dict], meant: list[dict]) -> list[dict]:
    """One from each list in turn, words first; the longer list's rest after."""
    turns = [fields for pair in zip(words, meant) for fields in pair]
    return turns + words[len(meant):] + meant[len(words):]
