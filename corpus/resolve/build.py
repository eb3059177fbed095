"""Check a build order against the Production rules and explain it step by step."""
from __future__ import annotations

from .production import Finding, Order, ProductionRequest, infantry_limit, parse_production, production_cost
from .steps import Step, plural


def resolve_production(request: dict) -> dict:
    """The production answer: allowed or not, limit, count, cost, findings, steps."""
    req = parse_production(request)
    producible = [order for order in req.build if order.producible]
    limit = sum(p.value for p in req.producers)
    counted = sum(order.count for order in producible)
    cost = production_cost(producible)
    violations = find_violations(req, producible, limit, counted, cost)
    warnings = find_warnings(req, producible)
    answer = {
        "ability": "production",
        "title": "Production",
        "faction": req.faction,
        "allowed": not violations,
        "limit": limit,
        "units_counted": counted,
        "cost": cost,
        "violations": [v.to_dict() for v in violations],
        "warnings": [w.to_dict() for w in warnings],
        "steps": [s.to_dict() for s in explain(req, producible, limit, counted, cost, violations)],
        "producers": [{"index": p.index, "name": p.unit.name, "count": p.count, "planet_resources": p.planet_resources, "production": p.value} for p in req.producers],
        "build": [{"index": o.index, "name": o.unit.name, "count": o.count, "producible": o.producible} for o in req.build],
    }
    limit_for_infantry = infantry_limit(req)
    if limit_for_infantry is not None:
        answer["infantry_limit"] = limit_for_infantry
    return answer


def _producing_units(req: ProductionRequest) -> int:
    """How many units are lending their Production."""
    return sum(p.count for p in req.producers)


def find_violations(req: ProductionRequest, producible: list[Order], limit: int, counted: int, cost: int) -> list[Finding]:
    """Every rule the build order breaks."""
    found = []
    for order in req.build:
        if not order.producible:
            structure = order.unit.type == "structure"
            how = ": structures are placed by effects such as the Construction strategy card" if structure else ""
            found.append(Finding("26.3a" if structure else "26.3", f"{order.unit.name} has no cost, so it cannot be produced{how}.", f"build[{order.index}]"))
    if counted > limit:
        rule = "68.1a" if _producing_units(req) > 1 else "68.1"
        found.append(Finding(rule, f"{plural(counted, 'unit')} to produce, but the Production limit is {limit}.", "build"))
    infantry = sum(order.count for order in producible if order.unit.type == "infantry")
    limit_for_infantry = infantry_limit(req)
    if limit_for_infantry is not None and infantry > limit_for_infantry:
        found.append(Finding("68.1d", f"{plural(infantry, 'infantry', 'infantry')} to produce, but Arborec space docks cannot produce infantry and the other producing units give only {limit_for_infantry} Production.", "build"))
    resources = req.context.get("resources")
    if resources is not None and cost > resources:
        found.append(Finding("26.1", f"The units cost {cost} but only {resources} resources are available.", "resources"))
    return found


def find_warnings(req: ProductionRequest, producible: list[Order]) -> list[Finding]:
    """Limits the rules let production exceed, at the price of removing units."""
    found = []
    pool = req.context.get("fleet_pool")
    if pool is not None:
        ships = req.context.get("ships_in_system", 0) + sum(o.count for o in producible if o.unit.type == "ship")
        if ships > pool:
            found.append(Finding("37.3", f"{plural(ships, 'non-fighter ship')} would be in the system with {plural(pool, 'fleet pool token')}: {ships - pool} must be removed at once (37.1).", "fleet_pool"))
    capacity = req.context.get("capacity_in_system")
    if capacity is not None:
        room = capacity + sum(o.count * o.unit.capacity for o in producible if o.unit.type == "ship")
        room += sum(p.count * p.unit.fighter_allowance for p in req.producers)
        load = req.context.get("units_in_space", 0) + sum(o.count for o in producible if o.unit.type == "fighter")
        if load > room:
            found.append(Finding("16.3", f"{load} fighters and ground forces in the space area but room for {room}: the excess must be removed (16.2).", "capacity_in_system"))
    return found


