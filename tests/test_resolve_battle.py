"""Space combat, exact: hand-computed cases (closed forms) and invariants of the answer."""
from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, resolve

EXACT = 1e-12


def side(*units, **extra) -> dict:
    """A side from (name, count) pairs."""
    return {"units": [{"name": name, "count": count} for name, count in units], **extra}


def docked(*units, **extra) -> dict:
    """A side with a space dock in the system, which keeps up to 3 of its fighters out of capacity: fighters with
    no room are removed before the combat (16.3 and its notes), and these tests want theirs to fight."""
    return side(("Space Dock I", 1), *units, **extra)


def idle(*units, **extra) -> dict:
    """A defender whose one ship never hits (a Fighter I at -10, kept by a space dock): there is no space combat
    without ships on both sides (78.1), and this one leaves the result to what Space Cannon Offense did."""
    return docked(*units, ("Fighter I", 1), combat_modifier=-10, **extra)


def space(attacker: dict, defender: dict, **extra) -> dict:
    """Resolve a space combat."""
    return resolve({"ability": "space_combat", "attacker": attacker, "defender": defender, **extra})


def test_one_fighter_each_is_a_geometric_series():
    # Each round both miss with 0.8 * 0.8 = 0.64 and nothing changes; otherwise it ends.
    answer = space(docked(("Fighter I", 1)), docked(("Fighter I", 1)))
    assert answer["outcome"] == pytest.approx(
        {"attacker": 0.16 / 0.36, "defender": 0.16 / 0.36, "draw": 0.04 / 0.36, "retreat": 0}, abs=EXACT)
    assert answer["rounds_expected"] == pytest.approx(1 / 0.36, abs=EXACT)
    assert answer["rounds"][0] == {"round": 1, "p": pytest.approx(0.36)}
    assert answer["rounds"][1]["p"] == pytest.approx(0.64 * 0.36)


def test_sustain_damage_cancels_the_first_hit():
    # Dreadnought (hits 60%) against a fighter (20%): the fighter needs two hits, the second from the damaged state.
    answer = space(side(("Dreadnought I", 1)), docked(("Fighter I", 1)))
    damaged = {"attacker": 0.48 / 0.68, "draw": 0.12 / 0.68, "defender": 0.08 / 0.68}
    assert answer["outcome"]["attacker"] == pytest.approx((0.6 + 0.08 * damaged["attacker"]) / 0.68, abs=EXACT)
    assert answer["outcome"]["draw"] == pytest.approx(0.08 * damaged["draw"] / 0.68, abs=EXACT)
    assert answer["outcome"]["defender"] == pytest.approx(0.08 * damaged["defender"] / 0.68, abs=EXACT)


def test_anti_fighter_barrage_in_round_one_only():
    # Destroyer II: AFB 6 (x3) kills the lone fighter with 1 - 0.5^3 = 0.875 and the combat ends at once (78.3a).
    answer = space(side(("Destroyer II", 1)), docked(("Fighter I", 1)))
    rest = 0.125
    assert answer["outcome"]["attacker"] == pytest.approx(0.875 + rest * 0.24 / 0.44, abs=EXACT)
    assert answer["outcome"]["defender"] == pytest.approx(rest * 0.14 / 0.44, abs=EXACT)
    assert answer["rounds_expected"] == pytest.approx(0.875 + rest / 0.44, abs=EXACT)


def test_space_cannon_offense_can_decide_it_before_any_round():
    # A PDS I fires at the lone fighter: 50% it dies before any round, else it wins against a ship that never hits
    # (20% a round: 5 rounds expected).
    answer = space(docked(("Fighter I", 1)), idle(("PDS I", 1)))
    assert answer["outcome"] == pytest.approx({"attacker": 0.5, "defender": 0.5, "draw": 0, "retreat": 0}, abs=EXACT)
    assert answer["rounds_expected"] == pytest.approx(2.5, abs=EXACT)
    assert answer["rounds"][0] == {"round": 0, "p": pytest.approx(0.5, abs=EXACT)}


