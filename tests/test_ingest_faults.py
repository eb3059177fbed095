"""Ingest under faults: unreadable, huge and cut-off pages, two ingests at once, a killed switch."""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from corpus import Corpus, CorpusError, store
from ingest.errors import IngestError
from ingest.pages import MAX_PAGE_BYTES
from ingest.run import ingest
from web_fixtures import publish_tiny

def mecatol(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run the real `mecatol` command."""
    return subprocess.run([sys.executable, "-m", "mecatol", *args], capture_output=True, text=True, timeout=timeout)


@contextmanager
def lock_held_elsewhere(instance: Path):
    """Another process holding the instance's ingest lock; yields its pid."""
    code = ("import sys, time; from corpus import store\n"
            "with store.ingest_lock(sys.argv[1]):\n    print('locked', flush=True); time.sleep(60)")
    with subprocess.Popen([sys.executable, "-c", code, str(instance)], stdout=subprocess.PIPE, text=True) as holder:
        try:
            assert holder.stdout.readline().strip() == "locked"
            yield holder.pid
        finally:
            holder.kill()


def test_unreadable_file_is_reported_and_skipped(tmp_path, small_source):
    # /proc/self/mem reads as an I/O error at offset 0, even for root: a real unreadable file.
    (small_source / "R_unreadable.php").symlink_to("/proc/self/mem")
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [s.location for s in report.skipped] == [str(small_source / "R_unreadable.php")]
    assert "cannot read" in str(report.skipped[0])
    assert Corpus.load(tmp_path / "inst").get("77.7d")


def test_unreadable_file_exits_1_from_the_command_line(tmp_path, small_source):
    (small_source / "R_unreadable.php").symlink_to("/proc/self/mem")
    done = mecatol("ingest", str(small_source), "--instance", str(tmp_path / "inst"), "--quiet")
    assert done.returncode == 1, done.stderr
    assert "R_unreadable.php: cannot read" in done.stderr


def test_a_stray_marked_section_opener_does_not_sink_the_ingest(tmp_path, small_source):
    # Python 3.11's HTMLParser raised AssertionError on "<![" that opens no section, and the
    # cut-off check ran it on every page: one text page quoting a regex stopped the ingest.
    (small_source / "notes.txt").write_text('Match a rule number: r"(?<![\\w.])(\\d+\\.\\d)" and <![ b\n')
    (small_source / "R_pds.php").write_text((small_source / "R_pds.php").read_text() + "\n<![if x]>\n")
    report = ingest([str(small_source)], tmp_path / "inst")
    corpus = Corpus.load(tmp_path / "inst")
    assert corpus.get("77.7d") and corpus.get("pds")  # R_pds.php, with its "<![if x]>", was read
    assert [s.location for s in report.skipped] == [str(small_source / "notes.txt")]
    assert "unrecognised format" in str(report.skipped[0])  # reported as notes, not a traceback


def test_a_cut_off_page_with_a_stray_opener_is_still_found_cut(tmp_path, small_source, mirror):
    data = (mirror / "R_abilities.php").read_bytes()
    (small_source / "R_abilities.php").write_bytes(data[: len(data) // 2] + b" <![ b")
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [s.location for s in report.skipped] == [str(small_source / "R_abilities.php")]
    assert "cut off" in str(report.skipped[0])


def test_page_cut_in_half_is_reported_and_skipped(tmp_path, small_source, mirror):
    data = (mirror / "R_abilities.php").read_bytes()
    (small_source / "R_abilities.php").write_bytes(data[: len(data) // 2])
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [s.location for s in report.skipped] == [str(small_source / "R_abilities.php")]
    assert "cut off" in str(report.skipped[0])


def test_page_cut_in_half_fails_a_strict_ingest(tmp_path, small_source, mirror):
    data = (mirror / "R_space_cannon.php").read_bytes()
    (small_source / "R_space_cannon.php").write_bytes(data[: len(data) * 2 // 3])
    with pytest.raises(IngestError, match="--strict given; nothing was changed:\n  skipped .*R_space_cannon.php.*cut off"):
        ingest([str(small_source)], tmp_path / "inst", strict=True)


def test_every_real_page_is_complete(tmp_path, mirror):
    report = ingest([str(mirror)], tmp_path / "inst")
    assert report.skipped == []


def test_huge_page_is_skipped_unread(tmp_path, small_source):
    huge = small_source / "R_huge.php"
    with open(huge, "wb") as handle:  # sparse: 50 MB on paper, nothing on disk
        handle.truncate(50_000_000)
    started = time.perf_counter()
    report = ingest([str(small_source)], tmp_path / "inst")
    assert [s.location for s in report.skipped] == [str(huge)]
    assert f"larger than the {MAX_PAGE_BYTES / 1e6:g} MB" in str(report.skipped[0])
    assert time.perf_counter() - started < 20


def test_second_ingest_fails_at_once_naming_the_running_one(tmp_path):
    instance = tmp_path / "inst"
    with lock_held_elsewhere(instance) as pid:
        # A source that does not exist: the lock must be checked before any source is read.
        done = mecatol("ingest", str(tmp_path / "no-such-dir"), "--instance", str(instance), "--quiet")
    assert done.returncode == 2
    assert f"another ingest is running (pid {pid}" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_lock_is_free_again_after_an_ingest(tmp_path, small_source):
    ingest([str(small_source)], tmp_path / "inst")
    with store.ingest_lock(tmp_path / "inst"):
        pass


def test_killed_switch_leaves_debris_that_the_next_ingest_cleans(tmp_path, monkeypatch):
    instance = tmp_path / "inst"
    served = publish_tiny(instance)

    def killed(src, dst):  # the process dies after the version rename, before the link switch
        raise SystemExit(137)

    with monkeypatch.context() as patch:
        patch.setattr(store.os, "replace", killed)
        with pytest.raises(SystemExit):
            publish_tiny(instance, extra=" never served")
    stray = list(instance.glob(".corpus-*"))
    orphans = [v for v in (instance / "versions").iterdir() if v.name > served.name]
    assert stray and orphans  # the debris a kill leaves
    assert os.path.realpath(instance / "corpus") == str(served)
    newest = publish_tiny(instance, extra=" later")
    assert list(instance.glob(".corpus-*")) == []
    assert not any(v.exists() for v in orphans)
    assert sorted(v.name for v in (instance / "versions").iterdir()) == sorted([served.name, newest.name])


def test_versions_sort_in_build_order(tmp_path):
    names = [store.version_name() for _ in range(50)]
    assert names == sorted(names) and len(set(names)) == 50


def test_lock_error_is_a_corpus_error(tmp_path):
    instance = tmp_path / "inst"
    with lock_held_elsewhere(instance), pytest.raises(CorpusError, match="another ingest is running"):
        publish_tiny(instance)


def test_huge_page_over_http_is_refused_after_the_cap(tmp_path):
    from http.server import BaseHTTPRequestHandler
    from threading import Thread

    from crawl_server import QuietServer

    from ingest.crawl import Fetcher
    from ingest.errors import FetchError

    class Huge(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the http.server API
            if self.path == "/robots.txt":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            try:  # far more than a page; the fetcher hangs up after the cap
                for _ in range(50):
                    self.wfile.write(b"<p>" + b"x" * 999_997)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args):
            pass

    # The fetcher hangs up on purpose; a reset seen after the handler (in its flush) is no error.
    with QuietServer(("127.0.0.1", 0), Huge) as server:
        Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/R_huge"
        try:
            with pytest.raises(FetchError, match=f"R_huge: .*larger than the {MAX_PAGE_BYTES / 1e6:g} MB"):
                Fetcher(tmp_path / "cache", delay=0).get(url)
        finally:
            server.shutdown()


def test_a_write_that_fails_midway_names_the_folder_and_keeps_the_corpus(tmp_path, small_source):
    # A real fault, without mounting a small disk: a file-size limit makes the new corpus's writes fail.
    instance = tmp_path / "inst"
    assert mecatol("ingest", str(small_source), "--instance", str(instance), "--quiet").returncode == 0
    (small_source / "R_movement.php").unlink()

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a killed process
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    done = subprocess.run([sys.executable, "-m", "mecatol", "ingest", str(small_source), "--instance",
                           str(instance), "--quiet"], capture_output=True, text=True, timeout=60,
                          preexec_fn=small_files)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert f"ingest into {instance} stopped: " in done.stderr and "the corpus there is unchanged" in done.stderr
    assert Corpus.load(instance).get("58.4b")  # a rule of the page removed, from the corpus before


def test_a_clones_code_and_build_files_are_passed_over(tmp_path, small_source):
    # A clone of a site's repository holds an app beside its pages: code, build files and media are
    # not pages, so they are neither read nor reported (each used to be "skipped" with exit 1).
    app = small_source / "flutter" / "lib"
    app.mkdir(parents=True)
    (app / "main.dart").write_text("void main() => runApp(const Rules());\n")
    (small_source / "flutter" / "pubspec.yaml").write_text("name: rules_app\n")
    (small_source / "tools.py").write_text("print('convert the pages')\n")
    done = mecatol("ingest", str(small_source), "--instance", str(tmp_path / "inst"), "--quiet")
    assert done.returncode == 0 and "skipped" not in done.stderr, done.stderr