def explain(req: ProductionRequest, producible: list[Order], limit: int, counted: int, cost: int, violations: list[Finding]) -> list[Step]:
    """The steps, each citing the rule that governs it."""
    steps = [_producer_step(req)]
    docks = [p for p in req.producers if p.planet_resources is not None]
    for dock in docks:
        prod = dock.unit.production
        bonus = f" + {prod.resource_bonus} (its own bonus)" if prod.resource_bonus else ""
        steps.append(Step("79.1", "Space dock Production", f"{dock.unit.name}: the planet's resources {dock.planet_resources}{bonus} + {prod.resources_plus} = Production {dock.value}."))
    if _producing_units(req) > 1:
        parts = " + ".join(str(p.value) for p in req.producers)
        steps.append(Step("68.1a", "Combined Production", f"Units producing in the same system combine their Production: {parts} = {limit}."))
    pairs = [o for o in producible if o.unit.per_cost == 2]
    if pairs:
        names = ", ".join(f"{o.count} {o.unit.name}" for o in pairs)
        steps.append(Step("68.1b", "Each fighter and infantry counts", f"{names}: each unit counts toward the limit on its own."))
        steps.append(Step("68.1c", "Two for one cost", "A cost with two icons buys two units (26.2); producing one of them still costs the full amount, and a fighter and an infantry cannot share one cost."))
    limit_for_infantry = infantry_limit(req)
    if limit_for_infantry is not None:
        steps.append(Step("68.1d", "Arborec space docks", f"Production from Arborec space docks cannot be used for infantry; the other producing units give {limit_for_infantry} Production for infantry."))
    steps.append(_cost_step(req, producible, cost))
    steps.append(Step("68.1", "Production limit", f"{plural(counted, 'unit')} counted against a limit of {limit} ({'within' if counted <= limit else 'over'} the limit)."))
    steps.extend(_placement_steps(req, producible))
    verdict = "The build order is allowed." if not violations else "Not allowed. " + " ".join(f"({v.rule}) {v.message}" for v in violations)
    steps.append(Step("68", "Verdict", verdict))
    return steps


def _producer_step(req: ProductionRequest) -> Step:
    """Which units produce, and their values."""
    parts = [f"{p.count} × {p.unit.name}: Production {p.value}" for p in req.producers]
    return Step("68.1", "Producing units", f"{'; '.join(parts)}. A Production value is the most units that unit can produce, whatever their cost.")


def _cost_step(req: ProductionRequest, producible: list[Order], cost: int) -> Step:
    """The total cost of the producible units."""
    parts = [f"{o.count} {o.unit.name} at {o.unit.cost}{' per two' if o.unit.per_cost == 2 else ' each'}" for o in producible]
    have = req.context.get("resources")
    tail = f"; {have} resources available" if have is not None else ""
    listed = "; ".join(parts) if parts else "nothing to produce"
    return Step("26.1", "Cost", f"{listed}: total cost {cost}. Spend resources equal to or greater than the cost{tail}.")


def _placement_steps(req: ProductionRequest, producible: list[Order]) -> list[Step]:
    """Where the produced units go (68.2-68.4)."""
    steps = []
    if any(o.unit.type in ("ship", "fighter") for o in producible):
        steps.append(Step("68.2", "Ships", "Produced ships are placed in the active system."))
    if any(o.unit.ground_force for o in producible):
        steps.append(Step("68.3", "Ground forces", "Produced ground forces are placed on planets that contain a unit that used its Production."))
        if any(p.unit.in_space or p.unit.type == "ship" for p in req.producers):
            steps.append(Step("68.4", "Producing in space", "Ground forces produced by a unit in the space area may be placed on a planet you control in the system or in the space area."))
    return steps
