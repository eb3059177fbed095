"""Flagship cards that change combat rolls, against hand recursions: C'morran N'orr's +1 to the other ships while
it is alive, J.N.S. Hylarim's 2 extra hits on each unmodified 9 or 10."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hand_battles import binomial, solve as _solve, sum_hits as _sum
from test_resolve_battle import EXACT, side, space


def _cmorran_and_fighter(fighters: int, boost: int) -> tuple[Fraction, ...]:
    """C'morran N'orr (2 dice on 6-10, Sustain Damage) and a Fighter I (9-10, +boost while the flagship is alive)
    against Fighter I. A state is (flagship: 2 whole, 1 damaged, 0 gone; our fighter; their fighters); hits go to
    the flagship's Sustain Damage, then the fighter, then the flagship."""
    def moves(state):
        flag, mine, theirs = state
        ours = binomial(2 if flag else 0, Fraction(1, 2))
        ours = _sum(ours, binomial(mine, Fraction(2 + (boost if flag else 0), 10)))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(theirs, Fraction(2, 10))):
                f, m = flag, mine
                if h and f == 2:
                    f, h = 1, h - 1
                if h and m:
                    m, h = 0, h - 1
                if h:
                    f = 0
                left = max(0, theirs - k)
                yield f + m > 0, left > 0, (f, m, left), pk * ph
    return _solve((2, 1, fighters), moves)


def test_cmorran_norr_adds_one_to_the_other_ships_rolls_while_it_is_alive():
    attacker, defender, draw = _cmorran_and_fighter(4, boost=1)
    # Two space docks keep the defender's 4 fighters out of capacity (3 each).
    answer = space(side(("C'morran N'orr", 1), ("Fighter I", 1)), side(("Space Dock I", 2), ("Fighter I", 4)))
    assert answer["outcome"] == pytest.approx(
        {"attacker": float(attacker), "defender": float(defender), "draw": float(draw), "retreat": 0}, abs=EXACT)
    assert abs(float(_cmorran_and_fighter(4, boost=0)[0]) - answer["outcome"]["attacker"]) > 1e-3
    step = next(s for s in answer["steps"] if s["title"] == "C'morran N'orr: +1 to the other ships")
    assert "Apply +1 to the result of each of your other ship's combat rolls" in step["text"]
    assert step["authority"] == "card"
    assert not [s for s in answer["steps"] if s["title"].startswith("Not applied")]


def _hylarim_against_cruisers(cruisers: int, die: list[Fraction]) -> tuple[Fraction, ...]:
    """J.N.S. Hylarim (2 dice with hits per die as given, Sustain Damage) against Cruiser I (7-10 each), by
    recursion over (flagship damaged, cruisers left)."""
    def moves(state):
        damaged, theirs = state
        for k, pk in enumerate(_sum(die, die)):
            for h, ph in enumerate(binomial(theirs, Fraction(4, 10))):
                left = max(0, theirs - k)
                yield h <= (0 if damaged else 1), left > 0, (damaged or h > 0, left), pk * ph
    return _solve((False, cruisers), moves)


@pytest.mark.parametrize("modifier, die", [
    # 1-5 miss, 6-8 hit once, 9-10 hit 3 times.
    (0, [Fraction(5, 10), Fraction(3, 10), Fraction(0), Fraction(2, 10)]),
    # +1 makes a 5 hit, but only an unmodified 9 or 10 adds hits (an 8 made 9 does not).
    (1, [Fraction(4, 10), Fraction(4, 10), Fraction(0), Fraction(2, 10)]),
])
def test_jns_hylarim_adds_two_hits_on_each_unmodified_9_or_10(modifier, die):
    attacker, defender, draw = _hylarim_against_cruisers(4, die)
    answer = space(side(("J.N.S. Hylarim", 1), combat_modifier=modifier), side(("Cruiser I", 4)))
    assert answer["outcome"] == pytest.approx(
        {"attacker": float(attacker), "defender": float(defender), "draw": float(draw), "retreat": 0}, abs=EXACT)
    step = next(s for s in answer["steps"] if s["title"] == "J.N.S. Hylarim: extra hits")
    assert "each result of 9 or 10, before applying modifiers, produces 2 additional hits" in step["text"]
    assert not [s for s in answer["steps"] if s["title"].startswith("Not applied")]
