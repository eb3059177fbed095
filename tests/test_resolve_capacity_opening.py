"""Capacity before a space combat (16.3 and the notes of rule 16): the excess is removed before Space Cannon
Offense, and again before round 1 when Space Cannon Offense destroyed ships with capacity; exact, against hand
recursions."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hand_battles import carrier_and_fighters
from test_resolve_battle import EXACT, side, space

HALF = Fraction(1, 2)  # a PDS I die hits on 6-10


def _graviton(*units, **extra) -> dict:
    """A defender whose Space Cannon Offense hits go to non-fighter ships first (Graviton Laser System)."""
    return side(("PDS I", 1), *units, modifiers=["graviton_laser_system"], **extra)


def _unit(answer: dict, name: str) -> dict:
    return next(u for u in answer["survivors"]["attacker"] if u["name"] == name)


def _mix(*parts: tuple[Fraction, dict]) -> dict[tuple[int, int], Fraction]:
    """Chance-weighted ends of several hand battles: (weight, ends) pairs."""
    out: dict[tuple[int, int], Fraction] = {}
    for weight, ends in parts:
        for key, p in ends.items():
            out[key] = out.get(key, Fraction(0)) + weight * p
    return out


def _outcome(ends: dict[tuple[int, int], Fraction]) -> dict[str, float]:
    """The outcome of hand ends: (0, 0) is a draw, and the chance they leave out is the defender's."""
    wins, draw = sum(p for (f, c), p in ends.items() if f + c), ends.get((0, 0), Fraction(0))
    return {"attacker": float(wins), "defender": float(1 - wins - draw), "draw": float(draw), "retreat": 0}


def _assert_attacker(answer: dict, ends: dict[tuple[int, int], Fraction], removed_before: Fraction) -> None:
    """Outcome and the attacker's fighters against hand ends: fighters beyond 4 a carrier go at the end too."""
    assert answer["outcome"] == pytest.approx(_outcome(ends), abs=EXACT)
    kept = sum(p * min(f, 4 * c) for (f, c), p in ends.items())
    at_end = sum(p * f for (f, _), p in ends.items()) - kept
    fighters = _unit(answer, "Fighter I")
    assert fighters["expected"] == pytest.approx(float(kept), abs=EXACT)
    assert fighters["excess_removed"] == pytest.approx(float(removed_before + at_end), abs=EXACT)


def test_a_carrier_lost_to_space_cannon_offense_takes_its_fighters_out_of_the_combat():
    # Carrier I + 4 Fighter I against a PDS I whose hit takes the carrier (1/2): the 4 fighters are removed before
    # round 1 and the attacker has no ships left to fight. Otherwise its 5 dice (9-10) sink a cruiser that never
    # hits: 1 / (1 - 0.8^5) rounds expected.
    answer = space(side(("Carrier I", 1), ("Fighter I", 4)), _graviton(("Cruiser I", 1), combat_modifier=-10))
    assert answer["outcome"] == pytest.approx({"attacker": 0.5, "defender": 0.5, "draw": 0, "retreat": 0}, abs=EXACT)
    assert answer["rounds_expected"] == pytest.approx(0.5 / (1 - 0.8**5), abs=EXACT)
    fighters = _unit(answer, "Fighter I")
    assert (fighters["expected"], fighters["excess_removed"]) == (pytest.approx(2, abs=EXACT),
                                                                  pytest.approx(0.5 * 4, abs=EXACT))
    [step] = [s for s in answer["steps"] if s["title"] == "Capacity met before space combat"]
    assert step["rule"] == "16.3" and "P(any removed) = 50%, expected removed 2 × Fighter I." in step["text"]


def test_the_fighters_left_follow_how_many_carriers_survive_space_cannon_offense():
    # 2 Carrier I + 5 Fighter I against a Destroyer I and a PDS I whose hit takes a carrier (1/2): then 1 fighter
    # is over the 4 the last carrier holds and goes before round 1, so the combat is 2 carriers + 5 fighters or
    # 1 carrier + 4 fighters against the destroyer.
    answer = space(side(("Carrier I", 2), ("Fighter I", 5)), _graviton(("Destroyer I", 1)))
    ends = _mix((HALF, carrier_and_fighters(5, carriers=2)), (HALF, carrier_and_fighters(4)))
    _assert_attacker(answer, ends, HALF * 1)


def test_a_side_over_capacity_removes_the_excess_before_space_cannon_offense():
    # Carrier I + 6 Fighter I: 2 fighters go first, so the PDS I's hit (1/2) takes one of 4, not of 6.
    answer = space(side(("Carrier I", 1), ("Fighter I", 6)), side(("Destroyer I", 1), ("PDS I", 1)))
    ends = _mix((HALF, carrier_and_fighters(4)), (HALF, carrier_and_fighters(3)))
    _assert_attacker(answer, ends, Fraction(2))
    [step] = [s for s in answer["steps"] if s["title"] == "Over capacity as combat starts"]
    assert step["rule"] == "16.3" and "Removed: 2 × Fighter I." in step["text"]


def test_ground_forces_removed_before_the_combat_stay_removed():
    # 2 Carrier I + 4 Fighter I + 4 Infantry II, the infantry first to go (16.3a): a carrier lost to Space Cannon
    # Offense (1/2) takes the infantry out at once, so none is back when fighters die and room frees up.
    attacker = side(("Carrier I", 2), ("Fighter I", 4), ("Infantry II", 4), order=["Infantry II"])
    answer = space(attacker, _graviton(("Destroyer I", 1)))
    both = carrier_and_fighters(4, carriers=2)
    # With both carriers, the infantry kept at the end is what 4 per carrier holds beside the fighters left.
    kept = HALF * sum(p * (4 - min(4, max(0, f + 4 - 4 * c))) for (f, c), p in both.items())
    infantry = _unit(answer, "Infantry II")
    assert infantry["expected"] == pytest.approx(float(kept), abs=EXACT)
    assert infantry["excess_removed"] == pytest.approx(float(4 - kept), abs=EXACT)
    assert answer["outcome"] == pytest.approx(_outcome(_mix((HALF, both), (HALF, carrier_and_fighters(4)))),
                                              abs=EXACT)


def test_a_side_left_without_ships_before_combat_gets_no_rounds_told():
    # Two Fighter I with no carrier or dock are removed before combat (16.3): no barrage, no roll is narrated.
    answer = space(side(("Fighter I", 2)), side(("Destroyer I", 1)))
    rules = [step["rule"] for step in answer["steps"]]
    assert "78.3" not in rules and "78.8" not in rules and rules[-1] == "78.10"
    assert "there is no space combat" in next(s["text"] for s in answer["steps"] if s["rule"] == "16.3")
    assert answer["outcome"]["defender"] == 1.0 and answer["rounds_expected"] == 0
