"""Bad input to an ingest: each is reported naming its file, URL or setting, and nothing is lost silently."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from corpus import Corpus
from ingest.run import ingest

PAGES = ("index.php", "R_space_cannon.php", "R_pds.php")


@pytest.fixture()
def source(tmp_path: Path, mirror: Path) -> Path:
    """A folder with a few real mirror pages (copied to tmp, never into the repo)."""
    folder = tmp_path / "src"
    folder.mkdir()
    for name in PAGES:
        shutil.copy(mirror / name, folder / name)
    return folder


def test_a_topic_page_without_its_counter_line_is_skipped_not_emptied(tmp_path, source):
    page = source / "R_space_cannon.php"
    page.write_text(re.sub(r"<style>.*?</style>\n", "", page.read_text(), count=1))
    report = ingest([str(source)], tmp_path / "inst")
    assert [(s.location, "<style> line" in s.reason) for s in report.skipped] == [(str(page), True)]
    ids = {e.id for e in Corpus.load(tmp_path / "inst").entries}
    assert "te-space-cannon" not in ids and "pds" in ids
