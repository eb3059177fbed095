"""The Argent Flight's destroyers' battle card (Strike Wing Alpha II, and its Twilight's Fall printing), against hand
recursions: each 9 or 10 of their Anti-Fighter Barrage also destroys 1 of the opponent's infantry in the space area."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import factorial

import pytest

from corpus.resolve.steps import num
from hand_battles import binomial, solve, sum_hits
from test_resolve_battle import EXACT, side, space

P2, P4 = Fraction(2, 10), Fraction(4, 10)


def _barrage(dice: int):
    """(9s and 10s, other hits, chance) of Strike Wing Alpha II barrage dice (6-10): a 9 or 10 (1 in 5) is a hit
    that also destroys an infantry, a 6, 7 or 8 (3 in 10) a hit only."""
    for nines in range(dice + 1):
        for others in range(dice - nines + 1):
            ways = Fraction(factorial(dice), factorial(nines) * factorial(others) * factorial(dice - nines - others))
            yield nines, others, ways * P2**nines * Fraction(3, 10)**others * Fraction(5, 10)**(dice - nines - others)


def _infantry_kept_by_the_carrier() -> tuple[Fraction, Fraction]:
    """Strike Wing Alpha II (7-10) against Carrier I (9-10, capacity 4) with 2 Fighter I (9-10) and 2 Infantry II in
    its space area: (expected infantry left, expected removed for capacity). The barrage takes the fighters and,
    with each 9 or 10, an infantry; then each round the Strike Wing (40%) destroys a fighter, else the carrier, and
    any hit of the defender's destroys the Strike Wing. The infantry stay only if the defender wins with its
    carrier; otherwise they are removed at the end of combat (16.3c)."""
    @cache
    def carried(fighters: int, carrier: int) -> Fraction:
        # The chance that the defender wins with its carrier, from a round that starts with both sides there.
        misses = (1 - P2) ** (fighters + carrier)
        out, stay = Fraction(0), Fraction(0)
        for hit, p in ((1, P4), (0, 1 - P4)):
            after = (fighters - hit, carrier) if fighters else (0, carrier - hit)
            out += p * (1 - misses) * after[1]  # the attacker is destroyed: the carrier keeps them if alive
            if after == (fighters, carrier):
                stay += p * misses
            elif sum(after):
                out += p * misses * carried(*after)
        return out / (1 - stay)

    kept = left = Fraction(0)
    for nines, others, p in _barrage(3):
        infantry = max(0, 2 - nines)
        won = carried(max(0, 2 - nines - others), 1)
        kept += p * infantry * won
        left += p * infantry * (1 - won)
    return kept, left


@pytest.mark.parametrize("name", ["Strike Wing Alpha II", "Strike Wing Alpha (TF)"])
def test_each_9_or_10_of_the_barrage_destroys_an_infantry_in_the_space_area(name):
    answer = space(side((name, 1)), side(("Carrier I", 1), ("Fighter I", 2), ("Infantry II", 2)))
    kept, removed = _infantry_kept_by_the_carrier()
    [infantry] = [u for u in answer["survivors"]["defender"] if u["name"] == "Infantry II"]
    assert infantry["expected"] == pytest.approx(float(kept), abs=EXACT)
    assert infantry["excess_removed"] == pytest.approx(float(removed), abs=EXACT)
    [step] = [s for s in answer["steps"] if s["title"].startswith(f"{name}:")]
    assert step["title"] == f"{name}: its barrage destroys infantry" and step["authority"] == "card"
    assert step["rule"] == "10.1"
    assert "each result of 9 or 10 also destroys 1 of your opponent's infantry" in step["text"]
    expected = sum(p * min(2, nines) for nines, _, p in _barrage(3))
    assert f"expected {num(expected)} Infantry II destroyed" in step["text"]
    assert not [s for s in answer["steps"] if s["title"].startswith("Not applied")]


def _alastor_against_strike_wings() -> tuple[Fraction, ...]:
    """2 Strike Wing Alpha II (7-10) against The Alastor (9-10 x2, Sustain Damage) whose 2 Infantry II (7-10) fight
    as ships: the 6 barrage dice destroy an infantry for each 9 or 10 first. A state is (Strike Wings, Alastor
    whole, Alastor damaged, infantry); the defender's hits go to the Alastor's Sustain Damage, then the infantry
    (right after fighters in its destroy order), then the Alastor."""
    def moves(state):
        wings, whole, damaged, infantry = state
        for k, pk in enumerate(binomial(wings, P4)):
            w, d, n = whole, damaged, infantry
            if k and w:
                w, d, k = 0, 1, k - 1
            n, k = n - min(k, n), k - min(k, n)
            if k and d:
                d = 0
            for h, ph in enumerate(sum_hits(binomial(2 * (whole + damaged), P2), binomial(infantry, P4))):
                left = max(0, wings - h)
                yield left > 0, w + d + n > 0, (left, w, d, n), pk * ph
    out = [Fraction(0)] * 3
    for kills, p in enumerate(binomial(6, P2)):
        out = [o + p * v for o, v in zip(out, solve((2, 1, 0, max(0, 2 - kills)), moves))]
    return tuple(out)


def test_infantry_fighting_as_ships_for_the_alastor_are_destroyed_by_the_barrage_too():
    answer = space(side(("Strike Wing Alpha II", 2)), side(("The Alastor", 1), ("Infantry II", 2)))
    attacker, defender, draw = _alastor_against_strike_wings()
    assert answer["outcome"] == pytest.approx({"attacker": float(attacker), "defender": float(defender),
                                               "draw": float(draw), "retreat": 0}, abs=EXACT)


def test_no_infantry_in_the_space_area_leaves_the_odds_as_they_were():
    answer = space(side(("Strike Wing Alpha II", 1)), side(("Cruiser I", 1)))
    # Strike Wing Alpha II (40%) against Cruiser I (40%): the barrage finds no fighter and no infantry.
    assert answer["outcome"]["attacker"] == pytest.approx(0.4 * 0.6 / (1 - 0.36), abs=EXACT)
    [step] = [s for s in answer["steps"] if s["title"].startswith("Strike Wing Alpha II:")]
    assert "the defender has no infantry in the space area, so it changes nothing" in step["text"]


def test_the_extra_barrage_die_goes_to_a_strike_wing():
    # Trrakan Aun Zulok's die goes to the Strike Wing (its faces are the best there), so 4 dice may show 9 or 10:
    # 0.8 infantry destroyed. The carrier (20%) keeps the rest only if it wins against the Strike Wing (40%).
    answer = space(side(("Strike Wing Alpha II", 1), modifiers=["extra_die"]),
                   side(("Carrier I", 1), ("Infantry II", 4)))
    [infantry] = [u for u in answer["survivors"]["defender"] if u["name"] == "Infantry II"]
    assert infantry["expected"] == pytest.approx((4 - 0.8) * 0.6 * 0.2 / (1 - 0.6 * 0.8), abs=EXACT)
