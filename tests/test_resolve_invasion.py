"""Ground combat and invasion, exact: Bombardment, Space Cannon Defense, then ground combat rounds."""
from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, resolve
from test_resolve_battle import EXACT, side


def battle(ability: str, attacker: dict, defender: dict) -> dict:
    """Resolve a ground combat or an invasion."""
    return resolve({"ability": ability, "attacker": attacker, "defender": defender})


def test_one_infantry_each():
    # Infantry I hits on 8-10 (30%): the no-hit round (0.49) repeats as a geometric series.
    answer = battle("ground_combat", side(("Infantry I", 1)), side(("Infantry I", 1)))
    assert answer["outcome"] == pytest.approx(
        {"attacker": 0.21 / 0.51, "defender": 0.21 / 0.51, "draw": 0.09 / 0.51, "retreat": 0}, abs=EXACT)
    assert answer["rounds_expected"] == pytest.approx(1 / 0.51, abs=EXACT)


def test_mech_sustains_damage_in_ground_combat():
    # A mech (50%) needs two hits from an Infantry II (40%).
    answer = battle("ground_combat", side(("Mech", 1)), side(("Infantry II", 1)))
    damaged_win = 0.3 / 0.7  # from the damaged state: the mech hits, the infantry misses
    assert answer["outcome"]["attacker"] == pytest.approx((0.5 + 0.2 * damaged_win) / 0.7, abs=EXACT)


