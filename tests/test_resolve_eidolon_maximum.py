"""Eidolon Maximum's card, against a hand recursion: a ship and a ground force, no hits from unit abilities, repaired
at the start of every combat round."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import resolve
from hand_battles import lone_sustainer
from test_resolve_battle import EXACT, docked, side, space


def _eidolon_against(enemies: int, hit: Fraction, repairs: bool = True) -> dict[str, float]:
    """Outcome of Eidolon Maximum (4 dice on 4-10, Sustain Damage) against one-die units hitting with chance `hit`."""
    attacker, defender, draw = lone_sustainer(4, Fraction(7, 10), enemies, hit, repairs)
    return {"attacker": float(attacker), "defender": float(defender), "draw": float(draw), "retreat": 0}


def test_eidolon_maximum_fights_a_space_combat_and_is_repaired_each_round():
    # Cruiser II hits on 6-10; the data makes it a ground force, its card a ship too.
    answer = space(side(("Eidolon Maximum", 1)), side(("Cruiser II", 6)))
    assert answer["outcome"] == pytest.approx(_eidolon_against(6, Fraction(1, 2)), abs=EXACT)
    assert abs(_eidolon_against(6, Fraction(1, 2), repairs=False)["attacker"] - answer["outcome"]["attacker"]) > 1e-3
    step = next(s for s in answer["steps"] if s["title"] == "Repaired each round")
    assert "Repair it at the start of every combat round" in step["text"] and step["authority"] == "card"


def test_space_cannon_offense_cannot_be_assigned_to_eidolon_maximum():
    # Two PDS II fire at it before combat; the hits are lost, so the combat is the one without them.
    answer = space(side(("Eidolon Maximum", 1)), side(("Cruiser II", 6), ("PDS II", 2)))
    assert answer["outcome"] == pytest.approx(_eidolon_against(6, Fraction(1, 2)), abs=EXACT)
    assert "87.4a" in [s["rule"] for s in answer["steps"]]


def test_space_cannon_hits_go_to_the_other_ships():
    # A PDS I (5 in 10) against Eidolon Maximum and a Fighter I: a hit takes the fighter, although Sustain Damage
    # would cancel it first on any other ship. Round 0 is the state after Space Cannon Offense.
    answer = space(docked(("Eidolon Maximum", 1), ("Fighter I", 1)), side(("Cruiser II", 6), ("PDS I", 1)))
    assert answer["by_round"][0]["attacker_units"] == pytest.approx(1.5, abs=EXACT)


def test_eidolon_maximum_fights_a_ground_combat_and_is_repaired_each_round():
    answer = resolve({"ability": "ground_combat", "attacker": side(("Eidolon Maximum", 1)),
                      "defender": side(("Infantry II", 5))})
    assert answer["outcome"] == pytest.approx(_eidolon_against(5, Fraction(4, 10)), abs=EXACT)
    assert "Repaired each round" in [s["title"] for s in answer["steps"]]


def test_space_cannon_defense_cannot_be_assigned_to_a_landing_eidolon_maximum():
    answer = resolve({"ability": "invasion", "attacker": side(("Eidolon Maximum", 1)),
                      "defender": side(("Infantry II", 5), ("PDS II", 2))})
    assert answer["outcome"] == pytest.approx(_eidolon_against(5, Fraction(4, 10)), abs=EXACT)


def test_bombardment_cannot_be_assigned_to_a_defending_eidolon_maximum():
    # A war sun's 3 dice find no unit they may hit; then Infantry II (4 in 10) lands against it.
    answer = resolve({"ability": "invasion", "attacker": side(("War Sun", 1), ("Infantry II", 5)),
                      "defender": side(("Eidolon Maximum", 1))})
    swapped = _eidolon_against(5, Fraction(4, 10))
    assert (answer["outcome"]["attacker"], answer["outcome"]["defender"]) == (
        pytest.approx(swapped["defender"], abs=EXACT), pytest.approx(swapped["attacker"], abs=EXACT))
