"""Technologies that change an invasion before its ground combat: L4 Disruptors and X-89 Bacterial Weapon Ω, exact."""
from __future__ import annotations

import re

import pytest

from corpus.resolve import resolve
from test_resolve_battle import EXACT, side
from test_resolve_invasion import _infantry_against_mech
from test_web_resolver import html, widget

# A lone Infantry I against a lone Infantry I (30% a side): the attacker wins 0.21 of the rounds that change
# something, 0.51 of all rounds.
ONE_ON_ONE = 0.21 / 0.51
# One Infantry I against two: a round where the attacker hits and both defenders miss (0.3 × 0.7²) leads to one
# on one; any defending hit ends it; a round with no hit at all (0.7 × 0.7²) repeats.
ONE_ON_TWO = 0.3 * 0.49 / (1 - 0.7 * 0.49) * ONE_ON_ONE


def invade(attacker: dict, defender: dict) -> dict:
    """Resolve an invasion."""
    return resolve({"ability": "invasion", "attacker": attacker, "defender": defender})


def card_step(answer: dict, card: str) -> dict:
    """The step of a card a side brings."""
    return next(s for s in answer["steps"] if s["title"].startswith(card))


def test_l4_disruptors_keeps_the_pds_space_cannon_defense_off_the_landing():
    # Without the card the PDS I (Space Cannon 6: 50%) fires at the lone infantry first; with it, it does not.
    plain = invade(side(("Infantry I", 1)), side(("Infantry I", 1), ("PDS I", 1)))
    barred = invade(side(("Infantry I", 1), modifiers=["l4_disruptors"]), side(("Infantry I", 1), ("PDS I", 1)))
    assert plain["outcome"]["attacker"] == pytest.approx(0.5 * ONE_ON_ONE, abs=EXACT)
    assert barred["outcome"]["attacker"] == pytest.approx(ONE_ON_ONE, abs=EXACT)
    assert "49.3" in [s["rule"] for s in plain["steps"] if s["title"] == "Space Cannon Defense"]
    assert not [s for s in barred["steps"] if s["title"] == "Space Cannon Defense"]


