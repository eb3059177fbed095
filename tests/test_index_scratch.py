"""Index builds keep whoosh's temporary files to themselves, so two builds at once do not collide."""
from __future__ import annotations

import tempfile

from corpus import index as corpus_index
from corpus.store import read_entries


def test_build_ignores_the_shared_temp_folder(web_instance, tmp_path, monkeypatch):
    """Whoosh would use <tmp>/MAIN.tmp; something else holding that name must not break a build."""
    shared_tmp = tmp_path / "tmp"
    shared_tmp.mkdir()
    squatter = shared_tmp / "MAIN.tmp"
    squatter.write_text("another build's file")
    monkeypatch.setattr(tempfile, "tempdir", str(shared_tmp))
    entries = read_entries(web_instance / "corpus")[:200]
    corpus_index.build(tmp_path / "index", entries)
    assert squatter.read_text() == "another build's file"
    built = sorted(p.name for p in (tmp_path / "index").iterdir())
    assert built and not [name for name in built if name.startswith(".scratch")]
    idx = corpus_index.windex.open_dir(str(tmp_path / "index"))
    assert idx.doc_count() == 200
