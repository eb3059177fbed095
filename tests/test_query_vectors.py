"""Query vectors: several texts encoded in one pass, as each would be alone, and kept for the next search."""
from __future__ import annotations

import numpy as np
import pytest

from corpus import embed

SCENE = "My last dreadnought was destroyed and my planets are all taken, yet a carrier with two infantry survives."


@pytest.fixture()
def fresh(default_corpus):
    """The default corpus with no query vector kept from earlier tests."""
    default_corpus.query_vectors.clear()
    yield default_corpus
    default_corpus.query_vectors.clear()


def test_texts_encoded_together_match_each_encoded_alone(fresh):
    texts = ["can pds fire through a wormhole", SCENE, "Am I eliminated?"]
    together = fresh.embed_queries(texts)
    fresh.query_vectors.clear()
    alone = [fresh.embed_query(text) for text in texts]
    assert all(np.abs(a - b).max() < 1e-5 for a, b in zip(together, alone))
    assert fresh.embed_queries(["  ", texts[0]])[0] is None


def test_a_question_and_its_asking_sentence_are_encoded_in_one_pass(fresh, monkeypatch):
    passes: list[int] = []
    real = embed.Encoder.encode

    def counted(self, texts):
        passes.append(len(texts))
        return real(self, texts)

    # On the class: patching the shared instance would leave it an attribute of its own once undone.
    monkeypatch.setattr(embed.Encoder, "encode", counted)
    fresh.search(f"{SCENE} Am I eliminated?")
    assert passes == [2]  # the whole question and "Am I eliminated?", together
    fresh.search(f"{SCENE} Am I eliminated?")
    assert passes == [2]  # both kept: the same question again encodes nothing


def test_recent_keeps_the_most_recently_used():
    recent = embed.Recent(2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "a" is now the most recent
    recent.put("c", 3)
    assert (recent.get("a"), recent.get("b"), recent.get("c")) == (1, None, 3)
