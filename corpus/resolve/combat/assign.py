"""A side's units in a combat, its state (alive and damaged per unit type) and how it takes hits.

A state is a tuple of (alive, damaged) pairs, one per unit type, in the order hits destroy them.
Hit assignment is deterministic (rules 78.6 and 87): every unit that can cancel a hit with
Sustain Damage does so first, then units are destroyed in order (cheapest first by default).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..dice import hit_faces
from .modifiers import SideMods
from .stats import Spec, is_mech

State = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Side:
    """The units of one side that take part in this combat, in destroy order."""

    role: str  # "attacker" or "defender"
    specs: tuple[Spec, ...]
    counts: tuple[int, ...]
    mods: SideMods
    ordered_by: str = "default"  # or "order" when the request gave one
    # Ground forces in the space area (a space combat): they neither roll nor take hits, but need capacity (16.2).
    cargo: tuple[tuple[Spec, int], ...] = ()
    # Its fighters and those ground forces in destroy order: the first goes first when capacity runs short (16.3).
    passengers: tuple[Spec, ...] = ()
    # Other players cannot use Anti-Fighter Barrage against its units (Iconoclast Omega in the system).
    afb_proof: bool = False
    # Each hit of its combat rolls counts twice (X-89 Bacterial Weapon ΩΩ, in a ground combat only).
    doubles: bool = False

    def initial(self) -> State:
        """Every unit alive and undamaged."""
        return tuple((count, 0) for count in self.counts)

    def index(self, predicate: Callable[[Spec], bool]) -> tuple[int, ...]:
        """Positions of the unit types a predicate selects."""
        return tuple(i for i, s in enumerate(self.specs) if predicate(s))


def alive(state: State) -> int:
    """Units left."""
    return sum(a for a, _ in state)


def take_hits(side: Side, state: State, hits: int, allowed: tuple[int, ...] | None = None,
              sustain: bool = True) -> State:
    """The state after assigning `hits` to the allowed unit types (all when None)."""
    return assign_hits(side, state, hits, allowed, sustain)[0]


def assign_hits(side: Side, state: State, hits: int, allowed: tuple[int, ...] | None = None,
                sustain: bool = True) -> tuple[State, int]:
    """The state after assigning `hits` to the allowed unit types (all when None), and how many Sustain Damage uses
    were by units that strike back when they use it (Valkyrie Exoskeleton)."""
    if hits <= 0:
        return state, 0
    pairs = [list(pair) for pair in state]
    where = range(len(pairs)) if allowed is None else allowed
    strikes = 0
    if sustain:
        # Non-Euclidean Shielding: each Sustain Damage cancels 2 hits (87.6).
        per = 2 if side.mods.has("non_euclidean_shielding") else 1
        for i in where:
            if side.specs[i].sustain and hits:
                alive_i, damaged_i = pairs[i]
                used = min(-(-hits // per), alive_i - damaged_i)
                pairs[i][1] += used
                hits -= min(hits, used * per)
                strikes += used if side.specs[i].strikes_back else 0
    for i in where:
        if not hits:
            break
        alive_i, damaged_i = pairs[i]
        killed = min(hits, alive_i)
        # A damaged unit goes first: it can no longer cancel a hit.
        pairs[i] = [alive_i - killed, max(0, damaged_i - killed)]
        hits -= killed
    return tuple((a, d) for a, d in pairs), strikes


def soak(side: Side, state: State, where: tuple[int, ...], sustain: bool = True) -> int:
    """Hits the unit types at `where` can take before none is left: one per unit, more for Sustain Damage."""
    per = 2 if side.mods.has("non_euclidean_shielding") else 1
    return sum(state[i][0] + (per * (state[i][0] - state[i][1]) if side.specs[i].sustain and sustain else 0)
               for i in where)


def take_steered(side: Side, state: State, hits: tuple[int, int], sustain: bool = True) -> State:
    """Hits (steered, other): the steered ones must go to non-fighter ships if able ([0.0.1]), so they are assigned
    first, to those ships while any is left; the rest as usual."""
    steered, other = hits
    ships = side.index(lambda s: not s.fighter)
    room = soak(side, state, ships, sustain)
    state = take_hits(side, state, min(steered, room), ships, sustain)
    return take_hits(side, state, other + max(0, steered - room), sustain=sustain)


def steered_by(spec: Spec) -> bool:
    """Units whose hits [0.0.1] steers to non-fighter ships: itself and its side's dreadnoughts."""
    return spec.steers_hits or spec.klass == "dreadnought"


def steering(side: Side, state: State) -> bool:
    """True while a unit that steers its side's hits to non-fighter ships ([0.0.1]) is alive."""
    return any(spec.steers_hits and n for spec, (n, _) in zip(side.specs, state))


def repair(side: Side, before: State, after: State) -> State:
    """Duranium Armor: repair the most expensive unit damaged before this round and still alive."""
    for i in reversed(range(len(after))):
        alive_i, damaged_i = after[i]
        # Units damaged this round cannot be repaired; the player keeps the older damaged ones.
        if min(before[i][1], damaged_i) > 0:
            fixed = list(after)
            fixed[i] = (alive_i, damaged_i - 1)
            return tuple(fixed)
    return after


