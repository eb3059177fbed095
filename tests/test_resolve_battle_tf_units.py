"""Twilight's Fall unit upgrades whose battle cards the resolver applies (The Dragon, Fred; Justicer Rail), against
hand recursions."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import resolve
from hand_battles import binomial, solve
from test_resolve_battle import EXACT, side

P3, HALF = Fraction(3, 10), Fraction(1, 2)


def _outcome(attacker, defender, draw) -> dict:
    """An answer's outcome from exact fractions."""
    return pytest.approx({"attacker": float(attacker), "defender": float(defender), "draw": float(draw),
                          "retreat": 0}, abs=EXACT)


def _infantry_i(start: tuple[int, int]) -> tuple[Fraction, ...]:
    """A ground combat of Infantry I (8-10) against Infantry I: (attacker, defender, draw) from (ours, theirs)."""
    def moves(state):
        ours, theirs = state
        for k, pk in enumerate(binomial(ours, P3)):
            for h, ph in enumerate(binomial(theirs, P3)):
                left = (max(0, ours - h), max(0, theirs - k))
                yield left[0] > 0, left[1] > 0, left, pk * ph
    if not start[1]:
        return Fraction(1), Fraction(0), Fraction(0)  # no ground force defends: the attacker takes the planet
    return solve(start, moves)


def _fred_invades() -> tuple[Fraction, ...]:
    """The Dragon, Fred (Bombardment 3 x3), Dreadnought I (Bombardment 5) and 2 Infantry I invade a planet with a
    PDS I (Planetary Shield, Space Cannon 6) and 2 Infantry I: the shield stops the dreadnought's die but not
    Fred's 3 (8 in 10 each); the PDS's Space Cannon Defense (1 die, 50%) then hits a landed infantry."""
    out = [Fraction(0)] * 3
    for k, pk in enumerate(binomial(3, Fraction(8, 10))):
        for s, ps in enumerate(binomial(1, HALF)):
            out = [o + pk * ps * v for o, v in zip(out, _infantry_i((2 - s, max(0, 2 - k))))]
    return tuple(out)


def test_the_dragon_fred_bombards_through_planetary_shield():
    # Attacker 0.9597; before, 0.2778 (the shield stopped every die).
    answer = resolve({"ability": "invasion",
                      "attacker": side(("The Dragon, Fred", 1), ("Dreadnought I", 1), ("Infantry I", 2)),
                      "defender": side(("PDS I", 1), ("Infantry I", 2))})
    assert answer["outcome"] == _outcome(*_fred_invades())
    [step] = [s for s in answer["steps"] if s["title"].startswith("The Dragon, Fred:")]
    assert step["title"] == "The Dragon, Fred: bombards through Planetary Shield" and step["authority"] == "card"
    assert "ignoring planetary shield" in step["text"] and "Dreadnought I" in step["text"]
    [bombardment] = [s for s in answer["steps"] if s["rule"] == "49.1"]
    assert bombardment["text"].startswith("The attacker rolls 3 dice hitting on 3-10")
    assert not [s for s in answer["steps"] if s["title"].startswith("Not applied")]
