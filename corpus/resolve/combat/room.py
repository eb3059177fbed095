"""Capacity in the space area (16): a side's fighters and ground forces there need room on its ships (16.2), and
what does not fit is removed (16.3), the first in the side's destroy order first (16.3a lets the player choose;
`order` says otherwise). Ground forces there never fight a space combat, so their number only changes here."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .assign import Side, State
from .stats import Spec

# A side's ground forces in the space area, per type of its `cargo` (None: as many as the request lists). They do
# not fight, so they are not in a state; capacity removals before the combat can still change them.
Load = tuple[int, ...] | None


@dataclass(frozen=True)
class Fit:
    """What is left of a side's passengers per unit type, and how many are still over capacity (units kept because
    they may count against the fleet pool instead: Fighter II)."""

    kept: dict[Spec, int]
    over: int = 0


def passengers(side: Side, state: State, load: Load = None) -> dict[Spec, int]:
    """Fighters alive in a state and ground forces in the space area (`load` of them), per unit type."""
    fighters = {spec: n for spec, (n, _) in zip(side.specs, state) if spec.fighter or spec.joins}
    return {**fighters, **cargo(side, load)}


def cargo(side: Side, load: Load = None) -> dict[Spec, int]:
    """The side's ground forces in the space area, per unit type: the request's, or `load` of them."""
    return dict(side.cargo) if load is None else {spec: n for (spec, _), n in zip(side.cargo, load)}


def load_of(side: Side, kept: dict[Spec, int]) -> tuple[int, ...]:
    """The load a fit keeps: its count of each of the side's ground force types in the space area."""
    return tuple(kept.get(spec, 0) for spec, _ in side.cargo)


def ship_capacity(side: Side, state: State, moving: bool = False) -> int:
    """The capacity of the side's ships alive in a state (`moving`: only those with a move value, which leave)."""
    return sum(n * spec.capacity for spec, (n, _) in zip(side.specs, state)
               if not spec.fighter and (spec.move is not None or not moving))


def fit(side: Side, counts: dict[Spec, int], capacity: int, allowance: int = 0,
        removable: Callable[[Spec], bool] = lambda spec: True) -> Fit:
    """Passengers left once the excess over `capacity` is removed; `allowance` fighters need no capacity (a space
    dock's), so a fighter is removed only while there are more than that. Units not `removable` (Fighter II, which
    may count against the fleet pool instead) take the room the others leave, so none of those is removed to make
    room for them; `over` counts them beyond it."""
    kept = {spec: n for spec, n in counts.items() if removable(spec)}
    fighters = sum(n for spec, n in kept.items() if spec.fighter)
    excess = max(0, fighters - allowance) + sum(n for spec, n in kept.items() if not spec.fighter) - capacity
    for spec in side.passengers:
        if excess <= 0:
            break
        if spec not in kept:
            continue
        # Removing a fighter that the allowance keeps makes no room.
        spare = max(0, fighters - allowance) if spec.fighter else kept[spec]
        gone = min(excess, kept[spec], spare)
        kept[spec] -= gone
        excess -= gone
        if spec.fighter:
            fighters -= gone
    staying = {spec: n for spec, n in counts.items() if not removable(spec)}
    room_left = max(0, -excess) + max(0, allowance - fighters)
    return Fit({**counts, **kept}, max(0, sum(staying.values()) - room_left))


def with_fighters(side: Side, state: State, kept: dict[Spec, int]) -> State:
    """The state with each fighter type `kept` names cut to the number kept (damage goes with the units removed)."""
    return tuple((kept[spec], min(damaged, kept[spec])) if spec in kept else (alive, damaged)
                 for spec, (alive, damaged) in zip(side.specs, state))
