"""The Retreat step of a space combat (78.7): which of the retreating side's units leave, and which are removed."""
from __future__ import annotations

from .assign import Side, State
from .room import Fit, Load, fit, passengers, ship_capacity, with_fighters


def carried(side: Side) -> tuple[int, ...]:
    """Positions of the unit types that have no move value, so only leave when transported (Fighter I)."""
    return side.index(lambda s: s.move is None)


def riding(side: Side, state: State, load: Load = None) -> Fit:
    """The fighters without a move value and the ground forces in the space area that the capacity of the ships
    leaving transports (78.7b, 16.2); the others stay behind with no ship and are removed (16.3). The player
    chooses which ride; the first in the destroy order are left first. `load`: the ground forces there."""
    wanting = {spec: n for spec, n in passengers(side, state, load).items() if spec.move is None}
    return fit(side, wanting, ship_capacity(side, state, moving=True))


def retreat_state(side: Side, state: State, load: Load = None) -> State:
    """The retreating side's units once it has retreated (78.7b): its ships with a move value leave, with what
    `riding` lets them transport."""
    return with_fighters(side, state, riding(side, state, load).kept)


def removed_on_retreat(side: Side) -> list[str]:
    """The names of the side's unit types that need a transport to retreat."""
    names = [side.specs[i].name for i in carried(side)] + [spec.name for spec, _ in side.cargo]
    return list(dict.fromkeys(names))  # a ground force fighting as a ship (The Alastor, Z-Grav) is in both
