"""The unit catalogue: values, sources, lookups and the picker lists."""

from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, catalogue
from corpus.resolve.units import TYPES, load, unit_key


def _entry(name: str) -> dict:
    """The catalogue entry for a unit as players name it (the data may punctuate it otherwise)."""
    wanted = load().get(name, "name").id
    return next(unit for unit in catalogue() if unit["id"] == wanted)


@pytest.mark.parametrize(
    ("name", "ability", "text"),
    [
        ("PDS I", "space_cannon", "6"),
        ("PDS II", "space_cannon", "5"),
        ("Loncara Ssodu", "space_cannon", "5 (x3)"),
        ("Indomitus", "space_cannon", "8"),
        ("Hel-Titan II", "space_cannon", "5"),
        ("Dreadnought II", "bombardment", "5"),
        ("War Sun", "bombardment", "3 (x3)"),
        ("Super-Dreadnought II", "bombardment", "4"),
        ("Exotrireme I", "bombardment", "4 (x2)"),
        ("Destroyer I", "anti_fighter_barrage", "9 (x2)"),
        ("Destroyer II", "anti_fighter_barrage", "6 (x3)"),
        ("Son of Ragh", "anti_fighter_barrage", "6 (x4)"),
        ("Space Dock I", "production", "resources + 2"),
        ("Space Dock II", "production", "resources + 4"),
        ("Letani Warrior I", "production", "1"),
        ("Floating Factory I", "production", "5"),
    ],
)
def test_catalogue_values(name, ability, text):
    assert _entry(name)["values"][ability]["text"] == text


@pytest.mark.parametrize(
    ("name", "cost"),
    [
        ("Carrier I", {"resources": 3, "units": 1}),
        ("Destroyer I", {"resources": 1, "units": 1}),
        ("Fighter I", {"resources": 1, "units": 2}),
        ("War Sun", {"resources": 12, "units": 1}),
        ("PDS II", None),
    ],
)
def test_catalogue_costs(name, cost):
    assert _entry(name)["cost"] == cost


def test_every_unit_the_catalogue_lists_is_found_by_its_own_name():
    # "Linkship" (Twilight's Fall) is listed beside Linkship I, whose alias it also is; the listed one must win.
    first = {}
    for unit in load().units:
        first.setdefault(unit.name, unit)
    assert [name for name, unit in first.items() if load().get(name, "name") is not unit] == []
    assert load().get("Linkship", "name").id == "linkship" and load().get("Linkship 1", "name").id == "linkship_1"


def test_every_unit_says_where_it_was_checked():
    assert [unit["name"] for unit in catalogue() if not unit["source"].strip()] == []


def test_every_unit_has_a_known_type():
    assert {unit["type"] for unit in catalogue()} <= set(TYPES)


def test_pds_ii_fires_into_adjacent_systems_and_pds_i_does_not():
    assert (
        _entry("PDS II")["values"]["space_cannon"]["adjacent"],
        _entry("PDS I")["values"]["space_cannon"]["adjacent"],
    ) == (True, False)


def test_defense_picker_leaves_out_ships():
    names = {unit["name"] for unit in catalogue("space_cannon_defense")}
    assert "PDS II" in names and "Loncara Ssodu" not in names


def test_production_picker_lists_producers_only():
    assert all("production" in unit["values"] for unit in catalogue("production"))


def test_build_picker_lists_units_with_a_cost():
    assert all(unit["cost"] is not None for unit in catalogue("build"))


def test_catalogue_order_is_stable():
    assert catalogue() == catalogue()


@pytest.mark.parametrize(("ability", "name"), [
    ("invasion", "Matriarch"), ("invasion", "Fighter I"),  # Matriarch's fighters invade
    ("invasion", "Visz El Vir"), ("ground_combat", "Visz El Vir"),  # its mechs roll one more die
    ("space_combat", "Visz El Vir"),  # there too: Z-Grav Eidolon and Eidolon Maximum are mechs
    ("space_combat", "Space Dock I"),  # keeps fighters without capacity
])
def test_battle_pickers_offer_the_units_whose_cards_change_that_battle(ability, name):
    # The resolver applies each of these there; a picker without them left it to the API alone. Each says why.
    offered = {unit["id"]: unit for unit in catalogue(ability)}
    assert offered[_entry(name)["id"]]["why"]


def test_the_naaz_rokha_mech_card_is_offered_by_the_side_that_fights_there():
    # In a space combat both sides of the card fight as Z-Grav Eidolon, a ship; on a planet the card is Eidolon.
    space = {unit["name"]: unit["why"] for unit in catalogue("space_combat")}
    assert (space["Eidolon"], space["Z-Grav Eidolon"]) == ("fights as Z-Grav Eidolon, a ship", "a ship in the space area")
    for ability in ("ground_combat", "invasion"):
        names = {unit["name"] for unit in catalogue(ability)}
        assert "Eidolon" in names and "Z-Grav Eidolon" not in names


def test_unknown_picker_names_the_field():
    with pytest.raises(ResolveError, match=r"^ability: unknown ability"):
        catalogue("lasers")


@pytest.mark.parametrize("spelling", ["PDS II", "pds ii", "PDS 2", "pds_2", "PDS–II", "PDS2", "pds2"])
def test_lookup_accepts_common_spellings(spelling):
    assert load().get(spelling, "name").name == "PDS II"


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("Carrier", "Carrier I"),
        ("Destroyer", "Destroyer I"),
        ("Super-Dreadnought II", "Super Dreadnought II"),
        ("Hel–Titan I", "Hel-Titan I"),
        # the L1Z1X mech as printed; the data spells it "Anihilator", which still finds it
        ("Annihilator", "Annihilator"), ("Anihilator", "Annihilator"),
    ],
)
def test_aliases(alias, name):
    assert load().get(alias, "name").name == name


def test_unit_key_reads_a_final_digit_as_a_numeral():
    assert unit_key("Memoria 2") == "memoria ii"
