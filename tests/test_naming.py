"""Card and ability names are indexed word for word (corpus.masking), so stems do not reach them."""
from __future__ import annotations

from corpus.masking import Masker
from corpus.vocab import stems, understand, vocabulary


def test_a_name_in_text_becomes_its_name_tokens():
    masker = Masker(["Shields Holding"])
    assert masker.mask("Play Shields Holding now.") == "Play shield_0 holding_0 now."


def test_a_name_that_is_a_rules_topic_stays_words():
    masker = Masker(["Sustain Damage", "Shields Holding"], keep=["Sustain Damage"])
    assert masker.mask("Sustain Damage and Shields Holding") == "Sustain Damage and shield_0 holding_0"


def test_lower_case_words_are_not_names():
    assert Masker(["Direct Hit"]).mask("a direct hit on the ship") == "a direct hit on the ship"


def test_name_tokens_are_not_stemmed():
    assert stems("shield_0 holding_0") == ("shield_0", "holding_0")


def test_a_word_matches_a_name_only_as_itself():
    exact = {"holding_0", "shield_0"}
    hold = understand("hold", vocabulary(), exact=exact).concepts
    holding = understand("holding", vocabulary(), exact=exact).concepts
    assert all("holding_0" not in "".join(alt) for c in hold for alt in c.said)
    assert ("hold|holding_0",) in holding[0].said
