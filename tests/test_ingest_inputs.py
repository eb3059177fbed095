"""Bad input to an ingest: each is reported naming its file, URL or setting, and nothing is lost silently."""
from __future__ import annotations

import codecs
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from corpus import Corpus
from ingest.checks import check_page
from ingest.errors import IngestError
from ingest.pages import Page
from ingest.registry import parse_page
from ingest.run import ingest



def mecatol(*args: str) -> subprocess.CompletedProcess:
    """Run the real `mecatol` command (its sources from the instance folder, not the environment)."""
    env = {k: v for k, v in os.environ.items() if k != "MECATOL_SOURCES"}
    return subprocess.run([sys.executable, "-m", "mecatol", *args], capture_output=True, text=True, timeout=60,
                          env=env)


def test_a_topic_page_without_its_counter_line_is_skipped_not_emptied(tmp_path, small_source):
    page = small_source / "R_space_cannon.php"
    page.write_text(re.sub(r"<style>.*?</style>\n", "", page.read_text(), count=1))
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [(s.location, "<style> line" in s.reason) for s in report.skipped] == [(str(page), True)]
    ids = {e.id for e in Corpus.load(tmp_path / "inst").entries}
    assert "te-space-cannon" not in ids and "pds" in ids


def test_malformed_wiki_pairs_are_reported_and_the_rest_ingested(tmp_path, shared):
    text = (shared / "mirror" / "wiki" / "FAQ.txt").read_text()
    question = next(line for line in text.splitlines() if line.startswith("Q: Can you intentionally reveal"))
    text = text.replace(question, "", 1)
    text = text.replace("Q: Can you resolve end of turn abilities on the turn you pass?", "Q:", 1)
    (tmp_path / "FAQ.txt").write_text(text)
    report = ingest([str(tmp_path / "FAQ.txt")], tmp_path / "inst")
    assert [(s.location, s.reason.split(":")[0]) for s in report.problems] == [
        (str(tmp_path / "FAQ.txt"), 'section "Hidden Information"'), (str(tmp_path / "FAQ.txt"), 'section "Passing"')]
    assert not report.skipped and report.pages == 1  # the page was read: its problems are not skipped pages
    assert "2 problems reported" in report.summary()
    with pytest.raises(IngestError, match=r"(?s)--strict given.*problem in .*FAQ.txt: section \"Passing\""):
        ingest([str(tmp_path / "FAQ.txt")], tmp_path / "inst", strict=True)
    entries = Corpus.load(tmp_path / "inst").entries
    assert {e.topic for e in entries} == {"wiki/faq"} and all(e.title for e in entries)
    assert sum(e.kind == "faq" for e in entries) == 215 - 2  # 215 from the whole page (two of its pairs are one)


@pytest.mark.parametrize("url, problem", [("https://[::1", "Invalid IPv6 URL"),
                                          ("http://127.0.0.1:abc/", "Port could not be cast")])
def test_a_malformed_url_is_one_line_and_exit_2(tmp_path, url, problem):
    done = mecatol("ingest", url, "--instance", str(tmp_path / "inst"), "--quiet")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"mecatol: {url}: not a valid URL ({problem}") and done.stderr.count("\n") == 1


def test_a_sources_file_that_is_not_utf8_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "inst").mkdir()
    (tmp_path / "inst" / "sources.txt").write_bytes("/data/café\n".encode("latin-1"))
    done = mecatol("ingest", "--instance", str(tmp_path / "inst"), "--quiet")
    assert done.returncode == 2
    assert done.stderr == f"mecatol: {tmp_path / 'inst' / 'sources.txt'}: is not UTF-8 text " \
                          "(byte 0xe9 at offset 9); save it as UTF-8\n"


def test_a_broken_link_in_a_folder_is_reported_with_its_target(tmp_path, small_source):
    (small_source / "R_gone.php").symlink_to(tmp_path / "nowhere.php")
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [str(s) for s in report.skipped] == [
        f"{small_source / 'R_gone.php'}: cannot read: a symbolic link to {tmp_path / 'nowhere.php'} "
        "(No such file or directory); fix or remove the link"]


def test_a_fifo_in_a_folder_is_reported_not_waited_on(tmp_path, small_source):
    os.mkfifo(small_source / "R_pipe.php")
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [(s.location, "not a regular file" in s.reason) for s in report.skipped] == [
        (str(small_source / "R_pipe.php"), True)]


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be", "utf-32"])
def test_a_page_with_a_byte_order_mark_reads_as_in_utf8(mirror, codec):
    text = (mirror / "R_space_cannon.php").read_text(encoding="utf-8")
    data = text.encode(codec) if codec != "utf-16-be" else codecs.BOM_UTF16_BE + text.encode(codec)
    page = Page("R_space_cannon.php", data)
    assert parse_page(check_page(page)) == parse_page(Page("R_space_cannon.php", text.encode()))


def test_utf16_without_a_byte_order_mark_is_named_as_such(tmp_path, small_source):
    page = small_source / "R_space_cannon.php"
    page.write_bytes(page.read_text(encoding="utf-8").encode("utf-16-le"))
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [(s.location, s.reason.split(",")[0]) for s in report.skipped] == [
        (str(page), "looks like UTF-16 text without a byte-order mark")]


def test_a_clones_markdown_documentation_is_not_read_as_open_questions(tmp_path, small_source):
    # A heading and bullets is what questions.md looks like, and what every CHANGELOG.md looks like too.
    notes = "# Changelog\n\n- Can I open a draft PR?\n- Fixed the build\n"
    (small_source / "CHANGELOG.md").write_text(notes, encoding="utf-8")
    (small_source / "docs").mkdir()
    (small_source / "docs" / "CONTRIBUTING.md").write_text(notes, encoding="utf-8")
    report = ingest([str(small_source)], tmp_path / "inst")
    assert not report.skipped and report.counts["question"] == 0 and report.counts["rule"] > 0


def test_only_a_file_named_questions_md_is_read_as_open_questions(mirror):
    text = (mirror / "questions.md").read_bytes()
    assert parse_page(Page("https://example.org/raw/questions.md?plain=1", text))
    with pytest.raises(IngestError, match="unrecognised format"):
        parse_page(Page("/somewhere/notes.md", text))


def test_a_page_with_binary_data_spliced_in_is_skipped_with_where(tmp_path, small_source):
    page = small_source / "R_space_cannon.php"
    data = page.read_bytes()
    middle = len(data) // 2
    page.write_bytes(data[:middle] + b"\x00\x00\xff\xfe" * 50 + data[middle:])
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [s.location for s in report.skipped] == [str(page)]
    assert "100 control byte(s), the first (0x00) at byte" in str(report.skipped[0])
    assert not any("\x00" in e.text or "ÿþ" in e.text for e in Corpus.load(tmp_path / "inst").entries)


@pytest.mark.parametrize("data, said", [(b"", "it is empty (0 bytes)"), (b"\n \n", "it is empty but for blank space")])
def test_an_empty_file_is_called_empty(tmp_path, small_source, data, said):
    (small_source / "R_blank.php").write_bytes(data)
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [str(s) for s in report.skipped] == [f"{small_source / 'R_blank.php'}: {said}"]
