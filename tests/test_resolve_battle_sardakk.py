"""The Sardakk N'orr units' battle cards (Valkyrie Exoskeleton, Exotrireme II), against hand recursions."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import resolve
from corpus.resolve.errors import ResolveError
from hand_battles import binomial, ground_forces_hit, lone_sustainer, solve, sum_hits
from test_resolve_battle import EXACT, side, space

HALF, P3, P4, P6 = Fraction(1, 2), Fraction(3, 10), Fraction(4, 10), Fraction(6, 10)


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


def _exotrireme_and_cruiser(trade: bool) -> tuple[Fraction, ...]:
    """Exotrireme II (5-10, Sustain Damage) and Cruiser I (7-10) against Dreadnought I (5-10, Sustain Damage) and 2
    Cruiser I. A state is (our whole Exotriremes, damaged ones, cruisers; their whole dreadnoughts, damaged ones,
    cruisers); cruisers go before the ships with Sustain Damage. With the trade, after round 1, if the combat goes
    on, the Exotrireme is destroyed and destroys their dreadnought and a cruiser (their last in destroy order)."""
    def moves(state):
        ew, ed, c, dw, dd, n = state
        for k, pk in enumerate(sum_hits(binomial(ew + ed, P6), binomial(c, P4))):
            for h, ph in enumerate(sum_hits(binomial(dw + dd, P6), binomial(n, P4))):
                ew2, ed2, c2, _ = ground_forces_hit(ew, ed, c, h)
                dw2, dd2, n2, _ = ground_forces_hit(dw, dd, n, k)
                yield ew2 + ed2 + c2 > 0, dw2 + dd2 + n2 > 0, (ew2, ed2, c2, dw2, dd2, n2), pk * ph

    def after_round_1(state):
        ew, ed, c, dw, dd, n = state
        if ew + ed:
            ew, ed = (ew, ed - 1) if ed else (ew - 1, ed)
            for _ in range(2):
                dw, dd, n = (dw - 1, dd, n) if dw else (0, dd - 1, n) if dd else (0, 0, max(0, n - 1))
        return ew, ed, c, dw, dd, n

    out = [Fraction(0)] * 3
    for a_alive, d_alive, state, p in moves((1, 0, 1, 1, 0, 2)):
        if a_alive and d_alive and trade:
            state = after_round_1(state)
            a_alive, d_alive = sum(state[:3]) > 0, sum(state[3:]) > 0
        if a_alive and d_alive:
            out = [o + p * v for o, v in zip(out, solve(state, moves))]
        else:
            out[0 if a_alive else 1 if d_alive else 2] += p
    return tuple(out)


def _exotrireme_battle(**plan) -> dict:
    """The battle of _exotrireme_and_cruiser, the attacker's destroy_exotrireme as given."""
    return space(side(("Exotrireme II", 1), ("Cruiser I", 1), **plan), side(("Dreadnought I", 1), ("Cruiser I", 2)))


def test_exotrireme_ii_destroyed_after_the_first_round_destroys_two_ships():
    # Attacker 0.2898; before (and with "never"), 0.1211.
    answer = _exotrireme_battle(destroy_exotrireme="after_first_round")
    assert answer["outcome"] == _outcome(*_exotrireme_and_cruiser(trade=True))
    [step] = _steps(answer, "Exotrireme II:")
    assert step["title"] == "Exotrireme II: destroyed to destroy 2 ships" and step["authority"] == "card"
    # The trade is made whenever round 1 leaves both sides ships: all but 0.6 x 0.4 x 0.4, their 3 hits.
    assert "P(the trade is made) = 90.4%" in step["text"] and not _steps(answer, "Not applied")


def test_exotrireme_ii_is_kept_by_default_so_the_answers_do_not_change():
    default, never = _exotrireme_battle(), _exotrireme_battle(destroy_exotrireme="never")
    assert default["outcome"] == never["outcome"] == _outcome(*_exotrireme_and_cruiser(trade=False))
    [step] = _steps(default, "Exotrireme II:")
    assert 'attacker.destroy_exotrireme is "never" (the default)' in step["text"]
    assert not _steps(default, "Not applied")


@pytest.mark.parametrize("request_body, message", [
    ({"ability": "space_combat", "attacker": side(("Exotrireme II", 1), destroy_exotrireme="always"),
      "defender": side(("Cruiser I", 1))}, "must be one of"),
    ({"ability": "space_combat", "attacker": side(("Dreadnought II", 1), destroy_exotrireme="after_first_round"),
      "defender": side(("Cruiser I", 1))}, "no Exotrireme II"),
    ({"ability": "invasion", "attacker": side(("Exotrireme II", 1), ("Infantry I", 1),
                                              destroy_exotrireme="after_first_round"),
      "defender": side(("Infantry I", 1))}, "after a round of space combat"),
])
def test_a_wrong_destroy_exotrireme_names_the_field(request_body, message):
    with pytest.raises(ResolveError) as err:
        resolve(request_body)
    assert err.value.field == "attacker.destroy_exotrireme" and message in err.value.message


def test_the_api_answers_a_wrong_destroy_exotrireme_with_a_400_naming_it(client):
    body = {"ability": "space_combat", "attacker": side(("Cruiser I", 1)),
            "defender": side(("Exotrireme II", 1), destroy_exotrireme=2)}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 400 and response.json["field"] == "defender.destroy_exotrireme"
    assert response.json["error"] == "defender.destroy_exotrireme: must be one of 'never', 'after_first_round'"
