"""Resolver scenarios in a query string: the permalink and the no-JS form share this encoding.

Scenario query string (the permalink, and the widget's no-JS form fields, which use the same names):

    ability=space_cannon | space_cannon_defense | bombardment | anti_fighter_barrage | production
    u=WHAT[*COUNT][@adj][:LABEL]   one per unit entry; WHAT is a catalogue name ("PDS II") or a
                                   value with dice, "5x3" (also typed "5 (x3)" or "5"); @adj: in an
                                   adjacent system; a label only goes with a value
    plasma=1 | plasma=uN           Plasma Scoring on the best unit, or on units[N]
    shield=1  warsun=1  harrow=1   Planetary Shield, a War Sun in the system, L1Z1X Harrow
    rolls=3,7,10   seed=42         dice entered, or rolled from a seed
    faction=arborec                production: the faction
    p=NAME[*COUNT][@RESOURCES]     production: a producing unit (a space dock on a 3-resource planet: @3)
    b=NAME[*COUNT]                 production: a unit to build
    resources= fleet_pool= ships_in_system= capacity_in_system= units_in_space=   production context

decode() turns the query into the resolver's JSON request and encode() turns one back; blank fields
are skipped, and a malformed number is passed on as text so the resolver's error names its field.
static/resolver.js mirrors both.
"""
from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict

from corpus.resolve import ResolveError

# Topic page -> the abilities its widget offers, the default first.
PAGES = {
    "space-cannon": ("space_cannon", "space_cannon_defense"),
    "pds": ("space_cannon", "space_cannon_defense"),
    "bombardment": ("bombardment",),
    "anti-fighter-barrage": ("anti_fighter_barrage",),
    "production": ("production",),
    "space-dock": ("production",),
}
LABELS = {"space_cannon": "Space Cannon Offense", "space_cannon_defense": "Space Cannon Defense",
          "bombardment": "Bombardment", "anti_fighter_barrage": "Anti-Fighter Barrage", "production": "Production"}
# Query flag -> (request modifier, form label, abilities that take it).
FLAGS = {
    "shield": ("planetary_shield", "Planetary Shield on the planet", ("bombardment",)),
    "warsun": ("war_sun", "War Sun in the system", ("bombardment",)),
    "harrow": ("harrow", "L1Z1X Harrow", ("bombardment",)),
}
PLASMA_FOR = ("space_cannon", "space_cannon_defense", "bombardment")
CONTEXT = (("resources", "Resources to spend"), ("fleet_pool", "Fleet pool tokens"),
           ("ships_in_system", "Non-fighter ships already there"),
           ("capacity_in_system", "Capacity already there"), ("units_in_space", "Fighters and ground forces in space"))
LISTS = {"units": "u", "producers": "p", "build": "b"}
_VALUE = re.compile(r"(\d{1,3})\s*(?:x\s*(\d{1,3})|\(\s*x\s*(\d{1,3})\s*\))?", re.I | re.A)
_TRUE = ("1", "true", "on", "yes")


def _number(text: str):
    """An int for a plain number, else the text itself, so the resolver names the bad field."""
    text = text.strip()
    return int(text) if re.fullmatch(r"-?\d{1,19}", text, re.A) else text


def values(params: MultiDict, key: str) -> list[str]:
    """The non-blank values of a repeated field."""
    return [v.strip() for v in params.getlist(key) if v.strip()]


def decode_unit(text: str) -> dict:
    """One `u` value: "PDS II*2", "5x3*1@adj:Xxcha flagship"."""
    head, colon, label = text.partition(":")
    head = head.strip()
    adjacent = head.lower().endswith("@adj")
    head = head[:-4].strip() if adjacent else head
    what, star, count = head.rpartition("*") if "*" in head else (head, "", "1")
    value = _VALUE.fullmatch(what.strip())
    if value:
        entry = {"value": int(value[1]), "dice": int(value[2] or value[3] or 1), "count": _number(count)}
    else:
        entry = {"name": what.strip(), "count": _number(count)}
    if colon:
        entry["label"] = label.strip()
    if adjacent:
        entry["adjacent"] = True
    return entry


