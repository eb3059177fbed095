"""X-89 Bacterial Weapon ΩΩ (Codex IV, the current card): Bombardment and ground combat hits count twice, each one
cancelled apart by Sustain Damage (87.1); exact odds computed by hand on the catalogue's units."""
from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, resolve
from test_resolve_battle import EXACT, side
from test_resolve_invasion_cards import ONE_ON_TWO, card_step, invade
from test_web_resolver import html, widget

X89 = "x89_bacterial_weapon_omega_omega"
# A lone Infantry I (8: 30%) whose hits count twice against two Infantry I (30% each): a round in which it hits and
# both miss (0.3 × 0.7²) destroys both; any defending hit destroys it; a round with no hit (0.7 × 0.7²) repeats.
DOUBLED_ONE_ON_TWO = 0.3 * 0.49 / (1 - 0.7 * 0.49)
# A lone Infantry I, doubled, against a Mech (6: 50%): a hit is 2 hits, one the mech's Sustain Damage cancels and one
# that destroys it, so it falls to the first hit; the infantry wins the rounds where it hits and the mech misses.
DOUBLED_INFANTRY_MECH = 0.3 * 0.5 / (1 - 0.7 * 0.5)


def test_a_doubled_hit_destroys_two_infantry_in_a_ground_combat():
    plain = resolve({"ability": "ground_combat", "attacker": side(("Infantry I", 1)),
                     "defender": side(("Infantry I", 2))})
    doubled = resolve({"ability": "ground_combat", "attacker": side(("Infantry I", 1), modifiers=[X89]),
                       "defender": side(("Infantry I", 2))})
    assert plain["outcome"]["attacker"] == pytest.approx(ONE_ON_TWO, abs=EXACT)
    assert doubled["outcome"]["attacker"] == pytest.approx(DOUBLED_ONE_ON_TWO, abs=EXACT)
    # The draw: it hits and at least one defender hits too, so both sides are gone.
    assert doubled["outcome"]["draw"] == pytest.approx(0.3 * 0.51 / (1 - 0.7 * 0.49), abs=EXACT)


def test_the_defender_doubles_its_ground_combat_hits_in_an_invasion():
    # No unit bombards, so the invasion is the mirror image of the ground combat above.
    answer = invade(side(("Infantry I", 2)), side(("Infantry I", 1), modifiers=[X89]))
    assert answer["outcome"]["defender"] == pytest.approx(DOUBLED_ONE_ON_TWO, abs=EXACT)
    step = card_step(answer, "X-89 Bacterial Weapon ΩΩ")
    assert (step["rule"], step["authority"]) == ("42.2", "card")
    assert "only the attacker bombards" in step["text"]


