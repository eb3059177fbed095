"""Combat values and hit-assignment classes of the catalogue's units.

Combat values come from the catalogue (units.py, generated from the unit data at
ingest). The class in the destroy order comes from the unit's kind and, for
ships, its cost.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..units import FLEET_POOL_FIGHTERS, Roll, Unit, combat_text
from .facts import asked

# The order hits destroy units by default: cheapest first (ships, then ground forces).
CLASSES = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "war_sun",
           "infantry", "mech", "structure")

# Ship classes by cost, so faction ships take their class's place in the destroy order.
SHIP_CLASSES = {1: "destroyer", 2: "cruiser", 3: "carrier", 4: "dreadnought", 8: "flagship"}


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
    structure: bool = False  # a PDS, a space dock, a Hel-Titan: never transported
    space_cannon: Roll | None = None
    deep_space_cannon: bool = False
    anti_fighter_barrage: Roll | None = None
    bombardment: Roll | None = None
    planetary_shield: bool = False
    removes_planetary_shield: bool = False
    move: int | None = None  # None: it moves only when transported (Fighter I), which matters in a retreat
    capacity: int = 0
    per_opponent_ship: bool = False  # combat dice: one per opponent's non-fighter ship (Salai Sai Corian)
    pds: bool = False  # a PDS or a faction's PDS (Hel-Titan): what Disable names
    repairs: bool = False  # repaired at the start of each combat round (Arc Secundus, Eidolon Maximum)
    ability_proof: bool = False  # hits from unit abilities cannot be assigned to it (Eidolon Maximum)
    fighter_room: int = 0  # fighters in the system a space dock keeps out of capacity
    pool_fighter: bool = False  # beyond capacity, it counts against the fleet pool instead (Fighter II)
    boosts_others: int = 0  # + to the other ships' combat rolls while it is alive (C'morran N'orr)
    extra_hits: int = 0  # hits added by each unmodified 9 or 10 of its combat roll (J.N.S. Hylarim)
    denies_sustain: bool = False  # the opponent's units here cannot use Sustain Damage (Fourth Moon, Moll Terminus)
    blocks_space_cannon: bool = False  # no Space Cannon against its side's ships (Quetzecoatl)
    destroys_all: bool = False  # when destroyed, every ship in the system is destroyed (Van Hauge)
    steers_hits: bool = False  # its and its side's dreadnoughts' hits go to non-fighter ships if able ([0.0.1])
    fighters_invade: bool = False  # its side's fighters may be committed to an invaded planet (Matriarch)
    musters: bool = False  # its side's ground forces fight a space combat as ships (The Alastor)
    joins: bool = False  # a ground force fighting a space combat as a ship from its start (The Alastor, Z-Grav)
    mech_dice: int = 0  # extra combat dice of its side's mechs in the system (Visz El Vir)
    blocks_afb: bool = False  # no Anti-Fighter Barrage against its side's units (Iconoclast Omega)
    steadies: bool = False  # its side's infantry on its planet are not affected by Fragile (Shield Paling)
    strikes_back: bool = False  # after it uses Sustain Damage in ground combat, 1 hit back (Valkyrie Exoskeleton)
    trades_for: int = 0  # ships its side may destroy after a round by destroying it (Exotrireme II)
    culls: bool = False  # each 9 or 10 of its AFB destroys 1 of the opponent's infantry there (Strike Wing Alpha II)
    pierces: bool = False  # its Bombardment ignores Planetary Shield (The Dragon, Fred)
    aims: bool = False  # its Space Cannon hits must go to non-fighter ships if able (Justicer Rail)
    space_ship: bool = False  # a ship in a space combat from its start, in the space area (Z-Grav Eidolon)
    ship_klass: str | None = None  # its class among ships when it fights as one: its cost's (Z-Grav Eidolon's 2)
    other_face: str | None = None  # the other side of its card (Eidolon, Z-Grav Eidolon)
    asks: str | None = None  # the request field of the table fact its card's bonus or repair asks (facts.py)
    own_bonus: int = 0  # that bonus to its own combat rolls, with the fact the side's request gives
    end_repairs: bool = False  # repaired at the end of each combat round, with that fact given (Heaven's Eye)
    card_text: tuple[str, ...] = ()  # the card's sentences that bear on a battle (unit_text.py says which apply)

    @property
    def combat_text(self) -> str:
        """The combat value as printed ("9 (x2)")."""
        return combat_text(self.combat, self.per_opponent_ship)

    @property
    def rank(self) -> tuple[int, int]:
        """Default destroy order: class, then the worse combat value first."""
        value = self.combat.value if self.combat else 11
        return CLASSES.index(self.klass), -value


def is_mech(spec: Spec) -> bool:
    """A mech: a ground force other than infantry and not a structure (a Hel-Titan is a PDS). Eidolon Maximum and
    Z-Grav Eidolon are mechs though ships too: Visz El Vir's die applies to them (the rulings on those cards)."""
    return spec.klass == "mech" and not spec.structure


