"""The resolver's unit catalogue, generated from the AsyncTI4 unit data (not kept by hand).

`python -m ingest.unit_catalogue [DATA_ROOT]` rewrites corpus/data/units.json; a test
regenerates it from ../shared and fails if the committed file differs.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from corpus.resolve.errors import ResolveError
from corpus.resolve.factions import faction_slug
from ingest.bundles import bundle_root, pack, unpack
from ingest.parsers.asyncti4.common import PRECEDENCE, load_data
from ingest.parsers.asyncti4.units import stand_in, values
from ingest.slugs import slugify
from ingest.unit_combat_text import combat_sentences

TARGET = Path(__file__).resolve().parents[1] / "corpus" / "data" / "units.json"
_EXPANSION = {"base": "base", "pok": "pok", "thunders_edge": "te", "twilights_fall": "tf"}
# Names players use that the bot spells otherwise (tirules F_bastion prints "4X31C Helios").
_ALIASES = {"bastion_spacedock": ["4X31C Helios V1", "Helios V1", "4X31C Helios"],
            "bastion_spacedock2": ["4X31C Helios V2", "Helios V2"],
            "flagship": ["Factionless Flagship"], "mech": ["Factionless Mech"]}
# The bot's factionless units go by the names the rules give them, and a misspelt one by its
# printed name (the data's spelling stays an alias).
GENERIC_NAMES = {"flagship": "Flagship", "mech": "Mech"}
PRINTED = {"Anihilator": "Annihilator"}
_BONUS = re.compile(r"resource value of this planet is increased by (\d)", re.I)
# The bot flags war suns but not the Letnev flagship, whose card says the same ("cannot lose its" is another).
_LIFTS_SHIELD = re.compile(r"\blose (?:the )?planetary shield", re.I)
# The Winnu flagship's dice are counted in play (the data gives 0 dice): one per opponent's non-fighter ship.
_PER_SHIP = re.compile(r"number of your opponent's non-fighter ships", re.I)
# The Letnev flagship repairs itself as each space combat round starts (the Twilight's Fall card adds "in this system");
# Eidolon Maximum at the start of every combat round, space or ground.
_REPAIRS = re.compile(r"at the start of each space combat round(?: in this system)?, repair this ship"
                      r"|repair it at the start of every combat round", re.I)
# Eidolon Maximum fights in space combats and in ground combats, and hits from unit abilities cannot be assigned to it.
_BOTH_KINDS = re.compile(r"\bthis unit is both a ship and (?:a )?ground force", re.I)
_NO_ABILITY_HITS = re.compile(r"\bcannot be assigned hits from unit abilities", re.I)
# The Sardakk flagship's bonus to the other ships' combat rolls, and the Jol-Nar flagship's hits on a 9 or 10.
_BOOSTS_OTHERS = re.compile(r"apply \+(\d) to the result of each of your other ship'?s'? combat rolls", re.I)
_EXTRA_HITS = re.compile(r"each result of 9 or 10, before applying modifiers, produces (\d) additional hits", re.I)
# Cards that take an ability from the opponent's units, end every ship with the flagship, or steer its hits:
# the Mentak flagship and mech, the Argent and Yin flagships and the L1Z1X flagship.
_DENIES_SUSTAIN = re.compile(r"other player'?s'? (?:ships in this system|ground forces on this planet) cannot use "
                             r"sustain damage", re.I)
_BLOCKS_CANNON = re.compile(r"other players cannot use space cannon against your ships in this system", re.I)
_DESTROYS_ALL = re.compile(r"when this ship is destroyed, destroy all ships in this system", re.I)
_NON_FIGHTERS = re.compile(r"hits produced by this ship and by your dreadnoughts in this system must be assigned to "
                           r"non-fighter ships if able", re.I)
# The Naalu flagship lets fighters invade; the Nekro flagship lets ground forces fight in space.
_FIGHTERS_INVADE = re.compile(r"commit fighters to planets as if they were ground forces", re.I)
# The Naaz-Rokha flagship's extra die for each mech in its system.
_MECH_DICE = re.compile(r"your mechs in this system roll (\d) additional (?:die|dice) during combat", re.I)
# The Naalu Codex mech keeps Anti-Fighter Barrage off its side's units; the Jol-Nar mech keeps Fragile off infantry.
_BLOCKS_AFB = re.compile(r"other players cannot use anti-fighter barrage against your units in this system", re.I)
_NOT_FRAGILE = re.compile(r"your infantry on this planet are not affected by your fragile", re.I)
# The Sardakk mech produces a hit whenever it cancels one in ground combat (the card spells "it's").
_SUSTAIN_HITS = re.compile(r"after this unit uses it'?s sustain damage ability during ground combat, it produces 1 hit "
                           r"against your opponent'?s ground forces", re.I)
# The Sardakk dreadnoughts' trade: destroy this unit after a round of space combat to destroy up to 2 ships.
_TRADES = re.compile(r"after a round of space combat, you may destroy this unit to destroy up to (\d) ships", re.I)
# The Argent destroyers' barrage: each 9 or 10 also destroys 1 of the opponent's infantry in the space area.
_AFB_INFANTRY = re.compile(r"when this unit uses anti-fighter barrage, each result of 9 or 10 also destroys 1 of your "
                           r"opponent'?s'? infantry in the space area", re.I)
# The Obsidian war sun's Bombardment ignores Planetary Shield.
_BOMBARDS_THROUGH = re.compile(r"when this unit uses its bombardment ability, it uses it against [^.]*ignoring "
                               r"planetary shield", re.I)
# The Winnu PDS upgrade's hits (its Space Cannon's) go to non-fighter ships if able.
_HITS_TO_SHIPS = re.compile(r"hits produced by this unit must be assigned to non-fighter ships if able", re.I)
_GROUND_AS_SHIPS = re.compile(r"ground forces in this system to participate in that combat as if they were ships", re.I)
# Z-Grav Eidolon is a ship too while in the space area of the active system (Starlancer XI fights a space combat as
# one). It is the other side of the Eidolon card, which flips to it at the start of a space combat and back at the end
# of the space battle.
_SHIP_IN_SPACE = re.compile(r"if this unit is in the space area of the active system, it is also a ship"
                            r"|this unit participates in space combat as if it were a ship", re.I)
_FLIPS_FOR_SPACE = re.compile(r"at the start of a space combat, flip this card", re.I)
_FLIPS_BACK = re.compile(r"at the end of a space battle in the active system, flip this card", re.I)
# A space dock's fighters kept out of capacity, as printed; the data has no value for the Dimensional Tear's 6 (12).
FIGHTER_ROOM = re.compile(r"up to (\d+) fighters in this system do not count against", re.I)


def unit_record(path: str, item: dict, notes: dict[str, str] | None = None) -> dict:
    """One catalogue record in corpus.resolve.units' JSON form; `notes`: promissory note alias -> name."""
    v, text = values(item), item.get("ability") or ""
    name = GENERIC_NAMES.get(item["id"], PRINTED.get(item["name"], item["name"]))
    numeral = re.search(r" (I{1,2})$", name)
    record = {
        "id": slugify(re.sub(r" (I{1,2})$", lambda m: f" {len(m.group(1))}", name)).replace("-", "_"),
        "name": name, "type": _type(item), "source": f"AsyncTI4/TI4_map_generator_bot src/main/resources/{path}",
        "aliases": _ALIASES.get(item["id"], [name[:-2]] if numeral and numeral.group(1) == "I" else [])
        + ([item["name"]] if item["name"] in PRINTED else []),
        "faction": _faction(item["faction"]) if item.get("faction") else None,
        "expansion": _EXPANSION.get(item["source"], item["source"]), "cost": v.get("cost"),
        "per_cost": v["per_cost"], "sustain_damage": v.get("sustain_damage", False),
        "planetary_shield": v.get("planetary_shield", False),
        "removes_planetary_shield": v.get("removes_planetary_shield", False) or bool(_LIFTS_SHIELD.search(text)),
        "deep_space_cannon": v.get("deep_space_cannon", False), "ground_force": v.get("ground_force", False),
        "in_space": v.get("space_only", False), "move": v.get("move"),
        "combat_per_opponent_ship": item.get("combatDieCount") == 0 and bool(_PER_SHIP.search(text)),
        "repairs_each_round": bool(_REPAIRS.search(text)),
        "ship_and_ground_force": bool(_BOTH_KINDS.search(text)),
        "no_ability_hits": bool(_NO_ABILITY_HITS.search(text)),
        "other_ships_combat_bonus": _number(_BOOSTS_OTHERS, text),
        "extra_hits_on_9_or_10": _number(_EXTRA_HITS, text),
        "denies_sustain": bool(_DENIES_SUSTAIN.search(text)),
        "blocks_space_cannon": bool(_BLOCKS_CANNON.search(text)),
        "destroys_all_ships": bool(_DESTROYS_ALL.search(text)),
        "dreadnought_hits_to_non_fighters": bool(_NON_FIGHTERS.search(text)),
        "fighters_invade": bool(_FIGHTERS_INVADE.search(text)),
        "ground_forces_fight_as_ships": bool(_GROUND_AS_SHIPS.search(text)),
        "mech_extra_dice": _number(_MECH_DICE, text),
        "blocks_anti_fighter_barrage": bool(_BLOCKS_AFB.search(text)),
        "infantry_not_fragile": bool(_NOT_FRAGILE.search(text)),
        "hits_after_sustain": bool(_SUSTAIN_HITS.search(text)),
        "destroys_ships_after_round": _number(_TRADES, text),
        "afb_destroys_infantry": bool(_AFB_INFANTRY.search(text)),
        "bombardment_ignores_shield": bool(_BOMBARDS_THROUGH.search(text)),
        "hits_to_non_fighter_ships": bool(_HITS_TO_SHIPS.search(text)),
        "ship_in_space_area": bool(_SHIP_IN_SPACE.search(text)),
        # The card's sentences that bear on a battle: the resolver names those it does not apply.
        "combat_text": combat_sentences(text),
        # The bot plays The Cavalry (a promissory note) as a unit of its own: no one can produce it.
        "promissory_note": (notes or {}).get(item.get("asyncId")),
    }
    dock = item.get("baseType") == "spacedock" and not v.get("space_only")
    record["fighter_allowance" if dock else "capacity"] = _fighter_room(text, v) if dock else v.get("capacity", 0)
    for key in ("combat", "space_cannon", "bombardment", "anti_fighter_barrage"):
        if v.get(key):
            record[key] = {"value": v[key]["value"], "dice": v[key]["dice"]}
    if v.get("production"):
        record["production"] = {k: n for k, n in v["production"].items() if k != "text"}
        bonus = _BONUS.search(text)
        if bonus and "resources_plus" in record["production"]:
            record["production"]["resource_bonus"] = int(bonus.group(1))
    return {k: val for k, val in record.items() if _kept(k, val)}


