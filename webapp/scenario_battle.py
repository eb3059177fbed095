"""A battle in a scenario query string (webapp.scenario): each side's units and boxes, a planned retreat.

The keys are listed in webapp.scenario's docstring (a=, d=, am=, ac=, ao=, ax=, af=, retreat=); decode_battle()
and encode_battle() are each other's inverse.
"""
from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict

from corpus.resolve import ResolveError
from corpus.resolve.combat.facts import FIELDS

SIDES = {"attacker": "a", "defender": "d"}
# A battle side's request fields -> the suffix of their form key after "a" / "d" (a table fact's box: af=).
SIDE_KEYS = {"units": "", "modifiers": "m", "combat_modifier": "c", "order": "o", "destroy_exotrireme": "x",
             **{f: "f" for f in FIELDS}, "table_fact": "f"}  # table_fact: an af=/df= value naming no fact
# Players write a fleet's counts first ("3 Dreadnought II", "3x dread2") or last ("Dreadnought II x3", "×3"); the
# star ("*3") is the permalink's own. An x before a name is "times" only with a space after it ("2 Xxcha flagship").
_LEADING = re.compile(r"(?P<count>\d{1,3})(?:\s*[xX×])?\s+(?P<name>\S.*)", re.S)
_TRAILING = re.compile(r"(?P<name>.*?\S)(?:\s+[xX]|\s*×)\s*(?P<count>\d{1,3})", re.S)


def number(text: str):
    """An int for a plain number, else the text itself, so the resolver names the bad field."""
    text = text.strip()
    return int(text) if re.fullmatch(r"-?\d{1,19}", text, re.A) else text


def values(params: MultiDict, key: str) -> list[str]:
    """The non-blank values of a repeated field."""
    return [v.strip() for v in params.getlist(key) if v.strip()]


def split_count(text: str) -> tuple[str, str]:
    """A row's name and count: "Carrier I*2", "2 Carrier I", "2x cv", "Carrier I x2" -> name, "2"; no count, "1"."""
    if "*" in text:
        name, _, count = text.rpartition("*")
        return name.strip(), count
    found = _LEADING.fullmatch(text.strip()) or _TRAILING.fullmatch(text.strip())
    if found is None:
        return text.strip(), "1"
    return found["name"].strip(), found["count"]


def decode_count(text: str) -> dict:
    """"NAME*COUNT" (a battle's `a` and `d` values too): "Carrier I*2", or the count typed before or after the name."""
    name, count = split_count(text)
    return {"name": name, "count": number(count)}


def unread_suffix(entry: dict, field: str, takes: str) -> None:
    """A count followed by a suffix the encoding has not ("PDS II*2@nowhere") is refused by that suffix,
    not as a bad count: the count was fine. So is a count with nothing before it ("*2")."""
    if entry.get("name") == "":
        raise ResolveError(field, "needs a unit's name or a value before the count (PDS II*2)")
    count = entry.get("count")
    found = re.fullmatch(r"\s*\d{1,19}\s*([@!].*)", count, re.A | re.S) if isinstance(count, str) else None
    if found:
        raise ResolveError(field, f"cannot read “{found[1].strip()}” after the count; a unit takes {takes}")


def decode_battle(ability: str, params: MultiDict) -> dict:
    """A battle: each side's units, modifiers, combat modifier, destroy order, Exotrireme II plan and the table facts
    its cards ask, and a planned retreat."""
    req: dict = {"ability": ability}
    for side, key in SIDES.items():
        req[side] = {"units": [_combatant(v) for v in values(params, key)]}
        for index, entry in enumerate(req[side]["units"]):
            unread_suffix(entry, f"{side}.units[{index}]", "@adj (a PDS II in an adjacent system) only")
        if values(params, f"{key}m"):
            req[side]["modifiers"] = [_modifier(v) for v in values(params, f"{key}m")]
        if params.get(f"{key}c", "").strip():
            req[side]["combat_modifier"] = number(params[f"{key}c"])
        if params.get(f"{key}o", "").strip():
            req[side]["order"] = [name.strip() for name in params[f"{key}o"].split(",") if name.strip()]
        if params.get(f"{key}x", "").strip():
            req[side]["destroy_exotrireme"] = params[f"{key}x"].strip()
        req[side].update(_fact(text, side, key) for text in values(params, f"{key}f"))
    retreat = params.get("retreat", "").strip()
    if retreat:
        side, at, round_ = retreat.partition("@")
        req["retreat"] = {"side": side.strip(), "round": number(round_ or "1")}
    return req


def _combatant(text: str) -> dict:
    """One `a`/`d` value: "Carrier II*2", or "PDS II*1@adj" for Space Cannon from an adjacent system."""
    adjacent = text.lower().rstrip().endswith("@adj")
    entry = decode_count(text.rstrip()[:-4] if adjacent else text)
    if adjacent:
        entry["adjacent"] = True
    return entry


def _fact(text: str, side: str, key: str) -> tuple[str, object]:
    """One `af`/`df` value: "opponent_has_relic_fragment" (true), "…@0" (false), "anomalies_in_or_adjacent@2"."""
    name, at, given = text.partition("@")
    fact = FIELDS.get(name.strip())
    if fact is None:  # a hand-edited permalink: say so in its own terms, not as an unknown API field
        raise ResolveError(f"{side}.table_fact", f"“{text}” in {key}f= is not a table fact; write NAME or "
                                                 f"NAME@NUMBER, NAME one of {', '.join(sorted(FIELDS))}")
    if not at:
        return name.strip(), True
    value = number(given)
    if not fact.count and value in (0, 1):
        value = bool(value)  # a yes/no written as a number
    return name.strip(), value


def _modifier(text: str):
    """One `am`/`dm` value: a catalogue key, or "morale_boost@2" for a modifier that takes a round."""
    name, at, round_ = text.partition("@")
    return {"name": name.strip(), "round": number(round_)} if at else name.strip()


def encode_battle(req: dict) -> list[tuple[str, str]]:
    """A battle's query pairs after `ability`, side by side as the form lists them: the inverse of decode_battle()."""
    pairs = []
    for side, key in SIDES.items():
        units = req.get(side, {})
        pairs += [(key, f"{item['name']}*{item.get('count', 1)}{'@adj' if item.get('adjacent') else ''}")
                  for item in units.get("units", [])]
        for item in units.get("modifiers", []):
            text = f"{item['name']}@{item.get('round', 1)}" if isinstance(item, dict) else str(item)
            pairs.append((f"{key}m", text))
        if units.get("combat_modifier") is not None:
            pairs.append((f"{key}c", str(units["combat_modifier"])))
        if units.get("order"):
            pairs.append((f"{key}o", ", ".join(units["order"])))
        if units.get("destroy_exotrireme"):
            pairs.append((f"{key}x", units["destroy_exotrireme"]))
        for field in (f for f in FIELDS if units.get(f) is not None):
            value = units[field]
            pairs.append((f"{key}f", field if value is True else f"{field}@{int(value) if value is False else value}"))
    retreat = req.get("retreat")
    if retreat:
        pairs.append(("retreat", f"{retreat['side']}@{retreat.get('round', 1)}"))
    return pairs
