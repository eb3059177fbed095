"""Plain-text copies of tirules topic pages: seed 004 (Production) and small pages of our own."""
from __future__ import annotations

import pytest

from corpus.model import Source
from ingest.errors import PageError
from ingest.parsers import plaintext
from shared import shared_dir

PRODUCTION_SUBRULES = {
    "68.1a": "If the active player has multiple units in the active system that have the Production ability, "
             "that player can produce a number of units up to the combined total of their units’ production "
             "values in that system.",
    "68.1b": "When producing fighters or infantry, each individual unit counts toward the producing unit’s "
             "production limit.",
    "68.1c": "A player can choose to produce one fighter or infantry instead of two, but must still pay the "
             "entire cost.",
    "68.1d": "Production value from Arborec space docks cannot be used to produce infantry, even if the Arborec "
             "player controls other units that have Production in the same system.",
}

# Our own small page: a strategy card title, a third nesting level, a paragraph in the list.
TECH_PAGE = """Technology (Strategy Card)

Rules Reference

Intro words.

  1. First rule.
    1. Its first part.
      1. A detail of that part.
  2. Second rule.
Extra paragraph of the second rule.

Related Topics

Strategy Card
Research Things
"""


@pytest.fixture(scope="module")
def production():
    matches = sorted(shared_dir().glob("seeds/004_*.txt"))
    if not matches:
        pytest.skip(f"seed 004 not found under {shared_dir()} (set MECATOL_SHARED)")
    return {e.id: e for e in plaintext.parse(str(matches[0]), matches[0].read_bytes())}


def test_ids_follow_list_nesting(production):
    assert list(production) == [
        "production", "68.1", "68.1a", "68.1b", "68.1c", "68.1d", "68.2", "68.3", "68.4",
        "production.note-1", "production.note-2", "production.note-2.1", "production.note-3",
    ]


@pytest.mark.parametrize("rule_id", sorted(PRODUCTION_SUBRULES))
def test_subrule_texts(production, rule_id):
    entry = production[rule_id]
    assert entry.text == PRODUCTION_SUBRULES[rule_id]
    assert (entry.parent, entry.kind, entry.topic) == ("68.1", "rule", "production")


def test_top_rules(production):
    assert production["68.1"].parent == "production"
    assert production["68.4"].text.startswith("If a player uses the Production ability of a unit in a space area")


def test_topic_entry(production):
    topic = production["production"]
    assert (topic.kind, topic.title, topic.number, topic.category) == ("topic", "Production", "68", "Unit Ability")
    assert topic.text.startswith("During the Production step of a tactical action")
    assert topic.sources == [Source("tirules-text", "https://tirules.com/R_production", "")]


def test_notes(production):
    sub = production["production.note-2.1"]
    assert (sub.kind, sub.parent, sub.number, sub.authority) == ("note", "production.note-2", "II.α", "community-note")
    assert sub.text.startswith("For example, say a player is performing a tactical action on tile 75.")
    assert production["production.note-3"].number == "III"


def test_order_is_page_order(production):
    assert [e.order for e in production.values()] == list(range(13))


def test_category_picks_the_strategy_card():
    entries = {e.id: e for e in plaintext.parse("tech.txt", TECH_PAGE.encode())}
    assert list(entries) == ["technology-sc", "91.1", "91.1a", "91.2"]
    assert entries["technology-sc"].refs == ["research-things", "strategy-card"]


def test_deeper_items_and_paragraphs_join_the_item_above():
    entries = {e.id: e for e in plaintext.parse("tech.txt", TECH_PAGE.encode())}
    assert entries["91.1a"].text == "Its first part. A detail of that part."
    assert entries["91.2"].text == "Second rule. Extra paragraph of the second rule."


@pytest.mark.parametrize("encoding", ["utf-8-sig", "cp1252"])
def test_encodings(encoding):
    page = TECH_PAGE.replace("First rule.", "First rule’s “quote”.")
    entries = plaintext.parse("tech.txt", page.encode(encoding))
    assert entries[1].text == "First rule’s “quote”."


@pytest.mark.parametrize("page, reason", [
    ("Expeditions (Thunder's Edge)\n\nRules Reference\n\n  1. x\n", "no numbered LRR topic"),
    ("(oops\n", "page title"),
])
def test_malformed(page, reason):
    with pytest.raises(PageError, match=reason):
        plaintext.parse("page.txt", page.encode())


@pytest.mark.parametrize("name, expected", [
    ("004", True), ("000", False), ("001", False), ("002", False), ("003", False),
])
def test_sniff_seeds(name, expected):
    matches = sorted(shared_dir().glob(f"seeds/{name}_*.txt"))
    if not matches:
        pytest.skip(f"seed {name} not found under {shared_dir()}")
    assert plaintext.sniff(str(matches[0]), matches[0].read_bytes()) is expected
