"""The unit catalogue: attributes of the units these abilities concern."""
from __future__ import annotations

import difflib
import functools
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources

from corpus.names import words

from .errors import ResolveError
from .factions import faction_name
from .unit_words import unit_names

DICE_ABILITIES = ("space_cannon", "bombardment", "anti_fighter_barrage")
TYPES = ("ship", "fighter", "infantry", "ground_force", "structure")
# Fighters whose excess over capacity counts against the fleet pool instead, and as how many ships each
# (Fighter II: one; Hybrid Crystal Fighter II: half).
FLEET_POOL_FIGHTERS = {"Fighter II": Fraction(1), "Hybrid Crystal Fighter II": Fraction(1, 2)}
TITLES = {
    "space_cannon": "Space Cannon",
    "bombardment": "Bombardment",
    "anti_fighter_barrage": "Anti-Fighter Barrage",
    "production": "Production",
}


@dataclass(frozen=True)
class Roll:
    """An ability value "X (xY)": hits on X or more, Y dice."""

    value: int
    dice: int = 1

    def text(self) -> str:
        """As printed on a card: "5" or "5 (x3)"."""
        return f"{self.value} (x{self.dice})" if self.dice > 1 else str(self.value)


@dataclass(frozen=True)
class Production:
    """A Production value: fixed, or the planet's resources plus a number."""

    fixed: int | None = None
    resources_plus: int | None = None
    resource_bonus: int = 0

    @property
    def needs_resources(self) -> bool:
        """True when the value depends on the planet's resources."""
        return self.fixed is None

    def value(self, planet_resources: int = 0) -> int:
        """The Production value, given the printed resources of its planet."""
        if self.fixed is not None:
            return self.fixed
        return planet_resources + self.resource_bonus + self.resources_plus

    def text(self) -> str:
        """Human form: "5" or "resources + 2"."""
        if self.fixed is not None:
            return str(self.fixed)
        bonus = f" (+{self.resource_bonus} resource on its planet)" if self.resource_bonus else ""
        return f"resources + {self.resources_plus}{bonus}"


