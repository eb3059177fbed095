"""A battle's answer as the tables the resolver widget shows (round by round, survivors)."""
from __future__ import annotations

from corpus.resolve import ResolveError, catalogue
from webapp.charts import num, pct


def modifiers(ability: str) -> list[dict]:
    """The modifiers a battle takes, from the engine's catalogue (id, name, text)."""
    try:
        return [m for m in catalogue("modifiers") if ability in m.get("abilities", (ability,))]
    except ResolveError:
        return []


def round_columns(result: dict) -> list[str]:
    """Headings of the round-by-round table."""
    return ["Round", "Combat ends this round", "Still fighting after it"]


def round_rows(result: dict) -> list[list[str]]:
    """One row per combat round: the chance it is the last, and that the fight goes on."""
    rows, left = [], 1.0
    for index, p in enumerate(result.get("rounds", [])):
        if index == 0:  # no combat round: Space Cannon Offense decided it
            left -= p
            continue
        left -= p
        rows.append([str(index), pct(p), pct(max(left, 0.0))])
    return rows


def survivor_rows(result: dict) -> list[list[str]]:
    """Side, unit, count before, expected count after."""
    rows = []
    for side in ("attacker", "defender"):
        for unit in result.get("survivors", {}).get(side, []):
            rows.append([side.capitalize(), unit["name"], str(unit.get("count", "")), num(unit["expected"])])
    return rows
