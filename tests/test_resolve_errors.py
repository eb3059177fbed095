"""Bad input: one ResolveError whose message starts with the field to fix."""

from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, resolve


def _sc(*units, ability="space_cannon", **extra) -> dict:
    return {"ability": ability, "units": list(units), **extra}


def _prod(producers, build=(), **extra) -> dict:
    return {"ability": "production", "producers": list(producers), "build": list(build), **extra}


DOCK = {"name": "Space Dock I", "planet_resources": 3}

BAD = [
    ([], "request: must be a JSON object"),
    ({"ability": "lasers"}, "ability: must be one of"),
    ({"units": []}, "ability: must be one of"),
    (_sc({"name": "Nope"}), "units[0].name: unknown unit 'Nope'"),
    (_sc({"name": "Carrier"}), "units[0].name: Carrier I has no Space Cannon ability"),
    (_sc({"name": "PDS II"}, {"value": 11}), "units[1].value: must be between 1 and 10"),
    (_sc({"value": 0}), "units[0].value: must be between 1 and 10"),
    (_sc({"value": 5, "dice": 0}), "units[0].dice: must be between 1 and 10"),
    (_sc({"name": "PDS II", "count": -1}), "units[0].count: must be between 1 and 100"),
    (_sc({"name": "PDS II", "count": 10**6}), "units[0].count: must be between 1 and 100"),
    (_sc({"name": "PDS II", "count": "2"}), "units[0].count: must be a whole number"),
    (_sc({"name": "PDS II", "count": True}), "units[0].count: must be a whole number"),
    (_sc({"value": 5, "dice": 10, "count": 11}), "units: 110 dice in all; at most 100"),
    (
        _sc({"value": 5, "dice": 10, "count": 10}, modifiers={"plasma_scoring": True}),
        "units: 101 dice in all; at most 100",
    ),
    (_sc(), "units: must be a non-empty list"),
    ({"ability": "space_cannon", "units": "PDS"}, "units: must be a non-empty list"),
    (_sc("PDS II"), "units[0]: must be an object"),
    (_sc({"count": 2}), 'units[0]: needs a "name"'),
    (_sc({"name": "PDS II", "value": 5}), "units[0].value: give either a unit name or a value"),
    (_sc({"value": 5, "colour": "red"}), "units[0].colour: is not a field of a unit entry"),
    (_sc({"value": 5, "label": 7}), "units[0].label: must be text"),
    (_sc({"name": "PDS II", "adjacent": "yes"}), "units[0].adjacent: must be true or false"),
    (_sc({"name": "Dreadnought", "adjacent": True}, ability="bombardment"), "units[0].adjacent: only Space Cannon"),
    (
        _sc({"name": "Destroyer II"}, ability="anti_fighter_barrage", modifiers={"plasma_scoring": True}),
        "modifiers.plasma_scoring: does not apply to anti_fighter_barrage",
    ),
    (
        _sc({"name": "PDS II"}, modifiers={"planetary_shield": True}),
        "modifiers.planetary_shield: does not apply to space_cannon",
    ),
    (
        _sc({"name": "PDS II"}, modifiers={"antimass_deflectors": True}),
        "modifiers.antimass_deflectors: is not supported by the quick space_cannon resolver, though the card does "
        'change these rolls; a battle request applies it ("ability": "space_combat"',
    ),
    (
        _sc({"name": "PDS II"}, ability="space_cannon_defense", modifiers={"antimass_deflectors": True}),
        "modifiers.antimass_deflectors: is not supported by the quick space_cannon_defense resolver",
    ),
    (_sc({"name": "PDS II"}, modifiers={"plasma_scoring": {"unit": 3}}), "modifiers.plasma_scoring: no units[3]"),
    (_sc({"name": "PDS II"}, modifiers={"plasma_scoring": 3}), 'modifiers.plasma_scoring: must be true or false (1 or 0), or {"unit": N}'),
    (_sc({"name": "PDS II"}, modifiers={"plasma_scoring": {"unit": "a"}}),
     "modifiers.plasma_scoring.unit: must be a whole number"),
    (
        _sc({"name": "PDS II"}, {"name": "PDS I", "adjacent": True}, modifiers={"plasma_scoring": {"unit": 1}}),
        "modifiers.plasma_scoring: units[1] does not roll",
    ),
    (_sc({"name": "PDS II"}, modifiers={"plasma_scoring": "yes"}), "modifiers.plasma_scoring: must be true or false"),
    (
        _sc({"name": "Dreadnought"}, ability="bombardment", modifiers={"war_sun": 1}),
        "modifiers.war_sun: must be true or false",
    ),
    (_sc({"name": "PDS II"}, modifiers=[]), "modifiers: must be an object"),
    (_sc({"name": "PDS II"}, rolls="3, x"), "rolls[1]: 'x' is not a die result"),
    (_sc({"name": "PDS II"}, rolls="11"), "rolls[0]: must be a number from 1 to 10"),
    (_sc({"name": "PDS II"}, rolls=""), "rolls: no die results given"),
    (_sc({"name": "PDS II"}, rolls=5), "rolls: give the dice as text"),
    (_sc({"name": "PDS II", "count": 2}, rolls="3"), "rolls: expected 2 die results"),
    (_sc({"name": "PDS II"}, rolls="3", seed=1), "seed: give either rolls"),
    (_sc({"name": "PDS II"}, seed="abc"), "seed: must be a whole number"),
    (_sc({"name": "PDS II"}, target="me"), "target: is not a field of a dice-ability request"),
    (_prod([{"name": "Space Dock I"}]), "producers[0].planet_resources: required"),
    (
        _prod([{"name": "Space Dock I", "planet_resources": -1}]),
        "producers[0].planet_resources: must be between 0 and 20",
    ),
    (
        _prod([{"name": "Space Dock I", "planet_resources": 2, "count": 2}]),
        "producers[0].count: list each Space Dock I on its own",
    ),
    (
        _prod([{"name": "Floating Factory I", "planet_resources": 2}]),
        "producers[0].planet_resources: Floating Factory I's Production does not depend",
    ),
    (_prod([{"name": "Carrier"}]), "producers[0].name: Carrier I has no Production ability"),
    (_prod([]), "producers: must be a non-empty list"),
    (_prod([DOCK], [{"name": "Carrier", "count": 0}]), "build[0].count: must be between 1 and 100"),
    (_prod([DOCK], [{"name": "Death Star"}]), "build[0].name: unknown unit 'Death Star'; pick one from the catalogue"),
    (_prod([DOCK], [{"name": "Carrier", "cost": 1}]), "build[0].cost: is not a field of a build entry"),
    ({"ability": "production", "producers": [DOCK], "build": "Carrier"}, "build: must be a list"),
    (_prod([DOCK], ["Carrier"]), 'build[0]: must be an object such as {"name": "Carrier"}'),
    (_prod([DOCK], faction="klingon"), "faction: unknown faction 'klingon'"),
    (
        _prod([DOCK, {"name": "Letani Warrior I"}], faction="sol"),
        "producers[1].name: Letani Warrior I is a unit of The Arborec",
    ),
    (_prod([DOCK], resources=-2), "resources: must be between 0 and 500"),
    (_prod([DOCK], fleet_pool=99), "fleet_pool: must be between 0 and 16"),
]