def _fighter_room(text: str, v: dict) -> int:
    """Fighters a space dock keeps out of capacity: as printed, else the data's capacity value."""
    room = FIGHTER_ROOM.search(text)
    return int(room.group(1)) if room else v.get("capacity", 0)


def _number(pattern: re.Pattern, text: str) -> int:
    """The number a card sentence gives (0 when the card does not say it)."""
    found = pattern.search(text)
    return int(found.group(1)) if found else 0


def _kept(key: str, value) -> bool:
    """Defaults are left out of the file; a move of 0 is a printed value."""
    if value is None or value is False or value == []:
        return False
    return key == "move" or value != 0


def _faction(alias: str) -> str:
    """The resolver's faction slug for the bot's faction id (its three Keleres are one)."""
    try:
        return faction_slug({"ghost": "creuss"}.get(alias, re.sub(r"^keleres.$", "keleres", alias)))
    except ResolveError:
        return alias


def _type(item: dict) -> str:
    """The resolver's unit type."""
    base = item.get("baseType")
    if base in ("fighter", "infantry"):
        return base
    if item.get("isStructure") or base in ("pds", "spacedock"):
        return "structure"
    return "ground_force" if item.get("isGroundForce") or base == "mech" else "ship"


def generate(root: Path) -> dict:
    """The catalogue document for the official units under a data root."""
    data = load_data(unpack(pack(root)))
    # A unit of a homebrew faction is homebrew whatever its own source says (Discordant Stars' Combat Transport
    # is marked "base"), as the component pages treat it.
    factions = [f for _, f in data.items("factions")]
    homebrew = ({f.get("alias") for f in factions if not data.is_official(f)}
                - {f.get("alias") for f in factions if data.is_official(f)})
    official = [(p, i) for p, i in data.items("units") if data.is_official(i) and i.get("name")
                and not stand_in(i) and i.get("faction") not in homebrew]
    official.sort(key=lambda row: PRECEDENCE.index(row[1]["source"]))
    notes = {n["alias"]: n["name"] for _, n in data.items("promissory_notes")
             if data.is_official(n) and n.get("alias") and n.get("name")}
    rows = [(unit_record(path, item, notes), item) for path, item in official]
    _faces(rows)
    return {"_about": "Generated by `python -m ingest.unit_catalogue` from the AsyncTI4 unit data; "
                      "do not edit by hand.",
            "units": _unique([record for record, _ in rows])}


