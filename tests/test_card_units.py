"""The units card page gives every unit's values, the generic Flagship and Mech what the data supports (default sources)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.components import value_list
from ingest.html5 import parse
from ingest.normalize import clean
from ingest.parsers.asyncti4.units import values

_PER_FACTION = "differs by faction"  # what the page says where each faction's card prints its own value


@pytest.fixture(scope="module")
def data(shared: Path) -> Path:
    return shared / "mirror" / "asyncti4" / "data"


@pytest.fixture(scope="module")
def units_page(default_client) -> dict[str, object]:
    """Each section of /cards/units by title: its card-text block (None when it has none)."""
    doc = parse(default_client.get("/cards/units").get_data(as_text=True))
    found = {}
    for h2 in doc.select("h2.section"):
        for badge in h2.select("span.badge"):
            badge.decompose()
        card = h2.find_next_sibling()
        found[clean(h2.get_text())] = card if card is not None and "card-text" in card.get("class", []) else None
    return found


def _items(data: Path, folder: str) -> list[dict]:
    return [i for f in sorted((data / folder).glob("*.json")) for i in json.loads(f.read_text(encoding="utf-8-sig"))]


def _official(data: Path) -> set[str]:
    listed = json.loads((data / "sources" / "sources.json").read_text(encoding="utf-8"))
    return {s["source"] for s in listed if s.get("canal") == "official"}


def _shown(card) -> list[tuple[str, str]]:
    """The (label, value) pairs of a section's values table."""
    return [(clean(dt.get_text()), clean(dd.get_text())) for dt, dd in zip(card.select("dl.unit-values dt"),
                                                                      card.select("dl.unit-values dd"))]


def test_every_section_of_the_units_page_shows_its_values(units_page):
    assert len(units_page) > 10
    assert [title for title, card in units_page.items() if card is None or not _shown(card)] == []


def test_the_war_sun_shows_its_unit_cards_values(units_page, data):
    official = _official(data)
    war_sun = next(i for i in _items(data, "units") if i.get("name") == "War Sun" and i.get("source") in official)
    assert _shown(units_page["War Sun"]) == value_list(values(war_sun))


def _faction_cards(data: Path, base_type: str) -> list[dict]:
    """The official factions' own cards of a unit type, as their faction records list them (Twilight's Fall, a
    game mode apart, aside)."""
    official = _official(data) - {"twilights_fall"}
    units = {u.get("id"): u for u in _items(data, "units")}
    factions = [f for f in _items(data, "factions") if f.get("source") in official and not f.get("homebrewReplacesID")]
    return [units[u] for f in factions for u in f.get("units") or []
            if u in units and units[u].get("baseType") == base_type and units[u].get("source") in official
            and not units[u].get("homebrewReplacesID")]


@pytest.mark.parametrize(("title", "base_type"), [("Flagship", "flagship"), ("Mech", "mech")])
def test_a_faction_unit_shows_a_value_only_where_every_factions_card_prints_it(units_page, data, title, base_type):
    printed = [dict(value_list(values(card))) for card in _faction_cards(data, base_type)]
    labels = list(dict.fromkeys(label for card in printed for label in card))
    expected = {label: printed[0][label] if all(card.get(label) == printed[0].get(label) for card in printed)
                else _PER_FACTION for label in labels}
    assert len(printed) > 20 and _PER_FACTION in expected.values()
    assert dict(_shown(units_page[title])) == expected


@pytest.mark.parametrize("title", ["Flagship", "Mech"])
def test_a_faction_unit_says_its_values_are_faction_specific(units_page, title):
    scope = units_page[title].select_one("p.unit-scope")
    assert scope is not None and "differs by faction is on each faction's page" in clean(scope.get_text())
