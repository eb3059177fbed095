"""The rerank's evidence is gathered per unit: a rules topic, or one card or ability of a card page."""
from __future__ import annotations

import pytest

from corpus.search import rerank
from corpus.weights import Weights

# Words alone, no lift: what is left is each hit's own score and the evidence it gathers.
PLAIN = Weights(rule_floor=99.0, lrr_pages=0, semantic=0.0, answer_cos=99.0)


def entry(entry_id: str, kind: str, topic: str, unit: str, order: int) -> dict:
    """Stored fields of one indexed entry, as the rerank reads them."""
    return {"id": entry_id, "kind": kind, "topic": topic, "unit": unit, "order": order, "title": entry_id}


def test_a_card_pages_other_cards_are_no_evidence_for_a_card():
    rule = entry("58.4", "rule", "movement", "movement", 1)
    cards = [entry(f"cards/action-cards/c{i}", "note", "cards/action-cards", f"cards/action-cards/c{i}", 10 + i)
             for i in range(4)]
    found = [(10.0, rule), (9.5, cards[0]), (9.0, cards[1]), (9.0, cards[2]), (9.0, cards[3])]
    order = [f["id"] for _, f in rerank(found, {}, weights=PLAIN)]
    # Four unrelated cards that each share the words do not make one of them the answer
    assert order[0] == "58.4"


@pytest.mark.parametrize(("with_note", "first"), [(True, "cards/action-cards/c0"), (False, "58.4")])
def test_a_cards_own_note_is_evidence_for_it(with_note, first):
    rule = entry("58.4", "rule", "movement", "movement", 1)
    card = entry("cards/action-cards/c0", "section", "cards/action-cards", "cards/action-cards/c0", 10)
    note = entry("cards/action-cards/c0.note-1", "note", "cards/action-cards", "cards/action-cards/c0", 11)
    found = [(7.0, rule), (9.5, card)] + ([(9.0, note)] if with_note else [])
    assert rerank(found, {}, weights=PLAIN)[0][1]["id"] == first