def test_a_doubled_bombardment_hit_gets_through_a_mechs_sustain_damage():
    # Dreadnought I bombards with 1 die at 5-10 (60%): a hit is 2 hits, so the mech cancels one with Sustain Damage
    # and the other destroys it (87.1): the planet is taken unopposed. On a miss the infantry, doubled, meets it.
    answer = invade(side(("Dreadnought I", 1), ("Infantry I", 1), modifiers=[X89]), side(("Mech", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(0.6 + 0.4 * DOUBLED_INFANTRY_MECH, abs=EXACT)
    assert answer["rounds"][0] == {"round": 0, "p": pytest.approx(0.6, abs=EXACT)}


def test_non_euclidean_shielding_cancels_both_hits_of_a_doubled_result():
    # The mech's Sustain Damage now cancels 2 hits (87.6): a bombardment hit only damages it, and a doubled combat hit
    # destroys it once damaged. Undamaged, the infantry must hit while the mech misses (0.15 of the 0.65 of rounds
    # that change something) to damage it and go on.
    defender = side(("Mech", 1), modifiers=["non_euclidean_shielding"])
    answer = invade(side(("Dreadnought I", 1), ("Infantry I", 1), modifiers=[X89]), defender)
    expected = 0.6 * DOUBLED_INFANTRY_MECH + 0.4 * DOUBLED_INFANTRY_MECH ** 2
    assert answer["outcome"]["attacker"] == pytest.approx(expected, abs=EXACT)


def test_the_narration_cites_the_card_and_says_the_exhausted_planet_is_not_modelled():
    answer = invade(side(("Dreadnought I", 1), ("Infantry I", 1), modifiers=[X89]), side(("Mech", 1)))
    step = card_step(answer, "X-89 Bacterial Weapon ΩΩ")
    assert (step["rule"], step["authority"]) == ("15.2", "card")
    assert "Double the hits produced by your units' Bombardment and ground combat rolls" in step["text"]
    assert "1.2 hits instead of 0.6 hits" in step["text"]
    assert "exhausts the bombarded planet" in step["text"] and "does not model that" in step["text"]
    assert "(87.1;" in step["text"]
    rolls = next(s for s in answer["steps"] if s["title"] == "Attacker rolls")["text"]
    assert "counts each hit twice: 0.6 hits expected" in rolls


def test_no_bombardment_behind_a_planetary_shield_so_no_planet_exhausted():
    # The PDS I's Planetary Shield stops the dreadnought's Bombardment (15.1f); the ground combat hits still double.
    # PDS I's Space Cannon Defense (6: 50%) fires at the lone infantry first.
    answer = invade(side(("Dreadnought I", 1), ("Infantry I", 1), modifiers=[X89]),
                    side(("Infantry I", 2), ("PDS I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(0.5 * DOUBLED_ONE_ON_TWO, abs=EXACT)
    assert "no planet exhausted" in card_step(answer, "X-89 Bacterial Weapon ΩΩ")["text"]


def test_the_two_printings_cannot_be_brought_together():
    with pytest.raises(ResolveError) as err:
        invade(side(("Dreadnought I", 1), ("Infantry I", 1), modifiers=["x89_bacterial_weapon", X89]),
               side(("Infantry I", 1)))
    assert err.value.field == "attacker.modifiers" and "two printings" in str(err.value)


def test_the_catalogue_offers_it_for_ground_combat_and_invasion_beside_the_older_wording(client):
    def cards(ability):
        return {m["key"]: m for m in client.get(f"/api/resolve/catalogue?ability={ability}").get_json()["modifiers"]}
    assert X89 in cards("ground_combat") and X89 not in cards("space_combat")
    invasion = cards("invasion")
    assert invasion[X89]["card"] == "X-89 Bacterial Weapon ΩΩ (Codex IV, current)"
    assert invasion[X89]["battles"] == ["ground_combat", "invasion"]
    assert invasion["x89_bacterial_weapon"]["card"] == "X-89 Bacterial Weapon Ω (Codex I, older wording)"


def test_over_the_api(client):
    body = {"ability": "invasion",
            "attacker": {"units": [{"name": "Dreadnought I"}, {"name": "Infantry I"}], "modifiers": [X89]},
            "defender": {"units": [{"name": "Mech"}]}}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 200
    assert response.get_json()["outcome"]["attacker"] == pytest.approx(0.6 + 0.4 * DOUBLED_INFANTRY_MECH, abs=EXACT)
    both = {**body, "attacker": {**body["attacker"], "modifiers": ["x89_bacterial_weapon", X89]}}
    refused = client.post("/api/resolve", json=both)
    assert refused.status_code == 400 and refused.get_json()["field"] == "attacker.modifiers"


def test_a_permalink_ticks_the_box_and_shows_the_odds(client):
    page = widget(html(client, f"/rules/ground-combat?ability=ground_combat&a=Infantry+I*1&am={X89}&d=Infantry+I*2"))
    expected = f"{DOUBLED_ONE_ON_TWO * 100:.2f}".rstrip("0").rstrip(".") + "%"
    assert f'class="rs-attacker">{expected}<' in page
    assert f'name="am" value="{X89}" checked' in page
    assert "X-89 Bacterial Weapon ΩΩ (Codex IV, current)" in page
