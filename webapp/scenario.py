"""Resolver scenarios in a query string: the permalink and the no-JS form share this encoding.

Scenario query string (the permalink, and the widget's no-JS form fields, which use the same names):

    ability=space_cannon | space_cannon_defense | bombardment | anti_fighter_barrage | production
    u=WHAT[*COUNT][@adj][:LABEL]   one per unit entry; WHAT is a catalogue name ("PDS II") or a
                                   value with dice, "5x3" (also typed "5 (x3)" or "5"); @adj: in an
                                   adjacent system; a label only goes with a value. Typed in the form, a
                                   count may also lead or trail a name: "3 Dreadnought II", "3x dread2",
                                   "Dreadnought II x3" (every NAME*COUNT below reads them so too)
    plasma=1 | plasma=uN           Plasma Scoring on the best unit, or on units[N]
    shield=1  warsun=1  harrow=1   Planetary Shield, a War Sun in the system, L1Z1X Harrow
    rolls=3,7,10   seed=42         dice entered, or rolled from a seed
    targets=3                      fighters (Anti-Fighter Barrage) or ground forces (Bombardment) there
    faction=arborec                production: the faction
    p=NAME[*COUNT][@RES][!enemy]   production: a producing unit (a space dock on a 3-resource planet: @3;
                                   other players' ships in its system: !enemy)
    pl=PLANET                      production: the planet (or its resources) of the `p` in the same form row;
                                   the form's planet box, the same as "@PLANET" after that `p`
    b=NAME[*COUNT][/HAVE]          production: a unit to build, HAVE of its type left in reinforcements
    resources= fleet_pool= ships_in_system= capacity_in_system= units_in_space=   production context
    ability=space_combat | ground_combat | invasion
    a=NAME[*COUNT][@adj]  d=…      the attacker's and the defender's units, one per entry (@adj: a PDS II
                                   firing Space Cannon from an adjacent system)
    am=KEY  dm=KEY                 a modifier for the attacker / defender, by its catalogue key
                                   (morale_boost@2: in round 2)
    ac=N  dc=N                     a number added to the attacker's / defender's combat rolls
    ao=NAMES  do=NAMES             the order that side destroys its units in, comma-separated ("Fighter II, Carrier II")
    ax=WHEN  dx=WHEN               when that side destroys its Exotrireme II to destroy 2 ships: after_first_round
                                   or never (the request's destroy_exotrireme)
    af=FACT[@N]  df=…              a table fact a card of that side's units asks (the request's field of that
                                   name): opponent_has_relic_fragment is true (@0: false); a count with @N
                                   (anomalies_in_or_adjacent@2)
    retreat=attacker@N             that side (attacker or defender) announces a retreat in round N

decode() turns the query into the resolver's JSON request and encode() turns one back; blank fields
are skipped, and a malformed number is passed on as text so the resolver's error names its field.
Only Python reads this encoding: static/resolver.js sends the form's fields and shows the HTML answer.
"""
from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict

from corpus.resolve import ResolveError
from corpus.resolve.production import OPTIONAL
from webapp.scenario_battle import (decode_battle, decode_count, encode_battle, number, split_count, unread_suffix,
                                    values)

# Topic page -> the abilities its widget offers, the default first.
PAGES = {
    "space-cannon": ("space_cannon", "space_cannon_defense"),
    "pds": ("space_cannon", "space_cannon_defense"),
    "bombardment": ("bombardment",),
    "anti-fighter-barrage": ("anti_fighter_barrage",),
    "production": ("production",),
    "space-dock": ("production",),
    "space-combat": ("space_combat",),
    "ground-combat": ("ground_combat",),
    "invasion": ("invasion", "ground_combat"),
}
BATTLES = ("space_combat", "ground_combat", "invasion")
LABELS = {"space_cannon": "Space Cannon Offense", "space_cannon_defense": "Space Cannon Defense",
          "bombardment": "Bombardment", "anti_fighter_barrage": "Anti-Fighter Barrage", "production": "Production",
          "space_combat": "Space combat", "ground_combat": "Ground combat", "invasion": "Invasion"}