@dataclass(frozen=True)
class Unit:
    """One catalogue unit and where its values were checked."""

    id: str
    name: str
    type: str
    source: str
    aliases: tuple[str, ...] = ()
    faction: str | None = None
    expansion: str = "base"
    cost: int | None = None
    per_cost: int = 1
    capacity: int = 0
    fighter_allowance: int = 0
    sustain_damage: bool = False
    planetary_shield: bool = False
    removes_planetary_shield: bool = False
    deep_space_cannon: bool = False
    ground_force: bool = False
    in_space: bool = False
    space_cannon: Roll | None = None
    bombardment: Roll | None = None
    anti_fighter_barrage: Roll | None = None
    production: Production | None = None
    # Combat value and move, as printed (None for units that have none).
    combat: Roll | None = None
    move: int | None = None
    # The combat roll has one die per opponent's non-fighter ship in the system (Salai Sai Corian).
    combat_per_opponent_ship: bool = False
    # Repaired at the start of each combat round it fights (Arc Secundus's card: each space combat round;
    # Eidolon Maximum's: every combat round, space or ground).
    repairs_each_round: bool = False
    # Both a ship and a ground force, so it fights in space and ground combats alike (Eidolon Maximum's card).
    ship_and_ground_force: bool = False
    # Hits from unit abilities (Space Cannon, Bombardment) cannot be assigned to it (Eidolon Maximum's card).
    no_ability_hits: bool = False
    # +N to the combat rolls of the side's other ships in the system while it is alive (C'morran N'orr's card).
    other_ships_combat_bonus: int = 0
    # Hits added by each unmodified 9 or 10 of its combat roll (J.N.S. Hylarim's card).
    extra_hits_on_9_or_10: int = 0
    # The opponent's units in its arena cannot use Sustain Damage: ships in the system (Fourth Moon's card),
    # ground forces on its planet (Moll Terminus's).
    denies_sustain: bool = False
    # Other players cannot use Space Cannon against its side's ships in the system (Quetzecoatl's card).
    blocks_space_cannon: bool = False
    # When it is destroyed, all ships in the system are destroyed (Van Hauge's card).
    destroys_all_ships: bool = False
    # During a space combat, hits produced by it and its side's dreadnoughts go to non-fighter ships if able
    # ([0.0.1]'s card).
    dreadnought_hits_to_non_fighters: bool = False
    # During an invasion in the system, its side's fighters may be committed to the planet as ground forces
    # (Matriarch's card).
    fighters_invade: bool = False
    # At the start of a space combat, its side's ground forces in the system may fight as ships (The Alastor's card).
    ground_forces_fight_as_ships: bool = False
    # Extra combat dice of its side's mechs in the system (Visz El Vir's card).
    mech_extra_dice: int = 0
    # Other players cannot use Anti-Fighter Barrage against its side's units in the system (Iconoclast Omega's card).
    blocks_anti_fighter_barrage: bool = False
    # Its side's infantry on its planet are not affected by Fragile (Shield Paling's card).
    infantry_not_fragile: bool = False
    # After it uses Sustain Damage in a ground combat, it produces 1 hit against the opponent's ground forces
    # (Valkyrie Exoskeleton's card).
    hits_after_sustain: bool = False
    # Ships it may destroy after a round of space combat by destroying itself (Exotrireme II's card).
    destroys_ships_after_round: int = 0
    # Each 9 or 10 of its Anti-Fighter Barrage also destroys 1 of the opponent's infantry in the space area
    # (Strike Wing Alpha II's card).
    afb_destroys_infantry: bool = False
    # Its Bombardment ignores Planetary Shield (The Dragon, Fred's card).
    bombardment_ignores_shield: bool = False
    # Its hits (its Space Cannon's) must be assigned to non-fighter ships if able (Justicer Rail's card).
    hits_to_non_fighter_ships: bool = False
    # A ship too while in the space area of the active system (Z-Grav Eidolon's card; Starlancer XI fights a space
    # combat as one).
    ship_in_space_area: bool = False
    # The unit on the other side of its card: Eidolon flips to Z-Grav Eidolon at the start of a space combat, and
    # back at the end of the space battle (their cards).
    other_face: str | None = None
    # The card's sentences that bear on a battle, as printed (the resolver says which it does not apply).
    combat_text: tuple[str, ...] = ()
    # The promissory note the unit stands for (The Cavalry): a ship takes its values, it is never produced.
    promissory_note: str | None = None

    @property
    def producible(self) -> bool:
        """Units with a cost can be produced (26.3), except a promissory note's stand-in (67.1)."""
        return self.cost is not None and self.promissory_note is None

    def ability(self, name: str) -> Roll | None:
        """The unit's roll for a dice ability, or None."""
        return getattr(self, name)

    @property
    def on_planet(self) -> bool:
        """True for units that stand on planets (structures, ground forces)."""
        return (self.type == "structure" and not self.in_space) or self.ground_force

    def to_dict(self) -> dict:
        """Catalogue entry for the unit picker."""
        values = {k: _roll_dict(self.ability(k)) for k in DICE_ABILITIES if self.ability(k)}
        if self.space_cannon:
            values["space_cannon"]["adjacent"] = self.deep_space_cannon
        if self.production:
            values["production"] = {
                "text": self.production.text(),
                "needs_planet_resources": self.production.needs_resources,
            }
        cost = {"resources": self.cost, "units": self.per_cost} if self.cost is not None else None
        return {
            "id": self.id, "name": self.name, "type": self.type, "faction": self.faction,
            "faction_name": faction_name(self.faction), "expansion": self.expansion, "cost": cost,
            "values": values, "sustain_damage": self.sustain_damage,
            "planetary_shield": self.planetary_shield, "capacity": self.capacity, "source": self.source,
            "combat": combat_dict(self.combat, self.combat_per_opponent_ship) if self.combat else None,
            "move": self.move,
        }


def _roll_dict(roll: Roll) -> dict:
    """JSON form of a roll."""
    return {"value": roll.value, "dice": roll.dice, "text": roll.text()}


def combat_text(roll: Roll, per_opponent_ship: bool = False) -> str:
    """A combat value as printed: "9 (x2)", or the Winnu flagship's "7, one die per opponent's non-fighter ship"."""
    return f"{roll.value}, one die per opponent's non-fighter ship" if per_opponent_ship else roll.text()


