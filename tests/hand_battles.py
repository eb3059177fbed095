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


def carrier_and_fighters(fighters: int, carriers: int = 1, carriers_first: bool = False) -> dict[tuple[int, int],
                                                                                                 Fraction]:
    """Carrier I × c + Fighter I × n against a Destroyer I, by hand: the chance of each (fighters, carriers) left as
    the combat ends ((0, 0) with the destroyer gone too is a draw). Round 1 opens with the destroyer's Anti-Fighter
    Barrage (2 dice on 9-10); every die of both sides hits on 9-10; the destroyer's one hit takes a fighter first
    (a carrier first with `carriers_first`)."""
    hit = Fraction(2, 10)
    ends: dict[tuple[int, int], Fraction] = {}

    def rounds(f: int, c: int, weight: Fraction) -> None:
        if f + c == 0:
            return
        scores = 1 - (1 - hit) ** (f + c)  # the attacker destroys the destroyer
        weight /= 1 - (1 - scores) * (1 - hit)  # rounds in which neither side hits repeat
        if carriers_first:
            after_hit = (f, c - 1) if c else (f - 1, 0)
        else:
            after_hit = (f - 1, c) if f else (0, c - 1)
        ends[(f, c)] = ends.get((f, c), Fraction(0)) + weight * scores * (1 - hit)
        ends[after_hit] = ends.get(after_hit, Fraction(0)) + weight * scores * hit
        rounds(*after_hit, weight * (1 - scores) * hit)

    for k, p in enumerate(binomial(2, hit)):
        rounds(max(0, fighters - k), carriers, p)
    return ends


def sum_hits(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    """The distribution of the sum of two independent hit counts."""
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def solve(start, moves) -> tuple[Fraction, ...]:
    """(attacker, defender, draw) from a start state; `moves(state)` gives (attacker alive, defender alive, next
    state, chance) after one round. A round that changes nothing is divided out (1 / (1 - P(stay)))."""
    @cache
    def value(state) -> tuple[Fraction, ...]:
        stay, out = Fraction(0), [Fraction(0)] * 3
        for a_alive, d_alive, nxt, p in moves(state):
            if not a_alive or not d_alive:
                out[0 if a_alive else 1 if d_alive else 2] += p
            elif nxt == state:
                stay += p
            else:
                out = [o + p * v for o, v in zip(out, value(nxt))]
        return tuple(o / (1 - stay) for o in out)
    return value(start)


def first_hit(level: int, hits: int) -> tuple[int, int]:
    """One unit with Sustain Damage (level 2 whole, 1 damaged, 0 gone) that takes hits first: its level and the
    hits left for the rest of its side."""
    used = min(level, hits)
    return level - used, hits - used


def sustainers_hit(whole: int, damaged: int, hits: int, sustain: bool = True) -> tuple[int, int]:
    """(whole, damaged) units of one type with Sustain Damage after `hits`: each whole one cancels a hit first
    (unless Sustain Damage is taken away), then the damaged ones are destroyed before the whole ones."""
    if sustain:
        used = min(hits, whole)
        whole, damaged, hits = whole - used, damaged + used, hits - used
    gone = min(hits, damaged)
    damaged, hits = damaged - gone, hits - gone
    return whole - min(hits, whole), damaged


def ground_forces_hit(whole: int, damaged: int, infantry: int, hits: int) -> tuple[int, int, int, int]:
    """(whole, damaged, infantry, Sustain Damage used) of one side's mechs of one type and its infantry after `hits`:
    each whole mech cancels a hit first, then the infantry are destroyed (cheaper), then the damaged mechs, then
    the whole ones."""
    used = min(hits, whole)
    whole, damaged, hits = whole - used, damaged + used, hits - used
    lost = min(hits, infantry)
    infantry, hits = infantry - lost, hits - lost
    gone = min(hits, damaged)
    damaged, hits = damaged - gone, hits - gone
    return whole - min(hits, whole), damaged, infantry, used
