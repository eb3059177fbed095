"""Unit cards that take Sustain Damage or Space Cannon from the opponent, end every ship with the flagship, or steer
hits (Fourth Moon, Moll Terminus, Quetzecoatl, Van Hauge, [0.0.1]), against hand recursions."""
from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from corpus.resolve import resolve
from hand_battles import binomial, first_hit, lone_sustainer, solve, sum_hits, sustainers_hit
from test_resolve_battle import EXACT, side, space

HALF, P4, P6 = Fraction(1, 2), Fraction(4, 10), Fraction(6, 10)


def _outcome(attacker, defender, draw) -> dict:
    """An answer's outcome from exact fractions."""
    return pytest.approx({"attacker": float(attacker), "defender": float(defender), "draw": float(draw),
                          "retreat": 0}, abs=EXACT)


def _steps(answer: dict, start: str) -> list[dict]:
    """The steps whose title starts so."""
    return [s for s in answer["steps"] if s["title"].startswith(start)]


def _fourth_moon_and_cruiser(dreadnoughts: int) -> tuple[Fraction, ...]:
    """Fourth Moon (2 dice on 7-10, Sustain Damage, destroyed first) and a Cruiser I (7-10) against Dreadnought I
    (5-10 each, Sustain Damage only in a round that starts without the Fourth Moon). A state is (flagship: 2 whole,
    1 damaged, 0 gone; cruiser; their whole dreadnoughts; their damaged ones)."""
    def moves(state):
        moon, cruiser, whole, damaged = state
        ours = sum_hits(binomial(2 if moon else 0, P4), binomial(cruiser, P4))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(whole + damaged, P6)):
                m, c = moon, cruiser
                m, h = first_hit(m, h)
                if h and c:
                    c = 0
                w, d = sustainers_hit(whole, damaged, k, sustain=not moon)
                yield m + c > 0, w + d > 0, (m, c, w, d), pk * ph
    return solve((2, 1, dreadnoughts, 0), moves)


def test_fourth_moon_takes_sustain_damage_from_the_opponents_ships_while_it_is_alive():
    answer = space(side(("Fourth Moon", 1), ("Cruiser I", 1), order=["Fourth Moon"]), side(("Dreadnought I", 2)))
    assert answer["outcome"] == _outcome(*_fourth_moon_and_cruiser(2))
    [step] = _steps(answer, "Fourth Moon:")
    assert step["title"] == "Fourth Moon: no Sustain Damage for the defender" and step["authority"] == "card"
    assert "\"Other player's ships in this system cannot use SUSTAIN DAMAGE.\"" in step["text"]
    assert not _steps(answer, "Not applied")


def test_fourth_moon_takes_sustain_damage_from_space_cannon_offense_hits_too():
    # PDS I hits on 6-10: a hit destroys the lone dreadnought before combat, as it cannot cancel it.
    moon, dreadnought, draw = lone_sustainer(2, P4, 1, P6, repairs=False)
    answer = space(side(("Dreadnought I", 1)), side(("Fourth Moon", 1), ("PDS I", 1)))
    assert answer["outcome"] == _outcome(HALF * dreadnought, HALF + HALF * moon, HALF * draw)


def test_moll_terminus_takes_sustain_damage_from_the_opponents_ground_forces():
    moll, mechs, draw = lone_sustainer(1, HALF, 2, HALF, repairs=False)
    answer = resolve({"ability": "ground_combat", "attacker": side(("Moll Terminus", 1)),
                      "defender": side(("Mech", 2))})
    assert answer["outcome"] == _outcome(moll, mechs, draw)
    assert [s["title"] for s in _steps(answer, "Moll Terminus:")] == ["Moll Terminus: no Sustain Damage for the "
                                                                      "defender"]
    assert not _steps(answer, "Not applied")


def test_moll_terminus_on_the_planet_takes_sustain_damage_from_landed_ground_forces_under_space_cannon_defense():
    # PDS I's Space Cannon Defense (6-10) destroys the landed mech outright; else mech against Moll Terminus.
    moll, mech, draw = lone_sustainer(1, HALF, 1, HALF, repairs=False)
    answer = resolve({"ability": "invasion", "attacker": side(("Carrier I", 1), ("Mech", 1)),
                      "defender": side(("Moll Terminus", 1), ("PDS I", 1))})
    assert answer["outcome"]["attacker"] == pytest.approx(float(HALF * mech), abs=EXACT)
    assert answer["outcome"]["draw"] == pytest.approx(float(HALF * draw), abs=EXACT)


