"""The Retreat step of a space combat (78.7): which of the retreating side's units leave, and which are removed."""
from __future__ import annotations

from .assign import Side, State


def carried(side: Side) -> tuple[int, ...]:
    """Positions of the unit types that have no move value, so only leave when transported (Fighter I)."""
    return side.index(lambda s: s.move is None)


def retreat_state(side: Side, state: State) -> State:
    """The retreating side's units once it has retreated (78.7b): its ships with a move value leave, with the
    fighters without one that their capacity can transport; the other fighters are removed."""
    riders = set(carried(side))
    capacity = sum(alive * s.capacity for i, (s, (alive, _)) in enumerate(zip(side.specs, state)) if i not in riders)
    out = list(state)
    # The player chooses which ride; we keep those hits would destroy last, so the first in the destroy order go.
    for i in sorted(riders, reverse=True):
        alive, damaged = state[i]
        kept = min(alive, capacity)
        capacity -= kept
        out[i] = (kept, min(damaged, kept))
    return tuple(out)


def removed_on_retreat(side: Side) -> list[str]:
    """The names of the side's unit types that need a transport to retreat."""
    return [side.specs[i].name for i in carried(side)]
