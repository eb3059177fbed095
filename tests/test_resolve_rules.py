"""Every rule id the resolver cites exists on the real tirules pages and says what we claim."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from corpus.resolve import resolve


def _numbered(path: Path) -> dict[str, str]:
    """Rule id -> text, counting as the page's CSS does: each ol.lrr > li and
    ol.lrr > h2 > li takes the next number; nested items take letters."""
    soup = BeautifulSoup(path.read_bytes(), "lxml")
    style = soup.find("style")
    match = re.search(r"content:\s*'(\d+)\.", style.string or "") if style else None
    lrr = soup.select_one("ol.lrr")
    if match is None or lrr is None:
        return {}
    prefix = match.group(1)
    rules = {prefix: soup.find("header").get_text(" ", strip=True)}
    number = 0
    for child in lrr.children:
        if child.name == "li" or (child.name == "h2" and child.find("li")):
            number += 1
            rules[f"{prefix}.{number}"] = child.get_text(" ", strip=True)
        elif child.name == "ol":
            for letter, item in zip(string.ascii_lowercase, child.find_all("li", recursive=False)):
                rules[f"{prefix}.{number}{letter}"] = item.get_text(" ", strip=True)
    return rules


@pytest.fixture(scope="module")
def lrr(mirror: Path) -> dict[str, str]:
    """All numbered rules of the mirror's R_ pages."""
    rules: dict[str, str] = {}
    for path in sorted(mirror.glob("R_*.php")):
        rules.update(_numbered(path))
    return rules


SCENARIOS = [
    {
        "ability": "space_cannon",
        "units": [{"name": "Loncara Ssodu"}, {"name": "PDS II", "adjacent": True}, {"name": "PDS I", "adjacent": True}],
        "modifiers": {"plasma_scoring": True},
        "rolls": "1 2 3 4 5",
    },
    {
        "ability": "space_cannon_defense",
        "units": [{"name": "PDS II"}, {"name": "PDS II", "adjacent": True}, {"name": "Loncara Ssodu"}],
        "modifiers": {"plasma_scoring": {"unit": 0}},
    },
    {
        "ability": "bombardment",
        "units": [{"name": "Dreadnought"}],
        "modifiers": {"planetary_shield": True, "harrow": True},
    },
    {
        "ability": "bombardment",
        "units": [{"name": "War Sun"}, {"name": "Arc Secundus"}],
        "modifiers": {"planetary_shield": True, "plasma_scoring": True},
        "seed": 1,
    },
    {"ability": "bombardment", "units": [{"name": "Arc Secundus"}], "modifiers": {"planetary_shield": True}},
    {"ability": "anti_fighter_barrage", "units": [{"name": "Destroyer II", "count": 2}]},
    {
        "ability": "production",
        "faction": "arborec",
        "producers": [{"name": "Space Dock I", "planet_resources": 3}, {"name": "Letani Warrior I"}],
        "build": [
            {"name": "Infantry", "count": 4},
            {"name": "Fighter", "count": 3},
            {"name": "Carrier", "count": 2},
            {"name": "PDS II"},
        ],
        "resources": 1,
        "fleet_pool": 1,
        "capacity_in_system": 0,
        "units_in_space": 9,
    },
    {"ability": "production", "producers": [{"name": "Space Dock I", "planet_resources": 2}],
     "build": [{"name": "The Cavalry II"}]},
    {
        "ability": "production",
        "producers": [{"name": "Floating Factory I"}],
        "build": [{"name": "Infantry", "count": 2}, {"name": "Mech"}],
    },
    {
        "ability": "production",
        "producers": [{"name": "Space Dock II", "planet_resources": 4, "enemy_ships": True},
                      {"name": "Floating Factory II", "enemy_ships": True}],
        "build": [{"name": "War Sun", "count": 3}, {"name": "Dreadnought", "count": 2, "in_reinforcements": 1}],
    },
    {
        "ability": "space_combat",
        "attacker": {"units": [{"name": "Cruiser II", "count": 3}, {"name": "Destroyer II"}, {"name": "Infantry II"}],
                     "modifiers": ["assault_cannon", "unrelenting", "duranium_armor", "antimass_deflectors"]},
        "defender": {"units": [{"name": "Fighter II", "count": 3}, {"name": "Dreadnought II"}, {"name": "PDS II"}],
                     "modifiers": ["graviton_laser_system", "plasma_scoring", {"name": "morale_boost", "round": 2}],
                     "combat_modifier": 1},
        "retreat": {"side": "defender", "round": 2},
    },
    {"ability": "space_combat", "attacker": {"units": [{"name": "Carrier I"}, {"name": "Fighter I", "count": 6}]},
     "defender": {"units": [{"name": "Destroyer I"}, {"name": "Fighter II", "count": 3}]}},
    {"ability": "space_combat", "attacker": {"units": [{"name": "Arc Secundus"}]},
     "defender": {"units": [{"name": "Cruiser II", "count": 2}, {"name": "PDS I"}]}},
    {"ability": "space_combat", "attacker": {"units": [{"name": "Eidolon Maximum"}, {"name": "Fighter I"}]},
     "defender": {"units": [{"name": "Cruiser II", "count": 2}, {"name": "PDS I"}]}},
    {"ability": "invasion", "attacker": {"units": [{"name": "War Sun"}, {"name": "Infantry II"}]},
     "defender": {"units": [{"name": "Eidolon Maximum"}, {"name": "Infantry I"}]}},
    {"ability": "space_combat", "attacker": {"units": [{"name": "Van Hauge"}]},
     "defender": {"units": [{"name": "Fourth Moon"}]}},
    {"ability": "space_combat", "attacker": {"units": [{"name": "C'morran N'orr"}, {"name": "Fighter I"}]},
     "defender": {"units": [{"name": "J.N.S. Hylarim"}]}},
    {
        "ability": "invasion",
        "attacker": {"units": [{"name": "War Sun"}, {"name": "Infantry II", "count": 2}, {"name": "Mech"}],
                     "modifiers": ["extra_die"]},
        "defender": {"units": [{"name": "PDS I"}, {"name": "Infantry I", "count": 2}, {"name": "Hel-Titan I"}]},
    },
    {
        "ability": "invasion",
        "attacker": {"units": [{"name": "Dreadnought I"}, {"name": "Infantry I"}]},
        "defender": {"units": [{"name": "PDS I"}, {"name": "Infantry I"}], "modifiers": ["no_space_cannon"]},
    },
    {
        "ability": "invasion",
        "attacker": {"units": [{"name": "Dreadnought I"}, {"name": "Infantry I"}],
                     "modifiers": ["l4_disruptors", "x89_bacterial_weapon"]},
        "defender": {"units": [{"name": "Indomitus"}, {"name": "Infantry I", "count": 2}]},
    },
    {
        "ability": "invasion",
        "attacker": {"units": [{"name": "War Sun"}, {"name": "Infantry I"}],
                     "modifiers": ["x89_bacterial_weapon_omega_omega"]},
        "defender": {"units": [{"name": "PDS I"}, {"name": "Mech"}],
                     "modifiers": ["x89_bacterial_weapon_omega_omega"]},
    },
    {
        "ability": "ground_combat",
        "attacker": {"units": [{"name": "Infantry I", "count": 2}, {"name": "Carrier I"}], "modifiers": ["fragile"]},
        "defender": {"units": [{"name": "Mech"}]},
    },
]