def combat_dict(roll: Roll, per_opponent_ship: bool = False) -> dict:
    """JSON form of a combat value; dice counted in play are flagged."""
    out = {"value": roll.value, "dice": roll.dice, "text": combat_text(roll, per_opponent_ship)}
    return {**out, "per_opponent_ship": True} if per_opponent_ship else out


def unit_key(name: str) -> str:
    """Lookup key: ASCII words, lower case (accents go, en dashes separate); a final 1/2 reads as I/II,
    also typed onto the name ("pds2", "dreadnought2")."""
    found = words(name)
    if found and re.fullmatch(r"[a-z]+[12]", found[-1]):
        found[-1:] = [found[-1][:-1], found[-1][-1]]
    if found and found[-1] in ("1", "2"):
        found[-1] = "i" * int(found[-1])
    return " ".join(found)


def _unit(data: dict) -> Unit:
    """A Unit from its JSON record."""
    data = dict(data)
    for name in (*DICE_ABILITIES, "combat"):
        if data.get(name):
            data[name] = Roll(**data[name])
    if data.get("production"):
        data["production"] = Production(**data["production"])
    data["aliases"] = tuple(data.get("aliases", ()))
    data["combat_text"] = tuple(data.get("combat_text", ()))
    return Unit(**data)


@dataclass(frozen=True)
class Catalogue:
    """All units, with lookup by name, alias or id."""

    units: tuple[Unit, ...]

    @functools.cached_property
    def _index(self) -> dict[str, Unit]:
        # A unit's own name comes first: the catalogue lists "Linkship" (Twilight's Fall) beside Linkship I,
        # whose alias "Linkship" would otherwise make the listed one unreachable.
        index: dict[str, Unit] = {}
        for unit in self.units:
            index.setdefault(unit_key(unit.name), unit)
        for unit in self.units:
            for key in (unit.id.replace("_", " "), *unit.aliases):
                # Units come in precedence order: a Twilight's Fall card never shadows the original.
                index.setdefault(unit_key(key), unit)
        return index

    def get(self, name, field: str, takes_value: bool = False) -> Unit:
        """The unit a request names; ResolveError naming `field` if unknown (`takes_value`: the entry may give a
        value such as 5 (x3) instead, as dice abilities allow)."""
        if not isinstance(name, str) or not name.strip():
            raise ResolveError(field, "must be a unit name such as \"PDS II\"")
        unit = next((self._index[k] for k in map(unit_key, unit_names(unit_key(name))) if k in self._index), None)
        if unit is None:
            instead = " or give a value instead of a name" if takes_value else ""
            close = difflib.get_close_matches(unit_key(name), list(self._index), n=1, cutoff=0.8)
            pick = f"pick one from the catalogue{instead}"
            meant = f"did you mean {self._index[close[0]].name}? If not, {pick}" if close else pick
            raise ResolveError(field, f"unknown unit {name!r}; {meant}")
        return unit


@functools.cache
def load() -> Catalogue:
    """The catalogue from corpus/data/units.json, generated from the AsyncTI4 data by
    `python -m ingest.unit_catalogue` (read once, on first use)."""
    text = resources.files("corpus").joinpath("data/units.json").read_text(encoding="utf-8")
    return Catalogue(tuple(_unit(record) for record in json.loads(text)["units"]))


# Which units each picker shows; "build" lists the units that can be produced.
PICKERS = {
    "space_cannon": lambda u: u.space_cannon is not None,
    "space_cannon_defense": lambda u: u.space_cannon is not None and u.on_planet,
    "bombardment": lambda u: u.bombardment is not None,
    "anti_fighter_barrage": lambda u: u.anti_fighter_barrage is not None,
    "production": lambda u: u.production is not None,
    "build": lambda u: u.producible,
}


def catalogue(ability: str | None = None) -> list[dict]:
    """Catalogue entries for a picker (all units when ability is None)."""
    if ability is not None and ability not in PICKERS:
        raise ResolveError("ability", f"unknown ability {ability!r}; use one of {', '.join(PICKERS)}")
    keep = PICKERS.get(ability, lambda u: True)
    return [unit.to_dict() for unit in load().units if keep(unit)]