@pytest.mark.parametrize(("ability", "attacker", "defender", "rule"), [
    ("space_combat", "Cruiser I", "PDS I", "78.1"),
    ("space_combat", "Cruiser I", "Infantry I", "78.1"),
    ("ground_combat", "Infantry I", "PDS I", "49.4"),
])
def test_a_defender_with_nothing_that_fights_is_refused(ability, attacker, defender, rule):
    with pytest.raises(ResolveError) as err:
        resolve({"ability": ability, "attacker": side((attacker, 1)), "defender": side((defender, 1))})
    assert (err.value.field, f"({rule})" in err.value.message) == ("defender.units", True)


def test_retreat_at_the_end_of_the_announced_round():
    # Destroyer I hits on 9-10 as Fighter I does, but has a move value, so it can retreat (78.7b).
    answer = space(side(("Destroyer I", 1)), side(("Destroyer I", 1)), retreat={"side": "defender", "round": 1})
    assert answer["outcome"] == pytest.approx({"attacker": 0.16, "defender": 0.16, "draw": 0.04, "retreat": 0.64})
    assert answer["rounds_expected"] == pytest.approx(1)
    assert answer["retreat"] == {"side": "defender", "round": 1}


def test_retreat_in_round_two_fights_round_two():
    answer = space(side(("Destroyer I", 1)), side(("Destroyer I", 1)), retreat={"side": "attacker", "round": 2})
    assert answer["outcome"]["retreat"] == pytest.approx(0.64 * 0.64)
    assert answer["outcome"]["attacker"] == pytest.approx(0.16 + 0.64 * 0.16)


def test_retreat_takes_only_the_fighters_its_ships_can_carry():
    # 78.7b: ships with a move value leave; Fighter I (no move value) only within their capacity; the rest
    # are removed. Attacker: Cruiser I (hits 40%). Defender: Cruiser II (capacity 1, hits 50%) and 2 Fighter I
    # (20% each; its space dock keeps them in the system), retreating in round 1. The attacker's hit destroys a
    # fighter; the defender's 3 dice miss with 0.5 * 0.8 * 0.8 = 0.32, and then it retreats with its cruiser and
    # 1 fighter (2 or 1 were left).
    answer = space(side(("Cruiser I", 1)), docked(("Cruiser II", 1), ("Fighter I", 2)),
                   retreat={"side": "defender", "round": 1})
    assert answer["outcome"] == pytest.approx({"attacker": 0, "defender": 0.68, "draw": 0, "retreat": 0.32},
                                              abs=EXACT)
    fighters = next(u for u in answer["survivors"]["defender"] if u["name"] == "Fighter I")
    # Won (0.68): 2 fighters if the attacker missed (0.6), else 1, all kept by the space dock; retreated (0.32):
    # the 1 the cruiser carries (a second, if there was one, is left behind and removed).
    assert fighters["expected"] == pytest.approx(0.68 * (0.6 * 2 + 0.4 * 1) + 0.32 * 1, abs=EXACT)
    assert any(s["rule"] == "78.7b" for s in answer["steps"])


def test_a_retreat_with_nothing_that_can_leave_is_a_loss():
    # A lone Fighter I cannot retreat (no move value, no ship to carry it): it is removed and the attacker,
    # with its cruiser, wins. Cruiser I hits 40%, Fighter I 20%: draw 0.4 * 0.2, defender 0.6 * 0.2.
    answer = space(side(("Cruiser I", 1)), docked(("Fighter I", 1)), retreat={"side": "defender", "round": 1})
    assert answer["outcome"] == pytest.approx({"attacker": 0.8, "defender": 0.12, "draw": 0.08, "retreat": 0},
                                              abs=EXACT)


def test_fighter_ii_retreats_on_its_own_move():
    answer = space(side(("Cruiser I", 1)), side(("Fighter II", 1)), retreat={"side": "defender", "round": 1})
    # Fighter II hits 30% and has a move value: both alive after round 1 (0.6 * 0.7) means it got away.
    assert answer["outcome"]["retreat"] == pytest.approx(0.6 * 0.7, abs=EXACT)


