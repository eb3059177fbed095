"""Production: limits, counting, cost and the rule each violation cites."""

from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, catalogue, resolve

DOCK_3 = {"name": "Space Dock I", "planet_resources": 3}


def _produce(producers, build, **extra) -> dict:
    return resolve({"ability": "production", "producers": producers, "build": build, **extra})


def _violated(answer: dict) -> list[str]:
    return [v["rule"] for v in answer["violations"]]


def test_space_dock_i_on_three_resources_produces_five():
    assert _produce([DOCK_3], [])["limit"] == 5


def test_space_dock_ii_adds_four():
    assert _produce([{"name": "Space Dock II", "planet_resources": 3}], [])["limit"] == 7


def test_four_destroyers_and_a_carrier():
    answer = _produce([DOCK_3], [{"name": "Carrier", "count": 1}, {"name": "Destroyer", "count": 4}])
    assert (answer["allowed"], answer["units_counted"], answer["cost"], answer["violations"]) == (True, 5, 7, [])


def test_three_fighters_count_three_and_cost_two():
    answer = _produce([DOCK_3], [{"name": "Fighter", "count": 3}])
    assert (answer["units_counted"], answer["cost"]) == (3, 2)


def test_one_infantry_still_costs_the_full_one():
    assert _produce([DOCK_3], [{"name": "Infantry", "count": 1}])["cost"] == 1


def test_fighter_and_infantry_do_not_share_a_cost():
    assert _produce([DOCK_3], [{"name": "Fighter"}, {"name": "Infantry"}])["cost"] == 2


def test_fighter_counting_cites_68_1b_and_68_1c():
    rules = [s["rule"] for s in _produce([DOCK_3], [{"name": "Fighter", "count": 3}])["steps"]]
    assert {"68.1b", "68.1c"} <= set(rules)


def test_arborec_space_dock_cannot_make_infantry():
    answer = _produce([DOCK_3], [{"name": "Infantry", "count": 2}], faction="arborec")
    assert (answer["allowed"], _violated(answer), answer["infantry_limit"]) == (False, ["68.1d"], 0)


def test_arborec_dock_alone_says_no_other_unit_produces():
    answer = _produce([DOCK_3], [{"name": "Infantry", "count": 2}], faction="arborec")
    message = next(v["message"] for v in answer["violations"] if v["rule"] == "68.1d")
    assert "no other producing unit" in message and "only 0" not in message


def test_arborec_letani_warriors_can_make_infantry():
    answer = _produce(
        [DOCK_3, {"name": "Letani Warrior II"}],
        [{"name": "Infantry", "count": 2}, {"name": "Carrier"}],
        faction="arborec",
    )
    assert (answer["allowed"], answer["limit"], answer["infantry_limit"]) == (True, 7, 2)


def test_letani_warrior_implies_the_arborec():
    answer = _produce([DOCK_3, {"name": "Letani Warrior I"}], [{"name": "Infantry", "count": 2}])
    assert (answer["faction"], _violated(answer)) == ("arborec", ["68.1d"])


def test_other_factions_docks_make_infantry():
    assert _produce([DOCK_3], [{"name": "Infantry", "count": 2}], faction="sol")["allowed"] is True


def test_over_the_limit_of_one_producer_cites_68_1():
    answer = _produce([{"name": "Space Dock I", "planet_resources": 1}], [{"name": "Destroyer", "count": 4}])
    assert (answer["allowed"], _violated(answer)) == (False, ["68.1"])


def test_over_a_combined_limit_cites_68_1a():
    producers = [{"name": "Space Dock I", "planet_resources": 0}, {"name": "Space Dock I", "planet_resources": 0}]
    answer = _produce(producers, [{"name": "Fighter", "count": 5}])
    assert (answer["limit"], _violated(answer)) == (4, ["68.1a"])


def test_structures_cannot_be_produced():
    answer = _produce([DOCK_3], [{"name": "PDS II"}])
    assert (_violated(answer), answer["units_counted"]) == (["26.3a"], 0)


def test_cost_over_available_resources_cites_26_1():
    assert _violated(_produce([DOCK_3], [{"name": "Dreadnought"}], resources=3)) == ["26.1"]


def test_fleet_pool_overflow_is_a_warning_not_a_violation():
    answer = _produce([DOCK_3], [{"name": "Destroyer", "count": 3}], fleet_pool=3, ships_in_system=1)
    assert (answer["allowed"], [w["rule"] for w in answer["warnings"]]) == (True, ["37.3"])


def test_space_dock_fighter_room_counts_toward_capacity():
    answer = _produce([DOCK_3], [{"name": "Fighter", "count": 4}], capacity_in_system=0)
    assert [w["rule"] for w in answer["warnings"]] == ["16.3"]