# Query flag -> (request modifier, form label, abilities that take it).
FLAGS = {
    "shield": ("planetary_shield", "Planetary Shield on the planet", ("bombardment",)),
    "warsun": ("war_sun", "War Sun in the system", ("bombardment",)),
    "harrow": ("harrow", "L1Z1X Harrow", ("bombardment",)),
}
PLASMA_FOR = ("space_cannon", "space_cannon_defense", "bombardment")
MODIFIER_LABELS = {"plasma_scoring": "Plasma Scoring", **{name: label for name, label, _ in FLAGS.values()}}
# Abilities whose hits destroy one kind of unit, and what to call the units they can hit.
TARGETS = {"anti_fighter_barrage": "Fighters there", "bombardment": "Ground forces on the planet"}
CONTEXT = tuple((key, box.label) for key, box in OPTIONAL.items())  # the production form's context boxes
LISTS = {"units": "u", "producers": "p", "build": "b"}
# Each ability's examples for its unit boxes: units; a value with its dice (dice abilities); a unit in an adjacent
# system, only where one can fire from there (77.3c). Each resolves as typed on that form (tests type them in).
EXAMPLES = {
    "space_cannon": (("PDS II*2",), "5x3*1:Xxcha flagship", "PDS II*1@adj"),
    "space_cannon_defense": (("PDS II*2",), "5x3*1:Xxcha flagship", None),
    "bombardment": (("Dreadnought II*2", "War Sun*1"), "4x2*1:Exotrireme II", None),
    "anti_fighter_barrage": (("Destroyer II*2",), "6x4*1:Son of Ragh", None),
    "space_combat": (("Dreadnought II*2", "Carrier II*1", "Fighter II*3"), None, None),
    "ground_combat": (("Infantry II*3", "Mech*1"), None, None),
    "invasion": (("Dreadnought II*2", "Infantry II*3"), None, None),  # ships to bombard, ground forces to land
}
_VALUE = re.compile(r"(\d{1,3})\s*(?:x\s*(\d{1,3})|\(\s*x\s*(\d{1,3})\s*\))?", re.I | re.A)
_TRUE = ("1", "true", "on", "yes")


def decode_unit(text: str) -> dict:
    """One `u` value: "PDS II*2" (or "2 PDS II", "PDS II x2"), "5x3*1@adj:Xxcha flagship"."""
    head, colon, label = text.partition(":")
    head = head.strip()
    adjacent = head.lower().endswith("@adj")
    head = head[:-4].strip() if adjacent else head
    # "5x3" and "5 x3" are a value with its dice, not five of something.
    what, count = (head, "1") if _VALUE.fullmatch(head) else split_count(head)
    value = _VALUE.fullmatch(what.strip())
    if value:
        entry = {"value": int(value[1]), "dice": int(value[2] or value[3] or 1), "count": number(count)}
    else:
        entry = {"name": what.strip(), "count": number(count)}
    if colon:
        entry["label"] = label.strip()
    if adjacent:
        entry["adjacent"] = True
    return entry


def units_hint(ability: str) -> str:
    """The hint above an ability's unit boxes, quoting its EXAMPLES."""
    units, value, adjacent = EXAMPLES[ability]
    text = "One entry per line: a unit and how many, " + ", ".join(f"“{unit}”" for unit in units)
    text += f"; or a value and dice, “{value}”." if value else "."
    return text + (f" For a unit in an adjacent system, add @adj: “{adjacent}”." if adjacent else "")


def decode_producer(text: str) -> dict:
    """One `p` value: "Space Dock I*1@3" (on a 3-resource planet) or "Space Dock I*1@Mecatol Rex",
    "!enemy" after it."""
    text, enemy = (text[:-6].rstrip(), True) if text.lower().endswith("!enemy") else (text, False)
    head, at, where = text.rpartition("@") if "@" in text else (text, "", "")
    entry = decode_count(head)
    if at and re.fullmatch(r"\s*-?\d+\s*", where):
        entry["planet_resources"] = number(where)
    elif at:
        entry["planet"] = where.strip()
    if enemy:
        entry["enemy_ships"] = True
    return entry


def producer_rows(params: MultiDict) -> list[tuple[str, str]]:
    """The filled `p` rows with their planet boxes (`pl`, paired by position as the form sends them);
    a row without a box has its "@…" moved there, so the form shows every planet in its box."""
    wheres = params.getlist("pl")
    rows = []
    for index, unit in enumerate(params.getlist("p")):
        unit, where = unit.strip(), (wheres[index] if index < len(wheres) else "").strip()
        if not unit:
            continue
        if not where and "@" in unit:
            enemy = unit.lower().endswith("!enemy")
            head, _, where = (unit[:-6] if enemy else unit).rpartition("@")
            unit, where = head.strip() + ("!enemy" if enemy else ""), where.strip()
        rows.append((unit, where))
    return rows


