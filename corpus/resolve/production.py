"""Production (rule 68, with 26 Cost, 79 Space Dock, 16 Capacity, 37 Fleet Pool)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import ResolveError
from .factions import faction_name, faction_slug
from .request import MAX_COUNT, MAX_ENTRIES, flag, integer
from .units import Unit, load


@dataclass(frozen=True)
class Context:
    """An optional context field of a production request: its upper bound, what it counts, its short label."""

    most: int
    meaning: str  # as the API's schema describes it
    label: str  # as the resolver form's box names it


# Described once here, so the API's schema and the form's boxes cannot come to disagree.
OPTIONAL = {
    "resources": Context(500, "resources there are to spend (the cost is checked against them)", "Resources to spend"),
    "fleet_pool": Context(16, "command tokens in the fleet pool (the fleet pool is checked only when given)",
                          "Fleet pool tokens"),
    "ships_in_system": Context(100, "non-fighter ships of yours already in the system", "Non-fighter ships already there"),
    "capacity_in_system": Context(200, "capacity of your ships already in the system (capacity is checked only when "
                                       "given)", "Capacity of your ships already there"),
    "units_in_space": Context(200, "fighters and ground forces of yours already in the system's space area",
                              "Fighters and ground forces in space"),
}
_FIELDS = {"ability", "faction", "producers", "build", *OPTIONAL}


@dataclass(frozen=True)
class Producer:
    """One `producers` entry and the Production it adds."""

    index: int
    unit: Unit
    count: int
    planet_resources: int | None
    value: int
    # Other players' ships in its system (67.6; blockaded, 14, when none of its owner's ships are there).
    enemy_ships: bool = False
    planet: str | None = None  # the planet named in the request, when its resources came from the corpus

    @property
    def is_space_dock(self) -> bool:
        """A generic space dock (the kind rule 68.1d restricts for the Arborec)."""
        return self.unit.id.startswith("space_dock")


@dataclass(frozen=True)
class Order:
    """One `build` entry."""

    index: int
    unit: Unit
    count: int
    # Pieces of this type left in reinforcements, when fewer than the full set (67.5).
    in_reinforcements: int | None = None

    @property
    def producible(self) -> bool:
        """Units without a cost (26.3) and promissory notes' stand-ins (67.1) cannot be produced."""
        return self.unit.producible


@dataclass(frozen=True)
class Finding:
    """A violation (the build is not allowed) or warning, with its rule."""

    rule: str
    message: str
    field: str | None = None

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        out = {"rule": self.rule, "message": self.message}
        if self.field:
            out["field"] = self.field
        return out


@dataclass(frozen=True)
class ProductionRequest:
    """A checked production request."""

    faction: str | None
    producers: tuple[Producer, ...]
    build: tuple[Order, ...]
    context: dict = field(default_factory=dict)


def parse_production(request: dict) -> ProductionRequest:
    """Check a production request and turn it into records."""
    unknown = set(request) - _FIELDS
    if unknown:
        raise ResolveError(sorted(unknown)[0], "is not a field of a production request")
    # A JSON null means "not given", as forms send empty optional fields.
    given = {key: value for key, value in request.items() if value is not None}
    faction = faction_slug(given["faction"]) if "faction" in given else None
    producers = _entries(given.get("producers"), "producers", _producer, required=True)
    build = _entries(given.get("build", []), "build", _order, required=False)
    faction = _check_faction(faction, producers, build)
    context = {key: integer(given[key], key, 0, box.most) for key, box in OPTIONAL.items() if key in given}
    return ProductionRequest(faction, tuple(producers), tuple(build), context)


def _entries(items, name: str, make, required: bool) -> list:
    """A list field of objects, each made into a record."""
    if not isinstance(items, list) or (required and not items):
        raise ResolveError(name, "must be a non-empty list" if required else "must be a list")
    if len(items) > MAX_ENTRIES:
        raise ResolveError(name, f"at most {MAX_ENTRIES} entries")
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            example = "Space Dock I" if name == "producers" else "Carrier"
            raise ResolveError(f"{name}[{index}]", f'must be an object such as {{"name": "{example}"}}')
    return [make(index, item) for index, item in enumerate(items)]