@pytest.mark.parametrize(("already", "rules"), [(1, []), (2, ["16.3"])])
def test_a_dimensional_tear_keeps_six_fighters_out_of_capacity(already, rules):
    # Dimensional Tear I: "Up to 6 fighters in this system do not count against your ships' capacity".
    answer = _produce([{"name": "Dimensional Tear I"}], [{"name": "Fighter", "count": 5}], capacity_in_system=0,
                      units_in_space=already)
    assert [w["rule"] for w in answer["warnings"]] == rules


def test_carrier_built_alongside_fighters_adds_capacity():
    answer = _produce([DOCK_3], [{"name": "Fighter", "count": 4}, {"name": "Carrier"}], capacity_in_system=0)
    assert answer["warnings"] == []


def test_floating_factory_has_fixed_production():
    assert _produce([{"name": "Floating Factory II"}], [])["limit"] == 7


def test_helios_counts_its_own_resource_bonus():
    # Printed resources 2, +1 from the Helios, +2: Production 5.
    assert _produce([{"name": "4X31C Helios V1", "planet_resources": 2}], [])["limit"] == 5


def test_hel_titans_pool_their_production():
    assert _produce([{"name": "Hel-Titan I", "count": 2}], [{"name": "Fighter", "count": 2}])["allowed"] is True


def test_space_dock_step_shows_the_arithmetic():
    step = next(s for s in _produce([DOCK_3], [])["steps"] if s["rule"] == "79.1")
    assert "3 + 2 = Production 5" in step["text"]


def test_ships_and_ground_forces_placement_rules():
    rules = [s["rule"] for s in _produce([DOCK_3], [{"name": "Carrier"}, {"name": "Infantry", "count": 2}])["steps"]]
    assert {"68.2", "68.3"} <= set(rules) and "68.4" not in rules


def test_producing_in_space_cites_68_4():
    rules = [s["rule"] for s in _produce([{"name": "Floating Factory I"}], [{"name": "Infantry", "count": 2}])["steps"]]
    assert "68.4" in rules


def test_null_optional_fields_count_as_absent():
    answer = _produce([DOCK_3], None, faction=None, resources=None)
    assert (answer["faction"], answer["units_counted"], answer["violations"]) == (None, 0, [])


# Reinforcements: the pieces in the game (96.2) limit what can be produced (67.5).
SPACE_DOCK_II = {"name": "Space Dock II", "planet_resources": 5}


@pytest.mark.parametrize("unit, count", [
    ("War Sun", 3), ("Flagship", 2), ("Destroyer II", 9), ("Mech", 5), ("Prototype War Sun II", 3),
    ("Super-Dreadnought II", 6), ("Advanced Carrier II", 5), ("Strike Wing Alpha II", 9), ("Letani Behemoth", 5),
    ("Memoria II", 2),
])
def test_more_than_the_pieces_in_the_game_cites_67_5(unit, count):
    answer = _produce([SPACE_DOCK_II], [{"name": unit, "count": count}])
    assert _violated(answer) == ["67.5"] and answer["violations"][0]["field"] == "build[0].count"


@pytest.mark.parametrize("unit, count", [("War Sun", 2), ("Destroyer II", 8), ("Mech", 4)])
def test_the_full_set_can_be_produced(unit, count):
    assert _produce([SPACE_DOCK_II], [{"name": unit, "count": count}])["allowed"] is True


def test_fighters_and_infantry_are_not_limited_by_pieces():
    answer = _produce([SPACE_DOCK_II, {"name": "Space Dock II", "planet_resources": 8}],
                      [{"name": "Fighter II", "count": 11}, {"name": "Infantry II", "count": 13}])
    assert "67.5" not in _violated(answer)


def test_two_unit_versions_share_their_pieces():
    answer = _produce([SPACE_DOCK_II], [{"name": "Carrier I", "count": 3}, {"name": "Carrier II", "count": 2}])
    assert _violated(answer) == ["67.5"]


def test_fewer_in_reinforcements_warns_to_remove_units_first():
    answer = _produce([SPACE_DOCK_II], [{"name": "Dreadnought II", "count": 2, "in_reinforcements": 1}])
    assert answer["allowed"] is True
    assert [(w["rule"], w["field"]) for w in answer["warnings"]] == [("67.5a", "build[0].in_reinforcements")]


def test_in_reinforcements_beyond_the_set_names_the_field():
    with pytest.raises(ResolveError) as error:
        _produce([SPACE_DOCK_II], [{"name": "War Sun", "in_reinforcements": 3}])
    assert error.value.field == "build[0].in_reinforcements"


# Other players' ships (67.6) and blockades (14).
def test_enemy_ships_forbid_producing_ships():
    answer = _produce([dict(DOCK_3, enemy_ships=True)], [{"name": "Carrier"}])
    assert _violated(answer) == ["67.6"] and answer["violations"][0]["field"] == "producers[0].enemy_ships"


def test_enemy_ships_forbid_fighters_too():
    assert _violated(_produce([dict(DOCK_3, enemy_ships=True)], [{"name": "Fighter", "count": 2}])) == ["67.6"]


