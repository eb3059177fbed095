"""The first stage's numpy sum gives, to the last bit, what summing the concepts' dicts gives."""
from __future__ import annotations

import numpy as np
import pytest

from corpus import Corpus, coordination
from corpus.coordination import by_topic, by_unit, coordinated, rows_of
from corpus.vocab import understand
from test_threads import run_threads

QUERIES = [
    "Can you skilled retreat if there are no units in space in a system?",
    "I have carrier 2, fighter 2 and gravity drive. I have 3 fighters in the space area; can they all move?",
    '"space cannon" wormhole',  # a required phrase: only entries holding it
    "does 77.7d let pds2 fire at ships in an adjacent system",  # a quoted rule and a player word
    "how many action cards can I hold",
    "warsun",
]


def by_dicts(concepts, searcher, scores, units, asked):
    """The plain definition: each concept's best alternative summed, times (matched / asked) ** COORD."""
    total, matched, required = {}, {}, None
    for concept in concepts:
        parts = [(coordination._alternative(a, searcher, scores, units), concept.weight) for a in concept.said]
        parts += [(coordination._alternative(a, searcher, scores, units), concept.weight * coordination.MEANING_WEIGHT)
                  for a in concept.means]
        parts += [(coordination._rule(r, searcher, scores, units), 1.0) for r in concept.rules]
        best = {}
        for part, weight in parts:
            for key, score in part.items():
                best[key] = max(best.get(key, 0.0), score * weight)
        for key, score in best.items():
            total[key] = total.get(key, 0.0) + score
            matched[key] = matched.get(key, 0) + 1
        if concept.required and best:
            required = set(best) if required is None else required & set(best)
    asked = max(asked, len(concepts), 1)
    keys = total if required is None else required
    return {key: total[key] * (matched[key] / asked) ** coordination.COORD for key in keys}


def concepts_of(corpus, text):
    """The concepts search reads in a query."""
    known = corpus.parser().known
    return understand(text, known.vocabulary, known.cards, known.indexed).concepts


@pytest.mark.parametrize("text", QUERIES)
def test_entries_and_units_as_the_dicts_sum_them(default_corpus, text):
    concepts = concepts_of(default_corpus, text)
    scores = default_corpus.parser().scores
    rows = rows_of(scores)
    left_out = frozenset(range(0, scores.count, 7))  # leave-one-out's path: units without those docs
    with default_corpus.searcher() as searcher:
        entries = coordinated(concepts, searcher, scores, asked=len(concepts) + 1)
        expected = by_dicts(concepts, searcher, scores, None, len(concepts) + 1)
        assert expected and {int(d): float(entries[d]) for d in np.flatnonzero(entries)} == expected
        for units in (frozenset(), left_out):
            got = by_unit(rows, coordinated(concepts, searcher, scores, units=units))
            assert got and got == by_dicts(concepts, searcher, scores, units, 0)


@pytest.mark.parametrize("text", QUERIES)
def test_each_topic_scores_as_its_best_unit(default_corpus, text):
    concepts = concepts_of(default_corpus, text)
    scores = default_corpus.parser().scores
    rows = rows_of(scores)
    topic_of = dict(zip(scores.units, scores.topics))
    with default_corpus.searcher() as searcher:
        units = coordinated(concepts, searcher, scores, units=frozenset())
    expected: dict[str, float] = {}
    for unit, score in by_unit(rows, units).items():
        expected[topic_of[unit]] = max(expected.get(topic_of[unit], 0.0), score)
    got = by_topic(rows, units)
    assert len(expected) > 1 and got == expected


def test_required_phrase_keeps_only_its_entries(default_corpus):
    concepts = concepts_of(default_corpus, '"space cannon" wormhole')
    phrase = next(c for c in concepts if c.required)
    scores = default_corpus.parser().scores
    with default_corpus.searcher() as searcher:
        entries = coordinated(concepts, searcher, scores)
        holding = set(rows_of(scores).row(phrase, searcher, scores, None)[0].tolist())  # the phrase, or what it stands for
        wormhole = set(scores.term(searcher.reader(), "wormhol"))
    assert set(np.flatnonzero(entries).tolist()) == holding
    assert wormhole - holding  # entries about wormholes alone are left out


@pytest.fixture
def fresh_corpus(web_instance):
    """A corpus of its own, so its row cache starts empty."""
    corpus = Corpus.load(web_instance)
    yield corpus
    corpus.close()


def test_row_cache_under_16_threads(fresh_corpus, monkeypatch):
    # A two-row cache is cleared on nearly every store: reads racing clears must still see whole rows.
    monkeypatch.setattr(coordination, "MAX_ROWS", 2)
    scores = fresh_corpus.parser().scores
    requests = [concepts_of(fresh_corpus, text) for text in QUERIES]
    with fresh_corpus.searcher() as searcher:
        expected = [coordinated(c, searcher, scores).tolist() for c in requests]

    def work(n: int) -> None:
        with fresh_corpus.searcher() as searcher:
            for turn in range(30):
                k = (n + turn) % len(requests)
                assert coordinated(requests[k], searcher, scores).tolist() == expected[k]

    assert run_threads(work) == []


def test_rows_keep_no_replaced_corpus_alive(default_corpus):
    # A re-ingest swaps in new scores; the old ones' rows must go with them, not pin them in memory.
    import gc
    import weakref

    from corpus.index import TermScores

    with default_corpus.searcher() as searcher:
        scores = TermScores(searcher.reader())
        concepts = concepts_of(default_corpus, "bombardment of a planet")
        coordinated(concepts, searcher, scores)
    gone = weakref.ref(scores)
    del scores
    gc.collect()
    assert gone() is None
