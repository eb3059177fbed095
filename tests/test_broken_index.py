"""A damaged search index is the server's problem, said plainly: 503 on the web, exit 2 in the CLI."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from whoosh import index as windex
from whoosh.analysis import CharsetFilter, StemmingAnalyzer
from whoosh.support.charset import accent_map

from corpus import checksums, index
from corpus.errors import BrokenIndexError
from corpus.store import read_entries
from webapp import create_app
from webapp.corpus_access import close_app

ADVICE = "run `mecatol ingest` again"


def _cut_segment(index: Path) -> None:
    """The segment file cut short, as a full disk or a half copy leaves it."""
    seg = next(index.glob("*.seg"))
    os.truncate(seg, seg.stat().st_size // 2)


def _empty_segment(index: Path) -> None:
    os.truncate(next(index.glob("*.seg")), 0)


def _garbage_toc(index: Path) -> None:
    toc = next(index.glob("*.toc"))
    toc.write_bytes(bytes(range(256)) * (toc.stat().st_size // 256 + 1))


def _missing_segment(index: Path) -> None:
    next(index.glob("*.seg")).unlink()


def _overwritten_middle(index: Path) -> None:
    """200 KB in the middle of the segment overwritten, its size unchanged: whoosh reads it without
    complaint and answers from the wrong postings, so only the digests ingest recorded can tell."""
    seg = next(index.glob("*.seg"))
    with open(seg, "r+b") as data:
        data.seek(seg.stat().st_size // 2)
        data.write(bytes(range(256)) * 800)


DAMAGE = [_cut_segment, _empty_segment, _garbage_toc, _missing_segment, _overwritten_middle]


@pytest.fixture(params=DAMAGE, ids=lambda f: f.__name__.strip("_"))
def broken_instance(request, web_instance: Path, tmp_path: Path) -> Path:
    """A copy of the mirror instance whose current index is damaged one way or another."""
    copy = tmp_path / "inst"
    shutil.copytree(web_instance, copy, symlinks=True, ignore=shutil.ignore_patterns(".ingest.lock"))
    request.param((copy / "corpus").resolve() / "index")
    return copy


@pytest.fixture
def broken_client(broken_instance: Path):
    app = create_app({"TESTING": True, "INSTANCE": str(broken_instance)})
    yield app.test_client()
    close_app(app)


def test_search_page_is_a_503_saying_what_to_do(broken_client):
    response = broken_client.get("/search?q=space+cannon")
    assert response.status_code == 503
    assert ADVICE in response.get_data(as_text=True)
    assert "could not be read" not in response.get_data(as_text=True)


def test_search_api_is_a_503_envelope(broken_client):
    response = broken_client.get("/api/search?q=space+cannon")
    assert response.status_code == 503
    assert response.json["ok"] is False and response.json["status"] == 503
    assert ADVICE in response.json["error"]


def test_address_bar_completions_are_a_503_envelope(broken_client):
    # The browser reads /suggest as JSON: an HTML error page would be a parse error there.
    response = broken_client.get("/suggest?q=pds")
    assert response.status_code == 503 and response.is_json
    assert response.json["ok"] is False and ADVICE in response.json["error"]


def test_broken_index_is_not_cached(broken_client):
    response = broken_client.get("/api/search?q=pds")
    assert response.headers["Cache-Control"] == "no-store" and "ETag" not in response.headers


def test_cli_search_is_one_line_and_exit_2(broken_instance):
    done = subprocess.run([sys.executable, "-m", "mecatol", "search", "space cannon", "--instance",
                           str(broken_instance)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mecatol: ") and ADVICE in lines[0]


def test_every_request_is_told_not_just_the_first(broken_client):
    statuses = [broken_client.get("/api/search?q=pds").status_code for _ in range(3)]
    assert statuses == [503, 503, 503]


@pytest.mark.parametrize("change", ["a letter", "cut short"])
def test_a_changed_entries_file_is_a_503_naming_it(web_instance, tmp_path, change):
    copy = tmp_path / "inst"
    shutil.copytree(web_instance, copy, symlinks=True, ignore=shutil.ignore_patterns(".ingest.lock"))
    path = (copy / "corpus").resolve() / "entries.jsonl"
    data = path.read_bytes()
    # A letter changed still parses as JSON: only the digest recorded at ingest tells.
    path.write_bytes(data.replace(b"Space Cannon", b"Space Canyon", 1) if change == "a letter" else data[:len(data) // 2])
    app = create_app({"TESTING": True, "INSTANCE": str(copy)})
    response = app.test_client().get("/rules/space-cannon")
    close_app(app)
    assert response.status_code == 503
    assert str(path) in response.get_data(as_text=True) and ADVICE in response.get_data(as_text=True)


def _rebuilt_with_porter(version: Path) -> None:
    """The version's index written again as Mecatol did before it stemmed with Porter2, its digests recorded."""
    schema = index.schema()
    for name in ("title", "context", "text"):
        schema[name].analyzer = StemmingAnalyzer() | CharsetFilter(accent_map)
    shutil.rmtree(version / "index")
    (version / "index").mkdir()
    writer = windex.create_in(str(version / "index"), schema).writer()
    for position, entry in enumerate(read_entries(version)):
        writer.add_document(id=entry.id, kind=entry.kind, topic=entry.topic, text=entry.text, order=position)
    writer.commit()
    checksums.record(version)


def test_an_index_from_before_the_stemmer_changed_is_a_503_saying_to_ingest(web_instance, tmp_path):
    copy = tmp_path / "inst"
    shutil.copytree(web_instance, copy, symlinks=True, ignore=shutil.ignore_patterns(".ingest.lock"))
    _rebuilt_with_porter((copy / "corpus").resolve())
    app = create_app({"TESTING": True, "INSTANCE": str(copy)})
    responses = [app.test_client().get("/api/search?q=am+I+eliminated") for _ in range(2)]
    close_app(app)
    # Every request is told the same, not only the first: the second comes from the remembered error
    for response in responses:
        assert response.status_code == 503
        error = response.json["error"]
        assert "older Mecatol" in error and "damaged" not in error and ADVICE in error


def test_an_index_holding_fewer_documents_than_entries_says_so(web_instance, tmp_path):
    folder = (web_instance / "corpus").resolve() / "index"
    count = index.open_index(folder).doc_count_all()
    with pytest.raises(BrokenIndexError, match=f"{count} documents for {count + 1} entries"):
        index.open_index(folder, expected=count + 1)
