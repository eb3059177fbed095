"""A numbered LRR rule among the first three hits when a card's text and notes fill them (issue 8).

The questions are real rulings of the wiki FAQ, searched with the ruling itself left out of the
index, as a player asking them for the first time would search.
"""
from __future__ import annotations

import dataclasses

from corpus import search

RELIC = "Can you purge a relic fragment to gain a command token if you have no command tokens in your reinforcements?"
CRUCIBLE = ("Can a ship benefit from the Vuil'raith Cabal promissory note, The Crucible, if it would not be able "
            "to reach a gravity rift on the way to the active system without it?")
NO_SLOT = dataclasses.replace(search.WEIGHTS, lrr_pages=0)


def first_three(corpus, question: str, weights=search.WEIGHTS) -> list[str]:
    """The first three hit ids for a FAQ question, with that FAQ (and its copies) left out."""
    asked = {e.id for e in corpus.entries if e.kind == "faq" and e.text.startswith(f"Q: {question}")}
    assert asked, question  # the ruling is in the corpus: the test leaves it out
    return [h.id for h in corpus.search(question, limit=3, exclude=frozenset(asked), weights=weights).hits]


def test_the_relic_fragment_question_gets_its_command_token_rule(default_corpus):
    hits = first_three(default_corpus, RELIC)
    assert "20.3a" in hits  # with none in their reinforcements, a player cannot gain a command token
    assert hits[0] == "factions/naaz-rokha/fabrication"  # the card's text keeps the first place


def test_without_the_rule_slot_the_notes_keep_the_rule_out(default_corpus):
    assert not [i for i in first_three(default_corpus, RELIC, NO_SLOT) if i.startswith("20.")]


def test_a_movement_question_about_a_card_gets_the_gravity_rift_rule(default_corpus):
    hits = first_three(default_corpus, CRUCIBLE)
    assert [i for i in hits if i.startswith("41.1")]  # 41.1a: a rift lets a ship reach the active system from farther
    assert not [i for i in first_three(default_corpus, CRUCIBLE, NO_SLOT) if i.startswith("41.")]


def test_the_slot_never_pushes_out_a_cards_text(default_corpus):
    with_slot, without = first_three(default_corpus, RELIC), first_three(default_corpus, RELIC, NO_SLOT)
    texts = [i for i in without if default_corpus.by_id[i].kind == "section"]
    assert texts and all(i in with_slot for i in texts)
