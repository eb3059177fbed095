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

from corpus.resolve.card_sentences import FLIPS_BACK, SENTENCES
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
FIGHTER_ROOM = SENTENCES["fighter_room"]


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
        "removes_planetary_shield": v.get("removes_planetary_shield", False) or _says("removes_planetary_shield", text),
        "deep_space_cannon": v.get("deep_space_cannon", False), "ground_force": v.get("ground_force", False),
        "in_space": v.get("space_only", False), "move": v.get("move"),
        "combat_per_opponent_ship": item.get("combatDieCount") == 0 and _says("per_opponent_ship", text),
        "repairs_each_round": _says("repairs", text),
        "ship_and_ground_force": _says("ship", text),
        "no_ability_hits": _says("ability_proof", text),
        "other_ships_combat_bonus": _number("boosts_others", text),
        "extra_hits_on_9_or_10": _number("extra_hits", text),
        "denies_sustain": _says("denies_sustain", text),
        "blocks_space_cannon": _says("blocks_space_cannon", text),
        "destroys_all_ships": _says("destroys_all", text),
        "dreadnought_hits_to_non_fighters": _says("steers_hits", text),
        "fighters_invade": _says("fighters_invade", text),
        "ground_forces_fight_as_ships": _says("musters", text),
        "mech_extra_dice": _number("mech_dice", text),
        "blocks_anti_fighter_barrage": _says("blocks_afb", text),
        "infantry_not_fragile": _says("steadies", text),
        "hits_after_sustain": _says("strikes_back", text),
        "destroys_ships_after_round": _number("trades_for", text),
        "afb_destroys_infantry": _says("culls", text),
        "bombardment_ignores_shield": _says("pierces", text),
        "hits_to_non_fighter_ships": _says("aims", text),
        "ship_in_space_area": _says("space_ship", text),
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


def _says(field: str, text: str) -> bool:
    """Whether a card's text has the sentence the engine's field stands for (corpus.resolve.card_sentences)."""
    return bool(SENTENCES[field].search(text))


def _number(field: str, text: str) -> int:
    """The number such a card sentence gives (0 when the card does not say it)."""
    found = SENTENCES[field].search(text)
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
        if not SENTENCES["other_face"].search(item.get("ability") or ""):
            continue
        backs = [back for back, other in rows if other.get("faction") == item.get("faction")
                 and FLIPS_BACK.search(other.get("ability") or "")]
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
