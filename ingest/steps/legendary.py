"""Legendary planets: the rules' section of a legendary planet's card shows that card's ability.

The rules head a legendary card "The Acropolis — Emelpar" (ability, then planet) on the legendary
planets page, or "Avernus — The Nucleus" and "Custodia Vigilia" on a faction's page; the data gives
each planet's legendary ability by name and text. The planet's own entry stays on the planets page.
"""
from __future__ import annotations

import difflib
import html

from corpus.model import HOMEBREW_FLAG, Entry
from corpus.names import fold
from ingest.steps.near_names import MARKS

_CUTOFF = 0.85  # "Aurex Mechanica" is the rules' "Aeurex Mechanica", "4X41D "Hyperion" V1" their "… VI"
_CATEGORY = "Legendary Planet"  # a faction page's heading of the planet alone ("Custodia Vigilia")


def fill_legendary(rules: list[Entry], components: list[Entry]) -> None:
    """Each rules section that one official legendary planet's card fits, and no other, gets its ability text."""
    planets = [e for e in components if e.category == "Planet" and e.facts.get("legendary_text")
               and HOMEBREW_FLAG not in e.flags]
    for section in (e for e in rules if e.kind == "section" and e.authority != "card-text"):
        fits = [p for p in planets if _fits(section, p.facts.get("planet_name", ""), p.facts.get("legendary_ability", ""))]
        if len(fits) == 1:
            _fill(section, fits[0])


def _fits(section: Entry, planet: str, ability: str) -> bool:
    """The heading names the planet, and its ability closely or (a faction's legendary planet) not at all."""
    parts = [fold(p) for p in section.title.strip().lstrip(MARKS).split(" — ")]
    if fold(planet) not in parts or len(parts) > 2:
        return False
    others = [p for p in parts if p != fold(planet)]
    if not others:
        return section.category == _CATEGORY
    return difflib.SequenceMatcher(None, others[0], fold(ability)).ratio() >= _CUTOFF


def _fill(section: Entry, planet: Entry) -> None:
    """The section shows the card's ability; its notes stay where they are."""
    text = planet.facts["legendary_text"]
    section.text, section.html = text, html.escape(text, quote=False)
    section.authority, section.expansion = "card-text", planet.expansion
    section.sources = sorted(set(section.sources) | set(planet.sources))
