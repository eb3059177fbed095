"""Combat values and hit-assignment classes of the catalogue's units.

The catalogue (units.py) does not yet carry combat values, so they are kept
here by unit id, checked against the printed unit cards; a `combat` Roll on
the Unit record, once the catalogue has one, takes precedence.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..units import Roll, Unit

# The order hits destroy units by default: cheapest first (ships, then ground forces).
CLASSES = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "war_sun",
           "infantry", "mech", "structure")

# Unit id -> (class, combat value, dice). Faction units take their class's place in the order.
COMBAT = {
    "fighter_1": ("fighter", 9, 1), "fighter_2": ("fighter", 8, 1),
    "hybrid_crystal_fighter_1": ("fighter", 8, 1), "hybrid_crystal_fighter_2": ("fighter", 7, 1),
    "destroyer_1": ("destroyer", 9, 1), "destroyer_2": ("destroyer", 8, 1),
    "strike_wing_alpha_1": ("destroyer", 8, 1), "strike_wing_alpha_2": ("destroyer", 7, 1),
    "linkship_1": ("destroyer", 9, 1), "linkship_2": ("destroyer", 8, 1),
    "exile_1": ("destroyer", 8, 1), "exile_2": ("destroyer", 7, 1),
    "cruiser_1": ("cruiser", 7, 1), "cruiser_2": ("cruiser", 6, 1),
    "saturn_engine_1": ("cruiser", 7, 1), "saturn_engine_2": ("cruiser", 6, 1),
    "carrier_1": ("carrier", 9, 1), "carrier_2": ("carrier", 9, 1),
    "advanced_carrier_1": ("carrier", 9, 1), "advanced_carrier_2": ("carrier", 9, 1),
    "dreadnought_1": ("dreadnought", 5, 1), "dreadnought_2": ("dreadnought", 5, 1),
    "super_dreadnought_1": ("dreadnought", 5, 1), "super_dreadnought_2": ("dreadnought", 4, 1),
    "exotrireme_1": ("dreadnought", 5, 1), "exotrireme_2": ("dreadnought", 5, 1),
    # The catalogue's generic flagship reads as the common 7 (x2); name the faction's for its own.
    "flagship": ("flagship", 7, 2),
    "arc_secundus": ("flagship", 5, 2), "memoria_1": ("flagship", 7, 2), "memoria_2": ("flagship", 5, 2),
    "son_of_ragh": ("flagship", 5, 2), "the_terror_between": ("flagship", 5, 2),
    "loncara_ssodu": ("flagship", 7, 2), "the_egeiro": ("flagship", 9, 1),
    "war_sun": ("war_sun", 3, 3), "prototype_war_sun_1": ("war_sun", 3, 3),
    "prototype_war_sun_2": ("war_sun", 3, 3),
    "infantry_1": ("infantry", 8, 1), "infantry_2": ("infantry", 7, 1),
    "letani_warrior_1": ("infantry", 8, 1), "letani_warrior_2": ("infantry", 7, 1),
    "spec_ops_1": ("infantry", 7, 1), "spec_ops_2": ("infantry", 6, 1),
    "crimson_legionnaire_1": ("infantry", 8, 1), "crimson_legionnaire_2": ("infantry", 7, 1),
    "mech": ("mech", 6, 1), "letani_behemoth": ("mech", 6, 1), "annihilator": ("mech", 6, 1),
    "indomitus": ("mech", 6, 1), "eanautic": ("mech", 6, 1),
    # Hel-Titans are structures that are also ground forces (they fight in ground combat).
    "hel_titan_1": ("mech", 7, 1), "hel_titan_2": ("mech", 6, 1),
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


def spec(unit: Unit) -> Spec:
    """The battle view of a catalogue unit."""
    klass, value, dice = COMBAT.get(unit.id, ("structure", 0, 0))
    combat = getattr(unit, "combat", None) or (Roll(value, dice) if dice else None)
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
