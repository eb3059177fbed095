"""Limits on a build order beyond Production: reinforcements (67.5, 96.2), enemy ships (67.6, 14),
one space dock per planet (79.3), capacity (16) and the fleet pool (37), with Fighter II's fleet-pool allowance."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .combat.stats import unit_class
from .errors import ResolveError
from .production import Finding, Order, Producer, ProductionRequest
from .steps import Step, plural
from .units import FLEET_POOL_FIGHTERS

# Plastic pieces of each unit type per player (96.2), by the class the battle engine gives a unit (a faction
# ship by its cost). Fighters and infantry are not limited: tokens stand in for them (67.5b). Structures
# (3 space docks, 6 PDS) have no cost, so they are never produced.
PIECES = {"war_sun": 2, "flagship": 1, "dreadnought": 5, "carrier": 4, "cruiser": 8, "destroyer": 8, "mech": 4}
TYPE_NAMES = {"war_sun": "War Sun", "flagship": "Flagship", "dreadnought": "Dreadnought", "carrier": "Carrier",
              "cruiser": "Cruiser", "destroyer": "Destroyer", "mech": "Mech"}


def unit_type(order: Order) -> str | None:
    """The generic unit type whose pieces a unit uses (a Prototype War Sun is a War Sun), if limited."""
    kind = unit_class(order.unit)
    return kind if kind in PIECES else None


def destroyed(req: ProductionRequest, producer: Producer) -> bool:
    """A blockaded Floating Factory is destroyed and produces nothing (79.4a)."""
    return producer.unit.id.startswith("floating_factory") and blockaded(req, producer)


def blockaded(req: ProductionRequest, producer: Producer) -> bool:
    """Other players' ships in its system and none of the producer's own (14); own ships only when stated."""
    return producer.enemy_ships and not req.context.get("ships_in_system")


def value(req: ProductionRequest, producer: Producer) -> int:
    """The Production a producer gives: none once it is destroyed, or when it is a second space dock on a
    planet (79.3 forbids it, so it adds nothing to the limit)."""
    return 0 if destroyed(req, producer) or producer in second_docks(req) else producer.value


def usable_limit(req: ProductionRequest) -> int:
    """The combined Production of the producers that still stand."""
    return sum(value(req, p) for p in req.producers)


def reinforcement_findings(req: ProductionRequest) -> tuple[list[Finding], list[Finding]]:
    """Violations (more than the pieces in the game) and warnings (more than in reinforcements)."""
    wanted: dict[str, list[Order]] = {}
    for order in req.build:
        if order.producible and unit_type(order):
            wanted.setdefault(unit_type(order), []).append(order)
    violations, warnings = [], []
    for kind, orders in wanted.items():
        count, name = sum(o.count for o in orders), TYPE_NAMES[kind]
        where = f"build[{orders[-1].index}].count"
        if count > PIECES[kind]:
            violations.append(Finding("67.5", f"{count} × {name} to produce, but each player has only "
                                              f"{plural(PIECES[kind], name.lower() + ' piece')} (96.2).", where))
            continue
        have = min((o.in_reinforcements for o in orders if o.in_reinforcements is not None), default=None)
        if have is not None and have > PIECES[kind]:
            raise ResolveError(f"build[{orders[-1].index}].in_reinforcements",
                               f"at most {PIECES[kind]}: each player has {PIECES[kind]} {name} pieces (96.2)")
        if have is not None and count > have:
            warnings.append(Finding("67.5a", f"{count} × {name} to produce with {have} in reinforcements: first "
                                             f"remove {count - have} from systems without your command token.",
                                    f"build[{orders[-1].index}].in_reinforcements"))
    return violations, warnings


def reinforcement_step(req: ProductionRequest) -> Step | None:
    """How many pieces of each limited type the build uses (67.5, 96.2)."""
    counts: dict[str, int] = {}
    for order in req.build:
        if order.producible and unit_type(order):
            counts[unit_type(order)] = counts.get(unit_type(order), 0) + order.count
    if not counts:
        return None
    parts = "; ".join(f"{count} of {PIECES[kind]} {TYPE_NAMES[kind]} pieces" for kind, count in counts.items())
    return Step("67.5", "Reinforcements",
                f"Units are limited to the pieces in the game (96.2): {parts}. Fighters and infantry are not: "
                "tokens stand in for them (67.5b).")


def enemy_ship_findings(req: ProductionRequest) -> list[Finding]:
    """No ships where other players' ships are (67.6); a blockaded Floating Factory is gone (79.4a)."""
    found = []
    crowded = next((p for p in req.producers if p.enemy_ships), None)
    ships = [o for o in req.build if o.producible and o.unit.type in ("ship", "fighter")]
    if crowded and ships:
        names = ", ".join(o.unit.name for o in ships)
        found.append(Finding("67.6", f"Ships cannot be produced in a system that contains other players' ships "
                                     f"({names}); ground forces can still be (67.6a).",
                             f"producers[{crowded.index}].enemy_ships"))
    found += [Finding("79.4a", f"{p.unit.name} is blockaded, so it is destroyed and produces nothing.",
                      f"producers[{p.index}].enemy_ships") for p in req.producers if destroyed(req, p)]
    return found


