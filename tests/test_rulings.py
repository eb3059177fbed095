"""Rulings beside the numbered LRR rule they clarify, pinned on real wiki FAQs (checked by reading)."""
import json
from collections import Counter
from importlib import resources

import pytest

from ingest.steps.linker import Linker
from ingest.steps.rule_match import RuleMatcher, terms
from ingest.steps.rulings import _governing_topics, _in_example, _scored_text


@pytest.mark.parametrize("faq, rule", [
    ("faq.space-cannon.3a779f", "77.3c"),  # PDS II through wormholes
    ("faq.units-unit-abilities.690ed4", "65.1"),  # Planetary Shield and X-89
    ("faq.the-naaz-rokha-alliance.d0a44d", "20.3a"),  # gaining a token with none in reinforcements
    ("faq.technology.7fb251", "90.12"),  # "researching technology" needs prerequisites: 90.12, not 90.8a
])
def test_faq_sits_beside_the_rule_it_clarifies(default_corpus, faq, rule):
    assert rule in default_corpus.get(faq).rules


@pytest.mark.parametrize("faq, rule", [
    # Words chose these; read by a player they are wrong, and meaning does not put them among the
    # three rules closest to the ruling.
    ("faq.technology.7fb251", "90.3"),  # prerequisites when researching are 90.5/90.12, not 90.3
    ("faq.agendas.4131ff", "6.2"),  # only the Creuss treats those systems as adjacent
    ("faq.the-winnu.bd891a", "79.1"),  # a timing question, not what a space dock produces
])
def test_rule_the_words_chose_but_meaning_does_not_is_not_given(default_corpus, faq, rule):
    assert rule not in default_corpus.get(faq).rules


def test_open_question_gets_no_numbered_rule_by_words(default_corpus):
    # Open questions are unanswered: a rule their words chose was wrong too often (95.1 for a question
    # on the order of move-value modifiers); they keep their card and any rule they name.
    rulings = [e for e in default_corpus.entries if e.kind == "question"]
    assert not [e.id for e in rulings if any(r[0].isdigit() and r not in e.text for r in e.rules)]
    assert "95.1" not in default_corpus.get("question.gravleash-maneuvers-breakthrough.c4fd2b").rules


def test_card_sections_come_before_the_lrr_rule(default_corpus):
    assert default_corpus.get("faq.units-unit-abilities.690ed4").rules == [
        "cards/technology/x89-bacterial-weapon", "65.1"]


def test_ruling_whose_words_match_several_rules_gets_the_one_meant(default_corpus):
    # The Trade secondary ruling shares words with 83.3, 83.4, 83.7 and 92.4b alike, so words choose
    # none; it names no card, and of its topics' rules 92.4a (after the primary) is closest in meaning.
    assert default_corpus.get("faq.strategy-card-trade.ec98e3").rules == ["92.4a"]


def test_ruling_that_names_nothing_gets_its_topics_closest_rule(default_corpus):
    assert default_corpus.get("faq.units-unit-abilities.9ba531").rules == ["58.4b"]  # fighters block movement


def test_topic_rule_is_not_given_when_a_rule_elsewhere_is_clearly_closer(default_corpus):
    # "Must you pay for units another ability produces": of Production's rules 68.1 is closest, but 67.2b
    # (Cost) is closer by more than the lead allowed; the ruling stays on its page, beside no rule.
    assert default_corpus.get("faq.production.58159a").rules == []


def test_ruling_torn_between_two_sibling_rules_gets_neither(default_corpus):
    # Jol-Nar's hero replacing a copied technology: 90.18 (elimination) and 90.16 score alike; 90.18 is wrong.
    rules = default_corpus.get("faq.the-nekro-virus.344df2").rules
    assert rules == ["factions/nekro/valefar-assimilator"]


def test_rule_sharing_only_its_title_words_is_not_given(default_corpus):
    # "Each PDS has the Space Cannon ability": the Plasma Scoring ruling shares only its topic's words.
    assert "63.1" not in default_corpus.get("faq.space-cannon.8a97b7").rules


def test_ruling_naming_one_part_of_a_topic_gets_no_rule_of_another_part(default_corpus):
    # "trigger Space Cannon Offense or be assigned hits": 77.8a (hits on the same planet) shares "assigned
    # hits … units" with it but is Space Cannon Defense's; the ruling stays beside Saar's Floating Factory.
    assert default_corpus.get("faq.space-cannon.6ee16b").rules == ["factions/saar/floating-factory"]


def test_part_a_text_names_sets_aside_the_other_parts_of_its_topic(default_corpus):
    matcher = RuleMatcher(default_corpus.entries)
    outside = matcher.elsewhere("Can a Floating Factory trigger Space Cannon Offense?")
    assert {"77.1", "77.7", "77.8a"} <= outside and not {"77.2", "77.3c", "77.5"} & outside
    assert matcher.elsewhere("Can a Floating Factory be hit by a PDS?") == set()


