"""Step resolver: exact odds and rule-by-rule steps for TI4 unit abilities.

Pure Python, no web: the API layer calls `resolve(request)` with the JSON
body and `catalogue(ability)` for the unit picker, and turns ResolveError
into a 400 naming `error.field`.
"""
from __future__ import annotations

from .abilities import evaluate
from .build import resolve_production
from .combat import BATTLES, battle_units, modifier_catalogue, resolve_battle
from .errors import ResolveError
from .planets import Planets, with_planet_resources
from .records import Outcome
from .request import DICE_REQUESTS, parse_dice_request
from .units import PICKERS, catalogue as unit_catalogue

ABILITIES = (*DICE_REQUESTS, "production", *BATTLES)

__all__ = ["ABILITIES", "Outcome", "ResolveError", "catalogue", "modifier_catalogue", "outcome", "resolve"]


def outcome(request: dict) -> Outcome:
    """The exact (Fraction) result of a dice-ability request."""
    _check(request)
    if request.get("ability") not in DICE_REQUESTS:
        raise ResolveError("ability", f"must be one of {', '.join(DICE_REQUESTS)}")
    return evaluate(parse_dice_request(request))


def resolve(request: dict, planets: Planets | None = None) -> dict:
    """The JSON answer for a request (the web layer adds the "ok" envelope).

    planets (folded name -> (name, resources), from the corpus) lets a producer name its planet.
    """
    _check(request)
    if request.get("ability") == "production":
        return resolve_production(with_planet_resources(request, planets))
    if request.get("ability") in BATTLES:
        return resolve_battle(request)
    return outcome(request).to_dict()


def catalogue(ability: str | None = None) -> list[dict]:
    """Catalogue entries for a picker: a battle's units (with combat values) or a dice ability's."""
    if ability in BATTLES:
        return battle_units(ability)
    if ability is not None and ability not in PICKERS:
        raise ResolveError("ability", f"unknown ability {ability!r}; use one of {', '.join([*PICKERS, *BATTLES])}")
    return unit_catalogue(ability)


def _check(request) -> None:
    """The request must be an object naming a known ability."""
    if not isinstance(request, dict):
        raise ResolveError("request", "must be a JSON object")
    if request.get("ability") not in ABILITIES:
        raise ResolveError("ability", f"must be one of {', '.join(ABILITIES)}")