def test_a_ship_in_an_adjacent_system_only_fires_space_cannon():
    # Loncara Ssodu (Space Cannon 5 x3) fires from next door at 2 Cruiser I; then 2 or fewer Cruiser I (40%) fight
    # the lone Cruiser I; the flagship never rolls combat dice or takes hits (exact, by hand: a recursion).
    answer = space(side(("Cruiser I", 2)),
                   {"units": [{"name": "Cruiser I"}, {"name": "Loncara Ssodu", "adjacent": True}]})
    assert answer["outcome"] == pytest.approx(
        {"attacker": 2017 / 12250, "defender": 1863 / 2450, "draw": 459 / 6125, "retreat": 0}, abs=EXACT)
    assert answer["sides"]["defender"]["hit_order"] == ["Cruiser I"]
    assert any(s["rule"] == "77.3c" and "Loncara Ssodu" in s["text"] for s in answer["steps"])


def test_salai_sai_corian_rolls_one_die_per_opposing_non_fighter_ship():
    # Its card: as many dice (hit on 7) as the opponent's non-fighter ships, counted each round. Against 3 Cruiser I
    # (40% each) it rolls 3, then 2, then 1; exact, by hand: a recursion over (its damage, cruisers left).
    answer = space(side(("Salai Sai Corian", 1)), side(("Cruiser I", 3)))
    assert answer["outcome"] == pytest.approx(
        {"attacker": 891 / 4096, "defender": 681865548219 / 1026023133184, "draw": 60483747113 / 513011566592,
         "retreat": 0}, abs=EXACT)


def test_salai_sai_corian_rolls_no_dice_against_fighters():
    answer = space(side(("Salai Sai Corian", 1)), docked(("Fighter I", 2)))
    assert answer["outcome"] == pytest.approx({"attacker": 0, "defender": 1, "draw": 0, "retreat": 0}, abs=EXACT)


def test_battle_odds_say_1_hit_not_1_hits():
    # Two Cruiser II roll 2 dice at 50%: 1 hit expected.
    answer = space(side(("Cruiser II", 2)), side(("Destroyer I", 1)))
    roll = next(s for s in answer["steps"] if s["title"] == "Attacker rolls")
    assert "expected 1 hit," in roll["text"]


def test_ground_forces_in_space_do_not_fight():
    with_infantry = space(side(("Cruiser II", 1), ("Infantry II", 1)), side(("Cruiser I", 1)))
    alone = space(side(("Cruiser II", 1)), side(("Cruiser I", 1)))
    assert with_infantry["outcome"] == alone["outcome"]
    assert any(s["title"] == "Does not fight" and "Infantry II" in s["text"] for s in with_infantry["steps"])


def test_outcomes_survivors_and_rounds_are_consistent():
    answer = space(side(("Dreadnought II", 2), ("Fighter II", 3), ("Carrier II", 1)),
                   side(("Cruiser II", 3), ("Destroyer II", 2), ("PDS II", 1)))
    assert sum(answer["outcome"].values()) == pytest.approx(1, abs=EXACT)
    assert sum(r["p"] for r in answer["rounds"]) + answer["rounds_beyond"] == pytest.approx(1, abs=EXACT)
    mean = sum(r["round"] * r["p"] for r in answer["rounds"])
    assert mean == pytest.approx(answer["rounds_expected"], abs=1e-9)
    for role in ("attacker", "defender"):
        for unit in answer["survivors"][role]:
            assert 0 <= unit["expected"] <= unit["count"]


def test_stronger_fleet_wins_more_often():
    weak = space(side(("Cruiser I", 2)), side(("Cruiser I", 2)))
    strong = space(side(("Cruiser I", 3)), side(("Cruiser I", 2)))
    assert weak["outcome"]["attacker"] == pytest.approx(weak["outcome"]["defender"])
    assert strong["outcome"]["attacker"] > weak["outcome"]["attacker"]


def test_default_hit_order_is_cheapest_first():
    answer = space(side(("War Sun", 1), ("Fighter II", 2), ("Dreadnought II", 1), ("Destroyer I", 1)),
                   docked(("Fighter I", 1)))
    assert answer["sides"]["attacker"]["hit_order"] == ["Fighter II", "Destroyer I", "Dreadnought II", "War Sun"]
    step = next(s for s in answer["steps"] if s["title"] == "Assign hits")
    assert step["rule"] == "78.6" and "87.1" in step["text"]