def second_docks(req: ProductionRequest) -> list[Producer]:
    """Space docks named on a planet that an earlier producer's space dock is on (79.3: one per planet)."""
    found, seen = [], set()
    for p in req.producers:
        # A structure on a planet that produces is a space dock (a Floating Factory is in space).
        if not p.planet or p.unit.type != "structure" or p.unit.in_space:
            continue
        if p.planet in seen:
            found.append(p)
        seen.add(p.planet)
    return found


def dock_findings(req: ProductionRequest) -> list[Finding]:
    """Each planet can have at most one space dock (79.3); only producers that name their planet are compared."""
    return [Finding("79.3", f"{p.unit.name} on {p.planet}, but {p.planet} already has a space dock: each planet "
                            "can have a maximum of one space dock, so it adds nothing to the limit.",
                    f"producers[{p.index}].planet") for p in second_docks(req)]


def enemy_ship_steps(req: ProductionRequest) -> list[Step]:
    """Why other players' ships matter (14, 67.6)."""
    if not any(p.enemy_ships for p in req.producers):
        return []
    steps = [Step("67.6", "Other players' ships",
                  "A player cannot produce ships in a system that contains other players' ships; "
                  "ground forces can still be produced (67.6a).")]
    blocked = [p for p in req.producers if blockaded(req, p)]
    if any(not destroyed(req, p) for p in blocked):
        steps.append(Step("14.1", "Blockaded",
                          "A unit with Production in a system with other players' ships and none of its owner's is "
                          "blockaded: it cannot produce ships, but can still produce ground forces."))
    if any(destroyed(req, p) for p in blocked):  # so a Floating Factory's step does not say it can still produce
        steps.append(Step("79.4a", "Floating Factory blockaded",
                          "The Clan of Saar's Floating Factory is destroyed when it is blockaded: it produces nothing, "
                          "ground forces included."))
    return steps


@dataclass(frozen=True)
class Space:
    """The space area after production: ships, room (capacity) and load (fighters, ground forces)."""

    ships: int
    room: int
    load: int
    # Built fighters whose excess may count against the fleet pool, and as how many ships each.
    pool_fighters: int = 0
    weight: Fraction = Fraction(0)

    def absorbed(self, pool: int | None) -> int:
        """Excess fighters that count against the fleet pool instead, as many as its free tokens allow."""
        excess = max(0, self.load - self.room)
        fits = self.pool_fighters if pool is None else int((pool - self.ships) / self.weight) if self.weight else 0
        return max(0, min(excess, self.pool_fighters, fits))


def space_after(req: ProductionRequest, producible: tuple[Order, ...]) -> Space:
    """Count ships, capacity and fighters in the space area once the build is placed."""
    ships = req.context.get("ships_in_system", 0) + sum(o.count for o in producible if o.unit.type == "ship")
    room = req.context.get("capacity_in_system", 0)
    room += sum(o.count * o.unit.capacity for o in producible if o.unit.type == "ship")
    # Space docks keep some fighters out of the capacity count; a Floating Factory has its own capacity.
    room += sum(p.count * (p.unit.fighter_allowance + (p.unit.capacity if p.unit.in_space else 0))
                for p in req.producers if not destroyed(req, p))
    load = req.context.get("units_in_space", 0) + sum(o.count for o in producible if o.unit.type == "fighter")
    special = [o for o in producible if o.unit.name in FLEET_POOL_FIGHTERS]
    weight = FLEET_POOL_FIGHTERS[special[0].unit.name] if special else Fraction(0)
    return Space(ships, room, load, sum(o.count for o in special), weight)


def space_warnings(req: ProductionRequest, producible: tuple[Order, ...]) -> list[Finding]:
    """Capacity (16.3) and fleet pool (37.3): allowed, at the price of removing units at once."""
    space, pool = space_after(req, producible), req.context.get("fleet_pool")
    absorbed = space.absorbed(pool)
    found = []
    if "capacity_in_system" in req.context and space.load - absorbed > space.room:
        message = f"{space.load} fighters and ground forces in the space area but room for {space.room}"
        if absorbed:
            message += f" and {plural(absorbed, 'fighter')} counted against the fleet pool"
        found.append(Finding("16.3", f"{message}: the excess must be removed (16.2).", "capacity_in_system"))
    if pool is not None:
        used = space.ships + absorbed * space.weight
        if used > pool:
            counted = f" and {plural(absorbed, 'fighter')} beyond capacity" if absorbed else ""
            message = (f"{plural(space.ships, 'non-fighter ship')}{counted} would count against "
                       f"{plural(pool, 'fleet pool token')}: {_ships(used - pool)} must be removed at once (37.1).")
            found.append(Finding("37.3", message, "fleet_pool"))
    return found


def space_steps(req: ProductionRequest, producible: tuple[Order, ...]) -> list[Step]:
    """The Fighter II allowance, when fighters beyond capacity use it."""
    space = space_after(req, producible)
    absorbed = space.absorbed(req.context.get("fleet_pool"))
    if "capacity_in_system" not in req.context or not absorbed:
        return []
    each = "as one ship each" if space.weight == 1 else "as half a ship each"
    # The allowance is printed on the Fighter II card; the fleet pool's notes say how it meets the limits.
    return [Step("fleet-pool.note-2.1", "Fighters beyond capacity",
                 f"Fighters in excess of your ships' capacity count against your fleet pool instead of being removed "
                 f"(the Fighter II card): {plural(absorbed, 'fighter')}, {each}.", "community-note")]


def _ships(excess: Fraction) -> str:
    """Ships to remove: half a ship over still means one ship removed."""
    return plural(math.ceil(excess), "ship")
