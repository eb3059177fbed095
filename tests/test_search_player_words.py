"""Words players type mid-game (initials, short names, slang) find the rule or card they mean."""
from __future__ import annotations

import pytest

from corpus.snippets import plain
from test_search_answers import ids


@pytest.mark.parametrize(("query", "rule"), [("sco", "77.2"), ("scd vs mechs", "77.6"), ("does sco happen before afb", "77.2")])
def test_space_cannon_steps_by_their_initials(mirror_corpus, query, rule):
    assert rule in ids(mirror_corpus.search(query), 3)


@pytest.mark.parametrize(("query", "first"), [("dreds", "cards/units/dreadnought"), ("nra mech", "factions/naaz-rokha"),
                                              ("Dreadnought I", "cards/units/dreadnought"), ("carrier 1", "cards/units/carrier")])
def test_more_short_names_players_type(default_corpus, query, first):
    assert default_corpus.search(query).hits[0].id.startswith(first)


def test_a_unit_that_prints_no_ability_shows_its_values(default_corpus):
    # Dreadnought I's card has values but no ability text: its hit shows the values, not an empty line.
    hit = next(h for h in default_corpus.search("dreadnought capacity").hits if h.id == "cards/units/dreadnought")
    assert plain(hit.snippet) == "Cost 4 · Combat 5 · Move 1 · Capacity 1 · Sustain Damage · Bombardment 5"


def test_a_units_values_are_searched_as_its_text(default_corpus):
    # The values are the card's text: asked how far a dreadnought moves, its own card comes before the
    # L1Z1X Super Dreadnought, whose printed values were the only ones searched.
    assert default_corpus.search("can a dreadnought move 2").hits[0].id == "cards/units/dreadnought"


@pytest.mark.parametrize(("query", "rule"), [
    ("run away from a space fight", "78.4"),  # retreat
    ("can I tank the PDS hits with my dreadnought", "87.4"),  # Sustain Damage
    # "my fleet" is ships, not the fleet pool: the rule that blocks the way comes first.
    ("Can my fleet just fly past a lone enemy destroyer, or does it block the route?", "58.4b"),
])
def test_players_words_for_game_actions(default_corpus, query, rule):
    assert any(i == rule or i.startswith(rule) and i[len(rule)].isalpha() for i in ids(default_corpus.search(query), 3))


def test_knocked_out_of_the_game_reads_as_eliminated(default_corpus):
    # "knocked out" alone is a destroyed ship; out of the game, it is the player.
    hits = default_corpus.search("he lost his last planet, is he knocked out of the game?").hits[:3]
    assert "elimination" in [h.topic for h in hits]


@pytest.mark.parametrize("query", ["cannot beats can", "can vs cannot", "cannot", "what does cannot mean"])
def test_cannot_against_can_finds_the_rule_that_settles_it(default_corpus, query):
    # Both words are stopwords (searched for, they find nothing); said against each other, or "cannot" alone,
    # they ask 1.6.
    assert default_corpus.search(query).hits[0].id == "1.6"


def test_following_a_card_is_its_secondary(default_corpus):
    # "follow" is the table's word for a secondary ability: the Trade card's own rules come first, not
    # the rules of trading (transactions).
    assert default_corpus.search("who can follow trade").hits[0].id.startswith("92.")


def test_inf_beside_planets_is_influence(default_corpus):
    # "inf" is mostly infantry; "low inf planets" is influence, so paying for the custodians token comes up.
    query = "arborec here, only got low inf planets. can i pay the 6 inf for custodians w tg?"
    assert "27.2" in ids(default_corpus.search(query), 3)


@pytest.mark.parametrize("query", ["out of plastic", "plastic limit"])
def test_plastic_is_the_component_limit(default_corpus, query):
    # Players' word for their units as pieces: how many there are, and what to do when none are left.
    assert {"component-limitations", "reinforcements"} & {page for page, _ in default_corpus.search(query).groups[:2]}


def test_trade_w_is_a_transaction(default_corpus):
    # "w" is "with": the two pages that answer lead, in either order (94.2 needs neighbours, 94.6a not).
    groups = [page for page, _ in default_corpus.search("can i trade w someone who isnt my neighbor").groups[:2]]
    assert sorted(groups) == ["neighbors", "transactions"]


@pytest.mark.parametrize(("query", "first"), [
    ("do fighters fight in a ground battle?", "42."),  # a fight or battle is combat; a ground one, ground combat
    ("the pirates took my trade goods, can they do that?", "factions/mentak/pillage"),  # the Mentak by their nickname
    ("how many tokens go on the ship side of my command sheet?", "37."),  # the sheet's ship side is the fleet pool
])
def test_table_talk_for_combat_factions_and_the_sheet(default_corpus, query, first):
    assert default_corpus.search(query).hits[0].id.startswith(first)


def test_turning_a_ship_sideways_is_sustain_damage(default_corpus):
    # A damaged ship is turned on its side: asked of a barrage, its rule (87) joins the barrage's own.
    assert any(i.startswith("87.") for i in ids(default_corpus.search(
        "can I turn my dreadnought sideways to soak a hit from anti-fighter barrage?"), 3))


def test_invading_reads_as_invasion(default_corpus):
    # "invade" and "invasion" stem apart: without the meaning, the planet's space cannon filled the first three.
    hits = default_corpus.search("can I invade a planet that has a PDS on it?").hits[:3]
    assert "invasion" in [h.topic for h in hits]


def test_every_piece_on_the_board_is_the_component_limit(default_corpus):
    # "already on the board" is the table's way of saying the reinforcements are empty (23, component limitations).
    assert default_corpus.search("all my cruisers are on the board already, can I build another one?").hits[0].id.startswith("23.")


@pytest.mark.parametrize(("query", "page"), [
    ("how do i take mcr", "mecatol-rex"),  # Mecatol Rex
    ("does gr give +1 move to fighters", "gravity-rift"),  # a gravity rift
    ("cmdr", "leaders"),  # a commander (no hit at all before)
    ("how many ff can a cv carry", "capacity"),  # fighters, carrier: the bot's unit initials
])
def test_initials_from_the_bots_and_the_forums(default_corpus, query, page):
    pages = list(dict.fromkeys(h.topic for h in default_corpus.search(query).hits))
    assert page in pages[:2]
