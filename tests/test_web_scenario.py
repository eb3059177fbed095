"""The resolver's permalink encoding (webapp.scenario), without the app: decode, encode, round trips."""
from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from corpus.resolve import ResolveError, resolve
from webapp.scenario import decode, encode

EXAMPLE = "ability=space_cannon&u=PDS+II*2&u=5x3*1:Xxcha+flagship&plasma=1"
CANONICAL = [
    EXAMPLE,
    "ability=space_cannon_defense&u=PDS+I*3&u=Hel-Titan+II*1@adj&plasma=u1&rolls=3,+7,+10",
    "ability=bombardment&u=Dreadnought+II*2&u=4x2*1@adj:Custom&shield=1&warsun=1&harrow=1&seed=42",
    "ability=anti_fighter_barrage&u=Destroyer+II*2&targets=3",
    "ability=production&faction=arborec&p=Space+Dock+I*1@3&p=Carrier+II*2&b=Infantry+I*2&resources=4&fleet_pool=3",
]


def query(pairs) -> str:
    """Pairs written as werkzeug's url_for writes a query string."""
    return urlencode(pairs, safe="!$'()*,/:;?@")


def test_decode_the_documented_example():
    assert decode(MultiDict(parse_qsl(EXAMPLE))) == {
        "ability": "space_cannon",
        "units": [{"name": "PDS II", "count": 2}, {"value": 5, "dice": 3, "count": 1, "label": "Xxcha flagship"}],
        "modifiers": {"plasma_scoring": True},
    }


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_query_round_trips(text):
    assert query(encode(decode(MultiDict(parse_qsl(text))))) == text


@pytest.mark.parametrize("text", CANONICAL)
def test_request_round_trips(text):
    request = decode(MultiDict(parse_qsl(text)))
    assert decode(MultiDict(encode(request))) == request


@pytest.mark.parametrize("typed, entry", [
    ("5 (x3)", {"value": 5, "dice": 3, "count": 1}),
    ("7", {"value": 7, "dice": 1, "count": 1}),
    (" pds 2 * 3 ", {"name": "pds 2", "count": 3}),
    ("PDS II*abc", {"name": "PDS II", "count": "abc"}),
    ("PDS II*2@ADJ", {"name": "PDS II", "count": 2, "adjacent": True}),
])
def test_typed_units_decode_leniently(typed, entry):
    assert decode(MultiDict([("ability", "space_cannon"), ("u", typed)]))["units"] == [entry]


@pytest.mark.parametrize("typed, entry", [
    ("3 Dreadnought II", {"name": "Dreadnought II", "count": 3}),
    ("3x dread2", {"name": "dread2", "count": 3}),
    ("3 x dread 2", {"name": "dread 2", "count": 3}),
    ("3× War Sun", {"name": "War Sun", "count": 3}),
    ("Dreadnought II x3", {"name": "Dreadnought II", "count": 3}),
    ("Dreadnought II ×3", {"name": "Dreadnought II", "count": 3}),
    ("Dreadnought II×3", {"name": "Dreadnought II", "count": 3}),
    ("dread 2 x 3", {"name": "dread 2", "count": 3}),
    ("2 Xxcha flagship", {"name": "Xxcha flagship", "count": 2}),  # the x of Xxcha is no "times"
    ("2 PDS II@adj", {"name": "PDS II", "count": 2, "adjacent": True}),
    ("5x3", {"value": 5, "dice": 3, "count": 1}),  # a value with its dice, not five of a "3"
    ("5 x3", {"value": 5, "dice": 3, "count": 1}),
    ("Starlancer XI", {"name": "Starlancer XI", "count": 1}),
    ("2 [0.0.1]", {"name": "[0.0.1]", "count": 2}),
    ("4X31C Helios V2", {"name": "4X31C Helios V2", "count": 1}),
])
def test_a_count_may_lead_or_trail_the_name(typed, entry):
    assert decode(MultiDict([("ability", "bombardment"), ("u", typed)]))["units"] == [entry]


@pytest.mark.parametrize("key, typed, entry", [
    ("a", "2 dread2", {"name": "dread2", "count": 2}),
    ("b", "Infantry I x4", {"name": "Infantry I", "count": 4}),
    ("p", "2 Space Dock I@3", {"name": "Space Dock I", "count": 2, "planet_resources": 3}),
])
def test_battle_and_production_rows_take_the_count_so_too(key, typed, entry):
    ability = "space_combat" if key == "a" else "production"
    req = decode(MultiDict([("ability", ability), (key, typed)]))
    got = req["attacker"]["units"] if key == "a" else req[{"b": "build", "p": "producers"}[key]]
    assert got == [entry]


def test_blank_rows_are_skipped():
    params = MultiDict([("ability", "space_cannon"), ("u", ""), ("u", "PDS II*2"), ("u", "  ")])
    assert decode(params)["units"] == [{"name": "PDS II", "count": 2}]


def test_planet_boxes_pair_with_their_producer_rows():
    params = MultiDict([("ability", "production"), ("p", ""), ("pl", "Abyz"), ("p", "Space Dock I*1!enemy"),
                        ("pl", " Mecatol Rex "), ("p", "Space Dock II*1@4"), ("pl", "")])
    assert decode(params)["producers"] == [
        {"name": "Space Dock I", "count": 1, "planet": "Mecatol Rex", "enemy_ships": True},
        {"name": "Space Dock II", "count": 1, "planet_resources": 4}]


def test_no_ability_is_no_scenario():
    assert decode(MultiDict([("u", "PDS II*2")])) is None


ALPHABET = st.sampled_from("PDS I*@:x5 0-1adj,")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["ability", "u", "p", "b", "plasma", "shield", "rolls", "seed",
                                           "faction", "resources"]), st.text(ALPHABET, max_size=12)), max_size=6),
       st.sampled_from(["space_cannon", "bombardment", "production"]))
def test_any_query_resolves_or_names_a_field(pairs, ability):
    try:
        resolve(decode(MultiDict([("ability", ability), *pairs])) or {})
    except ResolveError as exc:
        assert exc.field