def test_ships_do_not_fight_on_the_planet():
    answer = battle("ground_combat", side(("Infantry I", 1), ("War Sun", 1)), side(("Infantry I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(0.21 / 0.51, abs=EXACT)


def test_bombardment_then_ground_combat():
    # Dreadnought bombardment 5 (60%) destroys the only defender, else a 1-v-1 infantry combat.
    answer = battle("invasion", side(("Dreadnought I", 1), ("Infantry I", 1)), side(("Infantry I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(0.6 + 0.4 * 0.21 / 0.51, abs=EXACT)
    assert answer["rounds"][0] == {"round": 0, "p": pytest.approx(0.6)}


def test_planetary_shield_stops_bombardment_but_a_war_sun_lifts_it():
    shielded = battle("invasion", side(("Dreadnought I", 1), ("Infantry I", 1)), side(("Infantry I", 1), ("PDS I", 1)))
    assert any(s["rule"] == "15.1f" for s in shielded["steps"])
    # The PDS also fires Space Cannon Defense at the infantry (50%).
    assert shielded["outcome"]["attacker"] == pytest.approx(0.5 * 0.21 / 0.51, abs=EXACT)
    war_sun = battle("invasion", side(("War Sun", 1), ("Infantry I", 1)), side(("Infantry I", 1), ("PDS I", 1)))
    bombard_misses = 0.2**3  # Bombardment 3 (x3): each die misses on 1-2
    assert war_sun["outcome"]["attacker"] == pytest.approx(0.5 * (1 - bombard_misses + bombard_misses * 0.21 / 0.51),
                                                           abs=EXACT)


def test_arc_secundus_lifts_the_shield_in_an_invasion():
    # Bombardment 5 (x3) on 2 Infantry I, the PDS I's Space Cannon Defense (50%) on 3 Infantry I, then infantry
    # at 30% a side; exact fractions from a hand-written recursion over the same steps.
    answer = battle("invasion", side(("Arc Secundus", 1), ("Infantry I", 3)), side(("Infantry I", 2), ("PDS I", 1)))
    assert answer["outcome"] == pytest.approx({
        "attacker": 189256014509 / 198116125325, "defender": 380100630392 / 10896386892875,
        "draw": 107205464488 / 10896386892875, "retreat": 0}, abs=EXACT)
    lifted = next(s for s in answer["steps"] if s["title"] == "Planetary Shield lost")
    assert lifted["text"].startswith("Arc Secundus")


@pytest.mark.parametrize("ability", ["invasion", "ground_combat"])
def test_a_ground_force_in_an_adjacent_system_does_not_fight(ability):
    # An adjacent Indomitus fires no Space Cannon Defense (77.7d) and is not on the planet: 2 Infantry I against 1.
    defender = {"units": [{"name": "Infantry I"}, {"name": "Indomitus", "adjacent": True}]}
    answer = battle(ability, side(("Infantry I", 2)), defender)
    assert answer["outcome"] == pytest.approx(
        {"attacker": 3233 / 3723, "defender": 343 / 3723, "draw": 49 / 1241, "retreat": 0}, abs=EXACT)
    assert [u["fights"] for u in answer["sides"]["defender"]["units"]] == [True, False]


def test_space_cannon_defense_that_stops_the_landing_keeps_the_planet_for_the_defender():
    # No ground combat is fought, so no draw: the defender keeps the planet (49.5), with or without ground forces.
    alone = battle("invasion", side(("Infantry I", 1)), side(("PDS I", 1)))
    assert alone["outcome"] == pytest.approx({"attacker": 0.5, "defender": 0.5, "draw": 0, "retreat": 0}, abs=EXACT)
    # War sun bombardment (3 dice at 80%) destroys the defending infantry with 0.992; the PDS I still fires (50%).
    bombarded = battle("invasion", side(("War Sun", 1), ("Infantry I", 1)), side(("Infantry I", 1), ("PDS I", 1)))
    fought = 0.008 * 0.5  # both infantry reach the ground combat
    assert bombarded["outcome"] == pytest.approx(
        {"attacker": 0.992 * 0.5 + fought * 0.21 / 0.51, "defender": 0.5 + fought * 0.21 / 0.51,
         "draw": fought * 0.09 / 0.51, "retreat": 0}, abs=EXACT)
    assert bombarded["by_round"][0]["draw"] == 0
    step = next(s for s in bombarded["steps"] if s["rule"] == "49.4")
    assert "defender keeps the planet" in step["text"]


def test_an_undefended_planet_has_no_roll_step_for_the_defender():
    answer = battle("invasion", side(("Infantry I", 1)), side(("Carrier I", 1)))
    assert [s["title"] for s in answer["steps"] if s["title"].endswith(" rolls")] == ["Attacker rolls"]
    assert not any(": ;" in s["text"] for s in answer["steps"])


def test_plasma_scoring_cites_bombardment_for_the_attacker_and_space_cannon_defense_for_the_defender():
    answer = battle("invasion", side(("Dreadnought I", 1), ("Infantry I", 1), modifiers=["plasma_scoring"]),
                    side(("Infantry I", 1), ("PDS I", 1), modifiers=["plasma_scoring"]))
    cited = [s["rule"] for s in answer["steps"] if s["title"] == "Plasma Scoring"]
    assert cited == ["15.1", "77.7"]


def test_mech_cancels_a_space_cannon_defense_hit():
    answer = battle("invasion", side(("Mech", 1)), side(("PDS II", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(1)
    [mech] = answer["survivors"]["attacker"]
    assert (mech["count"], mech["expected"]) == (1, pytest.approx(1))


def test_space_cannon_defense_cites_49_3():
    answer = battle("invasion", side(("Infantry II", 2)), side(("PDS II", 1), ("Infantry I", 1)))
    rules = [s["rule"] for s in answer["steps"]]
    assert rules.index("49.2") < rules.index("49.3") < rules.index("49.4") < rules.index("49.5")


def test_ground_combat_has_no_retreat():
    with pytest.raises(ResolveError) as err:
        resolve({"ability": "ground_combat", "attacker": side(("Infantry I", 1)),
                 "defender": side(("Infantry I", 1)), "retreat": {"side": "attacker", "round": 1}})
    assert err.value.field == "retreat"


def test_a_hel_titan_destroyed_by_bombardment_fires_no_space_cannon_defense():
    # War sun: 3 dice at 80% against a Hel-Titan I (Sustain Damage, so two hits destroy it): 0.896.
    # Otherwise it is damaged (0.096) or intact (0.008), fires Space Cannon 6 (50%) at the lone infantry,
    # and a surviving Infantry II (40%) fights it (40%): 0.375 against a damaged one, 0.140625 against an intact one.
    answer = battle("invasion", side(("War Sun", 1), ("Infantry II", 1)), side(("Hel-Titan I", 1)))
    expected = 0.896 + 0.096 * 0.5 * 0.375 + 0.008 * 0.5 * 0.140625
    assert answer["outcome"]["attacker"] == pytest.approx(expected, abs=EXACT)


def test_disable_lifts_the_pds_planetary_shield():
    # Disable: the PDS loses Planetary Shield and Space Cannon, so the dreadnought bombards (5: 60%) as if no PDS
    # were there, and no Space Cannon Defense is fired; then a 1-v-1 infantry combat (30% a side).
    defender = side(("Infantry I", 1), ("PDS I", 1), modifiers=["no_space_cannon"])
    answer = battle("invasion", side(("Dreadnought I", 1), ("Infantry I", 1)), defender)
    assert answer["outcome"]["attacker"] == pytest.approx(0.6 + 0.4 * 0.21 / 0.51, abs=EXACT)
    assert "15.1f" not in [s["rule"] for s in answer["steps"]]
    lifted = next(s for s in answer["steps"] if s["title"] == "Planetary Shield lost")
    assert "Disable" in lifted["text"]


def test_a_pds_in_an_adjacent_system_does_not_shield_the_planet():
    # Planetary Shield guards the planet its unit is on: a PDS II next door fires no Space Cannon Defense
    # (77.7d) and stops no Bombardment, so this is the same invasion as with no PDS at all.
    defender = {"units": [{"name": "Infantry I", "count": 1}, {"name": "PDS II", "count": 1, "adjacent": True}]}
    answer = battle("invasion", side(("Dreadnought I", 1), ("Infantry I", 1)), defender)
    assert answer["outcome"]["attacker"] == pytest.approx(0.6 + 0.4 * 0.21 / 0.51, abs=EXACT)
    assert "15.1f" not in [s["rule"] for s in answer["steps"]]


def test_disable_leaves_a_mechs_planetary_shield():
    # Only PDS units lose Planetary Shield: the Letani Behemoth (a mech) keeps the planet from being bombarded.
    defender = side(("Letani Behemoth", 1), ("PDS I", 1), modifiers=["no_space_cannon"])
    answer = battle("invasion", side(("Dreadnought I", 1), ("Infantry I", 1)), defender)
    assert "15.1f" in [s["rule"] for s in answer["steps"]]


def _infantry_against_mech() -> float:
    """P(a lone Infantry I, 3 in 10, wins a ground combat against a mech hitting 5 in 10 with Sustain Damage)."""
    damaged = 0.3 * 0.5 / (1 - 0.7 * 0.5)  # the infantry hits while the damaged mech misses, repeats divided out
    return 0.3 * 0.5 * damaged / (1 - 0.7 * 0.5)


def test_disable_leaves_a_mechs_space_cannon_defense():
    # Disable names PDS units only: the Indomitus (a mech, Space Cannon 8: 30%) still fires at the landing
    # infantry; what survives fights the mech. The PDS I fires nothing.
    defender = side(("Indomitus", 1), ("PDS I", 1), modifiers=["no_space_cannon"])
    answer = battle("invasion", side(("Infantry I", 1)), defender)
    assert answer["outcome"]["attacker"] == pytest.approx(0.7 * _infantry_against_mech(), abs=EXACT)
    defense = next(s for s in answer["steps"] if s["rule"] == "49.3")
    assert "1 die hitting on 8-10" in defense["text"]


def test_disable_silences_every_pds_space_cannon_defense():
    defender = side(("Infantry I", 1), ("PDS II", 2), ("Hel-Titan I", 1), modifiers=["no_space_cannon"])
    answer = battle("invasion", side(("Infantry I", 1)), defender)
    assert "49.3" not in [s["rule"] for s in answer["steps"]]