def test_blockaded_dock_still_produces_ground_forces():
    answer = _produce([dict(DOCK_3, enemy_ships=True)], [{"name": "Infantry", "count": 2}, {"name": "Mech"}])
    assert answer["allowed"] is True and "14.1" in [s["rule"] for s in answer["steps"]]


def test_own_ships_there_mean_not_blockaded_but_still_no_ships():
    answer = _produce([dict(DOCK_3, enemy_ships=True)], [{"name": "Carrier"}], ships_in_system=1)
    assert _violated(answer) == ["67.6"] and "14.1" not in [s["rule"] for s in answer["steps"]]


def test_blockaded_floating_factory_is_destroyed():
    answer = _produce([{"name": "Floating Factory I", "enemy_ships": True}], [{"name": "Infantry", "count": 2}])
    assert (answer["limit"], _violated(answer)) == (0, ["68.1", "79.4a"])


def test_enemy_ships_must_be_true_or_false():
    with pytest.raises(ResolveError) as error:
        _produce([dict(DOCK_3, enemy_ships="yes")], [])
    assert error.value.field == "producers[0].enemy_ships"


# Capacity (16) and the fleet pool (37).
def test_floating_factory_counts_its_own_capacity():
    answer = _produce([{"name": "Floating Factory I"}], [{"name": "Fighter", "count": 4}], capacity_in_system=0)
    assert answer["warnings"] == []


def test_floating_factory_capacity_has_a_limit():
    answer = _produce([{"name": "Floating Factory I"}], [{"name": "Fighter", "count": 5}], capacity_in_system=0)
    assert [w["rule"] for w in answer["warnings"]] == ["16.3"]


def test_fighter_ii_beyond_capacity_counts_against_the_fleet_pool():
    answer = _produce([DOCK_3], [{"name": "Fighter II", "count": 5}], capacity_in_system=0, fleet_pool=3,
                      ships_in_system=1)
    assert answer["warnings"] == []
    assert "2 fighters, as one ship each" in next(s["text"] for s in answer["steps"] if s["title"] ==
                                                  "Fighters beyond capacity")


def test_fighter_i_beyond_capacity_must_be_removed():
    answer = _produce([DOCK_3], [{"name": "Fighter I", "count": 5}], capacity_in_system=0, fleet_pool=3,
                      ships_in_system=1)
    assert [w["rule"] for w in answer["warnings"]] == ["16.3"]


def test_fighter_ii_beyond_the_fleet_pool_too_must_be_removed():
    answer = _produce([DOCK_3], [{"name": "Fighter II", "count": 5}], capacity_in_system=0, fleet_pool=2,
                      ships_in_system=1)
    assert [w["rule"] for w in answer["warnings"]] == ["16.3"]
    assert "and 1 fighter counted against the fleet pool" in answer["warnings"][0]["message"]


def test_hybrid_crystal_fighters_ii_count_as_half_a_ship():
    answer = _produce([DOCK_3], [{"name": "Hybrid Crystal Fighter II", "count": 5}], capacity_in_system=0,
                      fleet_pool=2, ships_in_system=1)
    assert answer["warnings"] == []


# Space docks on planets (79.3).
PLANETS = {"mecatol rex": ("Mecatol Rex", 1), "jord": ("Jord", 4)}


def test_two_space_docks_on_one_planet_cite_79_3():
    docks = [{"name": "Space Dock I", "planet": "Mecatol Rex"}, {"name": "Space Dock I", "planet": "mecatol rex"}]
    answer = resolve({"ability": "production", "producers": docks, "build": [{"name": "Carrier II"}]}, PLANETS)
    assert (answer["allowed"], _violated(answer), answer["violations"][0]["field"]) == (
        False, ["79.3"], "producers[1].planet")


def test_space_docks_on_two_planets_are_allowed():
    docks = [{"name": "Space Dock I", "planet": "Mecatol Rex"}, {"name": "Space Dock II", "planet": "Jord"}]
    answer = resolve({"ability": "production", "producers": docks, "build": [{"name": "Carrier II"}]}, PLANETS)
    assert answer["allowed"] is True


# The Cavalry is the Nomad's promissory note: a ship takes the Memoria's values; no one produces it.
@pytest.mark.parametrize("name", ["The Cavalry I", "The Cavalry II"])
def test_the_cavalry_cannot_be_produced(name):
    answer = _produce([SPACE_DOCK_II], [{"name": name}])
    assert (answer["allowed"], [(v["rule"], v["field"]) for v in answer["violations"]], answer["units_counted"]) == (
        False, [("67.1", "build[0]")], 0)
    assert "promissory note" in answer["violations"][0]["message"]


def test_the_build_picker_does_not_offer_the_cavalry():
    assert not [u["name"] for u in catalogue("build") if "Cavalry" in u["name"]]
