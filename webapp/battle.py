"""A battle's answer as the tables the resolver widget shows (round by round, survivors)."""
from __future__ import annotations

from werkzeug.datastructures import MultiDict

from corpus.resolve import ResolveError, modifier_catalogue
from corpus.resolve.combat.facts import FACTS, MAX_COUNT, asked
from corpus.resolve.units import Unit, load
from webapp.charts import num, pct
from webapp.scenario_battle import SIDES, decode_count, values


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


def before_combat(result: dict) -> str | None:
    """How a battle in which no combat round is fought ends, in words (rounds_expected is 0: over capacity or
    Space Cannon Offense left a side nothing to fight with, or the defender had no ground forces), else None."""
    if result.get("rounds_expected") != 0:
        return None
    outcome = result.get("outcome", {})
    fighters = "ships" if result.get("ability") == "space_combat" else "ground forces"
    for key, words in (("attacker", "the attacker wins before combat"), ("defender", "the defender wins before combat"),
                       ("draw", f"neither side has {fighters} left to fight, a draw")):
        if outcome.get(key, 0) > 1 - 1e-9:
            return words
    return "the battle is decided before combat"


def removed_before_combat(result: dict) -> str:
    """The units removed for capacity, by side ("the attacker's 1 × Fighter I; the defender's 2 × Fighter I"),
    for a battle in which no combat round is fought (so the counts are whole); "" for none."""
    parts = []
    for side in ("attacker", "defender"):
        gone = [f"{num(unit['excess_removed'])} × {unit['name']}"
                for unit in result.get("survivors", {}).get(side, []) if unit.get("excess_removed")]
        if gone:
            parts.append(f"the {side}'s {', '.join(gone)}")
    return "; ".join(parts)


def exotrireme_sides(params: MultiDict) -> list[str]:
    """The form keys ("a", "d") of the sides whose unit rows name a unit that may destroy itself after a round to
    destroy ships (Exotrireme II): only they are offered the choice (the request's destroy_exotrireme)."""
    return [key for key in SIDES.values()
            if any(unit.destroys_ships_after_round for unit in _row_units(values(params, key)))]


def fact_sides(params: MultiDict) -> list[str]:
    """"a:FIELD" for each table fact a card of a side's units asks (Iconoclast: "a:opponent_has_relic_fragment"):
    only those sides are offered its box (the request's field of that name)."""
    return [f"{key}:{field}" for key in SIDES.values()
            for field in dict.fromkeys(filter(None, (asked(unit.combat_text)
                                                     for unit in _row_units(values(params, key)))))]


def fact_boxes() -> list[dict]:
    """Each table fact a card asks, as the form offers it: field, yes/no or count, the words of its box."""
    return [{"field": fact.field, "count": fact.count, "options": range(MAX_COUNT + 1),
             "label": f"{fact.asks[0].upper()}{fact.asks[1:]} ({fact.card()}, its card)"} for fact in FACTS]


def _row_units(texts: list[str]) -> list[Unit]:
    """The catalogue units that unit rows ("Exotrireme II*1") name; a unit in an adjacent system is not in the combat,
    and an unknown name is left to the answer's error."""
    units = []
    for text in texts:
        if text.lower().rstrip().endswith("@adj"):
            continue
        try:
            units.append(load().get(decode_count(text)["name"], ""))
        except ResolveError:
            continue
    return units
