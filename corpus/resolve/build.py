"""Check a build order against the Production rules and explain it step by step."""
from __future__ import annotations

from dataclasses import dataclass

from . import limits
from .production import Finding, Order, ProductionRequest, infantry_limit, parse_production, production_cost
from .steps import Step, plural


@dataclass(frozen=True)
class Tally:
    """The numbers of a build order: what can be produced, the limit, the count, the cost."""

    producible: tuple[Order, ...]
    limit: int
    counted: int
    cost: int


def resolve_production(request: dict) -> dict:
    """The production answer: allowed or not, limit, count, cost, findings, steps."""
    req = parse_production(request)
    producible = tuple(order for order in req.build if order.producible)
    tally = Tally(producible, limits.usable_limit(req), sum(o.count for o in producible),
                  production_cost(list(producible)))
    violations = find_violations(req, tally)
    answer = {
        "ability": "production",
        "title": "Production",
        "faction": req.faction,
        "allowed": not violations,
        "limit": tally.limit,
        "units_counted": tally.counted,
        "cost": tally.cost,
        "violations": [v.to_dict() for v in violations],
        "warnings": [w.to_dict() for w in find_warnings(req, tally)],
        "steps": [s.to_dict() for s in explain(req, tally, violations)],
        "producers": [
            {"index": p.index, "name": p.unit.name, "count": p.count, "planet_resources": p.planet_resources,
             "production": limits.value(req, p), "enemy_ships": p.enemy_ships,
             **({"planet": p.planet} if p.planet else {})}
            for p in req.producers
        ],
        "build": [{"index": o.index, "name": o.unit.name, "count": o.count, "producible": o.producible,
                   "in_reinforcements": o.in_reinforcements} for o in req.build],
    }
    if infantry_limit(req) is not None:
        answer["infantry_limit"] = infantry_limit(req)
    return answer


def _producing_units(req: ProductionRequest) -> int:
    """How many units lend their Production."""
    return sum(p.count for p in req.producers)


def find_violations(req: ProductionRequest, tally: Tally) -> list[Finding]:
    """Every rule the build order breaks."""
    found = [_no_cost(order) for order in req.build if not order.producible]
    if tally.counted > tally.limit:
        rule = "68.1a" if _producing_units(req) > 1 else "68.1"
        message = f"{plural(tally.counted, 'unit')} to produce, but the Production limit is {tally.limit}."
        found.append(Finding(rule, message, "build"))
    infantry = sum(order.count for order in tally.producible if order.unit.type == "infantry")
    limit = infantry_limit(req)
    if limit is not None and infantry > limit:
        others = (f"the other producing units give only {limit} Production" if limit
                  else "no other producing unit is here")
        message = f"{infantry} infantry to produce, but Arborec space docks cannot produce infantry and {others}."
        found.append(Finding("68.1d", message, "build"))
    found += limits.reinforcement_findings(req)[0] + limits.enemy_ship_findings(req) + limits.dock_findings(req)
    resources = req.context.get("resources")
    if resources is not None and tally.cost > resources:
        found.append(Finding("26.1", f"The units cost {tally.cost} but only {resources} resources are available.",
                             "resources"))
    return found


def _no_cost(order: Order) -> Finding:
    """A unit without a cost cannot be produced (26.3; structures 26.3a), nor a promissory note (67.1)."""
    if order.unit.promissory_note:
        return Finding("67.1", f"{order.unit.name} cannot be produced: it stands for the promissory note "
                               f"{order.unit.promissory_note}, a card that lends another player's ship some values "
                               "in combat, not a unit with a cost on a faction sheet or technology card.",
                       f"build[{order.index}]")
    if order.unit.type == "structure":
        return Finding("26.3a", f"{order.unit.name} has no cost, so it cannot be produced: structures are placed "
                                "by effects such as the Construction strategy card.", f"build[{order.index}]")
    return Finding("26.3", f"{order.unit.name} has no cost, so it cannot be produced.", f"build[{order.index}]")


def find_warnings(req: ProductionRequest, tally: Tally) -> list[Finding]:
    """Limits the rules let production exceed, at the price of removing units at once."""
    return limits.reinforcement_findings(req)[1] + limits.space_warnings(req, tally.producible)