def round_start(side: Side, state: State) -> State:
    """Units that repair themselves at the start of each space combat round (Arc Secundus) are repaired."""
    return tuple((alive_i, 0 if spec.repairs else damaged_i) for spec, (alive_i, damaged_i) in zip(side.specs, state))


def round_end(side: Side, state: State) -> State:
    """Units repaired as a round ends: those repaired at its end (Heaven's Eye, its fact given) and those repaired as
    the next round starts (Arc Secundus), since nothing happens in between."""
    return tuple((alive_i, 0 if spec.repairs or spec.end_repairs else damaged_i)
                 for spec, (alive_i, damaged_i) in zip(side.specs, state))


def dice_groups(side: Side, state: State, modifier: int, opposing: int = 0,
                keep: Callable[[Spec], bool] | None = None) -> tuple[tuple[int, ...], ...]:
    """(hit faces, dice) for the side's combat roll, a modifier applied to each die; `opposing`: the opponent's
    non-fighter ships, for a unit that rolls one die per ship; `keep`: only the units it selects. A unit's own
    bonus from a table fact its card asks (Iconoclast's +2) adds to the modifier before clamping. Dice whose
    unmodified 9 or 10 adds hits (J.N.S. Hylarim) are a group of their own: (hit faces, dice, hits added)."""
    groups: dict[tuple[int, int], int] = {}
    more = mech_dice(side, state)
    for spec, (alive_i, _), boost in zip(side.specs, state, boosts(side, state)):
        if keep is not None and not keep(spec):
            continue
        per_unit = spec.combat.dice + (more if is_mech(spec) else 0) if spec.combat else 0
        dice = alive_i * per_unit * (opposing if spec.per_opponent_ship else 1)
        if dice:
            faces = max(0, min(10, hit_faces(spec.combat.value) + modifier + boost + spec.own_bonus))
            groups[faces, spec.extra_hits] = groups.get((faces, spec.extra_hits), 0) + dice
    return tuple(sorted((faces, dice, extra) if extra else (faces, dice) for (faces, extra), dice in groups.items()))


def mech_dice(side: Side, state: State) -> int:
    """More combat dice for each of the side's mechs from a unit of the side alive in the state: Visz El Vir fighting
    a space combat (its card: "in this system", so once it is destroyed they roll their own). In a ground combat it
    is not in the state; its dice are in the mechs' combat value (build.build_side)."""
    return max((spec.mech_dice for spec, (n, _) in zip(side.specs, state) if n and spec.mech_dice), default=0)


def boosts(side: Side, state: State) -> tuple[int, ...]:
    """Per unit type, the bonus to its combat rolls from another of the side's units alive now: C'morran N'orr's +1
    to each of the other ships, Shield Paling's Fragile lifted from the infantry."""
    givers = [(i, spec.boosts_others) for i, (spec, (n, _)) in enumerate(zip(side.specs, state))
              if n and spec.boosts_others]
    # Shield Paling alive on the planet: its side's infantry are not affected by Fragile, which the side's modifier
    # counts, so it is given back to them.
    steady = side.mods.has("fragile") and any(n and spec.steadies for spec, (n, _) in zip(side.specs, state))
    return tuple(max((bonus for j, bonus in givers if j != i), default=0) if spec.ship
                 else int(steady and spec.klass == "infantry") for i, spec in enumerate(side.specs))


def non_fighters(side: Side, state: State) -> int:
    """Non-fighter ships alive (ground forces in a ground combat are never counted)."""
    return sum(n for spec, (n, _) in zip(side.specs, state) if spec.ship and not spec.fighter)


def counts_opponents(side: Side) -> bool:
    """True when a unit of the side rolls one die per opponent's non-fighter ship."""
    return any(spec.per_opponent_ship for spec in side.specs)


def denies_sustain(side: Side, state: State) -> bool:
    """True while a unit of the side that takes Sustain Damage from the opponent (Fourth Moon) is alive."""
    return any(spec.denies_sustain and n for spec, (n, _) in zip(side.specs, state))


def wipes(side: Side, before: State, after: State) -> bool:
    """True when a unit whose destruction destroys every ship in the system (Van Hauge) went between two states."""
    return any(spec.destroys_all and b and not a for spec, (b, _), (a, _) in zip(side.specs, before, after))


def cheapest(side: Side, state: State, predicate: Callable[[Spec], bool]) -> int | None:
    """Position of the first unit type (in destroy order) that a predicate selects and is alive."""
    for i, spec in enumerate(side.specs):
        if state[i][0] and predicate(spec):
            return i
    return None


def destroy_one(state: State, i: int) -> State:
    """Destroy one unit of type i directly (no Sustain Damage, 87.5); a damaged one first."""
    fixed = list(state)
    alive_i, damaged_i = fixed[i]
    fixed[i] = (alive_i - 1, max(0, damaged_i - 1))
    return tuple(fixed)
