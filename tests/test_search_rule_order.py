"""The rule places of the first three hits chosen again among the ranking's rules (issue 8).

The ranking lifts a rule by the notes of its topic; a rule of another topic, closer to the question
in meaning and words, lacked that evidence and stayed fourth or lower.
"""
from __future__ import annotations

import dataclasses

import pytest

from corpus import search
from corpus.search_rules import reordered

UNWEIGHED = dataclasses.replace(search.WEIGHTS, rule_cos=0.0, rule_words=0.0, rule_score=0.0)


def hit(score: float, ident: str, kind: str = "rule", topic: str = "combat") -> tuple[float, dict]:
    """A made-up hit."""
    return score, {"id": ident, "kind": kind, "topic": topic}


def ids(ranked) -> list[str]:
    """The ids of a ranking, in order."""
    return [f["id"] for _, f in ranked]


def near(cosines: dict[str, float]):
    """Made-up closeness in meaning: hits -> their cosines (0.0 for a hit not listed)."""
    return lambda hits: [cosines.get(f["id"], 0.0) for f in hits]


RANKED = [hit(9.0, "card", "section", "cards"), hit(8.0, "1.1"), hit(7.0, "1.2"), hit(6.0, "1.3"),
          hit(5.0, "note", "note", "combat"), hit(4.0, "2.5", topic="retreat")]


def test_a_closer_rule_takes_the_rule_place_and_the_displaced_rule_follows():
    first = {id(f): 1.0 for _, f in RANKED}
    out = reordered(RANKED, 2, first, near({"2.5": 0.9, "1.1": 0.4, "1.2": 0.3, "1.3": 0.3}), (4.0, 1.0, 0.25))
    assert ids(out)[:4] == ["card", "2.5", "1.1", "1.2"]  # the card's text keeps the first place
    assert [s for s, _ in out] == [s for s, _ in RANKED]  # the scores stay in order, place by place


def test_no_weights_and_rules_of_later_pages_leave_the_ranking_as_it_was():
    first = {id(f): 1.0 for _, f in RANKED}
    closer = near({"2.5": 0.9, "1.1": 0.4, "1.2": 0.3})
    assert reordered(RANKED, 2, first, closer, (0.0, 0.0, 0.0)) == RANKED
    # retreat is the third page: asked for the first two only, its rule may not come up
    assert reordered(RANKED, 2, first, closer, (4.0, 1.0, 0.25), pages=2) == RANKED


@pytest.mark.parametrize("question, rule", [
    ("how many trades may two neighbours make in one turn", "94.1"),  # one transaction with each neighbour
    ("the speaker takes politics: can they keep the speaker token", "66.2i"),  # someone without the token
])
def test_the_answering_rule_of_another_topic_reaches_the_first_three(default_corpus, raw_corpus, question, rule):
    assert rule in [h.id for h in default_corpus.search(question, limit=3).hits]
    # The reorder's own work, on the encoder's vectors: the query adapter alone also brings the rule up.
    assert rule in [h.id for h in raw_corpus.search(question, limit=3).hits]
    assert rule not in [h.id for h in raw_corpus.search(question, limit=3, weights=UNWEIGHED).hits]
