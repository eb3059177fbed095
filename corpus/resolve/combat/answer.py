"""The JSON answer of a battle: outcome, rounds, survivors, the sides and the rule-cited steps."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .narrate import narrate

if TYPE_CHECKING:
    from . import Battle

TITLES = {"space_combat": "Space Combat", "ground_combat": "Ground Combat", "invasion": "Invasion"}


def outcome(battle: Battle) -> dict[str, float]:
    """P(attacker wins), P(defender wins), P(draw), P(a retreat ends it)."""
    chain = battle.chain
    out = {"attacker": 0.0, "defender": 0.0, "draw": 0.0, "retreat": 0.0}
    for (joint, retreat), p in battle.totals.ended.items():
        a, d = (sum(n for n, _ in state) for state in chain.states(joint))
        out["retreat" if retreat else "attacker" if a and not d else "defender" if d and not a else "draw"] += p
    return out


def survivors(battle: Battle, role: str) -> list[dict]:
    """Expected units left per type (a retreating side keeps its survivors), beside the count that started."""
    space = battle.chain.att if role == "attacker" else battle.chain.dfn
    which = 0 if role == "attacker" else 1
    expected = [0.0] * len(space.side.specs)
    for (joint, _), p in battle.totals.ended.items():
        for i, (n, _) in enumerate(battle.chain.states(joint)[which]):
            expected[i] += p * n
    return [{"name": spec.name, "count": count, "expected": value}
            for spec, count, value in zip(space.side.specs, space.side.counts, expected)]


def answer(battle: Battle) -> dict:
    """Everything the API returns for a battle."""
    totals = battle.totals
    return {
        "ability": battle.request.ability,
        "title": TITLES[battle.request.ability],
        "outcome": outcome(battle),
        "rounds_expected": totals.rounds_expected,
        "rounds": [{"round": r, "p": p} for r, p in sorted(totals.rounds.items()) if p > 0],
        "rounds_beyond": totals.tail,
        "survivors": {role: survivors(battle, role) for role in ("attacker", "defender")},
        "sides": {role: _side(battle, role) for role in ("attacker", "defender")},
        "retreat": None if battle.request.retreat is None else
        {"side": battle.request.retreat[0], "round": battle.request.retreat[1]},
        "steps": [step.to_dict() for step in narrate(battle)],
    }


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
