"""The query adapter: packaged for the installed model, applied to queries only, off cleanly, and fitted."""
from __future__ import annotations

import logging
import sys
from pathlib import Path

import numpy as np
import pytest

from corpus import Corpus, adapter, embed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import fit_adapter  # noqa: E402
import search_quality  # noqa: E402
import written  # noqa: E402


@pytest.fixture()
def fresh(default_corpus):
    """The default corpus with no query vector kept from earlier tests."""
    default_corpus.query_vectors.clear()
    yield default_corpus
    default_corpus.query_vectors.clear()


def test_the_packaged_adapter_was_fitted_on_the_installed_model():
    packaged = adapter.read(adapter.FILE, embed.DIM)
    assert packaged.model == embed.model_digest(embed.model_path())
    assert not np.allclose(packaged.matrix, np.eye(embed.DIM), atol=1e-3)  # fitted, not the identity


def test_a_query_is_mapped_while_the_cache_keeps_its_raw_vector(fresh):
    text = "my carrier got blown up, what happens to the fighters it carried?"
    raw = fresh.embed_queries([text], adapted=False)[0]
    mapped = fresh.embed_query(text)
    assert abs(np.linalg.norm(mapped) - 1) < 1e-5 and float(raw @ mapped) < 0.999
    assert np.allclose(mapped, fresh._adapter.apply(raw)) and fresh.query_vectors.get(text) is raw


# In our own words; each page was below second with the adapter off (MECATOL_ADAPTER=off: sixth, third).
@pytest.mark.parametrize("question, page, places", [
    ("the other player took my ship hostage, how do I get it back?", "capture", 2),
    ("when do my trade goods refill, the grey chips I can only give away?", "commodities", 2),
])
def test_a_question_in_players_words_reaches_its_page(default_corpus, question, page, places):
    assert page in [p for p, _ in default_corpus.search(question).groups[:places]]


def _corpus_with(instance: Path, monkeypatch, setting: str) -> Corpus:
    monkeypatch.setenv(adapter.ENV, setting)
    return Corpus.load(instance)


def test_off_leaves_queries_as_the_encoder_gives_them(default_instance, monkeypatch):
    corpus = _corpus_with(default_instance[0], monkeypatch, "off")
    text = "can pds fire through a wormhole"
    vector = corpus.embed_query(text)
    assert corpus._adapter is None and np.array_equal(vector, corpus.embed_queries([text], adapted=False)[0])


def test_a_corpus_loaded_unadapted_encodes_as_the_encoder_does(raw_corpus):
    text = "how many ships can one system hold"
    vector = raw_corpus.embed_query(text)
    assert raw_corpus._adapter is None and np.array_equal(vector, raw_corpus.embed_queries([text], adapted=False)[0])


@pytest.mark.parametrize("content, said", [
    (None, "no such file"),
    (b"not a zip at all", "not an adapter file"),
    ("shape", "not (384, 384)"),
    ("model", "fitted on another model"),
])
def test_an_unusable_adapter_is_named_and_search_goes_on(default_instance, monkeypatch, tmp_path, caplog,
                                                         content, said):
    path = tmp_path / "adapter.npz"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content == "shape":
        adapter.save(path, np.eye(3), embed.model_digest(embed.model_path()))
    elif content == "model":
        adapter.save(path, np.eye(embed.DIM), "0" * 40)
    corpus = _corpus_with(default_instance[0], monkeypatch, str(path))
    with caplog.at_level(logging.WARNING, logger="corpus.adapter"):
        vector = corpus.embed_query("space cannon")
    assert vector is not None and corpus._adapter is None
    assert any(str(path) in r.getMessage() and said in r.getMessage() for r in caplog.records)
    assert corpus.get(corpus.search("space cannon").hits[0].id).topic == "space-cannon"


def _made_up(seed: int = 1):
    """Entries in 8 dimensions and questions that point at them through a fixed rotation, with noise."""
    rng = np.random.default_rng(seed)
    entries = rng.normal(size=(12, 8)).astype(np.float32)
    entries /= np.linalg.norm(entries, axis=1, keepdims=True)
    turn, _ = np.linalg.qr(rng.normal(size=(8, 8)))
    answers = rng.integers(0, 12, size=300)
    queries = entries[answers] @ turn.T + 0.05 * rng.normal(size=(300, 8))
    queries = (queries / np.linalg.norm(queries, axis=1, keepdims=True)).astype(np.float32)
    none = np.array([], dtype=int)
    wanted = [fit_adapter.Target(np.array([a]), none, none) for a in answers]
    return entries, queries, answers, wanted


def _right(W, entries, queries, answers) -> float:
    return float(np.mean(np.argmax((queries @ W.T) @ entries.T, axis=1) == answers))


def test_the_fit_learns_the_map_that_takes_questions_to_their_answers():
    entries, queries, answers, wanted = _made_up()
    settings = fit_adapter.Settings(penalty=0.0, epochs=60, rate=0.02, batch=32)
    W = fit_adapter.fit(queries, entries, wanted, settings)
    assert _right(np.eye(8), entries, queries, answers) < 0.5 < 0.95 < _right(W, entries, queries, answers)
    assert np.array_equal(W, fit_adapter.fit(queries, entries, wanted, settings))  # seeded: the same W


def test_the_penalty_keeps_the_map_near_the_identity():
    entries, queries, _, wanted = _made_up()
    loose = fit_adapter.fit(queries, entries, wanted, fit_adapter.Settings(penalty=0.0, epochs=20, rate=0.02))
    held = fit_adapter.fit(queries, entries, wanted, fit_adapter.Settings(penalty=10.0, epochs=20, rate=0.02))
    assert np.linalg.norm(held - np.eye(8)) < np.linalg.norm(loose - np.eye(8)) / 2


def test_the_fit_reads_the_written_sets_up_to_its_last_one():
    asked = [{"id": f"written.{number}.1", "set": number} for number in (72, 402, 403, 404, 418)]
    assert [q["id"] for q in fit_adapter.chosen(asked)] == ["written.72.1", "written.402.1", "written.403.1"]
    later = fit_adapter.chosen(asked, fit_adapter.Settings(last_set=418))
    assert len(later) == 5


def test_the_bench_reports_both_halves_of_the_sets_after_the_fit(default_corpus):
    # Round 8 whole: every set the shipped fit did not read, its train half and its held-out half.
    later = search_quality.after_the_fit(written.questions(default_corpus))
    assert {q["set"] for q in later} == set(range(fit_adapter.Settings().last_set + 1, 420))
    assert {q["part"] for q in later} == {"train", "held-out"} and len(later) == 800
    fitted = fit_adapter.chosen(written.questions(default_corpus, which="train"))
    assert not {q["id"] for q in later} & {q["id"] for q in fitted}
