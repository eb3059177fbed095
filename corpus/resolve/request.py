"""Read and check a dice-ability request; every error names its field."""
from __future__ import annotations

from dataclasses import dataclass

from . import dice
from .errors import ResolveError
from .units import TITLES, Roll, Unit, load

MAX_DICE = 100
MAX_COUNT = 100
MAX_ENTRIES = 50
# Request ability -> the unit attribute it rolls.
DICE_REQUESTS = {
    "space_cannon": "space_cannon",
    "space_cannon_defense": "space_cannon",
    "bombardment": "bombardment",
    "anti_fighter_barrage": "anti_fighter_barrage",
}
# Which modifiers each ability understands (the rest are a mistake worth naming).
MODIFIERS = {
    "space_cannon": ("plasma_scoring",),
    "space_cannon_defense": ("plasma_scoring",),
    "bombardment": ("plasma_scoring", "planetary_shield", "war_sun", "harrow"),
    "anti_fighter_barrage": (),
}
# Cards that do change these rolls but that only a battle request applies (a side's "modifiers" list), by
# ability: the battle to use instead.
IN_BATTLES = {
    "antimass_deflectors": {"space_cannon": "space_combat", "space_cannon_defense": "invasion"},
    "extra_die": {"space_cannon": "space_combat", "space_cannon_defense": "invasion", "bombardment": "invasion",
                  "anti_fighter_barrage": "space_combat"},
}
_CATALOGUE_KEYS = {"name", "count", "adjacent"}
_FREE_KEYS = {"value", "dice", "count", "label", "adjacent"}


@dataclass(frozen=True)
class Entry:
    """One `units` entry: `count` units that each roll `roll`."""

    index: int
    label: str
    roll: Roll
    count: int = 1
    adjacent: bool = False
    unit: Unit | None = None

    @property
    def dice(self) -> int:
        """Dice this entry rolls."""
        return self.count * self.roll.dice

    @property
    def field(self) -> str:
        """Request field of this entry, for messages."""
        return f"units[{self.index}]"


@dataclass(frozen=True)
class Modifiers:
    """The modifiers a dice request may carry."""

    # None (not used), "best" (the unit most likely to hit) or a units index.
    plasma_scoring: int | str | None = None
    planetary_shield: bool = False
    war_sun: bool = False
    harrow: bool = False


@dataclass(frozen=True)
class DiceRequest:
    """A checked dice-ability request."""

    ability: str
    entries: tuple[Entry, ...]
    modifiers: Modifiers
    rolls: tuple[int, ...] | None = None
    seed: int | None = None
    # Fighters present (AFB) or ground forces on the planet (Bombardment): hits beyond them are lost.
    targets: int | None = None


# Abilities whose hits can only destroy a limited number of units (10.2a, 15.2a).
TARGETED = ("anti_fighter_barrage", "bombardment")


def integer(value, field: str, low: int, high: int) -> int:
    """An int within [low, high] (bools are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ResolveError(field, f"must be a whole number between {low} and {high}")
    if not low <= value <= high:
        raise ResolveError(field, f"must be between {low} and {high}")
    return value


def _plasma(value) -> int | str | None:
    """Plasma Scoring as asked: on ("best": the unit most likely to hit) or off, as true/false or 1/0 like the
    form's plasma=1; or {"unit": N}, the die on units[N]. A bare N read as an index misled: 0 meant "units[0]"."""
    if isinstance(value, dict) and set(value) == {"unit"}:
        return integer(value["unit"], "modifiers.plasma_scoring.unit", 0, MAX_ENTRIES - 1)
    if value in (True, False, 0, 1) and not isinstance(value, float):
        return "best" if value else None
    raise ResolveError("modifiers.plasma_scoring", 'must be true or false (1 or 0), or {"unit": N} to put the '
                                                   "die on units[N]")


def flag(value, field: str) -> bool:
    """A JSON true/false."""
    if not isinstance(value, bool):
        raise ResolveError(field, "must be true or false")
    return value


DICE_FIELDS = frozenset({"ability", "units", "modifiers", "rolls", "seed", "targets"})  # a step ability's request


