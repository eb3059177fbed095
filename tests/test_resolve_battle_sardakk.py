"""The Sardakk N'orr units' battle cards (Valkyrie Exoskeleton), against hand recursions."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import resolve
from hand_battles import binomial, ground_forces_hit, lone_sustainer, solve, sum_hits
from test_resolve_battle import EXACT, side, space

HALF, P3 = Fraction(1, 2), Fraction(3, 10)


def _outcome(attacker, defender, draw) -> dict:
    """An answer's outcome from exact fractions."""
    return pytest.approx({"attacker": float(attacker), "defender": float(defender), "draw": float(draw),
                          "retreat": 0}, abs=EXACT)


def _steps(answer: dict, start: str) -> list[dict]:
    """The steps whose title starts so."""
    return [s for s in answer["steps"] if s["title"].startswith(start)]


def _valkyries_against_infantry(start):
    """Valkyrie Exoskeletons (6-10, Sustain Damage) and Infantry I (8-10) against Infantry I: a state is (whole
    Valkyries, damaged ones, our infantry, theirs); each Sustain Damage a Valkyrie uses is 1 more hit on theirs."""
    def moves(state):
        whole, damaged, infantry, theirs = state
        ours = sum_hits(binomial(whole + damaged, HALF), binomial(infantry, P3))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(theirs, P3)):
                w, d, i, struck = ground_forces_hit(whole, damaged, infantry, h)
                left = max(0, theirs - k - struck)
                yield w + d + i > 0, left > 0, (w, d, i, left), pk * ph
    return solve(start, moves)


def test_valkyrie_exoskeleton_produces_a_hit_each_time_it_uses_sustain_damage():
    # Attacker 0.7674; before, 0.5327 (the odds of a plain Mech).
    answer = resolve({"ability": "ground_combat", "attacker": side(("Valkyrie Exoskeleton", 1), ("Infantry I", 1)),
                      "defender": side(("Infantry I", 3))})
    assert answer["outcome"] == _outcome(*_valkyries_against_infantry((1, 0, 1, 3)))
    [step] = _steps(answer, "Valkyrie Exoskeleton:")
    assert step["title"] == "Valkyrie Exoskeleton: a hit for each Sustain Damage" and step["authority"] == "card"
    assert "\"After this unit uses it's SUSTAIN DAMAGE ability during ground combat, it produces 1 hit" in step["text"]
    assert not _steps(answer, "Not applied")


def test_in_an_invasion_sustain_damage_against_bombardment_produces_no_hit():
    # Dreadnought I bombards on 5-10: a hit damages the Valkyrie before the ground combat, with no hit back.
    whole = _valkyries_against_infantry((1, 0, 0, 2))
    damaged = _valkyries_against_infantry((0, 1, 0, 2))
    p = Fraction(6, 10)
    answer = resolve({"ability": "invasion", "attacker": side(("Dreadnought I", 1), ("Infantry I", 2)),
                      "defender": side(("Valkyrie Exoskeleton", 1))})
    # The hand roles are swapped: the Valkyrie is the defender here.
    assert answer["outcome"]["defender"] == pytest.approx(float((1 - p) * whole[0] + p * damaged[0]), abs=EXACT)
    assert answer["outcome"]["attacker"] == pytest.approx(float((1 - p) * whole[1] + p * damaged[1]), abs=EXACT)
    [step] = _steps(answer, "Valkyrie Exoskeleton:")
    assert "Bombardment or Space Cannon Defense comes before the ground combat" in step["text"]


def test_valkyries_on_both_sides_hit_back_in_turn():
    # 2 Valkyries against 1 Valkyrie and 2 Infantry I: a hit back that a Valkyrie cancels produces another.
    def moves(state):
        aw, ad, dw, dd, di = state
        for k, pk in enumerate(binomial(aw + ad, HALF)):
            for h, ph in enumerate(sum_hits(binomial(dw + dd, HALF), binomial(di, P3))):
                aw2, ad2, _, back_a = ground_forces_hit(aw, ad, 0, h)
                dw2, dd2, di2, back_d = ground_forces_hit(dw, dd, di, k)
                while back_a or back_d:
                    aw2, ad2, _, more_a = ground_forces_hit(aw2, ad2, 0, back_d)
                    dw2, dd2, di2, more_d = ground_forces_hit(dw2, dd2, di2, back_a)
                    back_a, back_d = more_a, more_d
                yield aw2 + ad2 > 0, dw2 + dd2 + di2 > 0, (aw2, ad2, dw2, dd2, di2), pk * ph
    answer = resolve({"ability": "ground_combat", "attacker": side(("Valkyrie Exoskeleton", 2)),
                      "defender": side(("Valkyrie Exoskeleton", 1), ("Infantry I", 2))})
    assert answer["outcome"] == _outcome(*solve((2, 0, 1, 0, 2), moves))
    assert len(_steps(answer, "Valkyrie Exoskeleton:")) == 2


def test_no_hit_back_while_moll_terminus_takes_sustain_damage_away():
    # The Valkyrie is a one-die unit hitting on 6-10 against Moll Terminus (6-10, Sustain Damage).
    moll, valkyrie, draw = lone_sustainer(1, HALF, 1, HALF, repairs=False)
    answer = resolve({"ability": "ground_combat", "attacker": side(("Valkyrie Exoskeleton", 1)),
                      "defender": side(("Moll Terminus", 1))})
    assert answer["outcome"] == _outcome(valkyrie, moll, draw)
    [step] = _steps(answer, "Valkyrie Exoskeleton:")
    assert "While the defender's Moll Terminus is alive, it cannot use Sustain Damage" in step["text"]


def test_a_valkyrie_fighting_as_a_ship_with_the_alastor_hits_back_not():
    # Its card speaks of ground combat only: in a space combat it fights as a Mech would.
    def fight(mech):
        return space(side(("The Alastor", 1), (mech, 2)), side(("Cruiser II", 2), ("Destroyer II", 2)))
    valkyries, mechs = fight("Valkyrie Exoskeleton"), fight("Mech")
    assert valkyries["outcome"] == pytest.approx(mechs["outcome"], abs=EXACT)
    assert not _steps(valkyries, "Valkyrie Exoskeleton:") and not _steps(valkyries, "Not applied")
