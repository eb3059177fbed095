"""Twilight's Fall units whose battle cards the resolver applies (The Dragon, Fred; Justicer Rail; Starlancer XI's
first sentence), against hand recursions."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import resolve
from hand_battles import binomial, lone_sustainer, solve
from test_resolve_battle import EXACT, side, space

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


def _carrier_and_fighters_against_a_cruiser(start: tuple[int, int]) -> tuple[Fraction, ...]:
    """Fighter I and Carrier I (9-10 each) against Cruiser I (7-10), from (fighters, carriers): any of the attacker's
    hits destroys the cruiser; the cruiser's hit takes a fighter first."""
    def moves(state):
        fighters, carriers = state
        scores = 1 - Fraction(8, 10) ** (fighters + carriers)
        for hit, ph in ((1, Fraction(4, 10)), (0, Fraction(6, 10))):
            left = (fighters - hit, carriers) if hit and fighters else (fighters, carriers - hit)
            yield sum(left) > 0, False, left, ph * scores
            yield sum(left) > 0, True, left, ph * (1 - scores)
    return solve(start, moves)


def test_justicer_rail_hits_must_go_to_non_fighter_ships():
    # Space Cannon Offense: Justicer Rail (5-10) hits the carrier, whose fighters are then removed for capacity
    # (16.3): the attacker has no ship left. The PDS I's hit (6-10) goes to a fighter, as the attacker chooses.
    answer = resolve({"ability": "space_combat", "attacker": side(("Carrier I", 1), ("Fighter I", 2)),
                      "defender": side(("Justicer Rail", 1), ("PDS I", 1), ("Cruiser I", 1))})
    miss = Fraction(4, 10)
    expected = [miss * HALF * (a + b) for a, b in zip(_carrier_and_fighters_against_a_cruiser((1, 1)),
                                                      _carrier_and_fighters_against_a_cruiser((2, 1)))]
    expected[1] += 1 - miss
    assert answer["outcome"] == _outcome(*expected)
    [step] = [s for s in answer["steps"] if s["title"].startswith("Justicer Rail:")]
    assert step["title"] == "Justicer Rail: hits to non-fighter ships" and step["authority"] == "card"
    assert "must be assigned to non-fighter ships if able" in step["text"] and "1 die" in step["text"]
    assert not [s for s in answer["steps"] if s["title"].startswith("Not applied")]


def test_justicer_rail_changes_nothing_in_an_invasion():
    answer = resolve({"ability": "invasion", "attacker": side(("Dreadnought I", 1), ("Infantry I", 2)),
                      "defender": side(("Justicer Rail", 1), ("Infantry I", 1))})
    [step] = [s for s in answer["steps"] if s["title"].startswith("Justicer Rail:")]
    assert "only ground forces, no ship, so it changes nothing" in step["text"]


def test_starlancer_xi_fights_a_space_combat_as_a_ship():
    # 6-10 and Sustain Damage against 2 Cruiser I (7-10); a Floating Factory I holds it in the space area. Its bonus
    # per anomaly is left out without anomalies_in_or_adjacent, and said so (test_resolve_battle_facts.py adds it).
    answer = space(side(("Floating Factory I", 1), ("Starlancer XI", 1)), side(("Cruiser I", 2)))
    assert answer["outcome"] == _outcome(*lone_sustainer(1, HALF, 2, Fraction(4, 10), repairs=False))
    assert [s["title"] for s in answer["steps"] if "Starlancer XI" in s["title"]] == [
        "Starlancer XI: no bonus to its combat rolls", "Starlancer XI: a ship in the space combat"]
    [step] = [s for s in answer["steps"] if s["title"] == "Starlancer XI: no bonus to its combat rolls"]
    assert "\"For each anomaly this unit is in or adjacent to" in step["text"]
    assert "attacker.anomalies_in_or_adjacent is not given" in step["text"]
    assert "as if it were a ship" not in step["text"]
