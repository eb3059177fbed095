"""The Naaz-Rokha mech card and flagship, against hand recursions: Eidolon flips to Z-Grav Eidolon, a ship in the space
area, as a space combat starts, and is an Eidolon again on a planet; Visz El Vir gives each mech one more die."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import resolve
from hand_battles import binomial, first_hit, lone_sustainer, solve, sum_hits
from test_resolve_battle import EXACT, side, space

HALF = Fraction(1, 2)


def _outcome(attacker, defender, draw) -> dict:
    """An answer's outcome from exact fractions."""
    return pytest.approx({"attacker": float(attacker), "defender": float(defender), "draw": float(draw),
                          "retreat": 0}, abs=EXACT)


def _z_gravs_and_carrier(start) -> tuple[Fraction, ...]:
    """Z-Grav Eidolons (2 dice each on 8-10, no Sustain Damage) and a Carrier I (9-10) against Cruiser I (7-10), from
    a state (Z-Gravs, carrier, cruisers). Hits destroy the Z-Gravs first (a cruiser's place, before the carrier)."""
    def moves(state):
        z_gravs, carrier, theirs = state
        ours = sum_hits(binomial(2 * z_gravs, Fraction(3, 10)), binomial(carrier, Fraction(2, 10)))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(theirs, Fraction(4, 10))):
                z, c = max(0, z_gravs - h), max(0, carrier - max(0, h - z_gravs))
                yield z + c > 0, theirs > k, (z, c, max(0, theirs - k)), pk * ph
    return solve(start, moves)


@pytest.mark.parametrize("listed", ["Eidolon", "Z-Grav Eidolon"])
def test_the_mechs_in_the_space_area_fight_as_z_grav_eidolon_out_of_reach_of_space_cannon_offense(listed):
    # A PDS I (6-10) can only hit the carrier: the mechs are not ships until the combat starts. With the carrier
    # gone, they have no capacity and are removed, so there is no combat and the defender keeps the system.
    answer = space(side(("Carrier I", 1), (listed, 2)), side(("Cruiser I", 2), ("PDS I", 1)))
    fought = _z_gravs_and_carrier((2, 1, 2))
    assert answer["outcome"] == _outcome(HALF * fought[0], HALF + HALF * fought[1], HALF * fought[2])
    assert answer["sides"]["attacker"]["hit_order"] == ["Z-Grav Eidolon", "Carrier I"]
    [step] = [s for s in answer["steps"] if s["title"] == "Z-Grav Eidolon: a ship in the space combat"]
    assert step["authority"] == "card"
    assert "\"If this unit is in the space area of the active system, it is also a ship.\" (its card)" in step["text"]
    assert not [s for s in answer["steps"]
                if s["title"].startswith(("Not applied", "Does not fight")) and "Eidolon" in s["text"]]


def test_a_z_grav_eidolon_is_destroyed_after_the_destroyers_and_before_the_cruisers():
    answer = space(side(("Cruiser II", 1), ("Z-Grav Eidolon", 1), ("Destroyer I", 1)), side(("Cruiser I", 2)))
    assert answer["sides"]["attacker"]["hit_order"] == ["Destroyer I", "Z-Grav Eidolon", "Cruiser II"]


def test_an_order_may_name_either_side_of_the_card():
    answer = space(side(("Carrier I", 1), ("Eidolon", 2), order=["Carrier I", "Eidolon"]), side(("Cruiser I", 2)))
    assert answer["sides"]["attacker"]["hit_order"] == ["Carrier I", "Z-Grav Eidolon"]


@pytest.mark.parametrize("ability", ["ground_combat", "invasion"])
def test_a_z_grav_eidolon_on_a_planet_fights_as_eidolon(ability):
    # Eidolon: 2 dice on 6-10 and Sustain Damage, against 2 Infantry I (8-10); Z-Grav Eidolon would roll on 8-10.
    answer = resolve({"ability": ability, "attacker": side(("Z-Grav Eidolon", 1)),
                      "defender": side(("Infantry I", 2))})
    assert answer["outcome"] == _outcome(*lone_sustainer(2, HALF, 2, Fraction(3, 10), repairs=False))
    assert [s["title"] for s in answer["steps"] if "Eidolon" in s["title"]] == ["Z-Grav Eidolon: fights as Eidolon"]


def _visz_and_z_grav(z_grav_dice) -> tuple[Fraction, ...]:
    """Visz El Vir (2 dice on 9-10, Sustain Damage, destroyed first) and a Z-Grav Eidolon (8-10) against 3 Cruiser I
    (7-10); `z_grav_dice(visz alive)` says how many dice the Z-Grav rolls. A state is (flagship: 2 whole, 1 damaged,
    0 gone; Z-Grav; cruisers)."""
    def moves(state):
        visz, z_grav, theirs = state
        ours = sum_hits(binomial(2 if visz else 0, Fraction(2, 10)),
                        binomial(z_grav_dice(visz > 0) if z_grav else 0, Fraction(3, 10)))
        for k, pk in enumerate(ours):
            for h, ph in enumerate(binomial(theirs, Fraction(4, 10))):
                v, z = visz, z_grav
                v, h = first_hit(v, h)
                if h and z:
                    z = 0
                yield v + z > 0, theirs > k, (v, z, max(0, theirs - k)), pk * ph
    return solve((2, 1, 3), moves)


def test_visz_el_vir_gives_a_z_grav_eidolon_one_more_die_while_it_is_alive():
    # "Your mechs in this system": once the flagship is destroyed, the Z-Grav rolls its own 2 dice.
    answer = space(side(("Visz El Vir", 1), ("Eidolon", 1), order=["Visz El Vir"]), side(("Cruiser I", 3)))
    expected = _visz_and_z_grav(lambda alive: 3 if alive else 2)
    assert answer["outcome"] == _outcome(*expected)
    assert abs(float(_visz_and_z_grav(lambda alive: 3)[0] - expected[0])) > 1e-3
    [step] = [s for s in answer["steps"] if s["title"] == "Visz El Vir: more dice for mechs"]
    assert "(Z-Grav Eidolon) rolls 1 more die in every round that starts with Visz El Vir alive" in step["text"]


def test_visz_el_vir_gives_eidolon_maximum_one_more_die():
    # Eidolon Maximum is a mech for Visz El Vir (its ruling): 5 dice on 4-10, Sustain Damage, repaired each round,
    # against 5 Infantry II (7-10).
    answer = resolve({"ability": "ground_combat", "attacker": side(("Visz El Vir", 1), ("Eidolon Maximum", 1)),
                      "defender": side(("Infantry II", 5))})
    assert answer["outcome"] == _outcome(*lone_sustainer(5, Fraction(7, 10), 5, Fraction(4, 10), repairs=True))


def test_a_hel_titan_is_no_mech_for_visz_el_vir():
    # Hel-Titan I, a PDS that is a ground force too: 1 die on 7-10 and Sustain Damage, against 2 Infantry I (8-10).
    answer = resolve({"ability": "ground_combat", "attacker": side(("Visz El Vir", 1), ("Hel-Titan I", 1)),
                      "defender": side(("Infantry I", 2))})
    assert answer["outcome"] == _outcome(*lone_sustainer(1, Fraction(4, 10), 2, Fraction(3, 10), repairs=False))
