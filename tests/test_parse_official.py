"""The official-rule site parser, on seeds 001 (77.7) and 002 (78.10)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.model import Source
from ingest import lrr
from ingest.errors import PageError
from ingest.parsers import official
from shared import shared_dir

SPACE_CANNON_SUBRULES = {
    "77.7a": "If a unit has a “Space Cannon” ability, it is present on its faction sheet and technology cards.",
    "77.7b": "“Space Cannon” is displayed as “Space Cannon X (xY).” The X is the minimum value needed for a die "
             "to produce a hit, and Y is the number of dice rolled. Not all “Space Cannon” abilities are accompanied "
             "by a (Y) value; a space cannon roll for such a unit consists of one die.",
    "77.7c": "Game effects that reroll, modify, or otherwise affect combat rolls do not affect space cannon rolls.",
    "77.7d": "Game effects that allow the use of “Space Cannon” abilities against ships in adjacent systems "
             "have no effect during Space Cannon Defense.",
}


def _seed(number: str) -> Path:
    matches = sorted(shared_dir().glob(f"seeds/{number}_*.txt"))
    if not matches:
        pytest.skip(f"seed {number} not found under {shared_dir()} (set MECATOL_SHARED)")
    return matches[0]


@pytest.fixture(scope="module")
def rule_77():
    path = _seed("001")
    return {e.id: e for e in official.parse(str(path), path.read_bytes())}


@pytest.fixture(scope="module")
def rule_78():
    path = _seed("002")
    return {e.id: e for e in official.parse(str(path), path.read_bytes())}


def test_77_7_splits_into_subrules(rule_77):
    assert list(rule_77) == ["77.7", "77.7a", "77.7b", "77.7c", "77.7d"]


@pytest.mark.parametrize("rule_id", sorted(SPACE_CANNON_SUBRULES))
def test_77_7_subrule_texts(rule_77, rule_id):
    assert rule_77[rule_id].text == SPACE_CANNON_SUBRULES[rule_id]
    assert rule_77[rule_id].parent == "77.7"


def test_77_7_main_rule(rule_77):
    main = rule_77["77.7"]
    assert main.text.startswith("STEP 1—ROLL DICE: Each player may use")
    assert main.text.endswith("equal to or greater than the unit’s “Space Cannon” value.")
    assert (main.title, main.parent, main.number) == ("STEP 1—ROLL DICE", "space-cannon", "77.7")
    assert main.authority == "lrr"


def test_topic_comes_from_the_number_not_the_heading(rule_77):
    # The page's heading says "Space Combat"; 77 is Space Cannon.
    assert {e.topic for e in rule_77.values()} == {"space-cannon"}


def test_source(rule_77):
    assert rule_77["77.7d"].sources == [Source("official-rules", "urn:lrr:rule:77.7", "2.0")]
    assert rule_77["77.7d"].flags == ["expansion:prophecy-of-kings"]


def test_related_rulings_become_refs_only(rule_77):
    assert rule_77["77.7"].refs == ["77.4", "77.5", "77.6", "77.8"]
    assert all(not official.is_garbled(e.text) for e in rule_77.values())
    assert not [e.id for e in rule_77.values() if "ASSIGN HITS" in e.text or "..." in e.text]


def test_78_10(rule_78):
    assert list(rule_78) == ["78.10", "78.10a"]
    assert rule_78["78.10"].text.endswith("the combat ends in a draw and there is no winner.")
    assert rule_78["78.10a"].text.endswith("that player must choose and remove any excess units.")
    assert {e.topic for e in rule_78.values()} == {"space-combat"}


def test_related_topics_tail_becomes_refs(rule_78):
    assert "RELATED TOPICS" not in rule_78["78.10a"].text
    assert rule_78["78.10"].refs == [
        "78.1", "78.2", "78.3", "78.4", "78.5", "78.6", "78.7", "78.8", "78.9",
        "capacity", "fleet-pool", "opponent", "sustain-damage",
    ]


@pytest.mark.parametrize("text, expected", [
    ("Main. a If one. b “Two” here. c Three.", ["", "a", "b", "c"]),
    ("Roll a Die. Then a player picks.", [""]),
    ("One. b Skipped a. c None.", [""]),
    ("Text (see a) a The rest.", ["", "a"]),
])
def test_split_subrules_letters(text, expected):
    assert [letter for letter, _ in official.split_subrules(text)] == expected


@pytest.mark.parametrize("text, garbled", [
    ("77.4This ability can be used even if no ships were moved.", True),
    ("must choose and destroy one of...77.6“end of combat round” effects", True),
    ("as described in 77.3 and 77.4 ... later", True),
    (SPACE_CANNON_SUBRULES["77.7d"], False),
    ("See rule 77.3 for the steps.", False),
    ("As 77.7d says, and 78.10 too.", False),
])
def test_is_garbled(text, garbled):
    assert official.is_garbled(text) is garbled


def test_snippet_ids_read_step_numbers_apart():
    assert official.snippet_ids("x.77.52—ASSIGN HITS y...78.10After z 2.0") == ["77.5", "78.10"]


@pytest.mark.parametrize("number, expected", [("001", True), ("002", True), ("000", False), ("004", False)])
def test_sniff(number, expected):
    path = _seed(number)
    assert official.sniff(str(path), path.read_bytes()) is expected


@pytest.mark.parametrize("page, reason", [
    (b"Official rule \xc2\xb7 PoK \xc2\xb7 Rule 77.7\n\nSpace Cannon\n", "no text"),
    (b"Official rule \xc2\xb7 PoK \xc2\xb7 Rule 150.1\nOfficial rule text\n150.1 Hello.\n", "no LRR topic"),
    (b"Something else entirely\n", "banner"),
])
def test_malformed_pages(page, reason):
    with pytest.raises(PageError, match=reason):
        official.parse("page.txt", page)


def test_url_location_is_the_source_url():
    page = "Official rule · PoK · Rule 77.1\nOfficial rule text\n77.1 A player is not required to be active.\n"
    entry = official.parse("https://rules.example/77.1", page.encode("cp1252", errors="replace"))[0]
    assert entry.sources[0].url == "https://rules.example/77.1"
    assert entry.text == "A player is not required to be active."


@pytest.mark.parametrize("number, expected", [
    ("77", ("space-cannon", "Space Cannon")), ("77.7d", ("space-cannon", "Space Cannon")),
    (91, ("technology-sc", "Technology")), ("102", None), ("x", None),
])
def test_topic_for_number(number, expected):
    assert lrr.topic_for_number(number) == expected


def test_lrr_table_is_complete_and_deterministic():
    path = Path(lrr.__file__).parent / "data" / "lrr_topics.json"
    raw = json.loads(path.read_text("utf-8"))
    assert sorted(map(int, raw)) == list(range(1, 102))
    assert path.read_text("utf-8") == json.dumps(raw, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert lrr.topics()["68"].category == "Unit Ability"


@pytest.mark.parametrize("rule_id, parent", [
    ("77.7d", "77.7"), ("77.7", "space-cannon"), ("66.2i", "66.2"), ("77", None),
])
def test_parent_of(rule_id, parent):
    assert lrr.parent_of(rule_id) == parent
