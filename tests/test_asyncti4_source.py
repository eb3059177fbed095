"""Reading the AsyncTI4 data: a snapshot or a bot clone as one page, official only unless --homebrew."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.model import HOMEBREW_FLAG
from ingest.bundles import unpack
from ingest.pages import read_local
from ingest.parsers import asyncti4
from ingest.registry import parser_for

SOURCES = [{"source": "base", "canal": "official"}, {"source": "brew", "canal": "community", "name": "Our Brew"}]
CARDS = [
    {"alias": "x1", "name": "Test Gambit", "phase": "Action", "window": "ACTION", "source": "base",
     "text": "Gain 1 trade good. [Note: a reminder we wrote.]"},
    {"alias": "x2", "name": "Test Gambit", "phase": "Action", "window": "ACTION", "source": "base",
     "text": "Gain 1 trade good. [Note: a reminder we wrote.]"},
    {"alias": "h1", "name": "Brewed Trick", "phase": "Action", "window": "ACTION", "source": "brew",
     "text": "Draw 1 action card."},
]


def _write(root: Path) -> Path:
    """A data root in the bot's layout, with files we wrote."""
    (root / "data/sources").mkdir(parents=True)
    (root / "data/action_cards").mkdir(parents=True)
    (root / "planets").mkdir(parents=True)
    (root / "data/sources/sources.json").write_text(json.dumps(SOURCES))
    (root / "data/action_cards/cards.json").write_text(json.dumps(CARDS))
    (root / "planets/rock.json").write_text(json.dumps({"id": "rock", "name": "Rock", "resources": 2,
                                                        "influence": 1, "source": "base"}))
    return root


def _parse(root: Path):
    [page] = list(read_local(root))
    return page, asyncti4.parse(page.location, page.data)


def test_a_clone_of_the_bot_is_read_as_one_page_of_its_data(tmp_path):
    _write(tmp_path / "src/main/resources")
    (tmp_path / "src/main/java").mkdir(parents=True)
    (tmp_path / "src/main/java/Bot.java").write_text("class Bot {}")
    page, _ = _parse(tmp_path)
    assert sorted(unpack(page.data)) == ["data/action_cards/cards.json", "data/sources/sources.json",
                                         "planets/rock.json"]


def test_the_bundle_is_chosen_by_its_content(tmp_path):
    page, _ = _parse(_write(tmp_path))
    assert parser_for(page) is asyncti4


def test_a_snapshot_inside_a_mirror_folder_is_found(tmp_path):
    _write(tmp_path / "mirror/asyncti4")
    locations = [p.location for p in read_local(tmp_path)]
    assert locations == [str(tmp_path / "mirror/asyncti4")]


def test_copies_fold_into_one_card_and_the_note_is_kept_apart(tmp_path):
    _, entries = _parse(_write(tmp_path))
    card = next(e for e in entries if e.title == "Test Gambit")
    assert (card.text, card.facts["count"], card.facts["data_note"]) == ("Gain 1 trade good.", 2,
                                                                         "a reminder we wrote.")


def test_community_content_is_flagged_homebrew_with_its_set_name(tmp_path):
    _, entries = _parse(_write(tmp_path))
    brew = next(e for e in entries if e.title == "Brewed Trick")
    assert (HOMEBREW_FLAG in brew.flags, brew.expansion) == (True, "Our Brew")


def test_a_damaged_file_is_named(tmp_path):
    root = _write(tmp_path)
    (root / "data/action_cards/cards.json").write_text("[{")
    page = next(iter(read_local(root)))
    with pytest.raises(ValueError, match="data/action_cards/cards.json"):
        asyncti4.parse(page.location, page.data)


def test_homebrew_is_left_out_unless_asked_and_labelled_when_included(tmp_path):
    from corpus import Corpus
    from ingest.run import ingest

    root = _write(tmp_path / "data")
    plain = ingest([str(root)], tmp_path / "plain")
    brewed = ingest([str(root)], tmp_path / "brewed", homebrew=True)
    corpus = Corpus.load(tmp_path / "brewed")
    hit = corpus.search("brewed trick").hits[0]
    corpus.close()
    assert (dict(plain.left_out), sum(brewed.left_out.values()), hit.homebrew) == ({"Action Card": 1}, 0, True)


def test_the_cli_says_what_it_left_out_and_homebrew_includes_it(tmp_path, monkeypatch, capsys):
    from test_cli import run_cli

    root = _write(tmp_path / "data")
    _, plain, _ = run_cli(monkeypatch, capsys, "ingest", str(root), "--quiet", "--instance", str(tmp_path / "a"))
    _, brewed, _ = run_cli(monkeypatch, capsys, "ingest", str(root), "--quiet", "--homebrew",
                           "--instance", str(tmp_path / "b"))
    assert "left out (homebrew): 1 Action Card" in plain and "left out" not in brewed


def test_the_cli_listing_marks_homebrew_hits(tmp_path, monkeypatch, capsys):
    from test_cli import run_cli

    root = _write(tmp_path / "data")
    run_cli(monkeypatch, capsys, "ingest", str(root), "--quiet", "--homebrew", "--instance", str(tmp_path / "b"))
    _, listing, _ = run_cli(monkeypatch, capsys, "search", "brewed trick", "--instance", str(tmp_path / "b"))
    _, official, _ = run_cli(monkeypatch, capsys, "search", "test gambit", "--instance", str(tmp_path / "b"))
    assert " 1. [section homebrew] " in listing and " 1. [section] " in official


@pytest.mark.parametrize(("spec", "shown"), [
    ("cv, cr,2 ff, 4 inf n,pds n, sd n", ["Carrier", "Cruiser", "2 Fighter", "4 Infantry", "PDS", "Space Dock"]),
    ("cv, 2 cr, 2 inf, inf n", ["Carrier", "2 Cruiser", "3 Infantry"]),
    # Keleres' and Naaz-Rokha's files spell a cruiser "ca" and a mech "mech".
    ("2 ff, 1 ca, sd valkk", ["2 Fighter", "Cruiser", "Space Dock"]), ("cv, mech a, carrier", ["2 Carrier", "Mech"]),
])
def test_starting_fleet_reads_the_bots_codes(spec, shown):
    from ingest.parsers.asyncti4.factions import fleet

    assert fleet(spec) == shown


def test_an_oversized_data_file_is_named_and_skipped(tmp_path):
    root = _write(tmp_path)
    skipped = []
    pages = list(read_local(root, on_error=skipped.append, max_bytes=300))
    assert (pages, [e.location for e in skipped]) == ([], [str(root / "data/action_cards/cards.json")])


def test_a_stand_in_unit_no_card_prints_is_no_entry(tmp_path):
    # The bot keeps a unit with a name and nothing else (a war sun before its technology);
    # a unit with values, or with only an ability, is a card.
    root = _write(tmp_path)
    (root / "data/units").mkdir(parents=True)
    (root / "data/units/units.json").write_text(json.dumps([
        {"id": "placeholder", "baseType": "warsun", "name": "Placeholder Sun", "source": "base"},
        {"id": "sun", "baseType": "warsun", "name": "Our Sun", "source": "base", "cost": 12, "moveValue": 2},
        {"id": "odd", "baseType": "mech", "name": "Odd Mech", "source": "base", "ability": "Gain 1 trade good."},
    ]))
    _, entries = _parse(root)
    titles = {e.title for e in entries}
    assert {"Our Sun", "Odd Mech"} <= titles and "Placeholder Sun" not in titles
