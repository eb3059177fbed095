"""The end of a space combat: fighters beyond the capacity of the ships left are removed (16.3c).

Only the survivors change: a side that wins with fighters alone still wins, then removes them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .assign import Side, State
from .request import SideRequest

if TYPE_CHECKING:
    from . import Battle


@dataclass(frozen=True)
class EndOfCombat:
    """One side's expected units per type after excess fighters are removed, and what was removed."""

    expected: tuple[float, ...]
    removed: tuple[float, ...]
    # Expected fighters kept beyond capacity because they may count against the fleet pool (Fighter II).
    over_capacity: float = 0.0


def room(req: SideRequest) -> int:
    """Fighters the side's structures in the system take: a space dock's allowance, a Floating Factory's capacity."""
    return sum(g.count * (g.spec.fighter_room + g.spec.capacity) for g in req.groups
               if not g.adjacent and not g.spec.ship and not g.spec.ground)


def after_capacity(side: Side, state: State, extra: int) -> tuple[State, int]:
    """The state with excess fighters removed (the first in the destroy order first), and the excess left: fighters
    that may count against the fleet pool instead stay, as the fleet pool is not known here."""
    capacity = extra + sum(n * s.capacity for s, (n, _) in zip(side.specs, state) if not s.fighter)
    fighters = side.index(lambda s: s.fighter)
    excess = sum(state[i][0] for i in fighters) - capacity
    out = list(state)
    for i in fighters:
        if excess <= 0:
            break
        if not side.specs[i].pool_fighter:
            alive, damaged = state[i]
            gone = min(excess, alive)
            out[i] = (alive - gone, min(damaged, alive - gone))
            excess -= gone
    return tuple(out), max(0, excess)


def end_of_combat(battle: Battle, role: str) -> EndOfCombat:
    """Expected units of a side when the combat is over; in a space combat, after 16.3c (a side that retreated is
    left as 78.7b took it away)."""
    side = getattr(battle.chain, role)
    which = 0 if role == "attacker" else 1
    space = battle.request.ability == "space_combat"
    extra = room(getattr(battle.request, role))
    expected, removed, over = [0.0] * len(side.specs), [0.0] * len(side.specs), 0.0
    for (joint, retreat), p in battle.totals.ended.items():
        state = battle.chain.states(joint)[which]
        kept, left = state, 0
        if space and not (retreat and battle.request.retreat[0] == role):
            kept, left = after_capacity(side, state, extra)
        over += p * left
        for i, ((n, _), (k, _)) in enumerate(zip(state, kept)):
            expected[i] += p * k
            removed[i] += p * (n - k)
    return EndOfCombat(tuple(expected), tuple(removed), over)
