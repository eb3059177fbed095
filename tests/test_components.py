"""Card text and component data from the AsyncTI4 snapshot, merged with the rules (default corpus)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from corpus.model import HOMEBREW_FLAG


def _fold(name: str) -> str:
    """Names as the test compares them: letters and digits, Ω and a plural s ignored."""
    words = re.sub(r"[^a-z0-9 ]+", " ", name.lower().replace("ω", " ")).split()
    words = words[1:] if words[:1] == ["the"] else words
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words)


@pytest.fixture(scope="module")
def data(shared: Path) -> Path:
    return shared / "mirror" / "asyncti4"


@pytest.fixture(scope="module")
def official(data: Path) -> set[str]:
    listed = json.loads((data / "data/sources/sources.json").read_text())
    return {s["source"] for s in listed if s.get("canal") == "official"}


def _official_items(data: Path, official: set[str], folder: str) -> list[dict]:
    items = [i for f in sorted((data / "data" / folder).glob("*.json")) for i in json.loads(f.read_text())]
    return [i for i in items if i.get("source") in official and not i.get("homebrewReplacesID")]


def _component_names(corpus) -> set[str]:
    """Folded titles (and printings' names) of every entry that carries card text."""
    names = set()
    for entry in corpus.entries:
        if entry.authority == "card-text" and entry.text:
            names.add(_fold(re.sub(r" \((strategy card|planet)\)$", "", entry.title)))
            names.add(_fold(entry.title.split(" — ")[0]))
            names.add(_fold(entry.title))
            names.add(re.sub(r" (i|ii)$", "", _fold(entry.title)))
            # Printings folded into this card keep their own names ("Yin Spinner Omega").
            names.add(_fold(entry.facts.get("printed_name", "")))
            # a leader merged under a shorter heading ("Jace X — …") keeps its printed name ("Jace X, 4th Air Legion")
            names.add(_fold(entry.facts.get("printed_name", "").split(" — ")[0]))
            names.update(_fold(v["name"]) for v in entry.variants if v.get("name"))
    return names


@pytest.mark.parametrize(("folder", "distinct"), [
    ("action_cards", 151), ("agendas", 73), ("technologies", 166), ("promissory_notes", 37),
    ("relics", 24), ("leaders", 114), ("abilities", 76), ("public_objectives", 40),
    ("secret_objectives", 40), ("strategy_cards", None), ("explores", None), ("breakthroughs", None),
    ("galactic_events", 20),
])
def test_every_official_card_has_an_entry_with_text(default_corpus, data, official, folder, distinct):
    items = _official_items(data, official, folder)
    if distinct is not None:
        assert len({i["name"] for i in items}) == distinct
    have = _component_names(default_corpus)
    missing = sorted({i["name"] for i in items if _fold(i["name"]) not in have
                      and re.sub(r" (i|ii)$", "", _fold(i["name"])) not in have})
    assert missing == []


def test_one_entry_per_official_planet(default_corpus, data, official):
    planets = [json.loads(f.read_text()) for f in sorted((data / "planets").glob("*.json"))]
    names = {_fold(p["name"]) for p in planets if p.get("source") in official}
    entries = [e for e in default_corpus.entries if e.category == "Planet"]
    assert sorted(_fold(e.title.removesuffix(" (planet)")) for e in entries) == sorted(names)


def test_no_homebrew_by_default_and_the_report_counts_it(default_corpus, default_instance):
    assert [e.id for e in default_corpus.entries if HOMEBREW_FLAG in e.flags] == []
    assert sum(default_instance[1].left_out.values()) > 1000


def test_copies_are_one_card_with_a_count(default_corpus):
    card = default_corpus.get("cards/action-cards/shields-holding")
    assert (card.text, card.facts["count"], card.expansion, card.phase, card.window) == (
        "Cancel up to 2 hits.", 4, "Base", "Action", "Before you assign hits to your ships during a space combat")


def test_the_card_keeps_the_rules_notes_beside_it(default_corpus):
    notes = [e.text for e in default_corpus.topic("cards/action-cards")
             if e.parent == "cards/action-cards/shields-holding" and e.kind == "note"]
    assert "Shields Holding cannot be used during ground combat." in notes


def test_a_codex_printing_replaces_the_older_text_kept_as_a_variant(default_corpus):
    card = default_corpus.get("cards/technology/x89-bacterial-weapon")
    assert card.expansion == "Codex IV"
    assert {v["expansion"] for v in card.variants} >= {"Base", "Codex I"}


def test_cards_the_rules_lack_get_their_own_entry(default_corpus):
    page = default_corpus.topic("cards/strategy-cards")
    assert {"Lux", "Noctis"} <= {e.title for e in page}


def test_a_strategy_card_is_read_on_its_rules_topic(default_corpus):
    card = default_corpus.get("technology-sc/technology-strategy-card")
    assert (card.topic, card.facts["initiative"], card.text.startswith("Primary ability:")) == ("technology-sc", 7, True)


def test_a_strategy_card_reads_as_sentences(default_corpus):
    # the data's lines for Leadership have no full stops; joined into plain text they ran on
    text = default_corpus.get("leadership/leadership-strategy-card").text
    assert "Gain 3 command tokens. Spend any amount" in text and text.endswith("spent.")


def test_faction_sheet_is_on_the_rules_faction_page(default_corpus):
    sheet = default_corpus.get("factions/arborec").facts["sheet"]
    flagship = next(u for u in sheet["units"] if u["type"] == "flagship")
    assert (sheet["commodities"], sheet["home_planets"], flagship["name"]) == (3, ["Nestphar (3/2)"], "Duha Menaimon")
    assert ["Capacity", "5"] in [list(v) for v in flagship["values"]]


def test_leaders_carry_their_unlock_condition(default_corpus):
    leaders = {e.category: e for e in default_corpus.topic("factions/arborec") if e.category in ("Commander", "Hero")}
    assert leaders["Commander"].facts["unlock"] == "Have 12 ground forces on planets you control."


def test_a_planet_entry_has_its_values(default_corpus):
    planet = next(e for e in default_corpus.entries if e.category == "Planet" and e.title.startswith("Mecatol Rex"))
    assert (planet.facts["resources"], planet.facts["influence"]) == (1, 6)


@pytest.mark.parametrize(("section", "printed"), [
    ("factions/lizix/annihilator", "Anihilator"), ("factions/saar/raghs-call", "Raghs Call"),
    ("factions/nekro/technology-singularity", "Technological Singularity"),
    ("factions/jol-nar/specialized-compounds", "Specialist Compounds"),
    ("factions/keleres/the-tribunii", "The Tribuni"),
    ("cards/objectives/mine-rare-minerals", "Mine Rare Metals"),  # the rules misspell the secret objective
    ("factions/bastion/4x31c-helios", '4x41C "Helios" V1'),
    # a leader under the start of its title, its name spelled otherwise or not
    ("factions/sol/jace-x-helio-command-array", "Jace X, 4th Air Legion — Helio Command Array: Twilight Directive"),
    ("factions/bastion/lura-keen-entity-4x41a-apollo", 'Lyra Keen — Entity 4X41A "Apollo" - Intelligence Unshackled'),
    # the rules mark each side of the Firmament/Obsidian page; each side's card goes to its mark
    ("factions/firmament/planesplitter", "Planesplitter (Firmament)"),
    ("factions/firmament/planesplitter-2", "Planesplitter (Obsidian)"),
    ("factions/firmament/neural-parasite", "Neural Parasite (Firmament)"),
    ("factions/firmament/neural-parasite-2", "Neural Parasite (Obsidian)"),
    ("factions/firmament/sharsiss-the-blade-beckons", "Sharsiss — The Blade Beckons - Knife in the Back"),
    ("factions/firmament/sharsiss-hollow-the-blade-revealed", "Sharsiss Hollow — The Blade Revealed - Eternity's End"),
])
def test_a_name_the_data_spells_otherwise_still_merges(default_corpus, section, printed):
    assert default_corpus.get(section).facts["printed_name"] == printed


def test_a_card_the_rules_discuss_beside_its_namesake_keeps_its_own_entry(default_corpus):
    # "Valefar Assimilator Y" is one word more than the rules' "Valefar Assimilator", not a misspelling.
    nekro = {e.title: e for e in default_corpus.topic("factions/nekro") if e.kind == "section"}
    assert nekro["Valefar Assimilator Y"].facts["printed_name"] == "Valefar Assimilator Y"
    assert nekro["Valefar Assimilator"].facts["printed_name"] == "Valefar Assimilator X"


def test_a_codex_printings_own_rules_section_gets_that_printings_text(default_corpus):
    omega = default_corpus.get("cards/technology/x89-bacterial-weapon-2")
    assert (omega.title, omega.expansion, omega.text.startswith("After 1 or more of your units use BOMBARDMENT")) == (
        "X–89 Bacterial Weapon Ω", "Codex I", True)


def test_a_unit_upgrade_is_one_card_its_technology_with_the_units_values(default_corpus):
    tech = default_corpus.get("cards/technology/fighter-ii")
    units = [e.title for e in default_corpus.topic("cards/units")]
    assert (tech.facts["unit"]["move"], "Fighter II" in units) == (2, False)


def test_a_two_faced_card_shows_each_face_in_its_one_section(default_corpus):
    # The rules head the Naaz-Rokha mech "Eidolon / Z–Grav Eidolon"; the data has each face apart.
    mech = default_corpus.get("factions/naaz-rokha/eidolon-zgrav-eidolon")
    sections = {e.title for e in default_corpus.topic("factions/naaz-rokha") if e.kind == "section"}
    assert mech.text.startswith("Eidolon: If this unit is in the space area") and "\n\nZ-Grav Eidolon: " in mech.text
    assert not {"Eidolon", "Z-Grav Eidolon"} & sections and mech.authority == "card-text"


def test_a_card_under_its_other_name_merges(default_corpus):
    commander = default_corpus.get("factions/jol-nar/ta-zern-agnlan-oln")
    assert commander.text == "Agnlan Oln: After you roll dice for a unit ability: You may reroll any of those dice."


def test_prose_naming_one_face_links_the_two_faced_card(default_corpus):
    note = default_corpus.get("factions/naaz-rokha/visz-el-vir.note-2")  # "... Z–Grav Eidolon ..."
    assert note.refs == ["factions/naaz-rokha/eidolon-zgrav-eidolon"]


def test_a_cards_whole_text_is_its_window_then_its_effect(default_corpus):
    card = default_corpus.get("cards/action-cards/sabotage")
    assert card.whole_text == f"{card.window}: Cancel that action card."
    # An ability whose text already says its window keeps the text as it is.
    ability = default_corpus.get("factions/nekro/propagation")
    assert ability.window and ability.whole_text == ability.text


def test_the_words_of_a_cards_window_find_the_card(default_corpus):
    hits = default_corpus.search("after another player's ship uses sustain damage to cancel a hit").hits
    assert hits[0].id == "cards/action-cards/direct-hit"


def test_an_agendas_outcomes_are_labelled_once(default_corpus):
    # Most outcomes in the data already start "For:"; "For/Against" is the data's label, not printed.
    agendas = [e for e in default_corpus.entries if (e.category or "").startswith("Agenda")]
    assert len(agendas) > 50
    assert not [e.id for e in agendas if "For: For:" in e.text or "Against: Against:" in e.text
                or e.text.startswith("For/Against")]
    assert default_corpus.get("cards/agendas/mutiny").text.startswith('For: Each player that voted "For" gains 1')


def test_a_galactic_event_shows_its_rules_one_a_line(default_corpus):
    # The data writes a Thunder's Edge event's rules as a Markdown list ("- …", "> - …").
    event = default_corpus.get("cards/events/wild-wild-galaxy")
    assert (event.category, event.expansion) == ("Galactic Event", "Thunder's Edge")
    assert event.text.startswith("Action cards are adjusted as follows: Direct hit: Can be used against mechs.")
    assert "- " not in event.text and event.html.count("<br>") == 10


def test_a_name_links_the_games_own_card_before_a_twilights_fall_page(default_corpus):
    # Twilight's Fall has a faction page "Il Na Viroset"; the note means Mahact's commander.
    note = default_corpus.get("cards/events/minor-factions.note-5")
    assert "Il Na Viroset, the Mahact commander" in note.text
    assert note.refs == ["factions/mahact/il-na-viroset"]
