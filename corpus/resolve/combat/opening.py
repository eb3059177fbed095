"""Capacity before a space combat (16.3 and the notes of rule 16): fighters and ground forces in the space area
beyond capacity are removed before Space Cannon Offense, and again before the combat starts when Space Cannon
Offense destroyed ships with capacity. The player chooses which (16.3a): the first in the side's destroy order go
first, as at the end of combat (16.3c).

Ground forces in the space area are not in a side's state (they never fight), so the ground forces each side keeps
(its load) label the opening states; each label's combat is run on its own and the totals added up."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .assign import Side, State
from .build import stay_behind
from .capacity import Room, after_capacity, room
from .markov import Chain, Joint
from .request import SideRequest
from .room import Load, cargo, load_of, with_fighters
from .space import space_cannon_offense
from .stats import Spec

Loads = tuple[Load, Load]  # the attacker's and the defender's


@dataclass(frozen=True)
class Removed:
    """One side's units removed for capacity before the combat, per unit type: before Space Cannon Offense
    (certain, as nothing has been rolled), and after it (expected), with the chance that any go after it."""

    before: dict[Spec, int]
    after: dict[Spec, float]
    after_chance: float = 0.0

    def total(self, spec: Spec) -> float:
        """Expected units of a type removed before the combat."""
        return self.before.get(spec, 0) + self.after.get(spec, 0.0)


@dataclass(frozen=True)
class Opening:
    """How a space combat opens: the states each side enters Space Cannon Offense with, the opening states of the
    combat per pair of loads, and what capacity removed on the way."""

    entering: tuple[State, State]
    starts: dict[Loads, dict[Joint, float]]
    removed: dict[str, Removed]


def met(side: Side, state: State, load: Load, extra: Room) -> tuple[State, tuple[int, ...]]:
    """The state and load once the excess over capacity is removed (Fighter II may stay, as at 16.3c)."""
    kept = after_capacity(side, state, extra, load).kept
    return with_fighters(side, state, kept), load_of(side, kept)


def _gone(side: Side, before: tuple[State, Load], after: tuple[State, Load]) -> dict[Spec, int]:
    """Units per type that a capacity check removed between two (state, load) pairs."""
    out = {spec: n - m for spec, (n, _), (m, _) in zip(side.specs, before[0], after[0]) if n != m}
    for (spec, n), m in zip(cargo(side, before[1]).items(), after[1]):
        if n != m:
            out[spec] = n - m
    return out


def _after_offense(side: Side, states: dict[State, float], load: Load,
                   extra: Room) -> tuple[dict[tuple[State, Load], float], dict[Spec, float], float]:
    """One side after Space Cannon Offense with capacity met again: chances of each (state, load), the expected
    units removed per type, and the chance that any are."""
    out: dict[tuple[State, Load], float] = defaultdict(float)
    removed: dict[Spec, float] = defaultdict(float)
    chance = 0.0
    for state, p in states.items():
        fitted = met(side, state, load, extra)
        out[stay_behind(side, *fitted)] += p
        gone = _gone(side, (state, load), fitted)
        for spec, n in gone.items():
            removed[spec] += p * n
        chance += p if gone else 0.0
    return dict(out), dict(removed), chance


def space_opening(chain: Chain, att: SideRequest, dfn: SideRequest) -> Opening:
    """Capacity met, Space Cannon Offense, capacity met again: the opening states of a space combat."""
    sides, rooms = (chain.attacker, chain.defender), (room(att), room(dfn))
    entering = [met(side, side.initial(), None, extra) for side, extra in zip(sides, rooms)]
    offense = space_cannon_offense(chain, att, dfn, entering[0][0], entering[1][0])
    after = [_after_offense(side, states, load, extra)
             for side, states, (_, load), extra in zip(sides, offense, entering, rooms)]
    starts: dict[Loads, dict[Joint, float]] = defaultdict(lambda: defaultdict(float))
    for (a, a_load), p in after[0][0].items():
        for (d, d_load), q in after[1][0].items():
            # A Van Hauge destroyed by Space Cannon Offense takes every ship in the system with it (its card).
            starts[a_load, d_load][chain.destroyed((entering[0][0], entering[1][0]), (a, d))] += p * q
    removed = {side.role: Removed(_gone(side, (side.initial(), None), fitted), gone, chance)
               for side, fitted, (_, gone, chance) in zip(sides, entering, after)}
    return Opening((entering[0][0], entering[1][0]), {k: dict(v) for k, v in starts.items()}, removed)
