"""Request-path caches are safe to share: search hammered from 16 threads at once."""
from __future__ import annotations

import sys
import threading

import pytest

from corpus import Corpus
from corpus import index as corpus_index

QUERIES = ['"space cannon"', '"planetary shield"', '"anti fighter barrage"', '"sustain damage"',
           '"war sun"', "pds", "bombardment", '"production"', '"space dock"', "77.7d"]
PHRASES = [("space", "cannon"), ("planetari", "shield"), ("sustain", "damag"), ("war", "sun"),
           ("space", "dock"), ("anti", "fighter"), ("activ", "system")]


@pytest.fixture
def fresh_corpus(web_instance):
    """A corpus of its own, so its caches start empty."""
    corpus = Corpus.load(web_instance)
    yield corpus
    corpus.close()


def run_threads(work, count: int = 16) -> list[BaseException]:
    """Run work(n) on `count` threads released together; the exceptions they raised."""
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def run(n: int) -> None:
        start.wait()
        try:
            work(n)
        except BaseException as exc:  # noqa: BLE001 - collected and reported by the caller
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, so a race window is hit when there is one
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    return errors


def test_phrase_cache_under_16_threads(fresh_corpus, monkeypatch):
    # A two-entry cache is cleared on nearly every store: one thread's check-then-read of the
    # cache meets another's clear thousands of times (the KeyError this once raised).
    monkeypatch.setattr(corpus_index, "MAX_CACHED", 2)
    with fresh_corpus.searcher():
        scores = fresh_corpus.parser().scores
    expected = {}
    with fresh_corpus.searcher() as searcher:
        for terms in PHRASES:
            expected[terms] = scores.phrase(searcher, terms)

    def hammer(n: int) -> None:
        with fresh_corpus.searcher() as searcher:
            for i in range(40):
                terms = PHRASES[(n + i) % len(PHRASES)]
                assert scores.phrase(searcher, terms) == expected[terms]

    assert run_threads(hammer) == []


def test_search_from_16_threads(fresh_corpus, monkeypatch):
    monkeypatch.setattr(corpus_index, "MAX_CACHED", 2)
    expected = {q: [h.id for h in fresh_corpus.search(q).hits] for q in QUERIES}

    def hammer(n: int) -> None:
        for i in range(3):
            query = QUERIES[(n + i) % len(QUERIES)]
            assert [h.id for h in fresh_corpus.search(query).hits] == expected[query]

    assert run_threads(hammer) == []


class ClearedAfterCheck(dict):
    """A cache that another thread empties right after a membership test: that interleaving, forced."""

    def __contains__(self, key) -> bool:
        found = super().__contains__(key)
        self.clear()
        return found


def test_phrase_survives_a_clear_between_check_and_read(fresh_corpus):
    with fresh_corpus.searcher() as searcher:
        scores = fresh_corpus.parser().scores
        first = scores.phrase(searcher, ("space", "cannon"))
        scores._cache = ClearedAfterCheck(scores._cache)
        assert scores.phrase(searcher, ("space", "cannon")) == first


PATHS = ["/rules/space-cannon", "/rules/pds", "/api/search?q=space+cannon+adjacent", "/search?q=%22war+sun%22",
         "/rules/movement", "/api/topics/space-cannon", "/factions/xxcha", "/api/search?q=pds"]


def test_pages_and_search_from_16_threads_on_cold_caches(web_instance):
    """Page views, rendered HTML and search caches filled by 16 threads at once give the same pages."""
    from webapp import create_app
    from webapp.corpus_access import close_app

    reference = create_app({"TESTING": True, "INSTANCE": str(web_instance)})
    expected = {path: reference.test_client().get(path).data for path in PATHS}
    close_app(reference)
    app = create_app({"TESTING": True, "INSTANCE": str(web_instance)})

    def hammer(n: int) -> None:
        client = app.test_client()
        for i in range(len(PATHS)):
            path = PATHS[(n + i) % len(PATHS)]
            response = client.get(path)
            assert response.status_code == 200 and response.data == expected[path], path

    try:
        assert run_threads(hammer) == []
    finally:
        close_app(app)