def test_rider_ruling_sits_beside_the_agenda_phase_rules_read_by_hand(default_corpus):
    # Riders predict an outcome (8.22); a player who cannot vote only casts no votes (8.16). Its words and
    # meaning stay on Action Cards, where they chose 2.6a ("Action" timing): ingest/data/ruling_homes.json.
    assert default_corpus.get("faq.action-cards.ba01c6").rules == ["8.22", "8.16"]


def test_each_ruling_home_read_by_hand_is_in_the_corpus_with_its_reason(default_corpus):
    read = json.loads(resources.files("ingest").joinpath("data/ruling_homes.json").read_text("utf-8"))
    for item in read:
        assert item["why"] and default_corpus.get(item["id"]).rules == item["rules"], item["id"]


def test_sub_rule_that_says_it_precisely_is_chosen_instead_of_its_rule(default_corpus):
    # 10.1c (effects on combat rolls do not affect anti-fighter barrage) is the answer; 10.1 only its step.
    matcher = RuleMatcher(default_corpus.entries)
    text = "Q: Does this relic also work on anti-fighter barrage rolls? A: No, on combat rolls only."
    assert matcher.winner(text, ["anti-fighter-barrage"]) == ["10.1c"]


def test_a_rules_own_text_is_not_read_as_a_players_scene(default_corpus):
    # 14.2's text (a blockader's captured units go home) says the words of a scene players describe:
    # its meanings would join the rule's words, and every new scene would move rulings.
    matcher = RuleMatcher(default_corpus.entries)
    text = default_corpus.get("14.2").text
    assert Counter(terms(text)) != Counter(terms(text, scenes=False))
    assert matcher.docs["14.2"] == Counter(terms(text, scenes=False))


@pytest.mark.parametrize("faq, rules", [
    # Words and meaning chose 41.1 (gravity rift), 10.1c and 90.18 here too: rules of other topics than
    # the one the FAQ is filed under, which beside a card's ruling were right for 15 of 23 labelled.
    ("faq.the-vuil-raith-cabal.013002", ["factions/vuilraith/crucible"]),
    ("faq.exploration.490fac", ["cards/relics/the-crown-of-thalnos"]),
    ("faq.the-nekro-virus.0e7d7b", ["factions/nekro/valefar-assimilator"]),
    # Filed under Space Cannon, the PDS II ruling keeps Space Cannon's 77.3c, not Wormholes' 101.2.
    ("faq.space-cannon.3a779f", ["cards/technology/pds-ii", "77.3c"]),
])
def test_card_ruling_keeps_only_a_rule_of_the_topic_it_is_filed_under(default_corpus, faq, rules):
    assert default_corpus.get(faq).rules == rules


def test_ruling_about_cards_only_gets_no_numbered_rule(default_corpus):
    # Dark Energy Tap after Il Na Viroset: the card names are what rule 33.10f (Mahact's commander after
    # an elimination) shares with it; no LRR rule answers it.
    rules = default_corpus.get("faq.the-mahact-gene-sorcerers.be4e61").rules
    assert not [r for r in rules if r[0].isdigit()]


def test_names_do_not_lead_to_the_rule_about_that_card(default_corpus):
    # "Prototype War Sun I" and "Valefar Assimilator" are also in 90.20; the answer is 90.17's.
    entry, linker = default_corpus.get("faq.the-nekro-virus.179278"), Linker(default_corpus.entries)
    matcher = RuleMatcher(default_corpus.entries)
    assert matcher.winner(_scored_text(entry, linker), ["technology"]) == ["90.17"]


def test_breadcrumb_words_of_a_question_do_not_pick_a_rule(default_corpus):
    # "Factions › The Ral Nel Consortium › Kan Kip Rel (Agent)": the words "Factions" and "agent" are in
    # 51.1 ("Each faction has three leaders; one agent…"), which does not answer how Scheming copies it.
    rules = default_corpus.get("question.kan-kip-rel-agent.80962e").rules
    assert "51.1" not in rules


def test_heading_naming_a_faction_page_is_not_a_card_of_that_name(default_corpus):
    # Under "The Winnu", a question about the Winnu commander: not the planet card called Winnu.
    assert default_corpus.get("faq.the-winnu.4e88ee").rules == ["factions/winnu/rickar-rickani"]


def test_leader_with_omega_versions_gets_the_first_printed(default_corpus):
    # "their hero, Xxekir Grom": three Xxcha heroes carry that name, all on one page.
    rules = default_corpus.get("faq.the-xxcha-kingdom.59ae60").rules
    assert rules[:1] == ["factions/xxcha/xxekir-grom-political-data-nexus"]


def test_name_in_brackets_is_found_though_the_kind_before_it_differs(default_corpus):
    # "gain a technology … (Fires of the Gashlai)": the brackets name Muaat's ability, not a technology.
    assert default_corpus.get("faq.technology.0e3a2d").rules == ["factions/muaat/fires-of-the-gashlai"]


