"""The rules' sections of legendary planet cards show each card's legendary ability (default sources)."""
from __future__ import annotations

import json
from pathlib import Path

from corpus.names import fold
from ingest.normalize import clean

_OFFICIAL = {"base", "pok", "codex1", "codex2", "codex3", "codex4", "thunders_edge"}


def _legendary(shared: Path) -> dict[str, str]:
    """Folded planet name -> legendary ability text, for each official legendary planet."""
    found = {}
    for path in sorted((shared / "mirror" / "asyncti4" / "planets").glob("*.json")):
        planet = json.loads(path.read_text(encoding="utf-8-sig"))
        if planet.get("source") in _OFFICIAL and planet.get("legendaryAbilityText"):
            found[fold(planet["name"])] = planet["legendaryAbilityText"]
    return found


def test_a_legendary_cards_section_shows_its_ability(default_corpus, shared):
    legendary = _legendary(shared)
    sections = [e for e in default_corpus.entries if e.kind == "section"
                and (e.topic == "cards/legendary-planets" or e.category == "Legendary Planet")]
    planet = {e.id: next(p for p in map(fold, e.title.split(" — ")) if p in legendary) for e in sections}
    assert len(sections) >= 15
    assert {e.title: clean(e.text) for e in sections} == {e.title: clean(legendary[planet[e.id]]) for e in sections}
