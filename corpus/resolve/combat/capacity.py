"""The end of a space combat: fighters and ground forces beyond the capacity of the ships left are removed (16.3c).

Only the survivors change: a side that wins with fighters alone still wins, then removes them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .assign import Side, State
from .request import SideRequest
from .retreat import riding
from .room import Fit, Load, cargo, fit, passengers, ship_capacity, with_fighters

if TYPE_CHECKING:
    from . import Battle


@dataclass(frozen=True)
class EndOfCombat:
    """One side's expected units per type after the excess is removed, and what was removed; `cargo` and
    `cargo_removed` are the same for its ground forces in the space area."""

    expected: tuple[float, ...]
    removed: tuple[float, ...]
    # Expected fighters kept beyond capacity because they may count against the fleet pool (Fighter II).
    over_capacity: float = 0.0
    cargo: tuple[float, ...] = ()
    cargo_removed: tuple[float, ...] = ()


@dataclass(frozen=True)
class Room:
    """What a side's structures in the system hold: fighters a space dock keeps out of capacity (its allowance),
    and a Floating Factory's capacity."""

    allowance: int = 0
    capacity: int = 0


def room(req: SideRequest) -> Room:
    """The room the side's structures in the active system give."""
    structures = [g for g in req.groups if not g.adjacent and not g.spec.ship and not g.spec.ground]
    return Room(sum(g.count * g.spec.fighter_room for g in structures),
                sum(g.count * g.spec.capacity for g in structures))


def after_capacity(side: Side, state: State, extra: Room, load: Load = None) -> Fit:
    """The passengers left once the excess is removed (the first in the destroy order first): fighters that may
    count against the fleet pool instead stay, as the fleet pool is not known here, and are counted as `over`."""
    return fit(side, passengers(side, state, load), extra.capacity + ship_capacity(side, state), extra.allowance,
               lambda spec: not spec.pool_fighter)


def end_of_combat(battle: Battle, role: str) -> EndOfCombat:
    """Expected units of a side when the combat is over; in a space combat, after 16.3c (a side that retreated
    keeps what 78.7b let it take away; what it left behind counts as removed). What capacity removed before the
    combat is in the battle's opening."""
    side = getattr(battle.chain, role)
    which = 0 if role == "attacker" else 1
    space = battle.request.ability == "space_combat"
    extra = room(getattr(battle.request, role))
    expected, removed, over = [0.0] * len(side.specs), [0.0] * len(side.specs), 0.0
    left, left_removed = [0.0] * len(side.cargo), [0.0] * len(side.cargo)
    for (joint, retreat, loads), p in battle.totals.ended.items():
        state = battle.chain.states(joint)[which]
        load = loads[which] if loads else None
        have = cargo(side, load)
        kept = Fit(have)
        if space and retreat and battle.request.retreat[0] == role:
            # Fighters were cut as the side left; the same fit on what left says which ground forces rode along.
            kept = riding(side, state, load)
        elif space:
            kept = after_capacity(side, state, extra, load)
        over += p * kept.over
        for i, ((n, _), (k, _)) in enumerate(zip(state, with_fighters(side, state, kept.kept))):
            expected[i] += p * k
            removed[i] += p * (n - k)
        for j, (spec, _) in enumerate(side.cargo):
            left[j] += p * kept.kept.get(spec, have[spec])
            left_removed[j] += p * (have[spec] - kept.kept.get(spec, have[spec]))
    # The fighters a retreat left behind are gone from the end states; they were removed for capacity too.
    removed = [r + gone for r, gone in zip(removed, battle.totals.left_behind.get(role, [0.0] * len(removed)))]
    return EndOfCombat(tuple(expected), tuple(removed), over, tuple(left), tuple(left_removed))
