"""Capacity in a space combat (16): ground forces in the space area need room on the ships as fighters do."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve.steps import num
from hand_battles import binomial, carrier_and_fighters
from test_resolve_battle import EXACT, side, space


def idle() -> dict:
    """A cruiser that never hits and carries nothing."""
    return side(("Cruiser I", 1), combat_modifier=-10)


def _unit(answer: dict, role: str, name: str) -> dict:
    return next(u for u in answer["survivors"][role] if u["name"] == name)


def test_ground_forces_in_the_space_area_are_removed_with_the_ship_that_carried_them():
    # Carrier I (capacity 4) with a Fighter I and 3 Infantry II against a Destroyer I: as the combat ends, the
    # infantry stay if the carrier is alive and are removed if it is not (16.3c).
    ends = carrier_and_fighters(1)
    carried = float(sum(p for (_, c), p in ends.items() if c))
    answer = space(side(("Carrier I", 1), ("Fighter I", 1), ("Infantry II", 3)), side(("Destroyer I", 1)))
    infantry = _unit(answer, "attacker", "Infantry II")
    assert (infantry["count"], infantry["expected"]) == (3, pytest.approx(3 * carried, abs=EXACT))
    assert infantry["excess_removed"] == pytest.approx(3 * (1 - carried), abs=EXACT)
    assert "× Infantry II" in next(s for s in answer["steps"] if s["rule"] == "16.3c")["text"]


@pytest.mark.parametrize("order, fighters, infantry", [
    (None, 2, 2),  # the destroy order puts fighters first, so a fighter goes and the ground forces stay
    (["Infantry II"], 3, 1),  # the player names the infantry first (16.3a)
])
def test_the_first_in_the_destroy_order_is_removed_first(order, fighters, infantry):
    # 3 Fighter I and 2 Infantry II with capacity 4, against a ship that never hits: one unit is removed before
    # Space Cannon Offense (16.3 and its notes).
    attacker = side(("Carrier I", 1), ("Fighter I", 3), ("Infantry II", 2), **({"order": order} if order else {}))
    answer = space(attacker, idle())
    assert _unit(answer, "attacker", "Fighter I")["expected"] == pytest.approx(fighters, abs=EXACT)
    assert _unit(answer, "attacker", "Infantry II")["expected"] == pytest.approx(infantry, abs=EXACT)


def test_a_space_area_over_capacity_as_combat_starts_gets_a_step():
    answer = space(side(("Carrier I", 1), ("Fighter I", 3), ("Infantry II", 2)), idle())
    [step] = [s for s in answer["steps"] if s["rule"] == "16.3"]
    assert "capacity is 4" in step["text"] and "Removed: 1 × Fighter I." in step["text"]
    within = space(side(("Carrier I", 1), ("Fighter I", 2), ("Infantry II", 2)), idle())
    assert "16.3" not in [s["rule"] for s in within["steps"]]


def test_a_space_dock_keeps_fighters_not_ground_forces():
    # Space Dock I keeps 3 fighters out of capacity; the 4 infantry fill the carrier: nothing is removed.
    answer = space(idle(), side(("Space Dock I", 1), ("Carrier I", 1), ("Fighter I", 3), ("Infantry II", 4)))
    assert "16.3" not in [s["rule"] for s in answer["steps"]]
    assert _unit(answer, "defender", "Infantry II")["expected"] == pytest.approx(4, abs=EXACT)
    over = space(idle(), side(("Space Dock I", 1), ("Carrier I", 1), ("Fighter I", 3), ("Infantry II", 5)))
    assert "16.3" in [s["rule"] for s in over["steps"]]


def test_a_retreat_carries_ground_forces_before_fighters():
    # The defender retreats at the end of round 1 unless its 4 dice (9-10) destroy the idle cruiser first (0.8^4
    # that they do not). Its carrier takes 4 of 3 Fighter I and 4 Infantry II: the fighters, first in the destroy
    # order, stay behind and are removed; after a win, the space dock keeps the fighters.
    answer = space(idle(), side(("Space Dock I", 1), ("Carrier I", 1), ("Fighter I", 3), ("Infantry II", 4)),
                   retreat={"side": "defender", "round": 1})
    retreat = 0.8**4
    assert answer["outcome"]["retreat"] == pytest.approx(retreat, abs=EXACT)
    assert _unit(answer, "defender", "Fighter I")["expected"] == pytest.approx(3 * (1 - retreat), abs=EXACT)
    assert _unit(answer, "defender", "Infantry II")["expected"] == pytest.approx(4, abs=EXACT)


def _left_behind_in_round_two() -> Fraction:
    """Expected Fighter I a Cruiser II (capacity 1) leaves behind when it retreats at the end of round 2 with 3 of
    them (kept in the system by a space dock) against a Cruiser I, by hand. Each round the Cruiser I (40%) takes a
    fighter; if any of the defender's dice hits (cruiser 50%, each fighter 20%), the attacker is gone and the
    defender wins, keeping its fighters (the dock's room for 3)."""
    hit, expected = Fraction(4, 10), Fraction(0)
    for a, pa in enumerate(binomial(1, hit)):
        for b, pb in enumerate(binomial(1, hit)):
            # Both rounds fought with the defender missing every die: 3 fighters in round 1, 3 - a in round 2.
            misses = Fraction(1, 2) * Fraction(8, 10) ** 3 * Fraction(1, 2) * Fraction(8, 10) ** (3 - a)
            expected += pa * pb * misses * max(0, 3 - a - b - 1)
    return expected


@pytest.mark.parametrize("defender, retreat_round, left", [
    # The cruiser carries 1 fighter; the ones beyond stay behind with no ship and are removed (78.7b, 16.3).
    ((("Cruiser II", 1), ("Fighter I", 3)), 2, _left_behind_in_round_two()),
    # Nothing can carry the lone fighter: both miss (0.6 * 0.8) and it is removed as its side retreats.
    ((("Fighter I", 1),), 1, Fraction(6, 10) * Fraction(8, 10)),
])
def test_fighters_a_retreat_leaves_behind_count_as_removed(defender, retreat_round, left):
    answer = space(side(("Cruiser I", 1)), side(("Space Dock I", 1), *defender),
                   retreat={"side": "defender", "round": retreat_round})
    assert _unit(answer, "defender", "Fighter I").get("excess_removed", 0) == pytest.approx(float(left), abs=EXACT)
    assert "defender's " + num(float(left)) + " × Fighter I" in next(
        s for s in answer["steps"] if s["rule"] == "16.3c")["text"]


@pytest.mark.parametrize("units", [
    # The cruiser's room goes to the infantry; the Fighter II counts against the fleet pool (its card).
    (("Cruiser II", 1), ("Fighter II", 1), ("Infantry I", 1)),
    # The carrier's 4 take the Fighter I and the infantry; the 2 Fighter II need no room.
    (("Carrier I", 1), ("Fighter II", 2), ("Fighter I", 2), ("Infantry I", 2)),
])
def test_fighter_ii_takes_only_the_room_the_others_leave(units):
    answer = space(side(*units), idle())
    for name, count in units:
        unit = _unit(answer, "attacker", name)
        assert unit["expected"] == pytest.approx(count, abs=EXACT) and "excess_removed" not in unit
