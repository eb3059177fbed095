"""An independent, seeded Monte Carlo simulation of battles, written from the rules, to check the exact engine.

The simulator follows the Living Rules Reference: 77 Space Cannon Offense, then 78 Space Combat (10 Anti-Fighter
Barrage in round 1 only, on fighters, no Sustain Damage; rolls; assign hits; 78.7 retreat after the announced round);
87 Sustain Damage; 16 Capacity (met before Space Cannon Offense, after it, and once the winner is known); 49 Invasion
(15 Bombardment unless a Planetary Shield holds, 77 Space Cannon Defense on the landed ground forces), 42 Ground
Combat. It reads only the public catalogue's unit values and asks the engine through `resolve` alone. Two cards too:
the Naaz-Rokha mech in the space area is Z-Grav Eidolon, a ship from the start of the combat (not yet under Space
Cannon Offense) that still needs capacity; Visz El Vir gives each mech fighting with it one more die while it is alive.

Where the rules let the player choose, it plays the engine's policy: every eligible Sustain Damage before any unit is
destroyed (combat/assign.py, module docstring); the cheapest destroyed first, the worse combat value first among
equals, a Z-Grav Eidolon as a ship of its cost (combat/stats.py CLASSES, Spec.rank; combat/build.py _rank);
passengers beyond capacity removed cheapest first, a Fighter II never and it takes no room, as it may count against
the fleet pool (combat/room.py fit); a retreat leaves the cheapest passengers behind (combat/retreat.py riding).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from corpus.resolve.units import Roll, Unit, load

TRIALS = 300_000  # per battle: the whole file runs in some 6 s
SEED = 20240601
ROLES = ("attacker", "defender")
OUTCOMES = ("attacker", "defender", "draw", "retreat")
SPACE, GROUND, INVASION = "space_combat", "ground_combat", "invasion"
Force = tuple[tuple[Unit, int, bool], ...]  # a side's catalogue units: (unit, count, in an adjacent system)


def chance(roll: Roll) -> float:
    """A die's chance to hit on the value or more (the 0 face is 10)."""
    return (11 - roll.value) / 10


def is_ship(u: Unit) -> bool:
    """Ships, fighters among them."""
    return u.type in ("ship", "fighter")


def is_mech(u: Unit) -> bool:
    """Mechs: ground forces that are neither infantry nor structures."""
    return u.ground_force and u.type == "ground_force"


def rank(u: Unit) -> tuple[bool, float, int]:
    """The engine's destroy order: ships (a Z-Grav Eidolon among them) before ground forces, the cheapest first, the
    worse combat value first."""
    value = u.combat.value if u.combat else 11
    return u.ground_force and not u.ship_in_space_area, (u.cost or 99) / u.per_cost, -value


def spaced(u: Unit) -> Unit:
    """The side of a two-sided card in a space combat: the one that is a ship in the space area (Z-Grav Eidolon)."""
    return load().get(u.other_face, "name") if u.other_face and not u.ship_in_space_area else u


@dataclass
class Side:
    """One side in every trial: per unit type (columns, in destroy order) the units alive and damaged (rows)."""

    units: tuple[Unit, ...]
    fights: tuple[bool, ...]  # rolls and takes hits here: ships in space, ground forces on a planet
    alive: np.ndarray
    damaged: np.ndarray
    allowance: int = 0  # fighters its space docks keep out of capacity

    def rows(self, idx: np.ndarray) -> Side:
        """A copy of some trials."""
        return replace(self, alive=self.alive[idx], damaged=self.damaged[idx])

    def put(self, idx: np.ndarray, part: Side) -> None:
        """Write some trials back."""
        self.alive[idx], self.damaged[idx] = part.alive, part.damaged

    def present(self) -> np.ndarray:
        """Trials where the side still has units in the combat."""
        return self.alive[:, list(self.fights)].sum(axis=1) > 0

    def cols(self, test) -> list[int]:
        """Columns whose unit (and whether it fights) pass a test."""
        return [i for i, u in enumerate(self.units) if test(u, self.fights[i])]


def side(force: Force, arena: str, trials: int, order: tuple[str, ...] = ()) -> Side:
    """The units in the active system that take part: in space its ships and, needing capacity, its ground forces;
    in destroy order, the types `order` names first."""
    keep = (lambda u: is_ship(u) or u.ground_force) if arena == "space" else (lambda u: u.ground_force)
    counts: dict[Unit, int] = {}
    for u, c, adjacent in force:
        if keep(u) and not adjacent:
            u = spaced(u) if arena == "space" else u
            counts[u] = counts.get(u, 0) + c
    units = tuple(sorted(counts, key=lambda u: (order.index(u.name) if u.name in order else len(order), rank(u))))
    alive = np.tile(np.array([counts[u] for u in units], dtype=np.int64), (trials, 1))
    fights = tuple(is_ship(u) or u.ship_in_space_area if arena == "space" else u.ground_force for u in units)
    return Side(units, fights, alive, np.zeros_like(alive), sum(u.fighter_allowance * c for u, c, a in force if not a))