def test_order_changes_who_is_lost_first():
    # One PDS I shot (50%) at a carrier and a fighter: the listed order decides which one it destroys.
    default = space(side(("Carrier I", 1), ("Fighter I", 1)), idle(("PDS I", 1)))
    carrier_first = space(side(("Carrier I", 1), ("Fighter I", 1), order=["Carrier I"]), idle(("PDS I", 1)))
    # Units left as the combat ends, before a fighter without a carrier is removed (16.3c).
    left = {u["name"]: u["expected"] + u.get("excess_removed", 0) for u in default["survivors"]["attacker"]}
    left_ordered = {u["name"]: u["expected"] + u.get("excess_removed", 0)
                    for u in carrier_first["survivors"]["attacker"]}
    assert left == {"Fighter I": pytest.approx(0.5), "Carrier I": pytest.approx(1)}
    assert left_ordered == {"Fighter I": pytest.approx(1), "Carrier I": pytest.approx(0.5)}
    assert carrier_first["sides"]["attacker"]["ordered_by"] == "order"


@pytest.mark.parametrize(("body", "field"), [
    ({"weather": "rain"}, "weather"),
    ({"attacker": {"units": []}}, "attacker.units"),
    ({"attacker": {"units": [{"name": "Infantry I"}]}}, "attacker.units"),
    ({"attacker": {"units": [{"name": "Fighter I", "count": 41}]}}, "attacker.units[0].count"),
    ({"attacker": {"units": [{"name": "Fighter I", "count": 30}, {"name": "Fighter II", "count": 11}]}},
     "attacker.units"),
    ({"attacker": {"units": [{"name": "PDS I", "adjacent": True}, {"name": "Fighter I"}]}}, "attacker.units[0].adjacent"),
    ({"attacker": {"units": [{"name": "Fighter I"}], "modifiers": ["lasers"]}}, "attacker.modifiers[0]"),
    ({"attacker": {"units": [{"name": "Fighter I"}], "modifiers": [["unrelenting"]]}}, "attacker.modifiers[0]"),
    ({"attacker": {"units": [{"name": "Fighter I"}], "modifiers": [{"name": "morale_boost", "round": [1]}]}},
     "attacker.modifiers[0].round"),
    ({"attacker": {"units": [{"name": "Fighter I"}], "order": ["War Sun"]}}, "attacker.order[0]"),
    ({"attacker": {"units": [{"name": "Fighter I"}], "combat_modifier": 12}}, "attacker.combat_modifier"),
    ({"retreat": {"side": "both", "round": 1}}, "retreat.side"),
    ({"attacker": {"units": [{"name": "Carrier I"}], "combat_modifier": -2},
      "defender": {"units": [{"name": "Carrier I"}], "combat_modifier": -2}}, "attacker.combat_modifier"),
])
def test_bad_requests_name_the_field(body, field):
    request = {"ability": "space_combat", "attacker": side(("Fighter I", 1)), "defender": side(("Fighter I", 1))}
    with pytest.raises(ResolveError) as err:
        resolve({**request, **body})
    assert err.value.field == field


def test_a_battle_too_large_to_solve_is_refused_by_name():
    huge = side(("Dreadnought II", 10), ("Cruiser II", 10), ("Destroyer II", 10), ("Fighter II", 10))
    with pytest.raises(ResolveError) as err:
        space(huge, side(("War Sun", 5), ("Carrier II", 10), ("Fighter I", 20), ("Flagship", 5)))
    assert err.value.field == "attacker.units" and "fewer units" in err.value.message


def test_round_by_round_table_is_cumulative():
    answer = space(docked(("Fighter I", 1)), docked(("Fighter I", 1)))
    before, first = answer["by_round"][:2]
    assert before == {"round": 0, "attacker": 0, "defender": 0, "draw": 0, "retreat": 0, "ongoing": 1,
                      "attacker_units": 1, "defender_units": 1}
    assert first == pytest.approx({"round": 1, "attacker": 0.16, "defender": 0.16, "draw": 0.04, "retreat": 0,
                                   "ongoing": 0.64, "attacker_units": 0.8, "defender_units": 0.8})
    last = answer["by_round"][-1]
    assert {k: last[k] for k in answer["outcome"]} == pytest.approx(answer["outcome"], abs=1e-9)
    # The table counts units as the combat ends; the space dock keeps the fighter, so none is removed (16.3c).
    survivors = answer["survivors"]["attacker"][0]
    assert last["attacker_units"] == pytest.approx(survivors["expected"], abs=1e-9) == 0.16 / 0.36
    assert "excess_removed" not in survivors