def _cited(answer: dict) -> set[str]:
    """Every rule id an answer cites, wherever it appears."""
    found = {step["rule"] for step in answer["steps"]}
    found |= {item["rule"] for item in answer.get("violations", []) + answer.get("warnings", [])}
    found |= {unit["excluded_by"] for unit in answer.get("units", []) if "excluded_by" in unit}
    if answer.get("blocked"):
        found.add(answer["rule"])
    return found


def test_the_counting_matches_a_known_rule(lrr):
    assert lrr["77.3c"].startswith("If a player has a PDS unit upgrade technology")


@pytest.mark.parametrize("request_body", SCENARIOS, ids=lambda r: r["ability"])
def test_every_cited_rule_exists(request_body, lrr):
    missing = sorted(_cited(resolve(request_body)) - lrr.keys())
    assert missing == []


# What each cited rule must be about, by a phrase from its text.
MEANINGS = {
    "77.3b": "Y is the number of dice rolled",
    "77.3c": "adjacent to the active system",
    "77.3d": "do not affect space cannon rolls",
    "77.5a": "must target the active player",
    "77.5b": "they choose a player who has ships",
    "77.7b": "Y is the number of dice rolled",
    "77.7c": "do not affect space cannon rolls",
    "77.7d": "adjacent systems have no effect",
    "77.8": "ground forces on the planet",
    "77.8a": "same planet",
    "15.1b": "Y is the number of dice rolled",
    "15.1c": "do not affect bombardment rolls",
    "15.1d": "declare which planet",
    "15.1e": "Harrow",
    "15.1f": "Planetary Shield ability cannot be bombarded",
    "15.2a": "excess hits have no effect",
    "65.2": "Harrow",
    "65.3": "war sun",
    "10.1b": "Y is the number of dice rolled",
    "10.1c": "do not affect anti",
    "10.1d": "no fighters are present",
    "10.2": "destroy one of their fighters",
    "10.2a": "excess hits have no effect",
    "87.4": "Space Cannon",
    "87.4a": "eligible to be hit",
    "68.1a": "combined total",
    "68.1b": "each individual unit counts",
    "68.1c": "must still pay the entire cost",
    "68.1d": "Arborec space docks cannot be used to produce infantry",
    "68.2": "place them in the active system",
    "68.3": "planets that contain a unit that used its",
    "68.4": "space area",
    "67.1": "cost value presented on its faction sheet or technology card",
    "26.1": "equal to or greater than the cost",
    "26.2": "two of that unit",
    "26.3a": "Structures do not have costs",
    "79.1": "Production",
    "37.1": "non–fighter ships",
    "37.3": "exceeds",
    "16.2": "combined capacity",
    "16.3": "remove the excess",
    "16.3c": "at the end of combat, any excess units are removed",
    "67.5": "limited by the number of units in their reinforcements",
    "67.5a": "remove a unit from any system that does not contain one of their command tokens",
    "67.6": "cannot produce ships in a system that contains other players",
    "14.1": "can still use a blockaded unit to produce ground forces",
    "79.3": "maximum of one space dock",
    "79.4a": "destroyed when it is blockaded",
    "96.2": "each color of plastic comes with the following units",
    "78.2a": "start of combat",
    "78.3a": "space combat ends immediately",
    "78.7b": "unable to move or be transported are removed",
    "42.4c": "is the winner of the combat",
    "42.4d": "the combat ends in a draw",
    "1.26": "some units have unit abilities",
    "78.5d": "counts each hit their combat rolls produce",
}


@pytest.mark.parametrize(("rule", "phrase"), sorted(MEANINGS.items()))
def test_rule_says_what_the_resolver_claims(rule, phrase, lrr):
    assert phrase.lower() in lrr[rule].lower()


def test_meanings_cover_every_lettered_rule_cited():
    cited = set().union(*(_cited(resolve(r)) for r in SCENARIOS))
    lettered = {rule for rule in cited if re.fullmatch(r"\d+\.\d+[a-z]", rule)}
    assert sorted(lettered - MEANINGS.keys()) == []
