"""One linker at ingest, on the default corpus: same-titled pages told apart by context."""
from __future__ import annotations

import re
from pathlib import Path

import webapp

REF = re.compile(r'data-ref="([^"]+)"')


def test_technology_strategy_card_links_to_the_strategy_card(default_corpus):
    for rule_id in ("91.1", "91.2", "91.3"):
        assert REF.findall(default_corpus.get(rule_id).html)[:3].count("technology-sc") == 1, rule_id
        assert "technology" not in REF.findall(default_corpus.get(rule_id).html)


def test_a_strategy_card_named_with_its_initiative_links_to_the_card(default_corpus):
    # "the Trade (5) player's turn ... then the Technology (7) player": only Technology shares a title.
    refs = REF.findall(default_corpus.get("abilities.note-4").html)
    assert "technology-sc" in refs and "technology" not in refs and "trade" in refs


def test_technology_faqs_are_not_about_the_strategy_card(default_corpus):
    faqs = [e for e in default_corpus.entries if e.kind == "faq" and e.section == "Technology"]
    assert len(faqs) >= 6
    assert not any("technology-sc" in f.refs for f in faqs)


def test_an_agenda_faq_does_not_link_a_faction_ability_of_the_same_name(default_corpus):
    faq = next(e for e in default_corpus.entries if e.kind == "faq" and "Research Team" in e.text)
    assert not any(r.startswith("factions/") for r in faq.refs)


def test_faq_linking_ignores_case_and_inflection(default_corpus):
    faq = next(e for e in default_corpus.entries if e.kind == "faq" and e.title.startswith("Can PDS II fire through"))
    assert "wormholes" in faq.refs


def test_a_faqs_question_links_the_rule_and_the_unit_it_names(default_corpus):
    faq = default_corpus.get("faq.the-titans-of-ul.4ab98f")
    assert 'data-ref="63.3">63.3</a>' in faq.title_html and 'data-ref="factions/ul/heltitan"' in faq.title_html


def test_the_web_app_has_no_linker_of_its_own():
    folder = Path(webapp.__file__).parent
    sources = "".join(p.read_text() for p in folder.glob("*.py"))
    assert not (folder / "crosslink.py").exists() and not (folder / "names.py").exists()
    assert "RULE_ID" not in sources and "Linker" not in sources


def test_an_agenda_faq_names_the_agenda_not_the_relic_of_the_same_name(default_corpus):
    faq = next(e for e in default_corpus.entries if e.kind == "faq" and "Holy Planet of Ixth" in e.title)
    assert "cards/agendas/shard-of-the-throne" in faq.refs + faq.rules
    assert not [r for r in faq.refs + faq.rules if r.startswith("cards/relics/")]


def test_a_codex_printing_written_omega_links_to_that_printing(default_corpus):
    # "Z’eu Omega" in prose is the card printed "Z’eu Ω", not the first printing
    faq = default_corpus.get("faq.the-naalu-collective.8c50df")
    assert "factions/naalu/zeu-2" in faq.rules and "factions/naalu/zeu" not in faq.rules


def test_a_unit_upgrade_written_with_a_2_is_the_upgrade(default_corpus):
    # "Infantry 2": the technology Infantry II, where "Space Cannon 5" drops its value
    assert default_corpus.get("faq.technology.84d4ba").rules[:1] == ["cards/technology/infantry-ii"]


def test_of_two_units_folding_alike_the_games_own_is_linked(default_corpus):
    # Saar's "Floating Factories" in the FAQ are its space docks, the unit Floating Factory; the unit
    # "Floating Factories" of the same page is Twilight's Fall's, a name's last choice
    rules = default_corpus.get("faq.space-cannon.6ee16b").rules
    assert "factions/saar/floating-factory" in rules and "factions/saar/floating-factories" not in rules
    assert "factions/saar/floating-factory" in REF.findall(default_corpus.get("85.1a").html)
