"""Planets: resources, influence, trait, technology specialty, legendary ability."""
from __future__ import annotations

from .common import Data, Row

PLANETS_PAGE = ("cards/planets", "Planets")
_TRAITS = {"CULTURAL": "Cultural", "HAZARDOUS": "Hazardous", "INDUSTRIAL": "Industrial"}


def rows(data: Data) -> list[Row]:
    """One row per planet file with a name."""
    out = []
    for path, item in sorted(data.files.items()):
        if path.startswith("planets/") and isinstance(item, dict) and item.get("name"):
            facts = planet_facts(item)
            out.append(Row(PLANETS_PAGE[0], "Planet", item["name"], describe(facts), item, path, facts=facts))
    return out


def planet_facts(item: dict) -> dict:
    """The values printed on a planet card."""
    specialties = sorted({s.title() for s in item.get("techSpecialties") or []})
    facts = {
        "planet_name": item.get("name"), "resources": int(item.get("resources") or 0), "influence": int(item.get("influence") or 0),
        "trait": _TRAITS.get(str(item.get("planetType")).upper()),
        "tech_specialty": specialties, "home_system_of": item.get("factionHomeworld"),
        "legendary_ability": item.get("legendaryAbilityName"),
        "legendary_text": item.get("legendaryAbilityText"),
        "planet_aliases": sorted(set(item.get("aliases") or [])),
    }
    return {k: v for k, v in facts.items() if v not in (None, [], "")}


def describe(facts: dict) -> str:
    """"Resources 1, influence 6. Legendary: …" as indexed and shown."""
    parts = [f"Resources {facts['resources']}, influence {facts['influence']}."]
    if facts.get("trait"):
        parts.append(f"Trait: {facts['trait']}.")
    if facts.get("tech_specialty"):
        parts.append(f"Technology specialty: {', '.join(facts['tech_specialty'])}.")
    if facts.get("legendary_text"):
        parts.append(f"Legendary ability ({facts.get('legendary_ability') or 'legendary'}): {facts['legendary_text']}")
    return "\n".join(parts)