def explain(req: ProductionRequest, tally: Tally, violations: list[Finding]) -> list[Step]:
    """The steps, each citing the rule that governs it."""
    steps = [_producer_step(req), *_dock_steps(req), *limits.enemy_ship_steps(req)]
    if _producing_units(req) > 1:
        parts = " + ".join(str(limits.value(req, p)) for p in req.producers)
        steps.append(Step("68.1a", "Combined Production",
                          f"Units producing in the same system combine their Production: {parts} = {tally.limit}."))
    steps.extend(_pair_steps(tally))
    limit = infantry_limit(req)
    if limit is not None:
        steps.append(Step("68.1d", "Arborec space docks",
                          "Production from Arborec space docks cannot be used for infantry; the other producing "
                          f"units give {limit} Production for infantry."))
    steps.append(_cost_step(req, tally))
    steps += [step for step in [limits.reinforcement_step(req)] if step]
    where = "within" if tally.counted <= tally.limit else "over"
    steps.append(Step("68.1", "Production limit",
                      f"{plural(tally.counted, 'unit')} counted against a limit of {tally.limit} ({where} the limit)."))
    steps.extend(_placement_steps(req, tally))
    steps.extend(limits.space_steps(req, tally.producible))
    verdict = "The build order is allowed."
    if violations:
        verdict = "Not allowed. " + " ".join(f"({v.rule}) {v.message}" for v in violations)
    return steps + [Step("68", "Verdict", verdict)]


def _producer_step(req: ProductionRequest) -> Step:
    """Which units produce, and their values."""
    parts = "; ".join(f"{p.count} × {p.unit.name}: Production {limits.value(req, p)}"
                      for p in req.producers)
    return Step("68.1", "Producing units",
                f"{parts}. A Production value is the most units that unit can produce, whatever their cost.")


def _dock_steps(req: ProductionRequest) -> list[Step]:
    """The arithmetic of each resource-based Production (space docks)."""
    steps = []
    for dock in req.producers:
        if dock.planet_resources is None:
            continue
        prod = dock.unit.production
        bonus = f" + {prod.resource_bonus} (its own bonus)" if prod.resource_bonus else ""
        where = f" on {dock.planet}" if dock.planet else ""
        steps.append(Step("79.1", "Space dock Production",
                          f"{dock.unit.name}{where}: the planet's resources {dock.planet_resources}{bonus} "
                          f"+ {prod.resources_plus} = Production {dock.value}."))
    return steps


def _pair_steps(tally: Tally) -> list[Step]:
    """Fighters and infantry: each counts, two come for one cost (68.1b, 68.1c)."""
    pairs = [o for o in tally.producible if o.unit.per_cost == 2]
    if not pairs:
        return []
    names = ", ".join(f"{o.count} {o.unit.name}" for o in pairs)
    return [
        Step("68.1b", "Each fighter and infantry counts", f"{names}: each unit counts toward the limit on its own."),
        Step("68.1c", "Two for one cost",
             "A cost with two icons buys two units (26.2); producing one of them still costs the full amount, "
             "and a fighter and an infantry cannot share one cost."),
    ]


def _cost_step(req: ProductionRequest, tally: Tally) -> Step:
    """The total cost of the producible units."""
    parts = [f"{o.count} {o.unit.name} at {o.unit.cost}{' per two' if o.unit.per_cost == 2 else ' each'}"
             for o in tally.producible]
    have = req.context.get("resources")
    tail = f"; {have} resources available" if have is not None else ""
    listed = "; ".join(parts) if parts else "nothing to produce"
    return Step("26.1", "Cost",
                f"{listed}: total cost {tally.cost}. Spend resources equal to or greater than the cost{tail}.")


def _placement_steps(req: ProductionRequest, tally: Tally) -> list[Step]:
    """Where the produced units go (68.2-68.4)."""
    steps = []
    if any(o.unit.type in ("ship", "fighter") for o in tally.producible):
        steps.append(Step("68.2", "Ships", "Produced ships are placed in the active system."))
    if any(o.unit.ground_force for o in tally.producible):
        steps.append(Step("68.3", "Ground forces",
                          "Produced ground forces are placed on planets that contain a unit that used its Production."))
        if any(p.unit.in_space or p.unit.type == "ship" for p in req.producers):
            steps.append(Step("68.4", "Producing in space",
                              "Ground forces produced by a unit in the space area may be placed on a planet you "
                              "control in the system or in the space area."))
    return steps
