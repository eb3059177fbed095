"""Players' words for units in the resolver ("dread2", "ws", "3 carriers"), read with search's vocabulary."""

from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, resolve
from corpus.resolve.units import load


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("dread", "Dreadnought I"), ("dreadnought", "Dreadnought I"), ("dreads", "Dreadnought I"),
        ("dread2", "Dreadnought II"), ("dread 2", "Dreadnought II"), ("dread II", "Dreadnought II"),
        ("Dread ii", "Dreadnought II"), ("dn2", "Dreadnought II"), ("dreadnoughts 2", "Dreadnought II"),
        ("ws", "War Sun"), ("warsun", "War Sun"), ("war sun", "War Sun"), ("war suns", "War Sun"),
        ("ca", "Cruiser I"), ("ca2", "Cruiser II"), ("cruiser", "Cruiser I"),
        ("dd", "Destroyer I"), ("dd2", "Destroyer II"), ("destroyers", "Destroyer I"),
        ("cv", "Carrier I"), ("cv2", "Carrier II"), ("carriers", "Carrier I"),
        ("ff", "Fighter I"), ("ff2", "Fighter II"), ("fighters", "Fighter I"),
        ("inf", "Infantry I"), ("inf2", "Infantry II"), ("gf", "Infantry I"), ("gf2", "Infantry II"),
        ("pds2", "PDS II"), ("pds", "PDS I"),
        ("mech", "Mech"), ("fs", "Flagship"), ("flagship", "Flagship"),
        ("dock", "Space Dock I"), ("dock2", "Space Dock II"), ("space docks", "Space Dock I"),
    ],
)
def test_a_players_word_for_a_unit_finds_it(said, name):
    assert load().get(said, "units[0].name").name == name


def test_a_units_own_name_wins_over_a_players_word():
    # "Exotrireme" is a catalogue name of its own; the vocabulary is read only for names the catalogue lacks.
    assert load().get("Exotrireme", "name").name == "Exotrireme"


def test_a_word_that_names_no_unit_is_still_unknown():
    with pytest.raises(ResolveError, match=r"^units\[0\]\.name: unknown unit 'sftt'"):
        load().get("sftt", "units[0].name")


@pytest.mark.parametrize(("ability", "said", "name"), [
    ("bombardment", "dread2", "Dreadnought II"), ("bombardment", "ws", "War Sun"),
    ("anti_fighter_barrage", "dd2", "Destroyer II"), ("space_cannon", "pds 2", "PDS II"),
])
def test_the_dice_resolver_rolls_a_unit_named_by_a_players_word(ability, said, name):
    answer = resolve({"ability": ability, "units": [{"name": said, "count": 2}]})
    assert [(unit["label"], unit["rolls"]) for unit in answer["units"]] == [(name, True)]


def test_a_battle_reads_players_words_on_both_sides():
    answer = resolve({"ability": "space_combat", "attacker": {"units": [{"name": "dread2", "count": 2}]},
                      "defender": {"units": [{"name": "cv", "count": 1}, {"name": "ff2", "count": 2}]}})
    assert {side: sorted(u["name"] for u in units) for side, units in answer["survivors"].items()} == {
        "attacker": ["Dreadnought II"], "defender": ["Carrier I", "Fighter II"]}


def test_a_build_order_reads_players_words():
    answer = resolve({"ability": "production", "producers": [{"name": "dock2", "planet_resources": 3}],
                      "build": [{"name": "inf", "count": 2}]})
    assert answer["allowed"] is True and answer["units_counted"] == 2