def _faces(rows: list[tuple[dict, dict]]) -> None:
    """Name each side of a two-sided card on the other: of one faction, the card that flips at the start of a space
    combat (Eidolon) and the one that flips back at the end of the space battle (Z-Grav Eidolon)."""
    for front, item in rows:
        if not _FLIPS_FOR_SPACE.search(item.get("ability") or ""):
            continue
        backs = [back for back, other in rows if other.get("faction") == item.get("faction")
                 and _FLIPS_BACK.search(other.get("ability") or "")]
        if len(backs) == 1:
            front["other_face"], backs[0]["other_face"] = backs[0]["name"], front["name"]


def _unique(records: list[dict]) -> list[dict]:
    """Two cards of one name (Twilight's Fall) get their faction in the id."""
    seen: set[str] = set()
    for record in records:
        if record["id"] in seen:
            record["id"] = f"{record['id']}_{record.get('faction') or record['expansion']}"
        seen.add(record["id"])
    return records


def main(argv: list[str]) -> None:
    """Rewrite corpus/data/units.json from a data root (default: the shared snapshot)."""
    from ingest.sources import shared_dir

    parser = argparse.ArgumentParser(prog="python -m ingest.unit_catalogue",
                                     description=f"Regenerate {TARGET} from the AsyncTI4 unit data.")
    parser.add_argument("data_root", nargs="?", type=Path,
                        help="a snapshot (data/ and planets/) or a clone of the bot (default: the shared snapshot)")
    folder = parser.parse_args(argv).data_root or shared_dir() / "mirror" / "asyncti4"
    root = bundle_root(folder)
    # Refuse rather than write an empty catalogue: the resolver would lose every unit.
    if root is None:
        parser.exit(2, f"{parser.prog}: {folder}: no AsyncTI4 data here (data/sources/sources.json, itself or "
                       f"under src/main/resources/); {TARGET.name} is unchanged\n")
    document = generate(root)
    if not document["units"]:
        parser.exit(2, f"{parser.prog}: {root}: no official units found; {TARGET.name} is unchanged\n")
    TARGET.write_text(json.dumps(document, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(document['units'])} units to {TARGET}")


if __name__ == "__main__":
    main(sys.argv[1:])
