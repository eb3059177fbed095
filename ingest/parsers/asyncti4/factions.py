"""Factions: leaders, faction abilities, and each faction's sheet on its page."""
from __future__ import annotations

from .common import Data, Row, codex_card, faction_page
from corpus.components import value_list

from .units import values

_LEADER_TYPES = {"agent": "Agent", "commander": "Commander", "hero": "Hero"}
# Starting-fleet codes in the bot's faction files.
_FLEET = {"cv": "Carrier", "cr": "Cruiser", "dd": "Destroyer", "dn": "Dreadnought", "ws": "War Sun",
          "fs": "Flagship", "ff": "Fighter", "inf": "Infantry", "gf": "Infantry", "mf": "Mech",
          "pds": "PDS", "pd": "PDS", "sd": "Space Dock", "ca": "Cruiser", "mech": "Mech", "carrier": "Carrier",
          "destroyer": "Destroyer", "fighter": "Fighter"}


def rows(data: Data) -> list[Row]:
    """Leaders and faction abilities, each on its faction's page."""
    out = []
    for path, item in data.items("leaders"):
        kind = _LEADER_TYPES.get(item.get("type", ""), str(item.get("type", "")).title())
        window = item.get("abilityWindow") or ""
        text = f"{window} {item.get('abilityText', '')}".strip()
        name = item.get("name", "")
        if item.get("abilityName") and kind == "Hero":
            name = f"{name} — {item['abilityName']}"
        facts = {"unlock": item.get("unlockCondition"), "leader_title": item.get("title"),
                 "codex_card": codex_card(item)}
        out.append(Row(faction_page(item.get("faction", "")), kind, name, text, item, path,
                       window=window or None, facts={k: v for k, v in facts.items() if v}))
    for path, item in data.items("abilities"):
        window = item.get("window") or ""
        effect = item.get("windowEffect") or ""
        text = "\n".join(t for t in (item.get("permanentEffect"), f"{window}: {effect}" if window else effect) if t)
        out.append(Row(faction_page(item.get("faction", "")), "Faction Ability", item.get("name", ""), text,
                       item, path, window=window or None))
    return out


def sheets(data: Data) -> list[tuple[str, dict, str, dict]]:
    """(page, faction record, file, sheet) for every faction."""
    lookup = _Lookup(data)
    return [(faction_page(item["alias"]), item, path, _sheet(item, lookup))
            for path, item in data.items("factions") if item.get("alias")]


class _Lookup:
    """Names (and values) of the components a faction lists by id."""

    def __init__(self, data: Data):
        self.names = {}
        for folder, key in (("technologies", "alias"), ("promissory_notes", "alias"), ("abilities", "id"),
                            ("leaders", "id"), ("breakthroughs", "alias")):
            self.names[folder] = {i.get(key): i for _, i in data.items(folder)}
        self.units = {i.get("id"): i for _, i in data.items("units")}
        self.planets = {p.get("id"): p for path, p in data.files.items()
                        if path.startswith("planets/") and isinstance(p, dict)}

    def name(self, folder: str, key: str) -> str:
        return str(self.names[folder].get(key, {}).get("name") or key)


def _sheet(item: dict, look: _Lookup) -> dict:
    """What the faction sheet prints, by name and value."""
    leaders = []
    for key in item.get("leaders") or []:
        leader = look.names["leaders"].get(key, {})
        leaders.append({"type": _LEADER_TYPES.get(leader.get("type", ""), ""), "name": leader.get("name", key),
                        "unlock": leader.get("unlockCondition", "")})
    units = [look.units[u] for u in item.get("units") or [] if u in look.units]
    special = [{"type": u.get("baseType"), "name": u.get("name"), "values": value_list(values(u))}
               for u in units if u.get("baseType") in ("flagship", "mech")]
    return {
        "commodities": item.get("commodities"),
        "abilities": [look.name("abilities", a) for a in item.get("abilities") or []],
        "home_planets": [_planet(look.planets.get(p), p) for p in item.get("homePlanets") or []],
        "starting_fleet": fleet(item.get("startingFleet") or ""),
        "starting_technologies": [look.name("technologies", t) for t in item.get("startingTech") or []],
        "faction_technologies": [look.name("technologies", t) for t in item.get("factionTech") or []],
        "promissory_notes": [look.name("promissory_notes", p) for p in item.get("promissoryNotes") or []],
        "leaders": leaders,
        "units": special,
    }


def _planet(planet: dict | None, key: str) -> str:
    """"Jord (4/2)"."""
    if not planet:
        return key
    return f"{planet.get('name', key)} ({planet.get('resources', 0)}/{planet.get('influence', 0)})"


def fleet(spec: str) -> list[str]:
    """"cv, cr,2 ff, 4 inf n, inf" -> ["Carrier", "Cruiser", "2 Fighter", "5 Infantry"]."""
    counts: dict[str, int] = {}
    for part in spec.split(","):
        words = part.split()
        count = int(words.pop(0)) if words and words[0].isdigit() else 1
        if words:
            name = _FLEET.get(words[0].lower(), words[0])
            counts[name] = counts.get(name, 0) + count
    return [name if n == 1 else f"{n} {name}" for name, n in counts.items()]
