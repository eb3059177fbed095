"""Each printing's own section (Ω, ΩΩ, a leader's other ability) carries that printing's card text, and no other's."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ingest.normalize import clean
from ingest.parsers.asyncti4.common import fold_name

# The bot's file for a Codex reprint's image ends "_omega"; "_omega_omega" is the Codex IV one.
_OMEGA_IMAGE = re.compile(r"(?<!_omega)_omega\.(?:png|jpg)")


@pytest.fixture(scope="module")
def data(shared: Path) -> Path:
    return shared / "mirror" / "asyncti4" / "data"


def _items(data: Path, folder: str) -> list[dict]:
    return [i for f in sorted((data / folder).glob("*.json")) for i in json.loads(f.read_text(encoding="utf-8-sig"))]


def _sections(corpus) -> dict[str, object]:
    return {e.title: e for e in corpus.entries if e.kind == "section"}


def test_a_technology_the_data_shows_as_the_codex_card_fills_its_omega_section(default_corpus, data):
    sections = _sections(default_corpus)
    cards = {f"{i['name']} Ω": i["text"] for i in _items(data, "technologies")
             if _OMEGA_IMAGE.search(str(i.get("imageURL") or "")) and "Ω" not in i["name"]
             and "Omega" not in i["name"] and i.get("source") in ("base", "pok")}
    found = {title: clean(sections[title].text) for title in cards if title in sections}
    assert {"Magmus Reactor Ω", "Wormhole Generator Ω"} <= set(found)
    assert found == {title: clean(cards[title]) for title in found}


def test_a_thunders_edge_leader_fills_its_double_omega_section(default_corpus, data):
    sections = _sections(default_corpus)
    leaders = {f"{i['name'].replace(chr(39), '’')} ΩΩ": f"{i.get('abilityWindow') or ''} {i['abilityText']}".strip()
               for i in _items(data, "leaders") if i.get("source") == "thunders_edge" and not i.get("homebrewReplacesID")}
    found = {title: clean(sections[title].text) for title in leaders if title in sections}
    assert "Z’eu ΩΩ" in found
    assert found == {title: clean(leaders[title]) for title in found}


def _ability(name: str) -> str:
    """"Dannel of the Tenth — Quantum Dissemination: Blessing of the Yin" -> "quantum dissemination"."""
    parts = name.split(" — ", 1)
    return fold_name(parts[1].split(":")[0]) if len(parts) == 2 else ""


def test_no_leader_section_shows_the_card_of_another_ability(default_corpus):
    merged = [e for e in default_corpus.entries if e.kind == "section" and " — " in e.title
              and e.authority == "card-text" and " — " in e.facts.get("printed_name", "")]
    assert len(merged) >= 20
    wrong = {e.title: e.facts["printed_name"] for e in merged
             if not _ability(e.facts["printed_name"]).startswith(_ability(e.title))}
    assert wrong == {}


def test_the_first_printings_hero_does_not_show_the_codex_heroes_text(default_corpus, data):
    sections = _sections(default_corpus)
    codex = next(i for i in _items(data, "leaders") if i.get("id") == "yinhero")
    assert clean(codex["abilityText"]) not in clean(sections["Dannel of the Tenth — Spinner Overdrive"].text)
    assert clean(codex["abilityText"]) in clean(sections["Dannel of the Tenth Ω — Quantum Dissemination Ω"].text)