def test_l4_disruptors_also_silences_a_mechs_space_cannon_defense():
    # Unlike Disable, the card names every unit: the Indomitus (a mech, Space Cannon 8: 30%) does not fire either,
    # so the infantry meets the mech whole.
    answer = invade(side(("Infantry I", 1), modifiers=["l4_disruptors"]), side(("Indomitus", 1), ("PDS I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(_infantry_against_mech(), abs=EXACT)
    step = card_step(answer, "L4 Disruptors")
    assert (step["rule"], step["authority"]) == ("49.3", "card")
    assert "Space Cannon Defense (Indomitus, PDS I) does not fire" in step["text"]


def test_l4_disruptors_on_the_defender_changes_nothing():
    defender = side(("Infantry I", 1), ("PDS I", 1))
    plain = invade(side(("Infantry I", 1)), defender)
    carded = invade(side(("Infantry I", 1)), {**defender, "modifiers": ["l4_disruptors"]})
    assert carded["outcome"] == pytest.approx(plain["outcome"], abs=EXACT)
    assert "no effect" in card_step(carded, "L4 Disruptors")["text"]


def test_x89_destroys_the_other_infantry_once_bombardment_destroys_one():
    # Dreadnought I: 1 bombardment die at 5-10 (60%). A hit destroys 1 of the 2 Infantry I and X-89 the other,
    # so the planet is taken unopposed; a miss leaves one infantry against two.
    attacker = side(("Dreadnought I", 1), ("Infantry I", 1))
    plain = invade(attacker, side(("Infantry I", 2)))
    carded = invade({**attacker, "modifiers": ["x89_bacterial_weapon"]}, side(("Infantry I", 2)))
    assert plain["outcome"]["attacker"] == pytest.approx(0.6 * ONE_ON_ONE + 0.4 * ONE_ON_TWO, abs=EXACT)
    assert carded["outcome"]["attacker"] == pytest.approx(0.6 + 0.4 * ONE_ON_TWO, abs=EXACT)
    assert carded["rounds"][0] == {"round": 0, "p": pytest.approx(0.6, abs=EXACT)}


def test_x89_narrates_its_chance_and_the_infantry_it_destroys():
    # A war sun rolls 3 bombardment dice at 3-10 (80%); the mech cancels the first hit with Sustain Damage, so an
    # infantry is destroyed only on 2 hits or more: 1 - 0.2³ - 3 × 0.8 × 0.2² = 0.896. On exactly 2 hits one Infantry
    # II is left for the card (3 × 0.8² × 0.2 = 0.384), on 3 none.
    answer = invade(side(("War Sun", 1), ("Infantry II", 1), modifiers=["x89_bacterial_weapon"]),
                    side(("Mech", 1), ("Infantry II", 2)))
    step = card_step(answer, "X-89 Bacterial Weapon Ω")
    assert (step["rule"], step["authority"]) == ("15.2", "card")
    assert "Codex I Ω wording" in step["text"] and "P = 89.6%" in step["text"]
    assert "0.384 infantry expected" in step["text"]


def test_x89_needs_an_infantry_destroyed_not_a_hit_cancelled():
    # The one bombardment hit goes to the mech's Sustain Damage, so no infantry is destroyed and the card does
    # nothing: the same odds as without it.
    defender = side(("Mech", 1), ("Infantry I", 1))
    plain = invade(side(("Dreadnought I", 1), ("Infantry II", 2)), defender)
    carded = invade(side(("Dreadnought I", 1), ("Infantry II", 2), modifiers=["x89_bacterial_weapon"]), defender)
    assert carded["outcome"] == pytest.approx(plain["outcome"], abs=EXACT)
    assert "P = 0%" in card_step(carded, "X-89")["text"]


def test_x89_cannot_follow_a_bombardment_planetary_shield_stopped():
    defender = side(("Infantry I", 2), ("PDS I", 1))
    attacker = side(("Dreadnought I", 1), ("Infantry I", 1))
    plain = invade(attacker, defender)
    carded = invade({**attacker, "modifiers": ["x89_bacterial_weapon"]}, defender)
    assert carded["outcome"] == pytest.approx(plain["outcome"], abs=EXACT)
    assert "Planetary Shield stops the Bombardment" in card_step(carded, "X-89")["text"]


def test_both_cards_over_the_api(client):
    # A war sun lifts the PDS I's Planetary Shield (65.3) and bombards with 3 dice at 3-10 (80%): 1 hit destroys an
    # infantry and X-89 the other, 2 or 3 hits both, so the planet is empty unless all three miss (0.2³ = 0.008);
    # then L4 Disruptors keeps the PDS I from firing, and one infantry meets two.
    body = {"ability": "invasion",
            "attacker": {"units": [{"name": "War Sun"}, {"name": "Infantry I"}],
                         "modifiers": ["l4_disruptors", "x89_bacterial_weapon"]},
            "defender": {"units": [{"name": "Infantry I", "count": 2}, {"name": "PDS I"}]}}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 200
    assert response.get_json()["outcome"]["attacker"] == pytest.approx(0.992 + 0.008 * ONE_ON_TWO, abs=EXACT)


def test_the_catalogue_offers_both_cards_for_an_invasion_only(client):
    invasion = client.get("/api/resolve/catalogue?ability=invasion").get_json()["modifiers"]
    space = client.get("/api/resolve/catalogue?ability=space_combat").get_json()["modifiers"]
    cards = {m["key"]: m["card"] for m in invasion}
    assert cards["l4_disruptors"] == "L4 Disruptors (Barony of Letnev)"
    assert cards["x89_bacterial_weapon"] == "X-89 Bacterial Weapon Ω (Codex I, older wording)"
    assert not {m["key"] for m in space} & {"l4_disruptors", "x89_bacterial_weapon"}


def test_the_invasion_page_ticks_the_card_and_shows_its_odds(client):
    path = ("/rules/invasion?ability=invasion&a=Dreadnought+I*1&a=Infantry+I*1&am=x89_bacterial_weapon"
            "&d=Infantry+I*2")
    page = widget(html(client, path))
    expected = f"{(0.6 + 0.4 * ONE_ON_TWO) * 100:.2f}".rstrip("0").rstrip(".") + "%"
    assert f'class="rs-attacker">{expected}<' in page
    assert re.search(r'name="am" value="x89_bacterial_weapon" checked', page)
    assert "X-89 Bacterial Weapon Ω" in page and "P = 60%" in page