@pytest.mark.parametrize(("request_body", "field"), [
    (_prod([DOCK], [{"name": "Death Star"}]), "build[0].name"),
    ({"ability": "space_combat", "attacker": {"units": [{"name": "Death Star"}]},
      "defender": {"units": [{"name": "Carrier"}]}}, "attacker.units[0].name"),
])
def test_an_unknown_unit_where_no_value_is_taken_offers_none(request_body, field):
    with pytest.raises(ResolveError) as caught:
        resolve(request_body)
    assert (caught.value.field, caught.value.message.endswith("pick one from the catalogue")) == (field, True)


def test_an_unknown_unit_in_a_dice_roll_may_be_a_value_instead():
    with pytest.raises(ResolveError) as caught:
        resolve(_sc({"name": "Death Star"}))
    assert caught.value.message.endswith("or give a value instead of a name")


@pytest.mark.parametrize(("request_body", "message"), BAD, ids=[m.split(":")[0] for _, m in BAD])
def test_bad_input_names_the_field(request_body, message):
    with pytest.raises(ResolveError) as caught:
        resolve(request_body)
    assert str(caught.value).startswith(message)


def test_error_carries_field_and_message_apart():
    with pytest.raises(ResolveError) as caught:
        resolve(_sc({"name": "PDS II"}, {"value": 11}))
    assert caught.value.to_dict() == {"field": "units[1].value", "message": "must be between 1 and 10"}
