"""Rulings beside the numbered LRR rule they clarify, pinned on real wiki FAQs (checked by reading)."""
import pytest


@pytest.mark.parametrize("faq, rule", [
    ("faq.space-cannon.3a779f", "77.3c"),  # PDS II through wormholes
    ("faq.space-cannon.3a779f", "101.2"),
    ("faq.agendas.cbdfae", "98.6"),  # a repealed victory-point law keeps the point
    ("faq.units-unit-abilities.690ed4", "65.1"),  # Planetary Shield and X-89
    ("faq.the-nekro-virus.0e7d7b", "90.18"),  # Valefar token when its owner is eliminated
    ("faq.the-naaz-rokha-alliance.d0a44d", "20.3a"),  # gaining a token with none in reinforcements
])
def test_faq_sits_beside_the_rule_it_clarifies(default_corpus, faq, rule):
    assert rule in default_corpus.get(faq).rules


def test_card_sections_come_before_the_lrr_rule(default_corpus):
    assert default_corpus.get("faq.units-unit-abilities.690ed4").rules == [
        "cards/technology/x89-bacterial-weapon", "65.1"]


def test_ruling_matching_several_sibling_rules_gets_none(default_corpus):
    # The Trade secondary ruling shares words with 83.3, 83.4, 83.7 and 92.4b alike: no one rule is meant.
    rules = default_corpus.get("faq.strategy-card-trade.ec98e3").rules
    assert not [r for r in rules if r[0].isdigit()]


def test_ruling_torn_between_two_sibling_rules_gets_neither(default_corpus):
    # Jol-Nar's hero replacing a copied technology: 90.18 (elimination) and 90.16 score alike; 90.18 is wrong.
    rules = default_corpus.get("faq.the-nekro-virus.344df2").rules
    assert rules == ["factions/nekro/valefar-assimilator"]


def test_rule_sharing_only_its_title_words_is_not_given(default_corpus):
    # "Each PDS has the Space Cannon ability": the Plasma Scoring ruling shares only its topic's words.
    assert "63.1" not in default_corpus.get("faq.space-cannon.8a97b7").rules
