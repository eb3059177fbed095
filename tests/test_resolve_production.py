"""Production: limits, counting, cost and the rule each violation cites."""

from __future__ import annotations

from corpus.resolve import resolve

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