def _joined(index: int, unit: str, where: str) -> str:
    """One `p` value with its row's planet box: "Space Dock I*1" and "Mecatol Rex" -> "Space Dock I*1@Mecatol Rex"."""
    if not where:
        return unit
    enemy = unit.lower().endswith("!enemy")
    head = unit[:-6].rstrip() if enemy else unit
    if "@" in head:
        raise ResolveError(f"producers[{index}].planet", "give the planet in its box or after “@”, not both")
    return f"{head}@{where}" + ("!enemy" if enemy else "")


def decode_build(text: str) -> dict:
    """One `b` value: "Infantry I*2", "War Sun*1/0" (none left in reinforcements)."""
    head, slash, have = text.rpartition("/") if "/" in text else (text, "", "")
    entry = decode_count(head)
    if slash:
        entry["in_reinforcements"] = number(have)
    return entry


def decode(params: MultiDict) -> dict | None:
    """The resolver request a query string describes; None when it names no ability."""
    ability = params.get("ability", "").strip()
    if not ability:
        return None
    if ability in BATTLES:
        return decode_battle(ability, params)
    if ability == "production":
        req: dict = {"ability": ability}
        if params.get("faction", "").strip():
            req["faction"] = params["faction"].strip()
        req["producers"] = [decode_producer(_joined(i, unit, where)) for i, (unit, where) in
                            enumerate(producer_rows(params))]
        req["build"] = [decode_build(v) for v in values(params, "b")]
        req.update({key: number(params[key]) for key, _ in CONTEXT if params.get(key, "").strip()})
        return req
    req = {"ability": ability, "units": [decode_unit(v) for v in values(params, "u")]}
    for index, entry in enumerate(req["units"]):
        unread_suffix(entry, f"units[{index}]", "@adj (in an adjacent system) and :LABEL (a value's name) only")
    modifiers = {}
    plasma = params.get("plasma", "").strip().lower()
    if plasma in _TRUE:
        modifiers["plasma_scoring"] = True
    elif re.fullmatch(r"u\d{1,3}", plasma, re.A):
        modifiers["plasma_scoring"] = {"unit": int(plasma[1:])}
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
    for key in ("seed", "targets"):
        # Dice typed in win over a seed left in its box (the form without JavaScript sends both).
        if params.get(key, "").strip() and not (key == "seed" and "rolls" in req):
            req[key] = number(params[key])
    return req


def encode(req: dict) -> list[tuple[str, str]]:
    """The query pairs for a request: the inverse of decode() (canonical: every count written)."""
    pairs = [("ability", req["ability"])]
    if req["ability"] in BATTLES:
        return pairs + encode_battle(req)
    if req["ability"] == "production":
        if req.get("faction"):
            pairs.append(("faction", req["faction"]))
        for item in req.get("producers", []):
            at = f"@{item['planet_resources']}" if item.get("planet_resources") is not None else ""
            at = f"@{item['planet']}" if item.get("planet") else at
            enemy = "!enemy" if item.get("enemy_ships") else ""
            pairs.append(("p", f"{item['name']}*{item.get('count', 1)}{at}{enemy}"))
        for item in req.get("build", []):
            have = f"/{item['in_reinforcements']}" if item.get("in_reinforcements") is not None else ""
            pairs.append(("b", f"{item['name']}*{item.get('count', 1)}{have}"))
        return pairs + [(key, str(req[key])) for key, _ in CONTEXT if req.get(key) is not None]
    for item in req.get("units", []):
        what = item["name"] if "name" in item else f"{item['value']}x{item.get('dice', 1)}"
        adjacent = "@adj" if item.get("adjacent") else ""
        label = f":{item['label']}" if item.get("label") else ""
        pairs.append(("u", f"{what}*{item.get('count', 1)}{adjacent}{label}"))
    modifiers = req.get("modifiers", {})
    plasma = modifiers.get("plasma_scoring")
    if plasma is not None and plasma is not False:
        pairs.append(("plasma", f"u{plasma['unit']}" if isinstance(plasma, dict) else "1"))
    pairs += [(key, "1") for key, (name, _, _) in FLAGS.items() if modifiers.get(name)]
    return pairs + [(key, str(req[key])) for key in ("rolls", "seed", "targets") if req.get(key) is not None]