def roll(rng, side: Side, what: str) -> np.ndarray:
    """Hits per trial from a roll of the side's fighting units alive ("combat" or "anti_fighter_barrage")."""
    hits = np.zeros(len(side.alive), dtype=np.int64)
    more = np.zeros(len(side.alive), dtype=np.int64)
    for i in side.cols(lambda u, f: f and u.mech_extra_dice and what == "combat"):  # Visz El Vir alive
        more = np.maximum(more, (side.alive[:, i] > 0) * side.units[i].mech_extra_dice)
    for i in side.cols(lambda u, f: f and getattr(u, what)):
        r = getattr(side.units[i], what)
        hits += rng.binomial(side.alive[:, i] * (r.dice + more * is_mech(side.units[i])), chance(r))
    return hits


def volley(rng, force: Force, what: str, trials: int, where=lambda u, adjacent: not adjacent) -> np.ndarray:
    """Hits per trial from a dice ability of units that do not fight (Space Cannon, Bombardment): all of them fire."""
    return sum((rng.binomial(c * getattr(u, what).dice, chance(getattr(u, what)), trials) for u, c, adj in force
                if getattr(u, what) and where(u, adj)), np.zeros(trials, dtype=np.int64))


def assign(s: Side, hits: np.ndarray, test=lambda u: True, sustain: bool = True) -> None:
    """Hits on the fighting units `test` allows: every Sustain Damage first (87.1), then the cheapest destroyed, a
    damaged one before an undamaged one of its type."""
    hits = hits.copy()
    cols = s.cols(lambda u, f: f and test(u))
    for i in cols if sustain else ():
        if s.units[i].sustain_damage:
            used = np.minimum(hits, s.alive[:, i] - s.damaged[:, i])
            s.damaged[:, i] += used
            hits -= used
    for i in cols:
        gone = np.minimum(hits, s.alive[:, i])
        s.alive[:, i] -= gone
        s.damaged[:, i] = np.maximum(0, s.damaged[:, i] - gone)
        hits -= gone


def room(s: Side, moving: bool = False) -> np.ndarray:
    """Capacity of the side's non-fighter ships (`moving`: only those with a move value)."""
    cols = s.cols(lambda u, f: f and u.type != "fighter" and (u.move is not None or not moving))
    return (s.alive[:, cols] * np.array([s.units[i].capacity for i in cols], dtype=np.int64)).sum(axis=1)


def shed(s: Side, excess: np.ndarray, allowance: int = 0) -> None:
    """Remove `excess` units that need transport (Fighter I, ground forces), the first in destroy order first; a
    fighter that a space dock's `allowance` keeps frees no capacity, so it stays."""
    fighter = [u.type == "fighter" and u.move is None for u in s.units]
    fighters = s.alive[:, fighter].sum(axis=1)
    for i in s.cols(lambda u, f: u.move is None):
        spare = np.maximum(0, fighters - allowance) if fighter[i] else s.alive[:, i]
        gone = np.maximum(0, np.minimum(np.minimum(excess, spare), s.alive[:, i]))
        s.alive[:, i] -= gone
        excess = excess - gone
        fighters = fighters - gone * fighter[i]


def fit(s: Side, rows: np.ndarray | bool = True) -> None:
    """16.3 (in the given trials): fighters and ground forces beyond capacity are removed; a space dock keeps some
    fighters free, and a fighter with a move value (Fighter II) needs no room, counted against the fleet pool."""
    fighters = s.alive[:, [u.type == "fighter" and u.move is None for u in s.units]].sum(axis=1)
    cargo = s.alive[:, s.cols(lambda u, f: not f or u.ship_in_space_area)].sum(axis=1)
    shed(s, np.where(rows, np.maximum(0, fighters - s.allowance) + cargo - room(s), 0), s.allowance)


def withdraw(s: Side, rows: np.ndarray) -> np.ndarray:
    """78.7b in the given trials: ships with a move value leave with what they can transport, the rest removed;
    the trials where any unit got away."""
    shed(s, np.where(rows, s.alive[:, s.cols(lambda u, f: u.move is None)].sum(axis=1) - room(s, True), 0))
    return rows & (s.alive[:, s.cols(lambda u, f: f and u.move is not None)].sum(axis=1) > 0)


