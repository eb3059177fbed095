"""Planets as producers' homes: a space dock "on Mecatol Rex" takes that planet's resources."""
from __future__ import annotations

from collections.abc import Mapping

from .errors import ResolveError
from .units import unit_key

# Folded planet name -> (printed name, resources); the corpus provides it (Corpus.planets()).
Planets = Mapping[str, tuple[str, int]]


def planet_key(name: str) -> str:
    """Lookup key for a planet name ("Mecatol  rex", "mecatol-rex")."""
    return unit_key(name)


def with_planet_resources(request: dict, planets: Planets | None) -> dict:
    """The request with each producer's `planet` read into `planet_resources`."""
    producers = request.get("producers")
    if not isinstance(producers, list) or not any(isinstance(p, dict) and "planet" in p for p in producers):
        return request
    filled = []
    for index, item in enumerate(producers):
        if isinstance(item, dict) and "planet" in item:
            item = _filled(index, item, planets)
        filled.append(item)
    return {**request, "producers": filled}


def _filled(index: int, item: dict, planets: Planets | None) -> dict:
    """One producer with its planet's resources; errors name producers[i].planet."""
    where = f"producers[{index}].planet"
    name = item["planet"]
    if "planet_resources" in item:
        raise ResolveError(where, "give the planet or its resources (planet_resources), not both")
    if not isinstance(name, str) or not name.strip():
        raise ResolveError(where, "must be a planet name such as \"Mecatol Rex\"")
    if not planets:
        raise ResolveError(where, "no planet data in this corpus; give planet_resources instead")
    found = planets.get(planet_key(name))
    if found is None:
        raise ResolveError(where, f"unknown planet {name!r}; pick one from the planets page or give planet_resources")
    rest = {k: v for k, v in item.items() if k != "planet"}
    return {**rest, "planet": found[0], "planet_resources": found[1]}
