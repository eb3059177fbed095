"""Reading local sources: files, folders, and a clone with its .git folder and assets."""
from __future__ import annotations

import shutil
import subprocess

from ingest.pages import read_local
from ingest.run import ingest


def test_a_clone_of_the_site_repository_ingests_cleanly(tmp_path, mirror):
    clone = tmp_path / "tirules"
    shutil.copytree(mirror, clone)
    (clone / "favicon.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    subprocess.run(["git", "init", "-q", str(clone)], check=True)
    names = {p.location.rsplit("/", 1)[-1] for p in read_local(clone)}
    assert "R_space_cannon.php" in names and "questions.md" in names
    assert not any(".git" in p.location.split("/") for p in read_local(clone))
    assert not {"favicon.png", "style.css", "prefix.php", "LICENSE"} & names
    report = ingest([str(clone)], tmp_path / "inst")
    assert not report.skipped and report.counts["topic"] == 109


def test_a_single_file_is_read_even_when_its_name_looks_like_furniture(tmp_path):
    page = tmp_path / ".hidden.txt"
    page.write_text("text", encoding="utf-8")
    assert [p.location for p in read_local(page)] == [str(page)]
