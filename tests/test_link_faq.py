"""The FAQ link step: refs and home topics from sections, pages, titles and rule numbers."""
from __future__ import annotations

import pytest

from corpus.model import Entry, Source
from ingest.parsers import wiki
from corpus.names import fold as key
from ingest.steps.link_faq import FALLBACK, link_faqs
from shared import shared_dir

TIRULES = Source("tirules", "https://tirules.com/x", "LRR 2.0")


def page(slug: str, title: str, kind: str = "topic") -> Entry:
    return Entry(id=slug, kind=kind, topic=slug, title=title, text=title, sources=[TIRULES])


def section(page_slug: str, title: str) -> Entry:
    slug = f"{page_slug}/{title.lower().replace(' ', '-')}"
    return Entry(id=slug, kind="section", topic=page_slug, title=title, text=title, sources=[TIRULES])


def faq(text: str, section_title: str | None = "Somewhere", topic: str = "wiki/faq") -> Entry:
    return Entry(id=f"faq.x.{abs(hash(text)) % 10**6:06d}", kind="faq", topic=topic, title=text,
                 text=f"Q: {text}\nA: Yes.", section=section_title, authority="official-faq")


def tiny_corpus() -> list[Entry]:
    """A handful of pages and sections, as the tirules parser would give them."""
    return [
        page("space-cannon", "Space Cannon"), page("production", "Production"), page("units", "Units"),
        page("move", "Move"), page("action-cards", "Action Cards"), page("pds", "PDS"),
        page("factions/yin", "The Yin Brotherhood", "faction"), page("factions/norr", "Sardakk N’orr", "faction"),
        page("factions/jol-nar", "The Universities of Jol–Nar", "faction"),
        page("cards/action-cards", "Action Cards", "card"), section("cards/action-cards", "Direct Hit"),
        section("cards/action-cards", "Parley"),
        Entry(id="77.3c", kind="rule", topic="space-cannon", title="77.3c", text="…", number="77.3c"),
    ]


@pytest.fixture(scope="module")
def linked():
    """The real FAQ page and seed 000, linked against the tiny corpus."""
    shared = shared_dir()
    faq_page, seeds = shared / "mirror" / "wiki" / "FAQ.txt", sorted((shared / "seeds").glob("000_*.txt"))
    if not faq_page.exists() or not seeds:
        pytest.skip(f"shared data not found under {shared} (set MECATOL_SHARED)")
    entries = wiki.parse(str(faq_page), faq_page.read_bytes()) + wiki.parse(str(seeds[0]), seeds[0].read_bytes())
    return link_faqs(tiny_corpus() + entries)


def _faq(entries, start: str) -> Entry:
    return next(e for e in entries if e.kind == "faq" and e.title.startswith(start))


@pytest.mark.parametrize("start, topic", [
    ("Can the Yin Brotherhood Agent, Brother Milor Omega", "factions/yin"),
    ("When an ability other than “Production” allows you", "production"),
    ("Does a Ceasefire promissory note have any impact", "factions/norr"),
    ("If the Universities of Jol-Nar player replaces", "factions/jol-nar"),
    ("Can PDS II fire through wormholes", "space-cannon"),
    ("Can two “Direct Hit” action cards be played", "cards/action-cards"),
    ("Are the “0” faces of the ten-sided dice", FALLBACK),
])
def test_home_topic(linked, start, topic):
    assert _faq(linked, start).topic == topic


def test_refs_name_sections_and_pages(linked):
    refs = _faq(linked, "Can two “Direct Hit” action cards be played").refs
    assert refs == ["action-cards", "cards/action-cards", "cards/action-cards/direct-hit"]


def test_refs_are_sorted_and_unique(linked):
    for entry in (e for e in linked if e.kind == "faq"):
        assert entry.refs == sorted(set(entry.refs))


def test_generic_titles_are_not_refs(linked):
    entry = _faq(linked, "Do objectives that say \"units\" require multiple units")
    assert "units" not in entry.refs
    assert not [e.id for e in linked if e.kind == "faq" and "move" in e.refs]


def test_seed_faqs_move_to_their_page(linked):
    seed = [e for e in linked if e.kind == "faq" and e.section == "FAQ"]
    assert len(seed) == 8
    assert {e.topic for e in seed} == {"space-cannon"}


def test_fallback_page_added_once(linked):
    assert [e.id for e in linked if e.id == FALLBACK] == [FALLBACK]


def test_rule_numbers_become_refs():
    entry = faq("Does rule 77.3c let a PDS fire twice?")
    link_faqs(tiny_corpus() + [entry])
    assert entry.refs == ["77.3c", "pds", "space-cannon"]
    assert entry.topic == "space-cannon"


def test_version_numbers_are_not_rules():
    entry = faq("Did version 2.0 change this?", None)
    link_faqs(tiny_corpus() + [entry])
    assert (entry.refs, entry.topic) == ([], FALLBACK)


@pytest.mark.parametrize("question, expected", [
    ("Parley cancels what?", []),
    ("Does “Parley” cancel hits?", ["cards/action-cards/parley"]),
    ("Can the Yin play Parley twice?", ["cards/action-cards/parley"]),
    ("Can I parley with a neighbour?", []),
])
def test_one_word_names_need_a_capital_mid_sentence(question, expected):
    entry = faq(question, None)
    link_faqs(tiny_corpus() + [entry])
    assert [r for r in entry.refs if "parley" in r] == expected


def test_existing_fallback_page_is_reused():
    existing = Entry(id=FALLBACK, kind="page", topic=FALLBACK, title="Wiki FAQ", text="")
    out = link_faqs([existing, faq("Nothing known here?", None)])
    assert [e.id for e in out if e.kind == "page"] == [FALLBACK]


def test_other_entries_untouched():
    corpus = tiny_corpus()
    before = [e.to_dict() for e in corpus]
    link_faqs(corpus)
    assert [e.to_dict() for e in corpus] == before


@pytest.mark.parametrize("title, folded", [
    ("The Universities of Jol–Nar", "universities of jol nar"),
    ("Sardakk N’orr", "sardakk norr"),
    ("Action Cards", "action card"),
    ("PDS", "pds"),
])
def test_key(title, folded):
    assert key(title) == folded


def test_made_up_wiki_pages_left_empty_are_dropped():
    made_up = Entry(id="wiki/space-cannon", kind="page", topic="wiki/space-cannon", title="Space Cannon", text="")
    moved = faq("Can a PDS fire twice?", "FAQ", topic="wiki/space-cannon")
    out = link_faqs(tiny_corpus() + [made_up, moved])
    assert moved.topic == "space-cannon"
    assert "wiki/space-cannon" not in {e.id for e in out}
