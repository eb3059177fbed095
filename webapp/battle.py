"""A battle's answer as the tables the resolver widget shows (round by round, survivors)."""
from __future__ import annotations

from corpus.resolve import modifier_catalogue
from webapp.charts import num, pct


def modifiers() -> list[dict]:
    """The modifiers a side may bring, from the engine's catalogue: key, card, text."""
    return modifier_catalogue()


TAIL = 0.0005  # rows stop once the battle is still going less often than this


def round_columns(result: dict) -> list[str]:
    """Headings of the round-by-round table; Retreat only when one was planned."""
    retreat = ["Retreated"] if result.get("retreat") else []
    return ["After round", "Attacker has won", "Defender has won", "Draw", *retreat, "Still fighting",
            "Attacker units left", "Defender units left"]


def round_rows(result: dict) -> list[list[str]]:
    """After each round, cumulative: how the battle has ended so far, P(still going), units expected left."""
    rows = []
    for item in result.get("by_round", []):
        # Round 0: the state once Space Cannon Offense (or the steps before ground combat) is over.
        label = "start" if item["round"] == 0 else str(item["round"])
        retreat = [pct(item["retreat"])] if result.get("retreat") else []
        rows.append([label, pct(item["attacker"]), pct(item["defender"]), pct(item["draw"]), *retreat,
                     pct(item["ongoing"]), num(item["attacker_units"]), num(item["defender_units"])])
        if item["ongoing"] < TAIL:
            break
    return rows


def survivor_rows(result: dict) -> list[list[str]]:
    """Side, unit, count before, expected count after."""
    rows = []
    for side in ("attacker", "defender"):
        for unit in result.get("survivors", {}).get(side, []):
            rows.append([side.capitalize(), unit["name"], str(unit["count"]), num(unit["expected"])])
    return rows
