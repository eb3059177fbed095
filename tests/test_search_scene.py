"""A faction said only to set the scene ("We face the Hacan. How many …?") does not pull its page above the rule asked."""
from __future__ import annotations

import pytest

from corpus import search
from corpus.scene import asking, scene_factions

HAND = "We face the Hacan this game and I drew a lot of action cards. How many can I keep at the end of the round?"


def _scene(corpus, text: str) -> frozenset[str]:
    parser = corpus.parser()
    return scene_factions(parser.names, parser.known.vocabulary, text, search.named_in(parser, text))


def test_the_asking_sentences_are_those_that_end_in_a_question_mark():
    assert asking(HAND) == "How many can I keep at the end of the round?"
    assert asking("How many action cards can the Hacan hold?") == ""  # it all asks


@pytest.mark.parametrize(("text", "scene"), [
    (HAND, {"factions/hacan"}),
    ("How many action cards can the Hacan hold?", set()),  # named where it asks
    # The Yin's own ability is named: the question is about the Yin, not only set beside them.
    ("The Yin player used Indoctrination on my last infantry. Do I still control the planet?", set()),
])
def test_which_factions_only_set_the_scene(default_corpus, text, scene):
    assert _scene(default_corpus, text) == scene


def test_a_scene_faction_gives_way_to_the_rule_asked(default_corpus):
    # Said as who the player faces, the Hacan's pages (Arbiters: "… action cards …") came first; now 2.4 does.
    hits = default_corpus.search(HAND).hits
    assert hits[0].id == "2.4"
    assert "factions/hacan" in [h.topic for h in hits]  # still found, further down
