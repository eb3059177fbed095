"""Unit card text the battle engine does not apply is named in a step, so the player knows the odds leave it out."""
from __future__ import annotations

import pytest

from corpus.resolve import resolve
from corpus.resolve.combat.stats import spec
from corpus.resolve.combat.unit_text import unapplied
from corpus.resolve.units import load
from ingest.unit_combat_text import combat_sentences
from test_resolve_battle import side, space

# Every catalogue unit whose card says something about a battle that the engine leaves out.
# (Arvicon Rex, Iconoclast, Mordred, The Egeiro, Starlancer XI and Heaven's Eye are applied with a table fact the side's
# request gives: test_resolve_battle_facts.py.)
NOT_APPLIED = {
    "Alarum", "Bone Picked Clean", "Colada", "Dunlain Reaper", "Dynamo", "Echo of Ascension",
    "Eidolon Landwaster", "Eidolon Terminus",
    "Last Dispatch", "Linkship",
    "Morphwing", "Quantum Manipulator",
    "Starlancer II",
    "Wrath of Kenara",
}


def _not_applied_steps(answer: dict) -> list[dict]:
    return [step for step in answer["steps"] if step["title"].startswith("Not applied")]


def test_the_units_whose_battle_text_is_not_applied():
    assert {unit.name for unit in load().units if unapplied(spec(unit))} == NOT_APPLIED


@pytest.mark.parametrize("text, kept", [
    ("When this ship is destroyed, destroy all ships in this system.", True),
    ("Apply +1 to the result of each of your other ship's combat rolls in this system.", True),
    ("Other player's ships in this system cannot use SUSTAIN DAMAGE.", True),
    ('This unit cannot be destroyed by "Direct Hit" action cards.', False),
    ("After this unit is destroyed, roll 1 die. If the result is 6 or greater, place the unit on this card.", False),
    ("This unit can move and retreat as if it were a ship.", False),
    ("At the end of any player's combat in this unit's system, you may place 1 inactive breach in that system.", False),
])
def test_only_sentences_about_a_battles_odds_are_kept(text, kept):
    assert combat_sentences(text) == ([text] if kept else [])


def test_a_unit_whose_text_is_not_applied_gets_a_step_quoting_it():
    answer = space(side(("Wrath of Kenara", 1)), side(("Cruiser II", 3)))
    [step] = _not_applied_steps(answer)
    assert step["title"] == "Not applied: Wrath of Kenara" and step["rule"] == "1.26"
    assert step["authority"] == "card"
    assert step["text"].startswith("Attacker's Wrath of Kenara: \"After you roll a die during a space combat in this "
                                   "system, you may spend 1 trade good to apply +1 to the result.\" (its card).")
    assert "not apply" in step["text"]


def test_ground_combat_and_invasion_name_a_unit_text_not_applied_too():
    ground = resolve({"ability": "ground_combat", "attacker": side(("Alarum", 1)),
                      "defender": side(("Infantry I", 2))})
    invasion = resolve({"ability": "invasion", "attacker": side(("Dreadnought I", 1), ("Infantry I", 2)),
                        "defender": side(("Alarum", 1))})
    assert [s["title"] for s in _not_applied_steps(ground)] == ["Not applied: Alarum"]
    assert [s["title"] for s in _not_applied_steps(invasion)] == ["Not applied: Alarum"]


def test_a_unit_that_does_not_fight_is_named_too():
    # Dunlain Reaper waits in the space area (a Cruiser II carries it); its card speaks of ground combat rounds.
    answer = space(side(("Cruiser II", 2), ("Dunlain Reaper", 1)), side(("Cruiser II", 2)))
    assert [s["title"] for s in _not_applied_steps(answer)] == ["Not applied: Dunlain Reaper"]


def test_each_side_names_its_own_unit_once():
    answer = space(side(("Wrath of Kenara", 1), ("Wrath of Kenara", 1)), side(("Wrath of Kenara", 1)))
    assert [s["text"].split("'")[0] for s in _not_applied_steps(answer)] == ["Attacker", "Defender"]


@pytest.mark.parametrize("units", [
    [("Arc Secundus", 1)],  # its repair and shield are applied
    [("Strike Wing Alpha II", 1), ("Strike Wing Alpha (TF)", 1)],  # their barrage destroys infantry
    [("Eidolon Maximum", 1)],  # a ship too, no hits from unit abilities, repaired each round
    [("Cruiser II", 2), ("Eidolon", 1), ("Z-Grav Eidolon", 1)],  # the two sides of one card: a ship in space
    [("Salai Sai Corian", 1)],  # its dice per opposing ship are applied
    [("Dreadnought II", 1), ("Fighter II", 2), ("Infantry II", 1)],  # Direct Hit, movement, coming back later
    [("Duha Menaimon", 1), ("Hil Colish", 1)],  # production and movement
])
def test_applied_or_irrelevant_text_gets_no_step(units):
    answer = space(side(*units), side(("Cruiser II", 2)))
    assert _not_applied_steps(answer) == []
