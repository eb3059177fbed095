"""Near names: which card joins a rules section it is spelled a little otherwise than (tiny entries)."""
from __future__ import annotations

import pytest

from corpus.model import Entry
from ingest.steps.near_names import near_pairs, page_marks


def _section(title: str, category: str | None = None) -> Entry:
    return Entry(id=f"factions/x/{title.lower()}", kind="section", topic="factions/x", title=title,
                 text=title, category=category, authority="community-note")


def _card(title: str, category: str = "Technology") -> Entry:
    return Entry(id=f"~factions/x/{title.lower()}", kind="section", topic="factions/x", title=title,
                 text="Printed text.", category=category, authority="card-text")


def _matched(cards: list[Entry], sections: list[Entry], mark: str | None = None) -> list[tuple[str, str]]:
    return [(c.title, s.title) for c, s in near_pairs([(c, mark) for c in cards], sections)]


@pytest.mark.parametrize(("card", "heading"), [
    ("Technological Singularity", "Technology Singularity"),
    ("Specialist Compounds", "Specialized Compounds"),
    ("The Tribuni", "The Tribunii"),
    ("Jace X, 4th Air Legion — Helio Command Array: Twilight Directive", "Jace X — Helio Command Array"),
    ('Lyra Keen — Entity 4X41A "Apollo" - Intelligence Unshackled', "Lura Keen — Entity 4X41A “Apollo”"),
])
def test_a_close_spelling_or_a_title_that_starts_the_same_merges(card, heading):
    assert _matched([_card(card)], [_section(heading)]) == [(card, heading)]


@pytest.mark.parametrize(("card", "heading"), [
    ("Valefar Assimilator Y", "Valefar Assimilator"),  # a word more: another card
    ("Stymie", "Stymie Ω"),  # a Codex printing's own section
    ("Jace X — Orbital Drop", "Jace X — Helio Command Array"),  # the same leader name, another ability
    ("Graviton Laser System", "Gravity Drive"),
])
def test_another_card_does_not_merge(card, heading):
    assert _matched([_card(card)], [_section(heading)]) == []


def test_two_cards_close_to_one_section_merge_neither():
    assert _matched([_card("Mine Rare Metals"), _card("Mine Rare Mineral")], [_section("Mine Rare Minerals")]) == []


def test_a_card_of_another_kind_does_not_merge():
    assert _matched([_card("The Tribuni", "Technology")], [_section("The Tribunii", "Faction Ability")]) == []


def test_each_side_of_a_marked_page_takes_its_own_card():
    sections = [_section("⚪ Planesplitter"), _section("✖ Planesplitter")]
    marks = page_marks("⚪ The Firmament ✖ The Obsidian")
    assert marks == {"firmament": "⚪", "obsidian": "✖"}
    assert _matched([_card("Planesplitter (Obsidian)")], sections, marks["obsidian"]) == [
        ("Planesplitter (Obsidian)", "✖ Planesplitter")]
