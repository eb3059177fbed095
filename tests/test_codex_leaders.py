"""The Codex's Ω leaders (reprints the data dates to the leader's own expansion) carry their ability text (default sources)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ingest.normalize import clean
from ingest.parsers.asyncti4.common import fold_name

_LEADERS = ("Agent", "Commander", "Hero")


@pytest.fixture(scope="module")
def data(shared: Path) -> Path:
    return shared / "mirror" / "asyncti4" / "data"


def _items(data: Path, folder: str) -> list[dict]:
    return [i for f in sorted((data / folder).glob("*.json")) for i in json.loads(f.read_text(encoding="utf-8-sig"))]


def _official(data: Path) -> set[str]:
    listed = json.loads((data / "sources" / "sources.json").read_text(encoding="utf-8"))
    return {s["source"] for s in listed if s.get("canal") == "official"}


def _codex_leaders(data: Path) -> dict[str, str]:
    """Folded name -> ability text of each leader the data shows as a Codex's card."""
    found = {}
    for item in _items(data, "leaders"):
        if "/leaders/codex/" in str(item.get("imageURL") or "") and item.get("source") in _official(data):
            name = item["name"] + (f" — {item['abilityName'].split(':')[0]}" if item.get("abilityName") else "")
            found[fold_name(name)] = f"{item.get('abilityWindow') or ''} {item.get('abilityText', '')}".strip()
    return found


def test_a_codex_omega_leader_carries_its_ability_text(default_corpus, data):
    leaders = _codex_leaders(data)
    sections = [e for e in default_corpus.entries if e.kind == "section" and e.category in _LEADERS
                and "Ω" in e.title and "ΩΩ" not in e.title and fold_name(e.title) in leaders]
    assert len(sections) >= 5
    assert {e.title: clean(e.text) for e in sections} == {e.title: clean(leaders[fold_name(e.title)]) for e in sections}


def test_a_codex_omega_leaders_search_snippet_is_its_ability(default_client, default_corpus, data):
    leaders = _codex_leaders(data)
    section = next(e for e in default_corpus.entries if e.kind == "section" and e.category in _LEADERS
                   and "Ω" in e.title and "ΩΩ" not in e.title and fold_name(e.title) in leaders)
    hits = default_client.get("/api/search", query_string={"q": section.title}).get_json()["results"]
    snippet = next(h["snippet"] for h in hits if h["id"] == section.id)
    assert clean(leaders[fold_name(section.title)])[:30] in clean(re.sub(r"<[^>]+>", "", snippet))
