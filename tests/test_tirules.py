"""The tirules parser on the real mirror and on pages we wrote ourselves."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ingest.errors import PageError
from ingest.parsers import tirules

DATA = Path(__file__).parent / "data" / "tirules"
NUMBERED = re.compile(r"^\d+\.\d+[a-z]*$")


def parse_file(path: Path):
    """Entries of one page file, by id."""
    return {e.id: e for e in tirules.parse(str(path), path.read_bytes())}


@pytest.fixture(scope="module")
def pages(mirror: Path) -> dict[str, dict]:
    """Every R_, F_ and C_ page of the mirror, parsed: page name -> {id: entry}."""
    return {p.stem: parse_file(p) for p in sorted(mirror.glob("[RFC]_*.php"))}


@pytest.fixture(scope="module")
def everything(pages) -> dict:
    """All entries of all pages by id (ids must not collide)."""
    merged: dict = {}
    for entries in pages.values():
        clash = merged.keys() & entries.keys()
        assert not clash, f"ids used on two pages: {sorted(clash)[:5]}"
        merged.update(entries)
    return merged


def test_counts_match_the_site(everything):
    kinds = Counter(e.kind for e in everything.values())
    assert (kinds["topic"], kinds["faction"], kinds["card"]) == (109, 30, 10)
    numbered_topics = {e.number for e in everything.values() if e.kind == "topic" and e.number}
    assert numbered_topics == {str(n) for n in range(1, 102)}
    assert sum(1 for i in everything if NUMBERED.match(i)) == 783


def test_top_level_notes_of_all_pages(everything, mirror):
    top = [e for e in everything.values() if e.kind == "note" and ".note-" not in (e.parent or "")]
    # 2042 since parsing follows HTML5: five unclosed <li> no longer swallow the next note.
    assert len(top) == 2042
    # every ol.note > li in the sources became a note
    sources = "".join(p.read_text() for p in mirror.glob("[RFC]_*.php"))
    assert len(top) <= sources.count("<li>")


@pytest.mark.parametrize("rule_id, text", [
    ("77.2", "Space Cannon Offense During a tactical action, after the Move Ships substep"),
    ("77.3", "Step 1 – Roll Dice: The player rolls dice for each of their units"),
    ("77.5", "Step 2 – Assign Hits: The player whose units have been targeted"),
    ("77.7", "Step 1 – Roll Dice: Each player may use the Space Cannon ability"),
    ("77.7d", "Game effects that allow the use of Space Cannon abilities against ships in adjacent "
              "systems have no effect during Space Cannon Defense."),
    ("77.8a", "Hits can only be assigned to units that are on the same planet"),
    ("68.1d", "Production value from Arborec space docks cannot be used to produce infantry"),
    ("58.2", "Tactical Action Movement"),
    ("58.4b", "The ship cannot move through a system that contains ships that are controlled by another player."),
    ("58.7", "Step 2 – Space Cannon Offense"),
    ("23.2", "Tokens: Tokens are limited to those included in the game, except for the following: • Control Tokens"),
    ("23.4", "Units: Units are limited to those included in the game, except for fighters and ground forces."),
    ("23.4a", "When a player would place a unit, if there are none of that type left"),
    ("66.2i", "The active player chooses any player that does not have the speaker token."),
    ("13", "During combat, the active player is the attacker."),
    ("29", "During either a space or ground combat, the player who is not the active player is the defender."),
])
def test_rule_ids_and_texts(everything, rule_id, text):
    assert everything[rule_id].text.startswith(text)
    assert everything[rule_id].kind == "rule"


def test_an_unclosed_li_ends_at_the_next_li_as_in_a_browser(everything):
    notes = [e for e in everything.values()
             if e.kind == "note" and e.parent == "cards/action-cards/confounding-legal-text"]
    assert [n.number for n in notes] == ["I", "II", "III", "IV"]
    assert everything["cards/action-cards/confounding-legal-text.note-4"].text.startswith(
        "Confounding Legal Text may be played after Confusing Legal Text")


@pytest.mark.parametrize("owner, before, text_id, opening", [
    ("78.2", "78.2b", "space-combat.text-1", "To resolve a space combat, players perform the following steps:"),
    ("84.2", "84.2a", "strategy-phase.text-1", "Then, players proceed to the action phase."),
    ("trade.note-1", "trade.note-1.8", "trade.note-1.text", "A deal made during a given step is non–binding"),
])
def test_a_paragraph_after_sub_items_follows_them(pages, owner, before, text_id, opening):
    entries = [e for page in pages.values() for e in page.values() if text_id in page]
    ids = [e.id for e in entries]
    assert ids.index(text_id) == ids.index(before) + 1
    found = next(e for e in entries if e.id == text_id)
    assert found.kind == "text" and found.text.startswith(opening)
    assert opening not in next(e for e in entries if e.id == owner).text


def test_a_list_inside_a_paragraph_stays_in_the_intro(everything):
    assert everything["game-round"].text.endswith("• Status Phase • Agenda Phase")


def test_headings_and_parents(everything):
    assert everything["77.2"].heading and everything["77.6"].heading
    assert not everything["77.3"].heading
    assert everything["77.7d"].parent == "77.7"
    assert everything["77.7"].parent == "space-cannon"
    assert "23.8" not in everything  # the 23.2 bullets are not numbered rules


def test_thunders_edge_topic_has_no_lrr_number(pages):
    synergy = pages["R_synergy"]
    assert synergy["synergy"].number is None
    assert synergy["synergy"].category == "Thunder's Edge"
    assert not any(NUMBERED.match(i) for i in synergy)


def test_a_te_topic_without_an_lrr_section_is_a_notice_not_a_rule(everything):
    placeholders = [e for e in everything.values() if e.kind == "topic" and tirules.NO_LRR_FLAG in e.flags]
    assert len(placeholders) == 8 and "synergy" in {e.id for e in placeholders}
    assert not [e.id for e in everything.values() if e.kind == "rule" and tirules.NO_LRR in e.text]


def test_topic_metadata(pages):
    topic = pages["R_space_cannon"]["space-cannon"]
    assert (topic.title, topic.number, topic.category) == ("Space Cannon", "77", "Unit Ability")
    assert topic.refs == ["abilities", "active-player", "active-system", "adjacency", "destroyed",
                          "invasion", "movement", "pds", "sustain-damage"]
    assert topic.sources[0].url == "https://tirules.com/R_space_cannon"


def test_notes_are_numbered_like_the_site(pages):
    notes = pages["R_space_cannon"]
    assert notes["space-cannon.note-3"].number == "III"
    assert notes["space-cannon.note-3.1"].number == "III.α"
    assert notes["space-cannon.note-3.1"].parent == "space-cannon.note-3"
    assert notes["space-cannon.note-8"].text == "The “0” side of the d10 represents a result of 10."


def test_faction_page_sections(pages):
    xxcha = pages["F_xxcha"]
    assert xxcha["factions/xxcha"].kind == "faction"
    assert xxcha["factions/xxcha"].title == "The Xxcha Kingdom"
    quash = xxcha["factions/xxcha/quash"]
    assert (quash.kind, quash.title, quash.category) == ("section", "Quash", None)
    favor = xxcha["factions/xxcha/political-favor"]
    assert favor.category == "Promissory Note"
    assert xxcha["factions/xxcha/quash.note-3"].text == "Quash may be used on the replacement agenda."
    assert xxcha["factions/xxcha/quash.note-1.1"].parent == "factions/xxcha/quash.note-1"


def test_an_empty_repeat_of_a_heading_is_one_section(pages):
    # F_hacan lists "Auto–Factories (Breakthrough)" twice, both without notes: the site's slip, one section here.
    titles = [e.title for e in pages["F_hacan"].values() if e.kind == "section"]
    assert titles.count("Auto–Factories") == 1


def test_card_page_sections(pages):
    units = pages["C_units"]
    assert units["cards/units"].kind == "card"
    assert units["cards/units/war-sun"].title == "War Sun"
    assert units["cards/units/war-sun.note-1"].text.startswith("A player without the war sun unit upgrade")
    assert units["cards/units/war-sun.note-1.1"].text.startswith("The Muaat player may do so")


def test_markup_kept_as_safe_html(pages):
    rule = pages["R_space_cannon"]["77.3"]
    assert '<span class="sc">Space Cannon</span>' in rule.html
    assert rule.html.startswith("<b>Step 1 – Roll Dice</b>")


def test_index_gives_order_numbers_and_te_marks(mirror):
    stubs = tirules.parse(str(mirror / "index.php"), (mirror / "index.php").read_bytes())
    by_id = {s.id: s for s in stubs}
    assert len(stubs) == 149
    assert by_id["space-cannon"].number == "77"
    assert by_id["coexistence"].number is None and by_id["coexistence"].category == "Thunder's Edge"
    assert by_id["wormholes"].number == "101"
    assert stubs[0].id == "abilities" and by_id["factions/xxcha"].kind == "faction"


def test_own_page_counter_reset_headings_bullets_roman():
    page = parse_file(DATA / "R_gadget.php")
    assert page["gadget"].category == "Made-up Ability"
    assert page["42.2"].heading and page["42.2"].text.endswith("belongs to the heading above.")
    assert page["42.3b"].html == 'Second sub-rule with <mark class="changed">changed words</mark>.'
    assert page["42.4"].text == "Gadgets come in kinds: • Red • Blue"
    assert [i for i in page if i.startswith("42.5")] == ["42.5", "42.5i", "42.5ii", "42.5iii", "42.5iv"]
    assert 'data-ref="widget"' in page["42.3"].html
    assert page["gadget.note-2"].text == "A second note & more."


def test_saved_copy_named_on_its_first_line(mirror):
    data = b"R_space_cannon.php\n" + (mirror / "R_space_cannon.php").read_bytes()
    ids = {e.id for e in tirules.parse("seed.txt", data)}
    assert {"space-cannon", "77.7d"} <= ids


def test_page_without_header_is_rejected_with_its_path():
    with pytest.raises(PageError, match="R_broken.php: no <header> title"):
        parse_file(DATA / "R_broken.php")


@pytest.mark.parametrize("old, new, reason", [
    ("<style> .lrr > li:before, .lrr > h2 > li:before {content: '42.' counter(item, decimal);} </style>", "",
     "the <style> line giving them .* is missing"),
    ("content: '42.'", "content: 'forty-two.'", "rule numbers cannot be read from the <style> line"),
    ("counter-reset: item 1;", "counter-reset: item one;", "start of its rule counter cannot be read"),
])
def test_rules_without_readable_numbers_reject_the_page(tmp_path, old, new, reason):
    # Read without its CSS counters, every numbered rule would be lost or given a made-up id.
    page = tmp_path / "R_gadget.php"
    page.write_text((DATA / "R_gadget.php").read_text().replace(old, new))
    with pytest.raises(PageError, match=f"R_gadget.php: .*{reason}.*copy the page again"):
        parse_file(page)


def test_a_placeholder_without_a_counter_line_is_still_read(mirror):
    assert "<style>" not in (mirror / "R_synergy.php").read_text()
    assert parse_file(mirror / "R_synergy.php")["synergy"].flags == [tirules.NO_LRR_FLAG]