def parse_dice_request(request: dict) -> DiceRequest:
    """Check a dice-ability request and turn it into records."""
    ability = request["ability"]
    unknown = set(request) - DICE_FIELDS
    if unknown:
        raise ResolveError(sorted(unknown)[0], "is not a field of a dice-ability request")
    # A JSON null means "not given", as forms send empty optional fields.
    given = {key: value for key, value in request.items() if value is not None}
    entries = parse_entries(given.get("units"), DICE_REQUESTS[ability])
    modifiers = parse_modifiers(given.get("modifiers", {}), ability)
    rolls = seed = None
    if "rolls" in given and "seed" in given:
        raise ResolveError("seed", "give either rolls (the dice you rolled) or seed, not both")
    if "rolls" in given:
        rolls = tuple(dice.parse_rolls(given["rolls"]))
    if "seed" in given:
        seed = integer(given["seed"], "seed", 0, 2**63 - 1)
    targets = None
    if "targets" in given:
        if ability not in TARGETED:
            raise ResolveError("targets", "applies to anti_fighter_barrage (fighters present) and bombardment "
                                          "(ground forces on the planet) only")
        targets = integer(given["targets"], "targets", 0, MAX_COUNT)
    return DiceRequest(ability, tuple(entries), modifiers, rolls, seed, targets)


def parse_entries(units, attribute: str) -> list[Entry]:
    """The `units` list: catalogue names or free "X (xY)" values."""
    if not isinstance(units, list) or not units:
        raise ResolveError("units", "must be a non-empty list of units")
    if len(units) > MAX_ENTRIES:
        raise ResolveError("units", f"at most {MAX_ENTRIES} entries")
    entries = [_entry(index, item, attribute) for index, item in enumerate(units)]
    total = sum(entry.dice for entry in entries)
    if total > MAX_DICE:
        raise ResolveError("units", f"{total} dice in all; at most {MAX_DICE}")
    return entries


def _entry(index: int, item, attribute: str) -> Entry:
    """One `units` entry."""
    field = f"units[{index}]"
    if not isinstance(item, dict):
        raise ResolveError(field, 'must be an object such as {"name": "PDS II", "count": 2}')
    count = integer(item.get("count", 1), f"{field}.count", 1, MAX_COUNT)
    adjacent = flag(item.get("adjacent", False), f"{field}.adjacent")
    if "name" in item:
        extra = set(item) - _CATALOGUE_KEYS
        if extra:
            raise ResolveError(f"{field}.{sorted(extra)[0]}", "give either a unit name or a value, not both")
        unit = load().get(item["name"], f"{field}.name", takes_value=True)
        roll = unit.ability(attribute)
        if roll is None:
            raise ResolveError(f"{field}.name", f"{unit.name} has no {TITLES[attribute]} ability")
        return Entry(index, unit.name, roll, count, adjacent, unit)
    extra = set(item) - _FREE_KEYS
    if extra:
        raise ResolveError(f"{field}.{sorted(extra)[0]}", "is not a field of a unit entry")
    if "value" not in item:
        raise ResolveError(field, 'needs a "name" from the catalogue or a "value" from 1 to 10')
    roll = Roll(
        integer(item["value"], f"{field}.value", 1, 10),
        integer(item.get("dice", 1), f"{field}.dice", 1, 10),
    )
    label = item.get("label") or f"{TITLES[attribute]} {roll.text()}"
    if not isinstance(label, str) or len(label) > 80:
        raise ResolveError(f"{field}.label", "must be text of at most 80 characters")
    return Entry(index, label.strip(), roll, count, adjacent, None)


def parse_modifiers(modifiers, ability: str) -> Modifiers:
    """The `modifiers` object, refusing ones this ability does not use."""
    if not isinstance(modifiers, dict):
        raise ResolveError("modifiers", "must be an object")
    allowed = MODIFIERS[ability]
    for key in sorted(modifiers):
        battle = IN_BATTLES.get(key, {}).get(ability)
        if battle:
            raise ResolveError(f"modifiers.{key}", f"is not supported by the quick {ability} resolver, though the card "
                                                   f"does change these rolls; a battle request applies it "
                                                   f"(\"ability\": \"{battle}\", the card in a side's \"modifiers\")")
        if key not in allowed:
            used = ", ".join(allowed) or "no modifiers"
            raise ResolveError(f"modifiers.{key}", f"does not apply to {ability} (it takes {used})")
    return Modifiers(
        _plasma(modifiers.get("plasma_scoring", False)),
        flag(modifiers.get("planetary_shield", False), "modifiers.planetary_shield"),
        flag(modifiers.get("war_sun", False), "modifiers.war_sun"),
        flag(modifiers.get("harrow", False), "modifiers.harrow"),
    )
