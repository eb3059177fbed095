"""Anti-Fighter Barrage dice that also destroy infantry (Strike Wing Alpha II's card): each of their results of 9 or
10 destroys 1 of the opponent's infantry in the space area of the active system.

Infantry there are a side's load (they do not fight), or ships in its state when The Alastor makes them fight, and a
run of the combat keeps its loads. So the combat is split before round 1 by how many 9s and 10s those dice will show
(space.split): each part starts with the infantry left, and its barrage is rolled given that many 9s and 10s. A 9 or
10 is one die in five whatever the unit's value, so given k of them, which dice they are is a uniform draw. Exact.
"""
from __future__ import annotations

from itertools import product
from math import comb

from ..dice import convolve
from .assign import Side, State, destroy_one
from .hits import Groups, binomial, hit_distribution, split_dice
from .room import Load, cargo, load_of

NINES = 0.2  # the chance that a die shows 9 or 10
# How many 9s and 10s each side's culling dice show (the attacker's, the defender's); None: not split for that side.
Given = tuple[int | None, int | None]
UNSPLIT: Given = (None, None)


def barrage_rolls(side: Side, state: State, target: Side) -> tuple[Groups, Groups]:
    """A side's Anti-Fighter Barrage dice: those of units whose 9s and 10s destroy infantry, and the others (none
    against a side with Iconoclast Omega); an extra die as hits.split_dice gives it."""
    if target.afb_proof:
        return (), ()
    rolls = [(s.anti_fighter_barrage, s.culls, n) for s, (n, _) in zip(side.specs, state)
             if s.anti_fighter_barrage is not None and n]
    return split_dice(rolls, side.mods.extra_dice("anti_fighter_barrage") if rolls else 0)


def culling_dice(side: Side, state: State, target: Side) -> int:
    """How many barrage dice of the side destroy infantry with a 9 or 10."""
    return sum(n for _, n in barrage_rolls(side, state, target)[0])


def barrage_hits(side: Side, state: State, target: Side, nines: int | None = None) -> tuple[float, ...]:
    """P(k hits) of a side's Anti-Fighter Barrage; given `nines` 9s and 10s among its culling dice when set."""
    culling, others = barrage_rolls(side, state, target)
    if nines is None:
        return hit_distribution(tuple(sorted(culling + others)))
    return tuple(convolve(list(hit_distribution(others)), _given(culling, nines)))


def _given(groups: Groups, nines: int) -> list[float]:
    """P(k hits) of dice groups given that `nines` of their dice show 9 or 10, spread over the groups as a uniform
    draw: such a die hits on 2 faces of 2 (1 for a unit hitting on 10 only), another on its faces among 1-8."""
    out: list[float] = []
    for spread in product(*(range(n + 1) for _, n in groups)):
        if sum(spread) != nines:
            continue
        dist, weight = [1.0], 1.0
        for (faces, n), k in zip(groups, spread):
            weight *= comb(n, k)
            dist = convolve(convolve(dist, binomial(k, min(faces, 2) / 2)), binomial(n - k, max(0, faces - 2) / 8))
        out = _added(out, [weight * p for p in dist])
    whole = comb(sum(n for _, n in groups), nines)
    return [p / whole for p in out]


def _added(a: list[float], b: list[float]) -> list[float]:
    """Two lists added term by term, the shorter padded with zeros."""
    size = max(len(a), len(b))
    return [x + y for x, y in zip(a + [0.0] * (size - len(a)), b + [0.0] * (size - len(b)))]


def infantry(side: Side, state: State, load: Load) -> int:
    """The side's infantry in the space area: in its load, and fighting as ships (The Alastor)."""
    ships = sum(n for s, (n, _) in zip(side.specs, state) if s.joins and s.klass == "infantry")
    return ships + sum(n for s, n in cargo(side, load).items() if s.klass == "infantry")


def cull_state(side: Side, state: State, kills: int | None) -> State:
    """The state once `kills` of its infantry fighting as ships are destroyed; the player whose dice destroy them
    picks the most valuable first (the last in the side's destroy order), as for Exotrireme II."""
    for i in reversed(range(len(state))):
        while kills and side.specs[i].joins and side.specs[i].klass == "infantry" and state[i][0]:
            state, kills = destroy_one(state, i), kills - 1
    return state


def cull_load(side: Side, load: Load, kills: int | None) -> Load:
    """The load once `kills` of its infantry are destroyed, the last in the side's destroy order first."""
    have, kills = cargo(side, load), kills or 0
    for spec, _ in reversed(side.cargo):
        gone = min(kills, have[spec]) if spec.klass == "infantry" else 0
        have[spec], kills = have[spec] - gone, kills - gone
    return load_of(side, have)