def _producer(index: int, item: dict) -> Producer:
    """One producing unit; space docks need their planet's resources."""
    where = f"producers[{index}]"
    extra = set(item) - {"name", "count", "planet_resources", "enemy_ships", "planet"}
    if extra:
        raise ResolveError(f"{where}.{sorted(extra)[0]}", "is not a field of a producer")
    unit = load().get(item.get("name"), f"{where}.name")
    if unit.production is None:
        raise ResolveError(f"{where}.name", f"{unit.name} has no Production ability")
    count = integer(item.get("count", 1), f"{where}.count", 1, MAX_COUNT)
    resources = item.get("planet_resources")
    if unit.production.needs_resources:
        if resources is None:
            raise ResolveError(f"{where}.planet_resources",
                               f"required: {unit.name}'s Production is its planet's {unit.production.text()}")
        if count != 1:
            raise ResolveError(f"{where}.count", f"list each {unit.name} on its own, with its planet's resources")
        resources = integer(resources, f"{where}.planet_resources", 0, 20)
        return Producer(index, unit, 1, resources, unit.production.value(resources), _enemy_ships(item, where),
                        item.get("planet"))
    if resources is not None:
        raise ResolveError(f"{where}.planet_resources", f"{unit.name}'s Production does not depend on resources")
    return Producer(index, unit, count, None, count * unit.production.value(), _enemy_ships(item, where))


def _enemy_ships(item: dict, where: str) -> bool:
    """The producer's optional `enemy_ships` flag (null reads as false)."""
    return flag(item.get("enemy_ships") or False, f"{where}.enemy_ships")


def _order(index: int, item: dict) -> Order:
    """One line of the build order."""
    where = f"build[{index}]"
    extra = set(item) - {"name", "count", "in_reinforcements"}
    if extra:
        raise ResolveError(f"{where}.{sorted(extra)[0]}", "is not a field of a build entry")
    unit = load().get(item.get("name"), f"{where}.name")
    have = item.get("in_reinforcements")
    have = None if have is None else integer(have, f"{where}.in_reinforcements", 0, MAX_COUNT)
    return Order(index, unit, integer(item.get("count", 1), f"{where}.count", 1, MAX_COUNT), have)


def _check_faction(faction: str | None, producers: list[Producer], build: list[Order]) -> str | None:
    """The faction, given or implied by faction units; all units must agree."""
    named = [(f"producers[{p.index}].name", p.unit) for p in producers]
    named += [(f"build[{o.index}].name", o.unit) for o in build]
    for where, unit in named:
        if unit.faction is None:
            continue
        if faction is None:
            faction = unit.faction
        elif unit.faction != faction:
            raise ResolveError(where, f"{unit.name} is a unit of {faction_name(unit.faction)}, "
                                      f"but this request is for {faction_name(faction)}")
    return faction


def production_cost(orders: list[Order]) -> int:
    """Total cost: fighters and infantry come two for one cost, an odd one pays in full."""
    total = 0
    pairs: dict[tuple[str, int], int] = {}
    for order in orders:
        if order.unit.per_cost == 2:
            key = (order.unit.type, order.unit.cost)
            pairs[key] = pairs.get(key, 0) + order.count
        else:
            total += order.count * order.unit.cost
    # A fighter and an infantry cannot share one cost (67 note 2), so pair per type.
    return total + sum(-(-count // 2) * cost for (_, cost), count in pairs.items())


def infantry_limit(request: ProductionRequest) -> int | None:
    """Production usable for infantry when Arborec space docks cannot make them (68.1d)."""
    if request.faction != "arborec" or not any(p.is_space_dock for p in request.producers):
        return None
    return sum(p.value for p in request.producers if not p.is_space_dock)
