"""Units: every unit card's values (the resolver's catalogue is generated from these)."""
from __future__ import annotations

from corpus.components import VALUE_KEYS

from .common import PRECEDENCE, Data, Row, faction_page

UNITS_PAGE = ("cards/units", "Units")
# Unit types each faction prints its own card of; the units page gives the values their cards share.
_CATEGORY = {"flagship": "Flagship", "mech": "Mech"}
# Twilight's Fall is a game mode of its own (common.PRECEDENCE): its cards are not counted in the official game's.
_APART = {"twilights_fall"}
# Values that name one card rather than describe its type.
_ONE_CARD = {"id", "faction", "upgrades_to"}


def upgrades(data: Data) -> dict[str, dict]:
    """Technology alias -> the values of the unit upgrade it is (Fighter II, Letani Warrior II)."""
    techs = {item.get("alias") for _, item in data.items("technologies")}
    return {item["requiredTechId"]: values(item) for _, item in data.items("units")
            if item.get("requiredTechId") in techs}


def rows(data: Data) -> list[Row]:
    """One row per unit card that is not a technology card too; faction units on their faction's page."""
    out = []
    techs = {item.get("alias") for _, item in data.items("technologies")}
    # A unit whose only card is a technology (the War Sun, which its technology unlocks rather than
    # upgrades) is shown on the units page too, as the unit sheet prints it.
    plain = {_kind(data, item) for _, item in data.items("units")
             if item.get("requiredTechId") not in techs and not stand_in(item)}
    for path, item in data.items("units"):
        if stand_in(item) or (item.get("requiredTechId") in techs and _kind(data, item) in plain):
            continue  # the upgrade's card is its technology, which carries these values
        faction = item.get("faction")
        page = faction_page(faction) if faction else UNITS_PAGE[0]
        # Only the printed ability is text: value words ("Combat", "Move") in every unit would crowd search.
        text = item.get("ability") or ""
        out.append(Row(page, _CATEGORY.get(item.get("baseType"), "Unit"), item.get("name", ""), text, item, path,
                       facts={"unit": values(item)}))
    return out


def _kind(data: Data, item: dict) -> tuple:
    """A unit's type, faction, whether it is official and whether of Twilight's Fall: a homebrew war sun,
    or that game mode's, is not the official game's."""
    return item.get("baseType"), item.get("faction"), data.is_official(item), item.get("source") in _APART


# Values that say nothing of a unit's card: every record has them.
_BOOKKEEPING = {"id", "base_type", "faction", "per_cost"}


def stand_in(item: dict) -> bool:
    """True for the bot's stand-ins, which no card prints: no value and no ability
    ("Not a War Sun Yet", a war sun before its technology)."""
    return not item.get("ability") and not set(values(item)) - _BOOKKEEPING


def roll(hits_on, dice) -> dict | None:
    """An "X (xY)" value, or None when the unit has none."""
    if hits_on is None:
        return None
    dice = int(dice or 1)
    return {"value": int(hits_on), "dice": dice, "text": f"{hits_on} (x{dice})" if dice > 1 else str(hits_on)}


def production(item: dict) -> dict | None:
    """Production: fixed, or the planet's resources plus a number ("+2" or 2 with basicProduction res)."""
    value = item.get("productionValue")
    if value is None:
        return None
    number = int(str(value).lstrip("+"))
    if item.get("basicProduction") == "res" or str(value).startswith("+"):
        return {"resources_plus": number, "text": f"resources + {number}"}
    return {"fixed": number, "text": str(number)}


def values(item: dict) -> dict:
    """The printed values of a unit, named as the rules name them."""
    cost = item.get("cost")
    found = {
        "id": item.get("id"), "base_type": item.get("baseType"), "faction": item.get("faction"),
        "cost": None if cost is None else (1 if cost == 0.5 else int(cost)),
        "per_cost": 2 if cost == 0.5 else 1,
        "combat": roll(item.get("combatHitsOn"), item.get("combatDieCount")),
        "move": item.get("moveValue"), "capacity": item.get("capacityValue"),
        "sustain_damage": bool(item.get("sustainDamage")),
        "planetary_shield": bool(item.get("planetaryShield")),
        "removes_planetary_shield": bool(item.get("disablesPlanetaryShield")),
        "space_cannon": roll(item.get("spaceCannonHitsOn"), item.get("spaceCannonDieCount")),
        "deep_space_cannon": bool(item.get("deepSpaceCannon")),
        "bombardment": roll(item.get("bombardHitsOn"), item.get("bombardDieCount")),
        "anti_fighter_barrage": roll(item.get("afbHitsOn"), item.get("afbDieCount")),
        "production": production(item),
        # All infantry and mech units are ground forces (43.1); the data does not flag Z-Grav Eidolon, the other side
        # of the Naaz-Rokha mech card.
        "ship": bool(item.get("isShip")),
        "ground_force": bool(item.get("isGroundForce")) or item.get("baseType") in ("infantry", "mech"),
        "structure": bool(item.get("isStructure")), "space_only": bool(item.get("isSpaceOnly")),
        "upgrades_to": item.get("upgradesToUnitId"),
    }
    return {k: v for k, v in found.items() if v is not None and v is not False}  # keep a 0 move


def shared_rows(data: Data) -> list[Row]:
    """A row for the generic Flagship and Mech: the values every official faction's card of that type
    shares, the values that differ from one faction's card to another's, and which factions were read."""
    units = {item.get("id"): (path, item) for path, item in data.items("units")}
    found: dict[str, list[tuple[dict, str, dict]]] = {}
    for _, faction in data.items("factions"):
        if not data.is_official(faction) or faction.get("source") in _APART:
            continue
        for path, item in (units[u] for u in faction.get("units") or [] if u in units):
            if item.get("baseType") in _CATEGORY and data.is_official(item):
                found.setdefault(item["baseType"], []).append((faction, path, item))
    return [_shared_row(data, base, cards) for base, cards in found.items()]


def _shared_row(data: Data, base: str, cards: list[tuple[dict, str, dict]]) -> Row:
    """The row of one unit type, from every faction's card of it (a two-faced card counts both faces)."""
    printed = [values(item) for _, _, item in cards]
    shared = {k: v for k, v in printed[0].items() if k not in _ONE_CARD and all(p.get(k) == v for p in printed)}
    varies = [k for k in VALUE_KEYS if k not in shared and any(p.get(k) not in (None, False) for p in printed)]
    sources = sorted({item.get("source") for _, _, item in cards}, key=_age)
    expansions = [data.expansion({"source": s}) for s in sorted({f.get("source") for f, _, _ in cards}, key=_age)]
    # Keleres has three faction records (one per home system) and one flagship: count the cards' factions.
    scope = {"factions": len({item.get("faction") for _, _, item in cards}), "expansions": expansions}
    item = {"id": f"faction_{base}s", "source": sources[0]}  # first printed by the oldest expansion
    return Row(UNITS_PAGE[0], "Unit", _CATEGORY[base], "", item, cards[0][1],
               facts={"unit": shared, "unit_varies": varies, "unit_scope": scope})


def _age(source: str | None) -> int:
    """Newest first in PRECEDENCE; here the oldest comes first."""
    return -PRECEDENCE.index(source) if source in PRECEDENCE else 1
