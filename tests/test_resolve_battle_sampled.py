"""The exact battle engine against an independent, seeded Monte Carlo simulation written from the rules.

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

import zlib
from dataclasses import dataclass, replace

import numpy as np
import pytest

from corpus.resolve import resolve
from corpus.resolve.units import Roll, Unit, load

TRIALS = 300_000  # per battle: the whole file runs in some 6 s
SIGMAS = 4.5
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


@dataclass(frozen=True)
class Case:
    """A battle to check; units as "2 Cruiser I", "… next door" for Space Cannon from an adjacent system;
    `order`: the attacker's unit types it destroys first (a space combat's)."""

    id: str
    ability: str
    attacker: tuple[str, ...]
    defender: tuple[str, ...]
    retreat: tuple[str, int] | None = None
    order: tuple[str, ...] = ()

    def units(self, role: str) -> list[tuple[str, int, bool]]:
        """A side's (name, count, adjacent) entries."""
        split = [text.split(" ", 1) for text in getattr(self, role)]
        return [(name.removesuffix(" next door"), int(n), name.endswith(" next door")) for n, name in split]

    def request(self) -> dict:
        """The engine's request."""
        body = {"ability": self.ability, **{role: {"units": [
            {"name": n, "count": c, **({"adjacent": True} if adj else {})} for n, c, adj in self.units(role)]}
            for role in ROLES}}
        if self.order:
            body["attacker"]["order"] = list(self.order)
        return {**body, "retreat": {"side": self.retreat[0], "round": self.retreat[1]}} if self.retreat else body

    def sample(self, trials: int = TRIALS) -> Sampled:
        """The battle sampled, from the case's own seed."""
        rng = np.random.default_rng([SEED, zlib.crc32(self.id.encode())])
        att, dfn = (tuple((load().get(n, role), c, adj) for n, c, adj in self.units(role)) for role in ROLES)
        if self.ability == SPACE:
            return space_battle(rng, att, dfn, self.retreat, trials, self.order)
        return ground_battle(rng, att, dfn, self.ability == INVASION, trials)


CASES = [
    Case("cruisers-vs-destroyers", SPACE, ("3 Cruiser I",), ("2 Destroyer I",)),
    Case("dreadnoughts-sustain", SPACE, ("2 Dreadnought I",), ("3 Cruiser II",)),
    Case("destroyer-ii-afb", SPACE, ("1 Carrier I", "3 Fighter I"), ("2 Destroyer II",)),
    Case("war-sun", SPACE, ("1 War Sun",), ("2 Dreadnought II", "2 Fighter II")),
    Case("fighter-ii-under-afb", SPACE, ("1 Carrier II", "4 Fighter II"), ("3 Destroyer II", "1 Cruiser I")),
    Case("pds-i-offense-on-sustain", SPACE, ("1 Dreadnought II", "2 Destroyer I"),
         ("1 Carrier I", "3 Fighter I", "1 PDS I")),
    Case("offense-sinks-the-carrier", SPACE, ("1 Carrier I", "4 Fighter I"), ("1 Cruiser I", "2 PDS II"),
         order=("Carrier I",)),
    Case("fighter-ii-beyond-capacity", SPACE, ("1 Cruiser II", "3 Fighter II"), ("2 Destroyer I", "1 Cruiser I")),
    Case("space-dock-allowance", SPACE, ("2 Cruiser II",), ("1 Space Dock I", "1 Destroyer I", "4 Fighter I")),
    Case("flagship", SPACE, ("1 Flagship",), ("3 Cruiser I",)),
    Case("defender-retreats-in-round-2", SPACE, ("3 Cruiser I",),
         ("1 Carrier I", "1 Destroyer I", "3 Fighter I"), retreat=("defender", 2)),
    Case("attacker-retreats-in-round-1", SPACE, ("1 Carrier I", "1 Destroyer I", "3 Fighter I"),
         ("2 Cruiser I",), retreat=("attacker", 1)),
    Case("pds-ii-next-door", SPACE, ("2 Dreadnought I",), ("1 Destroyer I", "2 PDS II next door")),
    Case("ground-forces-in-space", SPACE, ("1 Carrier I", "2 Fighter I", "2 Infantry I"), ("2 Destroyer II",)),
    Case("fighter-ii-takes-no-room", SPACE, ("1 Carrier I", "2 Fighter II", "2 Fighter I", "2 Infantry I"),
         ("2 Destroyer II",)),
    Case("fighter-i-goes-first", SPACE, ("1 Carrier II", "2 Fighter I", "2 Fighter II"), ("3 Destroyer I",)),
    Case("eidolons-become-ships", SPACE, ("1 Carrier I", "1 Destroyer I", "2 Eidolon"), ("2 Cruiser II", "1 PDS I")),
    Case("visz-el-vir-and-z-grav-eidolons", SPACE, ("1 Visz El Vir", "2 Z-Grav Eidolon"), ("4 Cruiser I",),
         order=("Visz El Vir",)),
    Case("infantry", GROUND, ("3 Infantry I",), ("2 Infantry II",)),
    Case("mechs-sustain", GROUND, ("2 Mech",), ("4 Infantry I",)),
    Case("mixed-ground", GROUND, ("1 Mech", "2 Infantry II"), ("1 Mech", "1 Infantry I")),
    Case("bombardment-on-a-mech", INVASION, ("2 Dreadnought I", "3 Infantry I"), ("2 Infantry I", "1 Mech")),
    Case("war-sun-lifts-the-shield", INVASION, ("1 War Sun", "2 Infantry II"), ("2 Infantry I", "1 PDS I")),
    Case("shield-holds-defense-on-mechs", INVASION, ("2 Dreadnought II", "2 Mech"), ("1 Infantry II", "2 PDS II")),
    Case("no-bombardment", INVASION, ("1 Carrier I", "4 Infantry I"), ("1 Infantry I", "1 PDS I")),
]


def mismatch(what: str, exact: float, values: np.ndarray, spread: float | None = None, step: float = 0.0) -> str:
    """A line when the sampled mean is further than SIGMAS standard errors from the exact figure; the spread is the
    sample's unless given. An end with a chance below SIGMAS² / n may never be drawn, so a sample's spread gets that
    much slack, times the `step` such an end changes the value by."""
    n = len(values)
    spread = values.std() if spread is None else spread
    limit = SIGMAS * spread / np.sqrt(n) + step * SIGMAS ** 2 / n + 1e-9
    mean = values.mean()
    return "" if abs(mean - exact) <= limit else f"{what}: engine {exact:.5f}, sampled {mean:.5f} (±{limit:.5f})"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_engine_matches_the_sampled_battle(case: Case):
    answer = resolve(case.request())
    run = case.sample()
    n = len(run.outcome)
    # An outcome's spread is the engine's own (a Bernoulli of its chance), so one the engine rules out never occurs.
    lines = [mismatch(f"P({key})", p, run.outcome == OUTCOMES.index(key), np.sqrt(max(0.0, p * (1 - p))), p > 0)
             for key, p in answer["outcome"].items()]
    lines.append(mismatch("rounds", answer["rounds_expected"], run.rounds, step=1))
    for role, s in zip(ROLES, run.sides):
        names = [u.name for u in s.units]
        for unit in answer["survivors"][role]:
            left = s.alive[:, names.index(unit["name"])] if unit["name"] in names else np.zeros(n)
            lines.append(mismatch(f"{role} {unit['name']} left", unit["expected"], left, step=unit["count"]))
    assert not any(lines), "\n".join(line for line in lines if line)