def decode_producer(text: str) -> dict:
    """One `p` value: "Space Dock I*1@3" (on a 3-resource planet) or "Space Dock I*1@Mecatol Rex"."""
    head, at, where = text.rpartition("@") if "@" in text else (text, "", "")
    entry = decode_build(head)
    if at and re.fullmatch(r"\s*-?\d+\s*", where):
        entry["planet_resources"] = _number(where)
    elif at:
        entry["planet"] = where.strip()
    return entry


def decode_build(text: str) -> dict:
    """One `b` value: "Infantry I*2"."""
    name, star, count = text.rpartition("*") if "*" in text else (text, "", "1")
    return {"name": name.strip(), "count": _number(count)}


def decode(params: MultiDict) -> dict | None:
    """The resolver request a query string describes; None when it names no ability."""
    ability = params.get("ability", "").strip()
    if not ability:
        return None
    if ability == "production":
        req: dict = {"ability": ability}
        if params.get("faction", "").strip():
            req["faction"] = params["faction"].strip()
        req["producers"] = [decode_producer(v) for v in values(params, "p")]
        req["build"] = [decode_build(v) for v in values(params, "b")]
        req.update({key: _number(params[key]) for key, _ in CONTEXT if params.get(key, "").strip()})
        return req
    req = {"ability": ability, "units": [decode_unit(v) for v in values(params, "u")]}
    modifiers = {}
    plasma = params.get("plasma", "").strip().lower()
    if plasma in _TRUE:
        modifiers["plasma_scoring"] = True
    elif re.fullmatch(r"u\d{1,3}", plasma, re.A):
        modifiers["plasma_scoring"] = int(plasma[1:])
    elif plasma not in ("", "0"):
        raise ResolveError("modifiers.plasma_scoring", "use plasma=1 (the unit most likely to hit) or plasma=uN "
                                                       "(units[N] takes the die)")
    for key, (name, _, _) in FLAGS.items():
        flag = params.get(key, "").strip().lower()
        if flag not in ("", "0"):
            modifiers[name] = True if flag in _TRUE else flag
    if modifiers:
        req["modifiers"] = modifiers
    if params.get("rolls", "").strip():
        req["rolls"] = params["rolls"].strip()
    if params.get("seed", "").strip():
        req["seed"] = _number(params["seed"])
    return req


def encode(req: dict) -> list[tuple[str, str]]:
    """The query pairs for a request: the inverse of decode() (canonical: every count written)."""
    pairs = [("ability", req["ability"])]
    if req["ability"] == "production":
        if req.get("faction"):
            pairs.append(("faction", req["faction"]))
        for item in req.get("producers", []):
            at = f"@{item['planet_resources']}" if item.get("planet_resources") is not None else ""
            at = f"@{item['planet']}" if item.get("planet") else at
            pairs.append(("p", f"{item['name']}*{item.get('count', 1)}{at}"))
        pairs += [("b", f"{item['name']}*{item.get('count', 1)}") for item in req.get("build", [])]
        return pairs + [(key, str(req[key])) for key, _ in CONTEXT if req.get(key) is not None]
    for item in req.get("units", []):
        what = item["name"] if "name" in item else f"{item['value']}x{item.get('dice', 1)}"
        adjacent = "@adj" if item.get("adjacent") else ""
        label = f":{item['label']}" if item.get("label") else ""
        pairs.append(("u", f"{what}*{item.get('count', 1)}{adjacent}{label}"))
    modifiers = req.get("modifiers", {})
    plasma = modifiers.get("plasma_scoring")
    if plasma is not None and plasma is not False:
        pairs.append(("plasma", "1" if plasma is True else f"u{plasma}"))
    pairs += [(key, "1") for key, (name, _, _) in FLAGS.items() if modifiers.get(name)]
    return pairs + [(key, str(req[key])) for key in ("rolls", "seed") if req.get(key) is not None]