def test_quetzecoatl_keeps_the_opponents_space_cannon_offense_off_its_ships():
    # Without Space Cannon Offense it is Quetzecoatl (2 dice on 7-10, Sustain Damage) against a Cruiser I.
    defender = side(("Cruiser I", 1), ("PDS I", 2))
    defender["units"].append({"name": "PDS II", "adjacent": True})
    answer = space(side(("Quetzecoatl", 1)), defender)
    assert answer["outcome"] == _outcome(*lone_sustainer(2, P4, 1, P4, repairs=False))
    [step] = _steps(answer, "Quetzecoatl:")
    assert step["title"] == "Quetzecoatl: no Space Cannon against the attacker's ships" and step["authority"] == "card"
    assert "Space Cannon Offense (3 dice) is not rolled" in step["text"]
    assert not _steps(answer, "Space Cannon Offense") and not _steps(answer, "Not applied")


def test_van_hauge_destroyed_in_a_combat_round_destroys_every_ship():
    # Van Hauge (2 dice on 9-10, Sustain Damage) against Cruiser I: when the cruisers would win, all ships go.
    hauge, cruisers, draw = lone_sustainer(2, Fraction(2, 10), 3, P4, repairs=False)
    answer = space(side(("Van Hauge", 1)), side(("Cruiser I", 3)))
    assert answer["outcome"] == _outcome(hauge, 0, cruisers + draw)
    [step] = _steps(answer, "Van Hauge:")
    assert step["title"] == "Van Hauge: every ship goes with it" and step["authority"] == "card"
    assert f"P(the combat ends so) = {100 * float(cruisers + draw):.2f}%" in step["text"]
    assert not _steps(answer, "Not applied")


def _hauge_and_destroyer(start) -> tuple[Fraction, ...]:
    """Van Hauge (2 dice on 9-10, Sustain Damage, destroyed first) and a Destroyer I (9-10) against Cruiser I
    (7-10), from a state (flagship: 2 whole, 1 damaged; destroyer; cruisers): once the flagship is destroyed, every
    ship is, a draw."""
    def moves(state):
        hauge, destroyer, theirs = state
        ours = sum_hits(binomial(2, Fraction(2, 10)), binomial(destroyer, Fraction(2, 10)))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(theirs, P4)):
                left, gone = max(0, theirs - k), h > (1 if hauge == 2 else 0)
                if gone:
                    yield False, False, None, pk * ph
                else:
                    yield True, left > 0, (1 if h or hauge == 1 else 2, destroyer, left), pk * ph
    return solve(start, moves)


def test_van_hauge_destroyed_by_space_cannon_offense_destroys_every_ship_before_combat():
    # 2 PDS I (6-10): 1 hit damages Van Hauge, 2 destroy it (it is first in the order) and every ship with it.
    whole, damaged = _hauge_and_destroyer((2, 1, 1)), _hauge_and_destroyer((1, 1, 1))
    expected = [Fraction(1, 4) * w + HALF * d for w, d in zip(whole, damaged)]
    expected[2] += Fraction(1, 4)
    answer = space(side(("Van Hauge", 1), ("Destroyer I", 1), order=["Van Hauge"]),
                   side(("Cruiser I", 1), ("PDS I", 2)))
    assert answer["outcome"] == _outcome(*expected)
    assert expected[1] == 0


def _lizix_against_cruiser(fighters: int, steers: bool) -> tuple[Fraction, ...]:
    """[0.0.1] and a Dreadnought I (2 and 1 dice on 5-10, Sustain Damage) against a Cruiser I (7-10) and Fighter I
    (9-10). While the flagship is alive (and `steers`), their hits go to the cruiser first; otherwise to the fighters
    first. A state is (flagship, dreadnought: 2 whole, 1 damaged, 0 gone; cruiser; fighters)."""
    def moves(state):
        flag, dread, cruiser, theirs = state
        ours = sum_hits(binomial(2 if flag else 0, P6), binomial(1 if dread else 0, P6))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(sum_hits(binomial(cruiser, P4), binomial(theirs, Fraction(2, 10)))):
                f, d = flag, dread
                if h and d == 2:  # Sustain Damage first: the dreadnought's, then the flagship's
                    d, h = 1, h - 1
                if h and f == 2:
                    f, h = 1, h - 1
                if h and d:
                    d, h = 0, h - 1
                if h and f:
                    f = 0
                if steers and flag:
                    c, left = (0, max(0, theirs - k + 1)) if cruiser and k else (cruiser, max(0, theirs - k))
                else:
                    c, left = (cruiser if k <= theirs else 0), max(0, theirs - k)
                yield f + d > 0, c + left > 0, (f, d, c, left), pk * ph
    return solve((2, 2, 1, fighters), moves)


