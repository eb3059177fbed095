"""Battles worked out by hand in exact fractions, for the resolver's tests to compare against."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb


def binomial(dice: int, p: Fraction) -> list[Fraction]:
    """P(k hits) for k = 0..dice, each die hitting with chance p."""
    return [comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]


def lone_sustainer(dice: int, p: Fraction, enemies: int, hit: Fraction, repairs: bool) -> tuple[Fraction, ...]:
    """(attacker, defender, draw) of one unit with Sustain Damage rolling `dice` dice at p against `enemies`
    one-die units hitting at `hit`, by recursion over (enemies left, unit damaged); with a repair every round
    starts with it undamaged. A round that changes nothing is divided out (1 / (1 - P(stay)))."""
    @cache
    def value(n: int, damaged: bool) -> tuple[Fraction, ...]:
        stay, out = Fraction(0), [Fraction(0)] * 3
        for k, pk in enumerate(binomial(dice, p)):
            for h, ph in enumerate(binomial(n, hit)):
                left, alive = max(0, n - k), h <= (0 if damaged else 1)
                hurt = (damaged or h > 0) and not repairs
                if not alive or not left:
                    out[0 if alive else 1 if left else 2] += pk * ph
                elif (left, hurt) == (n, damaged):
                    stay += pk * ph
                else:
                    out = [o + pk * ph * v for o, v in zip(out, value(left, hurt))]
        return tuple(o / (1 - stay) for o in out)
    return value(enemies, False)
