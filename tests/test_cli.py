"""The `mecatol` CLI contract: export, search --json, and one-line errors with exit 2."""
from __future__ import annotations

import json
import sys

import pytest

from corpus import Corpus
from mecatol.cli import main


def run_cli(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """Run the CLI entry point in-process; (exit status, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["mecatol", *args])
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr()
    return code, out.out, out.err


def test_export_is_every_entry_as_json_lines_in_stable_order(monkeypatch, capsys, mirror_instance, mirror_corpus):
    code, first, _ = run_cli(monkeypatch, capsys, "export", "--instance", str(mirror_instance))
    _, second, _ = run_cli(monkeypatch, capsys, "export", "--instance", str(mirror_instance))
    rows = [json.loads(line) for line in first.splitlines()]
    assert code == 0 and first == second
    assert len(rows) == len(mirror_corpus.entries)
    assert {"id", "kind", "topic", "title", "text", "sources"} <= rows[0].keys()
    rule = next(r for r in rows if r["id"] == "77.7d")
    assert rule["sources"][0]["name"] == "tirules" and rule["topic"] == "space-cannon"


def test_search_json_envelope(monkeypatch, capsys, mirror_instance):
    code, out, _ = run_cli(monkeypatch, capsys, "search", "77.7d", "--json", "--limit", "3",
                           "--instance", str(mirror_instance))
    body = json.loads(out)
    assert code == 0 and body["ok"] is True and body["query"] == "77.7d"
    assert body["results"][0]["id"] == "77.7d"
    assert set(body["results"][0]) >= {"id", "kind", "topic", "title", "snippet", "score"}


def test_search_text_output(monkeypatch, capsys, mirror_instance):
    code, out, _ = run_cli(monkeypatch, capsys, "search", "planetary shield", "--instance", str(mirror_instance))
    assert code == 0 and "planetary-shield" in out


def test_search_text_output_shows_the_answering_sentence(monkeypatch, capsys, mirror_instance):
    # A rule's title is its first words, cut: the line beneath each hit is the sentence that answers,
    # plain when piped (no markup, no terminal codes).
    code, out, _ = run_cli(monkeypatch, capsys, "search", "how many action cards can I hold", "--limit", "3",
                           "--instance", str(mirror_instance))
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith(" 1. [rule] 2.4 ")
    assert lines[1].startswith("    ") and "a maximum of seven action cards" in lines[1]
    assert "<mark>" not in out and "\x1b" not in out
    # The cut title ("Each player's hand can have…") is not printed above the sentence that says it whole.
    assert lines[0] == " 1. [rule] 2.4  (Action Cards)"


def test_search_text_output_gives_a_list_item_after_what_it_continues(monkeypatch, capsys, mirror_instance):
    code, out, _ = run_cli(monkeypatch, capsys, "search", "can trade goods replace resources", "--limit", "3",
                           "--instance", str(mirror_instance))
    said = " ".join(out.split())
    assert code == 0 and "one of the following ways: In place of spending one resource." in said


@pytest.mark.parametrize("args, message", [
    (("search", "pds"), "no corpus in"),
    (("export",), "run `mecatol ingest` first"),
    (("ingest", "/no/such/source"), "/no/such/source: no such file or directory"),
    (("ingest", "ftp://example.com/x"), "ftp://example.com/x: ftp:// URLs are not read; only http:// and https://"),
    (("search", "pds", "--bogus"), "No such option '--bogus'"),
    (("search", "pds", "--limit", "0"), "--limit"),
])
def test_errors_are_one_clear_line_and_exit_2(monkeypatch, capsys, tmp_path, args, message):
    code, out, err = run_cli(monkeypatch, capsys, *args, "--instance", str(tmp_path / "empty"))
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("mecatol: ")


def test_a_blank_source_is_refused_not_read_as_the_current_folder(monkeypatch, capsys, tmp_path, small_source):
    monkeypatch.chdir(small_source)  # pages an empty path would have read
    code, _, err = run_cli(monkeypatch, capsys, "ingest", "", "--instance", str(tmp_path / "inst"))
    assert code == 2 and err.strip() == "mecatol: a source is blank: give a file, folder or URL"
    assert not (tmp_path / "inst" / "corpus").exists()


def test_search_limit_follows_max_search_limit_of_the_instance_config(monkeypatch, capsys, tmp_path, mirror_instance):
    code, _, err = run_cli(monkeypatch, capsys, "search", "pds", "--limit", "101", "--instance", str(mirror_instance))
    assert code == 2 and "MAX_SEARCH_LIMIT (100" in err and len(err.strip().splitlines()) == 1
    instance = tmp_path / "inst"
    instance.mkdir()
    (instance / "corpus").symlink_to((mirror_instance / "corpus").resolve())
    (instance / "config.py").write_text("MAX_SEARCH_LIMIT = 200\n", encoding="utf-8")
    code, out, err = run_cli(monkeypatch, capsys, "search", "ships", "--limit", "150", "--json", "--instance", str(instance))
    assert code == 0, err
    assert len(json.loads(out)["results"]) > 100  # near-copies collapse, so fewer than 150 may come


def test_bare_command_prints_its_help_not_an_error_line(monkeypatch, capsys):
    code, _, err = run_cli(monkeypatch, capsys)
    assert code == 2
    assert err.startswith("Usage: mecatol") and "Commands:" in err and "(see `" not in err


def test_export_into_a_reader_that_stops_early_ends_quietly(mirror_instance):
    # A real pipe: `mecatol export | head -1` must not print a traceback or fail.
    import subprocess

    with subprocess.Popen([sys.executable, "-m", "mecatol", "export", "--instance", str(mirror_instance)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        first = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
        code = proc.wait(timeout=60)
    assert code == 0 and err == b""
    assert json.loads(first)["id"]


def test_ingest_draws_no_progress_bar_into_a_log(monkeypatch, capsys, tmp_path, small_source):
    # stderr captured here, as in a log file, is no terminal: a bar redrawn with \r would be noise there.
    code, out, err = run_cli(monkeypatch, capsys, "ingest", str(small_source / "R_pds.php"),
                             "--instance", str(tmp_path / "inst"))
    assert code == 0 and "ingested 1 page" in out and "\r" not in err and "parsing" not in err


def test_rollback_serves_the_ingest_before_again(monkeypatch, capsys, tmp_path, small_source):
    # One page, then the whole folder: a mistaken second ingest is undone without ingesting again.
    instance = tmp_path / "inst"
    for source in (small_source / "R_pds.php", small_source):
        assert run_cli(monkeypatch, capsys, "ingest", str(source), "--instance", str(instance))[0] == 0
    code, out, _ = run_cli(monkeypatch, capsys, "rollback", "--instance", str(instance))
    assert code == 0 and out.startswith("now serving ") and f"7 entries from {small_source / 'R_pds.php'}" in out
    assert {e.topic for e in Corpus.load(instance).entries} == {"pds"}
    code, _, err = run_cli(monkeypatch, capsys, "rollback", "--instance", str(instance))
    assert code == 2 and "no corpus older than the one served" in err