def test_lizix_flagship_steers_its_and_the_dreadnoughts_hits_to_non_fighter_ships_while_it_is_alive():
    # A space dock keeps the defender's 3 fighters.
    answer = space(side(("[0.0.1]", 1), ("Dreadnought I", 1)), side(("Space Dock I", 1), ("Cruiser I", 1),
                                                                      ("Fighter I", 3)))
    assert answer["outcome"] == _outcome(*_lizix_against_cruiser(3, steers=True))
    assert abs(float(_lizix_against_cruiser(3, steers=False)[0]) - answer["outcome"]["attacker"]) > 1e-3
    [step] = _steps(answer, "[0.0.1]:")
    assert step["title"] == "[0.0.1]: hits to non-fighter ships" and step["authority"] == "card"
    assert "must be assigned to non-fighter ships if able" in step["text"]
    assert not _steps(answer, "Not applied")


def _fighters_and_infantry(fighters: int, defenders: int) -> tuple[Fraction, ...]:
    """An invader's Fighter I (9-10) and one Infantry I (8-10, destroyed first) against Infantry I: (the infantry
    holds the planet, only fighters are left, defender, draw), by recursion over (fighters, infantry, defenders)."""
    @cache
    def value(f: int, i: int, n: int) -> tuple[Fraction, ...]:
        stay, out = Fraction(0), [Fraction(0)] * 4
        for k, pk in enumerate(sum_hits(binomial(f, Fraction(2, 10)), binomial(i, Fraction(3, 10)))):
            for h, ph in enumerate(binomial(n, Fraction(3, 10))):
                i2 = max(0, i - h)
                f2, n2 = max(0, f - max(0, h - i)), max(0, n - k)
                if f2 + i2 and n2:
                    if (f2, i2, n2) == (f, i, n):
                        stay += pk * ph
                    else:
                        out = [o + pk * ph * v for o, v in zip(out, value(f2, i2, n2))]
                else:
                    out[0 if i2 and not n2 else 1 if f2 and not n2 else 2 if n2 else 3] += pk * ph
        return tuple(o / (1 - stay) for o in out)
    return value(fighters, 1, defenders)


def test_matriarch_commits_the_invaders_fighters_which_go_back_to_space_after_combat():
    holds, fighters_left, defender, draw = _fighters_and_infantry(2, 2)
    answer = resolve({"ability": "invasion",
                      "attacker": side(("Matriarch", 1), ("Fighter I", 2), ("Infantry I", 1), order=["Infantry I"]),
                      "defender": side(("Infantry I", 2))})
    assert answer["outcome"] == _outcome(holds + fighters_left, defender, draw)
    [step] = _steps(answer, "Matriarch:")
    assert step["title"] == "Matriarch: fighters invade" and step["authority"] == "card"
    control = next(s for s in answer["steps"] if s["title"] == "Establish control")
    assert f"P = {100 * float(holds):.2f}%" in control["text"]
    assert not _steps(answer, "Not applied")


def _alastor(start) -> tuple[Fraction, ...]:
    """The Alastor (2 dice on 9-10, Sustain Damage), Infantry II fighting as ships (7-10) and a Carrier I (9-10)
    against Cruiser I (7-10), from a state (flagship: 2 whole, 1 damaged, 0 gone; infantry; carrier; cruisers). Hits
    go to the flagship's Sustain Damage, then the flagship, the infantry and the carrier (the order the tests give)."""
    def moves(state):
        flag, infantry, carrier, theirs = state
        ours = sum_hits(binomial(2 if flag else 0, Fraction(2, 10)),
                        sum_hits(binomial(infantry, P4), binomial(carrier, Fraction(2, 10))))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(theirs, P4)):
                f, i, c = flag, infantry, carrier
                f, h = first_hit(f, h)
                i, h = max(0, i - h), max(0, h - i)
                c = max(0, c - h)
                yield f + i + c > 0, theirs > k, (f, i, c, max(0, theirs - k)), pk * ph
    return solve(start, moves)


