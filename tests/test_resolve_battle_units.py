"""Unit cards and rules that change a battle's states: Arc Secundus's repair, excess fighters at the end (16.3c)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hand_battles import carrier_and_fighters, lone_sustainer
from test_resolve_battle import EXACT, docked, side, space


def _arc_against_cruisers(cruisers: int, repairs: bool) -> tuple[Fraction, ...]:
    """(attacker, defender, draw) of Arc Secundus (2 dice hitting on 5-10, Sustain Damage) against Cruiser II
    (one die on 6-10 each)."""
    return lone_sustainer(2, Fraction(6, 10), cruisers, Fraction(1, 2), repairs)


def test_arc_secundus_repairs_at_the_start_of_each_space_combat_round():
    attacker, defender, draw = _arc_against_cruisers(4, repairs=True)
    answer = space(side(("Arc Secundus", 1)), side(("Cruiser II", 4)))
    assert answer["outcome"] == pytest.approx(
        {"attacker": float(attacker), "defender": float(defender), "draw": float(draw), "retreat": 0}, abs=EXACT)
    step = next(s for s in answer["steps"] if s["title"] == "Repaired each round")
    assert step["text"].startswith("Arc Secundus") and step["authority"] == "card"


def test_arc_secundus_damaged_by_space_cannon_is_repaired_as_round_one_starts():
    # One PDS die before combat and one fighter die a round: never 2 hits before a repair, so the flagship,
    # which destroys the fighter sooner or later, always wins.
    answer = space(side(("Arc Secundus", 1)), docked(("PDS I", 1), ("Fighter I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(1, abs=EXACT)


def test_arc_secundus_with_duranium_armor_still_sums_to_one():
    answer = space(side(("Arc Secundus", 1), ("Dreadnought II", 2), modifiers=["duranium_armor"]),
                   side(("Cruiser II", 6), ("Dreadnought II", 1)))
    assert sum(answer["outcome"].values()) == pytest.approx(1, abs=1e-9)


def test_excess_fighters_are_removed_at_the_end_of_combat():
    # The destroyer's hits take the carrier first, so fighters may outlive it; they are removed as combat ends.
    answer = space(side(("Carrier I", 1), ("Fighter I", 4), order=["Carrier I"]), side(("Destroyer I", 1)))
    ends = carrier_and_fighters(4, carriers_first=True)
    kept = sum(p * min(f, 4 * c) for (f, c), p in ends.items())
    removed = sum(p * f for (f, c), p in ends.items()) - kept
    fighters = next(u for u in answer["survivors"]["attacker"] if u["name"] == "Fighter I")
    assert fighters["expected"] == pytest.approx(float(kept), abs=EXACT)
    assert fighters["excess_removed"] == pytest.approx(float(removed), abs=EXACT)
    wins = sum(p for (f, c), p in ends.items() if f + c)
    assert answer["outcome"]["attacker"] == pytest.approx(float(wins), abs=EXACT)
    assert "16.3c" in [s["rule"] for s in answer["steps"]]


@pytest.mark.parametrize("dock, removed", [([], True), ([("Space Dock I", 1)], False)])
def test_a_space_docks_allowance_keeps_fighters(dock, removed):
    # A destroyer has no capacity; a space dock keeps up to 3 fighters in its system out of the count.
    answer = space(docked(("Fighter I", 1)), side(*dock, ("Fighter I", 3), ("Destroyer I", 1)))
    fighters = next(u for u in answer["survivors"]["defender"] if u["name"] == "Fighter I")
    assert ("excess_removed" in fighters) is removed and (fighters["expected"] == 0) is removed