def fight(rng, att: Side, dfn: Side, space: bool, retreat: tuple[str, int] | None) -> tuple[np.ndarray, np.ndarray]:
    """Combat rounds until a side has no units in the combat (or retreats): rounds fought and trials retreated."""
    trials = len(att.alive)
    rounds, retreated = np.zeros(trials, dtype=np.int64), np.zeros(trials, dtype=bool)
    live, r = att.present() & dfn.present(), 0
    while live.any():
        r += 1
        idx = np.flatnonzero(live)
        a, d = att.rows(idx), dfn.rows(idx)
        rounds[idx] = r
        if space and r == 1:  # 78.3, 10: on fighters only, no Sustain Damage
            afb = roll(rng, a, "anti_fighter_barrage"), roll(rng, d, "anti_fighter_barrage")
            assign(a, afb[1], lambda u: u.type == "fighter", False)
            assign(d, afb[0], lambda u: u.type == "fighter", False)
        # 78.3a: a side the barrage left without ships rolls no dice, and the other's hit nothing: the combat is over.
        hits = roll(rng, a, "combat"), roll(rng, d, "combat")
        assign(a, hits[1])
        assign(d, hits[0])
        att.put(idx, a)
        dfn.put(idx, d)
        if retreat and retreat[1] == r:
            going = np.zeros(trials, dtype=bool)
            going[idx] = a.present() & d.present()
            retreated = withdraw(att if retreat[0] == "attacker" else dfn, going)
        live = att.present() & dfn.present() & ~retreated
    return rounds, retreated


@dataclass(frozen=True)
class Sampled:
    """Sampled battles: outcome per trial (an index into OUTCOMES), rounds fought, and both sides at the end."""

    outcome: np.ndarray
    rounds: np.ndarray
    sides: tuple[Side, Side]


def space_battle(rng, att: Force, dfn: Force, retreat, trials: int, order: tuple[str, ...] = ()) -> Sampled:
    """78, with 16 and 77 before it; `order`: the attacker's types destroyed first."""
    sides = side(att, "space", trials, order), side(dfn, "space", trials)
    for s in sides:
        fit(s)  # 16 notes: capacity is met before Space Cannon Offense
    # 77.3: every Space Cannon here, and next door where the unit allows (PDS II), fires at the other side's ships.
    shots = [volley(rng, force, "space_cannon", trials, lambda u, adj: True) for force in (att, dfn)]
    # The combat has not started: a Z-Grav Eidolon is not a ship yet.
    assign(sides[0], shots[1], lambda u: not u.ship_in_space_area)
    assign(sides[1], shots[0], lambda u: not u.ship_in_space_area)
    for s in sides:
        fit(s)  # 16 notes: a ship with capacity lost to Space Cannon Offense
    rounds, retreated = fight(rng, *sides, True, retreat)
    won = outcome(sides, retreated)  # 78 notes: the winner is decided before capacity is checked (a win by fighters)
    for role, s in zip(ROLES, sides):
        # 16.3c: then the excess is removed; a side that retreated took only what fits.
        fit(s, ~retreated if retreat and retreat[0] == role else True)
    return Sampled(won, rounds, sides)


def ground_battle(rng, att: Force, dfn: Force, invasion: bool, trials: int) -> Sampled:
    """42, after 49's Bombardment and Space Cannon Defense for an invasion."""
    sides = side(att, "ground", trials), side(dfn, "ground", trials)
    held = np.zeros(trials, dtype=bool)
    if invasion:
        # 15.1f: a Planetary Shield on the planet stops Bombardment unless a war sun is in the system.
        shield = any(u.planetary_shield for u, _, adj in dfn if not adj)
        if not shield or any(u.removes_planetary_shield for u, _, _ in att):
            assign(sides[1], volley(rng, att, "bombardment", trials))
        # 77.7: units on the planet (not ships, not next door) fire at the ground forces that landed.
        assign(sides[0], volley(rng, dfn, "space_cannon", trials, lambda u, adj: not adj and not is_ship(u)))
        held = ~sides[0].present()  # 49.5: no ground force landed alive, so the defender keeps the planet
    rounds, _ = fight(rng, *sides, False, None)
    return Sampled(outcome(sides, np.zeros(trials, dtype=bool), held), rounds, sides)


def outcome(sides: tuple[Side, Side], retreated: np.ndarray, held: np.ndarray | bool = False) -> np.ndarray:
    """Per trial: a retreat, else the side with units left wins (78.9, 42.5), else a draw; a planet the invader
    never reached stays the defender's (49.5)."""
    a, d = sides[0].present(), sides[1].present()
    return np.select([retreated, held | (d & ~a), a & ~d], [3, 1, 0], default=2)
