"""The resolver's unit catalogue is generated from the AsyncTI4 unit data and matches it unit by unit."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.resolve.combat.stats import unit_class
from corpus.resolve.units import load
from ingest.unit_catalogue import FIGHTER_ROOM, GENERIC_NAMES, PRINTED, TARGET, generate


@pytest.fixture(scope="module")
def official_units(shared: Path) -> list[tuple[str, dict]]:
    """(file name, unit) for every official unit of the snapshot."""
    data = shared / "mirror" / "asyncti4" / "data"
    official = {s["source"] for s in json.loads((data / "sources/sources.json").read_text())
                if s.get("canal") == "official"}
    units = [(f.name, u) for f in sorted((data / "units").glob("*.json")) for u in json.loads(f.read_text())]
    factions = [x for f in sorted((data / "factions").glob("*.json")) for x in json.loads(f.read_text())]
    homebrew = {x.get("alias") for x in factions if x.get("source") not in official}
    return [(f, u) for f, u in units if u.get("source") in official and not u.get("homebrewReplacesID")
            and set(u) - NAME_ONLY and u.get("faction") not in homebrew]


# Keys of a record that names a unit and gives nothing a card prints: the bot's stand-ins.
NAME_ONLY = {"id", "baseType", "asyncId", "name", "source", "imageURL", "subtitle", "faction"}


def test_the_bots_stand_in_war_sun_is_no_unit(shared):
    assert not any(u.name == "Not a War Sun Yet" for u in load().units)
    assert load().get("War Sun", "name").cost == 12


def test_the_committed_catalogue_is_the_generated_one(shared):
    assert json.loads(TARGET.read_text(encoding="utf-8")) == generate(shared / "mirror" / "asyncti4")


def test_every_official_unit_is_in_the_catalogue(official_units):
    assert len(load().units) == len(official_units)


def _roll(hits_on, dice):
    return None if hits_on is None else (hits_on, dice or 1)


def test_catalogue_values_match_the_data_for_every_official_unit(official_units):
    by_source = {(unit.source.rsplit("/", 1)[-1], unit.name, unit.expansion): unit for unit in load().units}
    expansion = {"base": "base", "pok": "pok", "thunders_edge": "te", "twilights_fall": "tf"}
    differ = []
    for file, item in official_units:
        name = GENERIC_NAMES.get(item["id"], PRINTED.get(item["name"], item["name"]))
        unit = by_source[(file, name, expansion.get(item["source"], item["source"]))]
        want = {
            "cost": None if item.get("cost") is None else max(1, int(item["cost"])),
            "combat": _roll(item.get("combatHitsOn"), item.get("combatDieCount")),
            "move": item.get("moveValue"),
            "sustain_damage": bool(item.get("sustainDamage")),
            "planetary_shield": bool(item.get("planetaryShield")),
            "space_cannon": _roll(item.get("spaceCannonHitsOn"), item.get("spaceCannonDieCount")),
            "bombardment": _roll(item.get("bombardHitsOn"), item.get("bombardDieCount")),
            "anti_fighter_barrage": _roll(item.get("afbHitsOn"), item.get("afbDieCount")),
            "production": item.get("productionValue") is not None,
        }
        have = {
            "cost": unit.cost, "move": unit.move, "sustain_damage": unit.sustain_damage,
            "planetary_shield": unit.planetary_shield, "production": unit.production is not None,
            **{k: (getattr(unit, k).value, getattr(unit, k).dice) if getattr(unit, k) else None
               for k in ("combat", "space_cannon", "bombardment", "anti_fighter_barrage")},
        }
        # A space dock's printed fighter room stands for the data's capacity, which the Dimensional Tear lacks.
        room = FIGHTER_ROOM.search(item.get("ability") or "")
        dock = room and item.get("baseType") == "spacedock"
        capacity = int(room.group(1)) if dock else item.get("capacityValue") or 0
        have["capacity"] = unit.capacity or unit.fighter_allowance
        want["capacity"] = capacity
        if have != want:
            differ.append((item["name"], want, have))
    assert differ == []


def test_each_faction_flagship_has_its_own_values():
    arborec = load().get("Duha Menaimon", "name")
    assert (arborec.faction, arborec.capacity, arborec.combat.value, arborec.combat.dice) == ("arborec", 5, 7, 2)


def test_a_card_that_says_lose_planetary_shield_removes_it():
    # The bot's data flags war suns only; the Letnev flagship's card text says the same.
    assert load().get("Arc Secundus", "name").removes_planetary_shield is True


def test_the_winnu_flagship_rolls_one_die_per_opposing_ship():
    # The data gives it 0 combat dice; its card counts the opponent's non-fighter ships instead.
    salai = load().get("Salai Sai Corian", "name")
    assert (salai.combat.value, salai.combat.dice, salai.combat_per_opponent_ship) == (7, 1, True)


def test_the_catalogue_keeps_the_card_sentences_that_bear_on_a_battle():
    # Eidolon Maximum's last sentences (placing mechs, flipping the card) do not change a battle's odds.
    assert load().get("Eidolon Maximum", "name").combat_text == (
        "This unit is both a ship and ground force.", "It cannot be assigned hits from unit abilities.",
        "Repair it at the start of every combat round.")
    assert load().get("Infantry II", "name").combat_text == ()


def test_units_of_homebrew_factions_are_left_out():
    # Discordant Stars' Combat Transport is marked "base" in the data, but its faction (Ghemina) is homebrew.
    names = {unit.name for unit in load().units}
    assert not names & {"Combat Transport I", "Combat Transport II"}


def test_the_dimensional_tear_keeps_its_printed_fighters_out_of_capacity():
    # "Up to 6 (12) fighters in this system do not count against your ships' capacity"; the data gives no value.
    assert [load().get(f"Dimensional Tear {n}", "name").fighter_allowance for n in ("I", "II")] == [6, 12]


def test_faction_mechs_are_in_the_catalogue():
    assert load().get("Letani Behemoth", "name").faction == "arborec"


def test_every_mech_is_a_ground_force(official_units):
    # 43.1: all infantry and mech units are ground forces; the data does not flag Z-Grav Eidolon, which the resolver
    # then ranked with the structures.
    mechs = {item["name"] for _, item in official_units if item.get("baseType") == "mech"}
    assert "Z-Grav Eidolon" in mechs
    assert [name for name in sorted(mechs) if not load().get(name, "name").ground_force] == []
    assert unit_class(load().get("Z-Grav Eidolon", "name")) == "mech"


def test_the_naaz_rokha_mech_card_has_two_sides():
    # Eidolon flips to Z-Grav Eidolon at the start of a space combat; Z-Grav Eidolon flips back at its end.
    eidolon, z_grav = (load().get(name, "name") for name in ("Eidolon", "Z-Grav Eidolon"))
    assert (eidolon.other_face, z_grav.other_face) == ("Z-Grav Eidolon", "Eidolon")
    assert (eidolon.ship_in_space_area, z_grav.ship_in_space_area) == (False, True)
    assert [u.name for u in load().units if u.other_face] == ["Eidolon", "Z-Grav Eidolon"]


def test_a_folder_without_the_data_is_refused_and_the_catalogue_kept(tmp_path, monkeypatch, capsys):
    from ingest import unit_catalogue

    target = tmp_path / "units.json"
    target.write_text("committed\n", encoding="utf-8")
    monkeypatch.setattr(unit_catalogue, "TARGET", target)
    with pytest.raises(SystemExit) as exited:
        unit_catalogue.main([str(tmp_path / "nowhere")])
    assert exited.value.code == 2
    assert str(tmp_path / "nowhere") in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "committed\n"


def test_a_clone_of_the_bot_is_read_under_its_resources(shared, tmp_path, monkeypatch):
    from ingest import unit_catalogue

    resources = tmp_path / "bot" / "src" / "main"
    resources.mkdir(parents=True)
    (resources / "resources").symlink_to(shared / "mirror" / "asyncti4")
    monkeypatch.setattr(unit_catalogue, "TARGET", tmp_path / "units.json")
    unit_catalogue.main([str(tmp_path / "bot")])
    assert json.loads((tmp_path / "units.json").read_text(encoding="utf-8")) == json.loads(TARGET.read_text("utf-8"))


def test_the_cavalry_is_marked_as_the_nomads_promissory_note(shared):
    # The bot models the note as a unit sharing the note's alias; the card is no unit of any faction sheet.
    notes = json.loads((shared / "mirror/asyncti4/data/promissory_notes/promissory_notes.json").read_text())
    text = next(n["text"] for n in notes if n["alias"] == "cavalry")
    assert "Nomad's flagship" in text
    assert {u.name: u.promissory_note for u in load().units if "cavalry" in u.id} == {
        "The Cavalry I": "The Cavalry", "The Cavalry II": "The Cavalry"}
