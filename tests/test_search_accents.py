"""Accented words in a source are found, written with or without their accents (as the CLI and the API read a query)."""
from __future__ import annotations

import pytest

from corpus import Corpus
from ingest.run import ingest

# Our own small plain-text page, with two accented words in its rules.
PAGE = """Technology (Strategy Card)

Rules Reference

Intro words.

  1. A player may research at the café before the round.
  2. The naïve player still pays the cost.
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("accents")
    (folder / "tech.txt").write_text(PAGE, encoding="cp1252")
    ingest([str(folder / "tech.txt")], folder / "inst")
    corpus = Corpus.load(folder / "inst")
    yield corpus
    corpus.close()


@pytest.mark.parametrize("query, rule", [("café", "91.1"), ("cafe", "91.1"), ("naïve", "91.2"), ("naive", "91.2")])
def test_accented_word_is_found_either_way(corpus, query, rule):
    assert rule in [hit.id for hit in corpus.search(query).hits]
