"""The JSON answer of a battle: outcome, rounds, survivors, the sides and the rule-cited steps."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .markov import ATTACKER, DEFENDER, DRAW, RETREAT, ROUNDS
from .narrate import narrate

if TYPE_CHECKING:
    from . import Battle

TITLES = {"space_combat": "Space Combat", "ground_combat": "Ground Combat", "invasion": "Invasion"}


def answer(battle: Battle) -> dict:
    """Everything the API returns for a battle."""
    totals, chain = battle.totals, battle.chain
    vec = totals.vector
    n_att = len(chain.attacker.specs)
    outcome = {"attacker": vec[ATTACKER], "defender": vec[DEFENDER], "draw": vec[DRAW], "retreat": vec[RETREAT]}
    rounds = [{"round": r, "p": p} for r, p in sorted(totals.rounds.items()) if p > 0]
    survivors = {
        "attacker": _survivors(chain.attacker, vec[ROUNDS + 1:ROUNDS + 1 + n_att]),
        "defender": _survivors(chain.defender, vec[ROUNDS + 1 + n_att:]),
    }
    return {
        "ability": battle.request.ability,
        "title": TITLES[battle.request.ability],
        "outcome": outcome,
        "rounds_expected": vec[ROUNDS],
        "rounds": rounds,
        "rounds_beyond": totals.tail,
        "survivors": survivors,
        "sides": {role: _side(battle, role) for role in ("attacker", "defender")},
        "retreat": None if battle.request.retreat is None else
        {"side": battle.request.retreat[0], "round": battle.request.retreat[1]},
        "steps": [step.to_dict() for step in narrate(battle)],
    }


def _survivors(side, expected: list[float]) -> list[dict]:
    """Expected units left per type, beside the count that started."""
    return [{"name": spec.name, "count": count, "expected": value}
            for spec, count, value in zip(side.specs, side.counts, expected)]


def _side(battle: Battle, role: str) -> dict:
    """What a side brought and how it assigns hits."""
    req = getattr(battle.request, role)
    side = getattr(battle.chain, role)
    fighting = {spec.name for spec in side.specs}
    units = []
    for group in req.groups:
        spec = group.spec
        units.append({
            "name": spec.name, "count": group.count, "class": spec.klass, "fights": spec.name in fighting,
            "combat": None if spec.combat is None else {"value": spec.combat.value, "dice": spec.combat.dice,
                                                        "text": spec.combat.text()},
            "sustain_damage": spec.sustain, "adjacent": group.adjacent,
        })
    return {"units": units, "hit_order": [spec.name for spec in side.specs], "ordered_by": side.ordered_by,
            "modifiers": sorted(req.mods.keys), "combat_modifier": req.mods.combat_modifier}
