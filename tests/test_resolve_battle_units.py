"""Unit cards and rules that change a battle's states: Arc Secundus's repair, excess fighters at the end (16.3c)."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import pytest

from test_resolve_battle import EXACT, side, space


def _binomial(dice: int, p: Fraction) -> list[Fraction]:
    return [comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]


def _arc_against_cruisers(cruisers: int, repairs: bool) -> tuple[Fraction, ...]:
    """(attacker, defender, draw) of Arc Secundus (2 dice hitting on 5-10, Sustain Damage) against Cruiser II
    (one die on 6-10 each), by recursion over (cruisers left, flagship damaged); with the repair, every round
    starts with the flagship undamaged. A round that changes nothing is divided out (1 / (1 - P(stay)))."""
    @cache
    def value(n: int, damaged: bool) -> tuple[Fraction, ...]:
        stay, out = Fraction(0), [Fraction(0)] * 3
        for k, pk in enumerate(_binomial(2, Fraction(6, 10))):
            for h, ph in enumerate(_binomial(n, Fraction(1, 2))):
                left, alive = max(0, n - k), h <= (0 if damaged else 1)
                hurt = (damaged or h > 0) and not repairs
                if not alive or not left:
                    out[0 if alive else 1 if left else 2] += pk * ph
                elif (left, hurt) == (n, damaged):
                    stay += pk * ph
                else:
                    out = [o + pk * ph * v for o, v in zip(out, value(left, hurt))]
        return tuple(o / (1 - stay) for o in out)
    return value(cruisers, False)


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
    answer = space(side(("Arc Secundus", 1)), side(("PDS I", 1), ("Fighter I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(1, abs=EXACT)


def test_arc_secundus_with_duranium_armor_still_sums_to_one():
    answer = space(side(("Arc Secundus", 1), ("Dreadnought II", 2), modifiers=["duranium_armor"]),
                   side(("Cruiser II", 6), ("Dreadnought II", 1)))
    assert sum(answer["outcome"].values()) == pytest.approx(1, abs=1e-9)
