"""The JSON answer of a battle: outcome, rounds, survivors, the sides and the rule-cited steps."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..units import combat_dict
from .narrate import space_steps
from .narrate_ground import ground_steps, invasion_steps
from .results import by_round, outcome, survivors

if TYPE_CHECKING:
    from . import Battle

TITLES = {"space_combat": "Space Combat", "ground_combat": "Ground Combat", "invasion": "Invasion"}
NARRATORS = {"space_combat": space_steps, "ground_combat": ground_steps, "invasion": invasion_steps}


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
        "by_round": by_round(battle),
        "survivors": {role: survivors(battle, role) for role in ("attacker", "defender")},
        "sides": {role: _side(battle, role) for role in ("attacker", "defender")},
        "retreat": None if battle.request.retreat is None else
        {"side": battle.request.retreat[0], "round": battle.request.retreat[1]},
        "steps": [step.to_dict() for step in NARRATORS[battle.request.ability](battle)],
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
            "name": spec.name, "count": group.count, "class": spec.klass,
            "fights": spec.name in fighting and not group.adjacent,
            "combat": None if spec.combat is None else combat_dict(spec.combat, spec.per_opponent_ship),
            "sustain_damage": spec.sustain, "adjacent": group.adjacent,
        })
    return {"units": units, "hit_order": [spec.name for spec in side.specs], "ordered_by": side.ordered_by,
            "modifiers": sorted(req.mods.keys), "combat_modifier": req.mods.combat_modifier}
