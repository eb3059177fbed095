"""A battle's answer as the tables the resolver widget shows (round by round, survivors)."""
from __future__ import annotations

from corpus.resolve import modifier_catalogue
from webapp.charts import num, pct


def modifiers() -> list[dict]:
    """The modifiers a side may bring, from the engine's catalogue: key, card, text."""
    return modifier_catalogue()


TAIL = 0.0005  # rounds the battle outlasts less often than this share one "later" row


def round_rows(result: dict) -> list[list[str]]:
    """One row per combat round: the chance the battle ends in it, and that it goes on after it."""
    rows, left = [], 1.0
    rounds = result.get("rounds", [])
    for index, item in enumerate(rounds):
        if left < TAIL and index < len(rounds) - 1:
            rows.append([f"{item['round']} or later", pct(left), "0%"])
            break
        left -= item["p"]
        # Round 0: Space Cannon Offense (or the steps before ground combat) settled it before any round.
        label = "before the first round" if item["round"] == 0 else str(item["round"])
        rows.append([label, pct(item["p"]), pct(max(left, 0.0))])
    return rows


def survivor_rows(result: dict) -> list[list[str]]:
    """Side, unit, count before, expected count after."""
    rows = []
    for side in ("attacker", "defender"):
        for unit in result.get("survivors", {}).get(side, []):
            rows.append([side.capitalize(), unit["name"], str(unit["count"]), num(unit["expected"])])
    return rows
