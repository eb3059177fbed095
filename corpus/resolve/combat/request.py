"""Read and check a battle request; every error names its field."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import ResolveError
from ..request import flag, integer
from ..units import Unit, load, unit_key
from .facts import FIELDS, bonus, end_repair, parse_facts
from .modifiers import SideMods, parse_mods
from .stats import Spec, spec

BATTLES = ("space_combat", "ground_combat", "invasion")
MAX_SIDE_UNITS = 40
_SIDE_KEYS = {"units", "modifiers", "combat_modifier", "order", "destroy_exotrireme", *FIELDS}
# When a side destroys its Exotrireme II (or Twilight's Fall Exotrireme) to destroy up to 2 ships (its card).
SACRIFICES = ("never", "after_first_round")


@dataclass(frozen=True)
class Group:
    """`count` units of one type a side brings; `adjacent` for Space Cannon from a neighbouring system."""

    spec: Spec
    count: int
    adjacent: bool = False
    listed: str | None = None  # the name the request gave, when the other side of its card is in this battle


@dataclass(frozen=True)
class SideRequest:
    """One side as requested."""

    role: str
    groups: tuple[Group, ...]
    mods: SideMods
    order: tuple[str, ...] | None = None
    sacrifice: str = "never"  # destroy_exotrireme: one of SACRIFICES
    facts: tuple[tuple[str, bool | int], ...] = ()  # the table facts given that a unit's card asks (facts.py)

    def fact(self, field: str) -> bool | int | None:
        """A table fact the request gives, or None when it does not."""
        return dict(self.facts).get(field)


@dataclass(frozen=True)
class BattleRequest:
    """A checked battle request."""

    ability: str
    attacker: SideRequest
    defender: SideRequest
    retreat: tuple[str, int] | None = None


def parse_battle(request: dict) -> BattleRequest:
    """Check a battle request and turn it into records."""
    ability = request["ability"]
    unknown = set(request) - {"ability", "attacker", "defender", "retreat"}
    if unknown:
        raise ResolveError(sorted(unknown)[0], f"is not a field of a {ability} request")
    attacker = parse_side(request.get("attacker"), "attacker", ability)
    defender = parse_side(request.get("defender"), "defender", ability)
    retreat = None
    if request.get("retreat") is not None:
        if ability != "space_combat":
            raise ResolveError("retreat", "only a space combat has a retreat step (78.4); ground forces cannot retreat")
        retreat = parse_retreat(request["retreat"])
    return BattleRequest(ability, attacker, defender, retreat)


def parse_side(side, role: str, ability: str) -> SideRequest:
    """One side: units, modifiers (those that apply to this battle type), combat_modifier and a destroy order."""
    if not isinstance(side, dict):
        raise ResolveError(role, 'must be an object such as {"units": [{"name": "Dreadnought", "count": 2}]}')
    extra = set(side) - _SIDE_KEYS
    if extra:
        raise ResolveError(f"{role}.{sorted(extra)[0]}", f"is not a field of a side (use {', '.join(sorted(_SIDE_KEYS))})")
    units = side.get("units")
    if not isinstance(units, list) or not units:
        raise ResolveError(f"{role}.units", "must be a non-empty list of units")
    groups = [_group(item, f"{role}.units[{i}]", ability) for i, item in enumerate(units)]
    total = sum(g.count for g in groups)
    if total > MAX_SIDE_UNITS:
        raise ResolveError(f"{role}.units", f"{total} units in all; at most {MAX_SIDE_UNITS} per side")
    mods = parse_mods(side.get("modifiers"), side.get("combat_modifier"), role, ability)
    order = _order(side.get("order"), groups, role)
    facts = parse_facts(side, [g.spec.card_text for g in groups if not g.adjacent], role)
    # A card's bonus or repair from a fact given is the unit's own, so it carries it wherever it fights.
    groups = [replace(g, spec=replace(g.spec, own_bonus=bonus(g.spec.card_text, facts),
                                      end_repairs=end_repair(g.spec.card_text, facts))) if g.spec.asks else g
              for g in groups]
    return SideRequest(role, tuple(groups), mods, order, _sacrifice(side.get("destroy_exotrireme"), groups, role,
                                                                     ability), tuple(sorted(facts.items())))


def _sacrifice(value, groups: list[Group], role: str, ability: str) -> str:
    """destroy_exotrireme: "never" (the default) or "after_first_round", for a side with such a ship in a space
    combat."""
    field = f"{role}.destroy_exotrireme"
    if value is None or value == "never":
        return "never"
    if value not in SACRIFICES:
        raise ResolveError(field, f"must be one of {', '.join(map(repr, SACRIFICES))}")
    if ability != "space_combat":
        raise ResolveError(field, "Exotrireme II is destroyed after a round of space combat (its card); this is a "
                                  f"{ability.replace('_', ' ')}")
    if not any(g.spec.trades_for and not g.adjacent for g in groups):
        raise ResolveError(field, "this side has no Exotrireme II (or Exotrireme) to destroy")
    return value


def _group(item, field: str, ability: str) -> Group:
    """One units entry: a catalogue name and a count; a two-sided card (Eidolon) is the side in this battle."""
    if not isinstance(item, dict):
        raise ResolveError(field, 'must be an object such as {"name": "Cruiser II", "count": 2}')
    extra = set(item) - {"name", "count", "adjacent"}
    if extra:
        raise ResolveError(f"{field}.{sorted(extra)[0]}", "is not a field of a unit entry (name, count, adjacent)")
    unit = load().get(item.get("name"), f"{field}.name")
    count = integer(item.get("count", 1), f"{field}.count", 1, MAX_SIDE_UNITS)
    adjacent = flag(item.get("adjacent", False), f"{field}.adjacent")
    if adjacent and not unit.deep_space_cannon:
        raise ResolveError(f"{field}.adjacent", f"{unit.name} cannot fire from an adjacent system (77.3c); "
                                                "only units such as PDS II can")
    side = face(unit, ability)
    return Group(spec(side), count, adjacent, None if side is unit else unit.name)


def face(unit: Unit, ability: str) -> Unit:
    """The side of a two-sided card in this battle. In a space combat, the side that is a ship in the space area: an
    Eidolon there flips to Z-Grav Eidolon as the combat starts (its card). In a ground combat or an invasion, the
    other: the card flips back at the end of the space battle, so the Naaz-Rokha mechs are Z-Grav Eidolon only
    during the Space Combat step (the rulings on the card)."""
    if unit.other_face is None or unit.ship_in_space_area == (ability == "space_combat"):
        return unit
    return load().get(unit.other_face, "other_face")


def _order(order, groups: list[Group], role: str) -> tuple[str, ...] | None:
    """Unit names in the order the side destroys them; names must be among its units."""
    if order is None:
        return None
    if not isinstance(order, list) or not all(isinstance(name, str) for name in order):
        raise ResolveError(f"{role}.order", "must be a list of unit names, the first destroyed first")
    # A unit listed by the other side of its card (Eidolon) may be ordered by either name.
    names = {unit_key(g.spec.other_face): g.spec.name for g in groups if g.spec.other_face}
    names.update({unit_key(g.spec.name): g.spec.name for g in groups})
    out = []
    for i, name in enumerate(order):
        key = unit_key(name)
        if key not in names:
            found = load().get(name, f"{role}.order[{i}]")
            key = unit_key(found.name)
            if key not in names:
                raise ResolveError(f"{role}.order[{i}]", f"{found.name} is not among this side's units")
        out.append(names[key])
    return tuple(dict.fromkeys(out))


def parse_retreat(retreat) -> tuple[str, int]:
    """{"side": "attacker"|"defender", "round": n}."""
    if not isinstance(retreat, dict) or set(retreat) - {"side", "round"}:
        raise ResolveError("retreat", 'must be an object such as {"side": "defender", "round": 2}')
    side = retreat.get("side")
    if side not in ("attacker", "defender"):
        raise ResolveError("retreat.side", 'must be "attacker" or "defender"')
    return side, integer(retreat.get("round", 1), "retreat.round", 1, 20)
