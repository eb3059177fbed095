"""Combat values and hit-assignment classes of the catalogue's units.

The catalogue (units.py) does not yet carry combat values, so they are kept
here by unit id, checked against the printed unit cards; a `combat` Roll on
the Unit record, once the catalogue has one, takes precedence. The class in
the destroy order comes from the unit's kind and, for ships, its cost.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..units import Roll, Unit

# The order hits destroy units by default: cheapest first (ships, then ground forces).
CLASSES = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "war_sun",
           "infantry", "mech", "structure")

# Ship classes by cost, so faction ships take their class's place in the destroy order.
SHIP_CLASSES = {1: "destroyer", 2: "cruiser", 3: "carrier", 4: "dreadnought", 8: "flagship"}

# Unit id -> (combat value, dice), for catalogues whose units do not carry their combat value yet.
COMBAT = {
    "fighter_1": (9, 1), "fighter_2": (8, 1),
    "hybrid_crystal_fighter_1": (8, 1), "hybrid_crystal_fighter_2": (7, 1),
    "destroyer_1": (9, 1), "destroyer_2": (8, 1),
    "strike_wing_alpha_1": (8, 1), "strike_wing_alpha_2": (7, 1),
    "linkship_1": (9, 1), "linkship_2": (8, 1),
    "exile_1": (8, 1), "exile_2": (7, 1),
    "cruiser_1": (7, 1), "cruiser_2": (6, 1),
    "saturn_engine_1": (7, 1), "saturn_engine_2": (6, 1),
    "carrier_1": (9, 1), "carrier_2": (9, 1),
    "advanced_carrier_1": (9, 1), "advanced_carrier_2": (9, 1),
    "dreadnought_1": (5, 1), "dreadnought_2": (5, 1),
    "super_dreadnought_1": (5, 1), "super_dreadnought_2": (4, 1),
    "exotrireme_1": (5, 1), "exotrireme_2": (5, 1),
    # The catalogue's generic flagship reads as the common 7 (x2); name the faction's for its own.
    "flagship": (7, 2),
    "arc_secundus": (5, 2), "memoria_1": (7, 2), "memoria_2": (5, 2),
    "son_of_ragh": (5, 2), "the_terror_between": (5, 2),
    "loncara_ssodu": (7, 2), "the_egeiro": (9, 1),
    "war_sun": (3, 3), "prototype_war_sun_1": (3, 3),
    "prototype_war_sun_2": (3, 3),
    "infantry_1": (8, 1), "infantry_2": (7, 1),
    "letani_warrior_1": (8, 1), "letani_warrior_2": (7, 1),
    "spec_ops_1": (7, 1), "spec_ops_2": (6, 1),
    "crimson_legionnaire_1": (8, 1), "crimson_legionnaire_2": (7, 1),
    "mech": (6, 1), "letani_behemoth": (6, 1), "annihilator": (6, 1),
    "indomitus": (6, 1), "eanautic": (6, 1),
    # Hel-Titans are structures that are also ground forces (they fight in ground combat).
    "hel_titan_1": (7, 1), "hel_titan_2": (6, 1),
}


@dataclass(frozen=True)
class Spec:
    """One unit type in a battle: what it rolls, whether it sustains, where it fights."""

    name: str
    klass: str
    combat: Roll | None
    sustain: bool = False
    ship: bool = False
    fighter: bool = False
    ground: bool = False
    space_cannon: Roll | None = None
    deep_space_cannon: bool = False
    anti_fighter_barrage: Roll | None = None
    bombardment: Roll | None = None
    planetary_shield: bool = False
    removes_planetary_shield: bool = False

    @property
    def rank(self) -> tuple[int, int]:
        """Default destroy order: class, then the worse combat value first."""
        value = self.combat.value if self.combat else 11
        return CLASSES.index(self.klass), -value


def unit_class(unit: Unit) -> str:
    """Where a unit stands in the default destroy order: its kind, and for ships its cost."""
    if unit.type in ("fighter", "infantry"):
        return unit.type
    if unit.ground_force:
        return "mech"
    if unit.type != "ship":
        return "structure"
    if unit.cost is not None and unit.cost >= 10:
        return "war_sun"
    return SHIP_CLASSES.get(unit.cost, "flagship")


def spec(unit: Unit) -> Spec:
    """The battle view of a catalogue unit."""
    combat = getattr(unit, "combat", None)
    if combat is None and unit.id in COMBAT:
        combat = Roll(*COMBAT[unit.id])
    klass = unit_class(unit)
    return Spec(
        name=unit.name, klass=klass, combat=combat, sustain=unit.sustain_damage,
        ship=unit.type in ("ship", "fighter"), fighter=unit.type == "fighter", ground=unit.ground_force,
        space_cannon=unit.space_cannon, deep_space_cannon=unit.deep_space_cannon,
        anti_fighter_barrage=unit.anti_fighter_barrage, bombardment=unit.bombardment,
        planetary_shield=unit.planetary_shield, removes_planetary_shield=unit.removes_planetary_shield,
    )


def picker(ability: str, unit: Unit) -> bool:
    """Whether a battle's unit picker offers a catalogue unit."""
    s = spec(unit)
    if ability == "space_combat":
        return (s.ship and s.combat is not None) or s.space_cannon is not None or s.ground
    if ability == "ground_combat":
        return s.ground
    return s.ground or s.bombardment is not None or (s.space_cannon is not None and not s.ship) or s.planetary_shield
