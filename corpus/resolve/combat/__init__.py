"""Whole battles, exact: space combat (78), ground combat (42) and invasion (49), rule by rule."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ResolveError
from ..units import combat_dict, load
from .answer import answer
from .assign import Side, State
from .invasion import invasion_start
from .markov import DRAW, Chain
from .modifiers import catalogue as modifier_catalogue
from .opening import Opening, space_opening
from .request import BATTLES, BattleRequest, parse_battle
from .rounds import Totals, run
from .build import build_side
from .space import first_round, split
from .stats import card_reason, picker, spec
from .trade import trade, traders

__all__ = ["BATTLES", "Battle", "battle_units", "fight", "modifier_catalogue", "resolve_battle"]


@dataclass(frozen=True)
class Battle:
    """A resolved battle: the request, its chain and the chance-weighted totals; a space combat's opening says
    what capacity removed before it."""

    request: BattleRequest
    chain: Chain
    totals: Totals
    opening: Opening | None = None

    def entering(self, side: Side) -> State:
        """A side's units as it enters the battle: all it lists, less what capacity removed first (16.3)."""
        if self.opening is None:
            return side.initial()
        return self.opening.entering[0 if side.role == "attacker" else 1]


# Battles that need units on both sides; an invasion of a planet without ground forces is only a landing.
NEEDS_DEFENDER = {
    "space_combat": "the defender needs at least a ship in the active system: there is no space combat unless both "
                    "players have ships there (78.1); for Space Cannon Offense alone, use the space_cannon ability",
    "ground_combat": "the defender needs at least a ground force on the planet: a ground combat needs ground forces "
                     "of both players there (49.4); for a landing on an undefended planet, use the invasion ability",
}


def fight(req: BattleRequest) -> Battle:
    """Resolve a checked battle request exactly."""
    arena = "space" if req.ability == "space_combat" else "ground"
    chain = Chain(build_side(req.attacker, arena, req.ability == "invasion"), build_side(req.defender, arena))
    if not chain.attacker.specs:
        what = "a ship" if arena == "space" else "a ground force"
        raise ResolveError("attacker.units", f"the attacker needs at least {what} to fight "
                                              f"this {req.ability.replace('_', ' ')}")
    if not chain.defender.specs and req.ability in NEEDS_DEFENDER:
        raise ResolveError("defender.units", NEEDS_DEFENDER[req.ability])
    morale = max(req.attacker.mods.last_round, req.defender.mods.last_round)
    if req.ability == "space_combat":
        opening = space_opening(chain, req.attacker, req.defender)
        totals = Totals()
        # Ground forces in the space area do not fight: the combats with different ones kept run apart, added up.
        roles = traders(req)
        choice = trade(chain, roles) if roles else None
        for loads, start in opening.starts.items():
            # A barrage that destroys infantry in the space area changes the loads: its combats run apart too.
            for (left, given), part in split(chain, loads, start).items():
                run(chain, part, first_round(chain, given), max(1, morale), req.retreat, totals, left, choice)
        return Battle(req, chain, totals, opening)
    start = (invasion_start(chain, req.attacker, req.defender) if req.ability == "invasion"
             else {chain.joint(chain.attacker.initial(), chain.defender.initial()): 1.0})
    totals = run(chain, start, None, max(1, morale), None)
    if req.ability == "invasion":
        # No ground combat was fought, so no draw either: with no ground force of the attacker's left, the
        # defender keeps the planet (49.5).
        totals.held = totals.table.get(0, [0.0] * 6)[DRAW]
    return Battle(req, chain, totals)


def battle_units(ability: str) -> list[dict]:
    """Catalogue entries a battle's picker offers, with each unit's combat value and hit-order class."""
    out = []
    for unit in load().units:
        if picker(ability, unit):
            s = spec(unit)
            combat = None if s.combat is None else combat_dict(s.combat, s.per_opponent_ship)
            out.append({**unit.to_dict(), "combat": combat, "class": s.klass, "why": card_reason(ability, unit)})
    return out


def resolve_battle(request: dict) -> dict:
    """The JSON answer for a space_combat, ground_combat or invasion request."""
    return answer(fight(parse_battle(request)))
