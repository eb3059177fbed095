"""Units: every unit card's values (the resolver's catalogue is generated from these)."""
from __future__ import annotations


from .common import Data, Row, faction_page

UNITS_PAGE = ("cards/units", "Units")
_CATEGORY = {"flagship": "Flagship", "mech": "Mech"}


def upgrades(data: Data) -> dict[str, dict]:
    """Technology alias -> the values of the unit upgrade it is (Fighter II, Letani Warrior II)."""
    techs = {item.get("alias") for _, item in data.items("technologies")}
    return {item["requiredTechId"]: values(item) for _, item in data.items("units")
            if item.get("requiredTechId") in techs}


def rows(data: Data) -> list[Row]:
    """One row per unit card that is not a technology card too; faction units on their faction's page."""
    out = []
    techs = {item.get("alias") for _, item in data.items("technologies")}
    for path, item in data.items("units"):
        if item.get("requiredTechId") in techs or stand_in(item):
            continue  # the upgrade's card is its technology, which carries these values
        faction = item.get("faction")
        page = faction_page(faction) if faction else UNITS_PAGE[0]
        # Only the printed ability is text: value words ("Combat", "Move") in every unit would crowd search.
        text = item.get("ability") or ""
        out.append(Row(page, _CATEGORY.get(item.get("baseType"), "Unit"), item.get("name", ""), text, item, path,
                       facts={"unit": values(item)}))
    return out


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
