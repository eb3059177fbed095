"""Step resolver: exact odds and rule-by-rule steps for TI4 unit abilities.

Pure Python, no web: the API layer calls `resolve(request)` with the JSON
body and `catalogue(ability)` for the unit picker, and turns ResolveError
into a 400 naming `error.field`.
"""
from __future__ import annotations

from .abilities import evaluate
from .build import resolve_production
from .errors import ResolveError
from .planets import Planets, with_planet_resources
from .records import Outcome
from .request import DICE_REQUESTS, parse_dice_request
from .units import catalogue

ABILITIES = (*DICE_REQUESTS, "production")

__all__ = ["ABILITIES", "Outcome", "ResolveError", "catalogue", "outcome", "resolve"]


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
    return outcome(request).to_dict()


def _check(request) -> None:
    """The request must be an object naming a known ability."""
    if not isinstance(request, dict):
        raise ResolveError("request", "must be a JSON object")
    if request.get("ability") not in ABILITIES:
        raise ResolveError("ability", f"must be one of {', '.join(ABILITIES)}")
