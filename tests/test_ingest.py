"""Ingest end to end: atomic swap, bad pages, the change report, determinism."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from corpus import Corpus, NoCorpusError
from corpus import index as corpus_index
from corpus import store
from ingest.errors import IngestError, SourceError
from ingest.run import ingest

DATA = Path(__file__).parent / "data" / "tirules"


def test_ingest_builds_a_loadable_corpus(tmp_path, small_source):
    report = ingest([str(small_source)], tmp_path / "inst")
    corpus = Corpus.load(tmp_path / "inst")
    assert corpus.get("77.7d").topic == "space-cannon"
    assert corpus.get("space-cannon").order > 0  # the index gave it its place
    assert report.counts["topic"] == 3 and not report.skipped
    corpus.close()


def test_failed_build_leaves_the_previous_corpus_serving(tmp_path, small_source, monkeypatch):
    ingest([str(small_source)], tmp_path / "inst")
    before = Corpus.load(tmp_path / "inst")

    def broken_build(folder, entries):
        raise RuntimeError("disk full while indexing")

    monkeypatch.setattr(corpus_index, "build", broken_build)
    (small_source / "R_pds.php").unlink()
    with pytest.raises(RuntimeError, match="disk full"):
        ingest([str(small_source)], tmp_path / "inst")
    after = Corpus.load(tmp_path / "inst")
    assert after.folder == before.folder
    assert after.get("63.1").topic == "pds"
    assert after.search("planetary shield pds").hits
    assert not list((tmp_path / "inst" / "versions").glob(".tmp-*"))
    before.close(), after.close()


def test_killed_ingest_leaves_the_previous_corpus_serving(tmp_path, small_source, mirror):
    instance = tmp_path / "inst"
    ingest([str(small_source)], instance)
    old = os.path.realpath(instance / "corpus")
    cmd = [sys.executable, "-m", "mecatol", "ingest", str(mirror), "--instance", str(instance), "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # mid-parse or mid-index on this machine
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    current = os.path.realpath(instance / "corpus")
    corpus = Corpus.load(instance)
    assert current in (old, str(corpus.folder))
    assert corpus.get("77.7d").text.startswith("Game effects")
    corpus.close()
    ingest([str(small_source)], instance)  # the next ingest cleans up the leftovers
    assert not list((instance / "versions").glob(".tmp-*"))


def test_bad_page_is_named_and_the_rest_ingested(tmp_path, small_source):
    shutil.copy(DATA / "R_broken.php", small_source / "R_broken.php")
    (small_source / "notes.bin").write_bytes(b"\x00\x01 not a page")
    report = ingest([str(small_source)], tmp_path / "inst")
    reasons = sorted(str(s) for s in report.skipped)
    assert len(reasons) == 2
    assert reasons[0].endswith("R_broken.php: no <header> title")
    assert "notes.bin: 2 control byte(s), the first (0x00) at byte 0" in reasons[1]  # binary, and said so
    assert Corpus.load(tmp_path / "inst").get("77.7d")


def test_strict_makes_a_bad_page_fatal_and_changes_nothing(tmp_path, small_source):
    shutil.copy(DATA / "R_broken.php", small_source / "R_broken.php")
    with pytest.raises(IngestError, match="--strict"):
        ingest([str(small_source)], tmp_path / "inst", strict=True)
    with pytest.raises(NoCorpusError):
        Corpus.load(tmp_path / "inst")


def test_missing_source_is_an_error_naming_it(tmp_path):
    with pytest.raises(SourceError, match="no-such-dir: no such file"):
        ingest([str(tmp_path / "no-such-dir")], tmp_path / "inst")


def test_change_report_between_versions(tmp_path, small_source):
    ingest([str(small_source)], tmp_path / "inst")
    (small_source / "R_pds.php").unlink()
    report = ingest([str(small_source)], tmp_path / "inst")
    assert "63.1" in report.removed and "pds" in report.removed
    assert not report.added
    assert "changes since the last corpus: 0 added" in report.changes()


def test_rebuild_is_deterministic(tmp_path, small_source):
    ingest([str(small_source)], tmp_path / "a")
    ingest([str(small_source)], tmp_path / "b")
    first = (Path(os.path.realpath(tmp_path / "a" / "corpus")) / "entries.jsonl").read_bytes()
    second = (Path(os.path.realpath(tmp_path / "b" / "corpus")) / "entries.jsonl").read_bytes()
    assert first == second


def test_whole_mirror_in_corpus(mirror_corpus):
    kinds = {k: sum(1 for e in mirror_corpus.entries if e.kind == k) for k in ("topic", "faction", "card")}
    assert kinds == {"topic": 109, "faction": 30, "card": 10}
    assert mirror_corpus.get("coexistence").category == "Thunder's Edge"
    assert [e.id for e in mirror_corpus.pages("topic")][:3] == ["abilities", "action-cards", "action-phase"]
    questions = [e for e in mirror_corpus.entries if e.kind == "question"]
    assert len(questions) == 712
    assert {q.topic for q in questions} >= {"coexistence", "cards/action-cards", "factions/xxcha", "open-questions"}


def test_a_question_is_homed_on_the_page_its_heading_names_and_no_other(mirror_corpus):
    def homes(section: str) -> set[str]:
        return {e.topic for e in mirror_corpus.entries if e.kind == "question" and e.section.startswith(section)}
    # The page's title is "⚪ The Firmament ✖ The Obsidian": the same words, other symbols.
    assert homes("Factions › The Firmament & The Obsidian") == {"factions/firmament"}
    # No page is called Production Biomes; the one called Production is another thing's.
    assert homes("Twilight's Fall › Unit Upgrades › Production Biomes") == {"open-questions"}


def test_nothing_usable_is_an_error_that_says_why(tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("nothing a parser knows", encoding="utf-8")
    with pytest.raises(IngestError, match=r"no entries found in .*junk.txt; nothing was changed:\n  skipped "
                                          r".*junk.txt: unrecognised format"):
        ingest([str(junk)], tmp_path / "inst")


def test_when_every_page_fails_each_reason_is_listed(tmp_path):
    (tmp_path / "src").mkdir()
    for name, text in (("a.csv", "a,b\n1,2\n"), ("b.txt", "nothing a parser knows")):
        (tmp_path / "src" / name).write_text(text, encoding="utf-8")
    with pytest.raises(IngestError) as caught:
        ingest([str(tmp_path / "src")], tmp_path / "inst")
    lines = str(caught.value).splitlines()
    assert lines[0] == f"no entries found in {tmp_path / 'src'}; nothing was changed:"
    skipped = [f"  skipped {tmp_path / 'src' / name}" for name in ("a.csv", "b.txt")]
    assert [line.split(": ")[0] for line in lines[1:]] == skipped


def test_a_page_of_site_furniture_alone_does_not_empty_the_corpus(tmp_path, small_source):
    # The site's index page parses, but gives only what other pages hang on: publishing that would serve nothing.
    instance = tmp_path / "inst"
    ingest([str(small_source / "R_pds.php")], instance)
    before = store.current_dir(instance).resolve()
    with pytest.raises(IngestError, match=r"no entries found in .*index.php; nothing was changed"):
        ingest([str(small_source / "index.php")], instance)
    assert store.current_dir(instance).resolve() == before and store.read_entries(before)


def test_the_summary_counts_one_page_in_the_singular(tmp_path, small_source):
    report = ingest([str(small_source / "R_pds.php")], tmp_path / "inst")
    assert report.summary().startswith("ingested 1 page: ")