def test_the_alastors_ground_forces_fight_as_ships_out_of_reach_of_space_cannon_offense():
    # A PDS I (6-10) can only hit The Alastor, whose Sustain Damage cancels the hit.
    expected = [HALF * a + HALF * b for a, b in zip(_alastor((2, 2, 0, 2)), _alastor((1, 2, 0, 2)))]
    answer = space(side(("The Alastor", 1), ("Infantry II", 2), order=["The Alastor"]),
                   side(("Cruiser I", 2), ("PDS I", 1)))
    assert answer["outcome"] == _outcome(*expected)
    [step] = _steps(answer, "The Alastor:")
    assert step["title"] == "The Alastor: ground forces fight as ships" and step["authority"] == "card"
    assert "(2 × Infantry II)" in step["text"]
    assert [row["name"] for row in answer["survivors"]["attacker"]] == ["The Alastor", "Infantry II"]
    assert not _steps(answer, "Not applied")


def test_ground_forces_do_not_fight_when_space_cannon_offense_destroys_the_alastor():
    # 3 PDS I (6-10): 2 hits destroy The Alastor (first in the order), so the infantry wait on the carrier; 3 hits
    # destroy the carrier too, and with it the combat.
    chances = binomial(3, HALF)
    starts = [(2, 2, 1, 1), (1, 2, 1, 1), (0, 0, 1, 1)]
    expected = [sum(p * v for p, v in zip(chances, values)) for values in zip(*(_alastor(s) for s in starts))]
    expected[1] += chances[3]
    answer = space(side(("The Alastor", 1), ("Carrier I", 1), ("Infantry II", 2), order=["The Alastor"]),
                   side(("Cruiser I", 1), ("PDS I", 3)))
    assert answer["outcome"] == _outcome(*expected)


@pytest.mark.parametrize("ability", ["ground_combat", "invasion"])
def test_visz_el_vir_gives_each_mech_in_its_system_one_more_die(ability):
    # A Mech (6-10, Sustain Damage) rolls 2 dice against 2 Infantry I (8-10); Visz El Vir does not fight there.
    attacker = side(("Visz El Vir", 1), ("Mech", 1))
    answer = resolve({"ability": ability, "attacker": attacker, "defender": side(("Infantry I", 2))})
    assert answer["outcome"] == _outcome(*lone_sustainer(2, HALF, 2, Fraction(3, 10), repairs=False))
    [step] = _steps(answer, "Visz El Vir:")
    assert step["title"] == "Visz El Vir: more dice for mechs" and "each mech of this side (Mech)" in step["text"]
    assert not _steps(answer, "Not applied")


def test_iconoclast_omega_keeps_the_opponents_anti_fighter_barrage_off_its_units():
    # No barrage: 3 Fighter I and a Carrier II (9-10 each, fighters hit first) against a Destroyer II (8-10).
    def moves(state):
        fighters, carrier, theirs = state
        for k, pk in enumerate(binomial(fighters + carrier, Fraction(2, 10))):
            for h, ph in enumerate(binomial(theirs, Fraction(3, 10))):
                f, c = (fighters - h, carrier) if fighters >= h else (0, carrier - (h - fighters))
                yield f + c > 0, theirs > k, (f, c, max(0, theirs - k)), pk * ph
    answer = space(side(("Iconoclast Omega", 1), ("Carrier II", 1), ("Fighter I", 3)), side(("Destroyer II", 1)))
    assert answer["outcome"] == _outcome(*solve((3, 1, 1), moves))
    [step] = _steps(answer, "Iconoclast Omega:")
    assert "Anti-Fighter Barrage (3 dice) is not rolled" in step["text"] and step["authority"] == "card"
    assert not _steps(answer, "Anti-Fighter Barrage") and not _steps(answer, "Not applied")


def test_shield_paling_keeps_fragile_off_its_infantry_while_it_is_on_the_planet():
    # Shield Paling (6-10, -1 for Fragile, Sustain Damage, destroyed first) and Infantry I (8-10, -1 only once it
    # is gone) against Infantry I (8-10).
    def moves(state):
        paling, infantry, theirs = state
        ours = sum_hits(binomial(1 if paling else 0, P4), binomial(infantry, Fraction(3 if paling else 2, 10)))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(theirs, Fraction(3, 10))):
                p = paling
                p, h = first_hit(p, h)
                i = max(0, infantry - h)
                yield p + i > 0, theirs > k, (p, i, max(0, theirs - k)), pk * ph
    answer = resolve({"ability": "ground_combat", "defender": side(("Infantry I", 3)),
                      "attacker": side(("Shield Paling", 1), ("Infantry I", 2), modifiers=["fragile"],
                                       order=["Shield Paling"])})
    assert answer["outcome"] == _outcome(*solve((2, 2, 3), moves))
    [step] = _steps(answer, "Shield Paling:")
    assert "infantry roll without Fragile's -1" in step["text"] and step["authority"] == "card"
    assert not _steps(answer, "Not applied")