def unit_class(unit: Unit) -> str:
    """Where a unit stands in the default destroy order: its kind, and for ships its cost."""
    if unit.type in ("fighter", "infantry"):
        return unit.type
    if unit.ground_force:
        return "mech"
    if unit.type != "ship":
        return "structure"
    return ship_class(unit.cost)


def ship_class(cost: int | None) -> str:
    """A ship's class by its cost."""
    if cost is not None and cost >= 10:
        return "war_sun"
    return SHIP_CLASSES.get(cost, "flagship")


def spec(unit: Unit) -> Spec:
    """The battle view of a catalogue unit."""
    combat = unit.combat
    klass = unit_class(unit)
    return Spec(
        name=unit.name, klass=klass, combat=combat, sustain=unit.sustain_damage,
        ship=unit.type in ("ship", "fighter") or unit.ship_and_ground_force, fighter=unit.type == "fighter", ground=unit.ground_force,
        structure=unit.type == "structure",
        space_cannon=unit.space_cannon, deep_space_cannon=unit.deep_space_cannon,
        anti_fighter_barrage=unit.anti_fighter_barrage, bombardment=unit.bombardment,
        planetary_shield=unit.planetary_shield, removes_planetary_shield=unit.removes_planetary_shield,
        move=unit.move, capacity=unit.capacity, per_opponent_ship=unit.combat_per_opponent_ship,
        # The only structures with Space Cannon or Planetary Shield are PDS units and faction PDS.
        pds=unit.type == "structure" and (unit.space_cannon is not None or unit.planetary_shield),
        repairs=unit.repairs_each_round, ability_proof=unit.no_ability_hits, fighter_room=unit.fighter_allowance,
        pool_fighter=unit.name in FLEET_POOL_FIGHTERS, boosts_others=unit.other_ships_combat_bonus,
        extra_hits=unit.extra_hits_on_9_or_10, denies_sustain=unit.denies_sustain,
        blocks_space_cannon=unit.blocks_space_cannon, destroys_all=unit.destroys_all_ships,
        steers_hits=unit.dreadnought_hits_to_non_fighters, fighters_invade=unit.fighters_invade,
        musters=unit.ground_forces_fight_as_ships, mech_dice=unit.mech_extra_dice,
        blocks_afb=unit.blocks_anti_fighter_barrage, steadies=unit.infantry_not_fragile,
        strikes_back=unit.hits_after_sustain, trades_for=unit.destroys_ships_after_round,
        culls=unit.afb_destroys_infantry, pierces=unit.bombardment_ignores_shield,
        aims=unit.hits_to_non_fighter_ships, space_ship=unit.ship_in_space_area,
        ship_klass=ship_class(unit.cost) if unit.ship_in_space_area else None, other_face=unit.other_face,
        asks=asked(unit.combat_text), card_text=unit.combat_text,
    )


def picker(ability: str, unit: Unit) -> bool:
    """Whether a battle's unit picker offers a catalogue unit: those that fight or fire there, and those whose
    card changes the battle (card_reason)."""
    s = spec(unit)
    if ability != "space_combat" and s.space_ship and s.other_face:
        return False  # Z-Grav Eidolon: on a planet the card shows its other side, Eidolon, which the picker offers
    if ability == "space_combat":
        fights = (s.ship and s.combat is not None) or s.space_cannon is not None or s.ground
    elif ability == "ground_combat":
        fights = s.ground
    else:
        fights = s.ground or s.bombardment is not None or (s.space_cannon is not None and not s.ship) or s.planetary_shield
    return fights or bool(card_reason(ability, unit))


def card_reason(ability: str, unit: Unit) -> str:
    """Why a battle's picker offers a unit for what its card does there ("" when it is not so offered)."""
    if ability == "space_combat" and unit.fighter_allowance:
        return f"keeps {unit.fighter_allowance} fighters without capacity"
    if ability == "space_combat" and unit.ship_in_space_area:
        return "a ship in the space area"
    if ability == "space_combat" and unit.other_face:
        return f"fights as {unit.other_face}, a ship"
    if unit.mech_extra_dice:
        return f"+{unit.mech_extra_dice} die for each mech"
    if ability == "invasion" and unit.fighters_invade:
        return "its side's fighters can invade"
    if ability == "invasion" and unit.type == "fighter":
        return "invades with Matriarch"
    return ""
