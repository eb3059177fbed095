"""corpus.meaning and the rerank's use of it, on small vectors whose cosines are known."""
from __future__ import annotations

import numpy as np

from corpus import meaning, search_rules
from corpus.model import Entry


def _entry(entry_id: str, kind: str, topic: str = "t") -> Entry:
    return Entry(id=entry_id, kind=kind, topic=topic, title=entry_id, text=entry_id)


def _space(*queries: list[float]) -> meaning.Space:
    """Four entries on the unit circle; the n-th text of a pass is encoded as the n-th query (the last for more)."""
    entries = [_entry("t", "topic"), _entry("1.1", "rule"), _entry("1.2", "rule"), _entry("t.note-1", "note")]
    vectors = np.array([[1, 0], [0, 1], [0.6, 0.8], [1, 0]], dtype=np.float32)
    return meaning.Space.of(vectors, entries, lambda texts: [np.array(queries[min(n, len(queries) - 1)], dtype=np.float32)
                                                            for n in range(len(texts))])


def test_closest_rules_are_rules_only_closest_first():
    closeness = _space([0, 1]).closenesses(["anything"])[0]
    assert [rule for _, rule in closeness.closest_rules()] == ["1.1", "1.2"]
    assert closeness.closest_rules()[1][0] == np.float32(0.8)


def test_the_candidates_and_the_lift_share_one_product_with_the_rules(monkeypatch):
    closeness = _space([0, 1]).closenesses(["anything"])[0]
    products = []
    real = meaning.Closeness.cosines
    monkeypatch.setattr(meaning.Closeness, "cosines", lambda self, rows: products.append(len(rows)) or real(self, rows))
    assert closeness.closest_answers(2) == ["1.1", "1.2"]
    assert [rule for _, rule in closeness.closest_rules()] == ["1.1", "1.2"]
    assert products == [3]  # the topic intro and both rules, once


def test_a_query_that_cannot_be_encoded_has_no_closeness():
    space = meaning.Space.of(np.zeros((1, 2), dtype=np.float32), [_entry("t", "topic")], lambda texts: [None for _ in texts])
    assert space.closenesses(["x"])[0] is None


def test_mixing_moves_the_closer_hit_up_and_keeps_the_best_score_scale():
    closeness = _space([0, 1]).closenesses(["q"])[0]
    ranked = [(10.0, {"id": "t.note-1"}), (9.0, {"id": "1.1"})]
    mixed = meaning.mixed(ranked, closeness, 0.5)
    assert [f["id"] for _, f in mixed] == ["1.1", "t.note-1"]
    assert mixed[0][0] == 0.5 * 9.0 + 0.5 * 10.0 * 1.0
    assert meaning.mixed(ranked, closeness, 0.0) == ranked


def test_a_joined_closeness_is_the_closer_of_its_queries():
    up, right = _space([0, 1], [1, 0]).closenesses(["up", "right"])
    both = up.joined(right)
    hits = [{"id": "t"}, {"id": "1.1"}, {"id": "1.2"}, {"id": "some-unit"}, {"id": "t.note-1"}]
    assert up.of_each(hits) == [0.0, 1.0, np.float32(0.8), 0.0, 0.0]
    assert both.of_each(hits) == [1.0, 1.0, np.float32(0.8), 0.0, 1.0]
    assert both.closest_rules() == [(1.0, "1.1"), (np.float32(0.8), "1.2")]
    assert right.closest_rules() == [(np.float32(0.6), "1.2"), (0.0, "1.1")]


def test_a_document_that_is_no_entry_counts_as_unrelated():
    assert _space([0, 1]).closenesses(["q"])[0].of_each([{"id": "some-unit"}, {}]) == [0.0, 0.0]


def test_lift_brings_an_answer_that_was_no_hit_into_the_head():
    ranked = [(5.0, {"id": "a", "kind": "note"}), (4.0, {"id": "b", "kind": "note"}),
              (3.0, {"id": "c", "kind": "note"}), (2.0, {"id": "d", "kind": "faq"})]
    lifted = search_rules.lift(ranked, [{"id": "9.9", "kind": "rule"}], slot=2, count=1)
    assert [f["id"] for _, f in lifted] == ["a", "b", "9.9", "c", "d"]
    assert [s for s, _ in lifted] == sorted((s for s, _ in lifted), reverse=True)
    # The first hit never moves, and a head that holds enough answers is left alone.
    held = [(5.0, {"id": "r", "kind": "rule"}), *ranked[1:]]
    assert search_rules.lift(held, [{"id": "9.9", "kind": "rule"}], slot=2, count=1) == held


def test_an_answer_in_both_pools_is_lifted_once():
    ranked = [(5.0, {"id": "a", "kind": "note"}), (4.0, {"id": "b", "kind": "note"}),
              (3.0, {"id": "c", "kind": "note"}), (2.0, {"id": "9.9", "kind": "rule"}),
              (1.0, {"id": "9.8", "kind": "rule"})]
    pool = meaning.alternate([ranked[3][1], ranked[4][1]], [ranked[3][1]])
    lifted = search_rules.lift(ranked, pool, slot=2, count=2)
    ids = [f["id"] for _, f in lifted]
    assert ids == ["a", "9.9", "9.8", "b", "c"]
    assert len(ids) == len(set(ids))


def test_a_topic_is_as_close_as_the_mean_of_its_intro_and_rules_not_its_notes():
    # t's intro (1, 0) and rules (0, 1), (0.6, 0.8) average to (0.533, 0.6); its note (1, 0) does not count.
    space = _space([0, 1])
    mean = np.array([1.6, 1.8]) / 3
    assert space.topics == ("t",)
    assert abs(space.closenesses(["up"])[0].of_topics()["t"] - mean[1] / np.linalg.norm(mean)) < 1e-6


def test_a_card_page_has_no_topic_closeness():
    entries = [_entry("cards/x", "card", topic="cards/x"), _entry("cards/x/y", "section", topic="cards/x")]
    space = meaning.Space.of(np.eye(2, dtype=np.float32), entries, lambda texts: [np.array([1, 0], dtype=np.float32)])
    assert space.topics == () and space.closenesses(["q"])[0].of_topics() == {}


def test_the_closest_answers_are_rules_and_topic_intros_closest_first():
    # The note (1, 0) is as close to the query as the intro, but is no answer.
    closeness = _space([1, 0]).closenesses(["across"])[0]
    assert closeness.closest_answers(3) == ["t", "1.2", "1.1"]
    assert closeness.closest_answers(1) == ["t"]