def test_one_word_ability_in_lower_case_counts_beside_its_faction(default_corpus):
    # "Can the L1Z1X use harrow…": the L1Z1X are named, so "harrow" is their ability.
    assert "factions/lizix/harrow" in default_corpus.get("faq.the-l1z1x-mindnet.a45d70").rules


def test_one_word_ability_in_lower_case_without_its_faction_is_a_word(default_corpus):
    # "all three edict cards" of Twilight's Fall's Benediction Phase: not Mahact's Edict.
    assert "factions/mahact/edict" not in default_corpus.get("question.benediction-phase.c46006").rules


def test_their_mech_is_the_mech_of_the_faction_just_named(default_corpus):
    # "Can Mahact use their mech ability on themselves?": Mahact's one mech, Starlancer.
    assert default_corpus.get("faq.the-mahact-gene-sorcerers.b7003a").rules == ["factions/mahact/starlancer"]


def test_answer_names_the_card_when_the_question_names_none(default_corpus):
    # "…removed and placed via an ability such as Transit Diodes": the question names no card.
    assert default_corpus.get("faq.replace-v-remove-and-place.f6026b").rules[:1] == ["cards/technology/transit-diodes"]


def test_heading_naming_its_own_rules_page_is_not_a_card_of_that_name(default_corpus):
    # "Mechanics › Expedition" asks about the Thunder's Edge mechanic, not the exploration card Expedition.
    assert "cards/exploration-cards/expedition" not in default_corpus.get("question.expedition.c41374").rules


def test_heading_naming_another_page_too_still_gives_its_card(default_corpus):
    # "… › The Galactic Council - Mecatol Rex": Mecatol Rex is also a rules page, but not this question's.
    assert default_corpus.get("question.the-galactic-council-mecatol-rex.21d722").rules == [
        "cards/legendary-planets/the-galactic-council-mecatol-rex"]


def test_card_list_page_is_governed_by_the_lrr_topic_of_its_title(default_corpus):
    # A ruling filed under "Objectives" is also read against Objective Cards' rules (61.21a: draw one
    # over the limit of three and return one), a topic its question never names.
    governing = _governing_topics(default_corpus.entries)
    assert governing["cards/objectives"] == ["objective-cards"]
    assert governing["cards/relics"] == ["relics"]


def test_topic_rule_closest_in_meaning_is_not_given_when_the_words_disagree(default_corpus):
    # Keleres and the order of gaining starting technologies: 90.12 is closest in meaning, but of
    # Technology's rules its words match six others better; no rule says it, and none is given
    assert default_corpus.get("faq.the-council-keleres.514d7c").rules == []


def test_ruling_that_names_no_topic_gets_the_closest_rule_only_when_close(default_corpus):
    # On the wiki's general list: "do ships move 'into' systems other than the destination" is close to
    # 58.4b; "end of turn abilities on the turn you pass" is nearest 1.14a (not its answer, 3.3a), less
    # close, and gets none
    assert default_corpus.get("faq.moving-into-systems.0a0a48").rules == ["58.4b"]
    assert default_corpus.get("faq.passing.809463").rules == []


def test_agenda_named_by_its_family_is_that_agenda_not_an_ability(default_corpus):
    # "a Research Team agenda": one of the four "Research Team: …" laws, not the faction ability.
    assert default_corpus.get("faq.agendas.0f136d").rules[0].startswith("cards/agendas/research-team-")


def test_faction_named_before_a_kind_of_its_own_sections_is_the_faction(default_corpus):
    # "the Creuss Promissory note": Creuss is also a planet, but a promissory note is the faction's.
    assert default_corpus.get("faq.the-ghosts-of-creuss.a70ec5").rules == ["factions/creuss/creuss-iff"]


def test_cards_named_as_examples_come_after_the_card_asked_about(default_corpus):
    # "such as Dreadnought II and Exotrireme II, does each count toward Develop Weaponry": the objective.
    assert default_corpus.get("faq.the-nekro-virus.6c5b19").rules == ["cards/objectives/develop-weaponry"]


@pytest.mark.parametrize("text, name, example", [
    ("Can abilities such as Ambush, Dimensional Splicer and Devotion be cancelled?", "Dimensional", True),
    ("Can abilities such as Ambush, Dimensional Splicer and Devotion be cancelled?", "Devotion", True),
    ("Does an effect such as the Bribery card, open a window for Distinguished Councilor?", "Distinguished", False),
    ("How do the heroes interact with tokens (e.g. wormholes, Mirage)?", "Mirage", True),
    ("For example, can you play Refit Troops with no mechs left?", "Refit", True),
    ("Does Shields Holding cancel hits from Ambush?", "Ambush", False),
])
def test_a_name_is_an_example_only_inside_its_clause(text, name, example):
    assert _in_example(text, text.index(name)) is example
