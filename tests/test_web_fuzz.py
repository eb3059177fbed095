"""No query can cause a 500: property tests over /search, /api/search and /suggest."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

NASTY = ['"unbalanced', "a*", "*", "?", "foo:bar", "title:x", "(((", ")", "AND OR NOT", "NOT",
         "77.7d OR", "space^3", "[a TO z]", "~", "\\", "'", "<script>alert(1)</script>", "%", "&q=1",
         "\u202e\u200b\ufeff", "\x00\x01\x1f", "ℌ𝔢𝔩𝔩𝔬 ﬁ", "👾 space cannon", "x" * 10_000, "77.7d " * 2000]
queries = st.one_of(st.sampled_from(NASTY), st.text(max_size=300),
                    st.text(alphabet=st.characters(codec="utf-8"), max_size=60),
                    st.lists(st.sampled_from(NASTY + ["pds", "space", "cannon", "77.3"]), max_size=6).map(" ".join))
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def fuzz_client(web_app):
    """One client for all examples (hypothesis reruns the body, not the fixture)."""
    return web_app.test_client()


def get(client, path: str, **args):
    """GET with the args URL-encoded as a browser would send them."""
    return client.get(f"{path}?{urlencode(args)}")


@FUZZ
@given(query=queries)
@example(query="x" * 10_000)
def test_search_page_never_fails(fuzz_client, query):
    response = get(fuzz_client, "/search", q=query)
    assert response.status_code == 200 or (response.status_code == 302
                                           and response.headers["Location"].startswith("/r/"))
    assert b"<script>alert" not in response.data


@FUZZ
@given(query=queries, kind=st.sampled_from(["", "rule", "note", "faq", "topic"]))
def test_search_api_always_answers_with_the_envelope(fuzz_client, query, kind):
    response = get(fuzz_client, "/api/search", q=query, kind=kind)
    assert response.status_code == 200
    body = response.json
    assert body["ok"] is True and isinstance(body["results"], list)
    assert all(isinstance(r["url"], str) and r["url"].startswith("/") for r in body["results"])


@FUZZ
@given(query=queries)
def test_address_bar_suggestions_always_answer_the_opensearch_shape(fuzz_client, query):
    response = get(fuzz_client, "/suggest", q=query)
    assert response.status_code == 200
    said, titles, texts, links = response.json
    assert isinstance(said, str) and len(titles) == len(texts) == len(links)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
    | st.sampled_from(["space_cannon", "bombardment", "production", "PDS II", "War Sun", "5x3"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["ability", "units", "name", "value", "dice", "count", "modifiers", "rolls",
                         "producers", "build", "plasma_scoring", "x"]) | st.text(max_size=8), inner, max_size=5),
    max_leaves=20)


@FUZZ
@given(body=json_values)
def test_resolver_answers_any_json_without_a_500(fuzz_client, body):
    response = fuzz_client.post("/api/resolve", json=body)
    assert response.status_code in (200, 400), response.json
    assert response.json["ok"] is (response.status_code == 200)


@FUZZ
@given(ref=st.text(max_size=40), prefix=st.sampled_from(["/r/", "/rules/", "/api/rules/", "/api/topics/",
                                                          "/factions/", "/cards/", "/pages/"]))
def test_any_address_is_a_page_or_a_404(fuzz_client, ref, prefix):
    from urllib.parse import quote

    response = fuzz_client.get(prefix + quote(ref, safe="/"))
    assert response.status_code in (200, 302, 308, 404), response.status_code


def test_fuzz_tests_fail_when_search_raises(fuzz_client, monkeypatch):
    """The "no 500" tests above can fail: with the corpus's search broken, they go red."""
    from corpus import Corpus

    def broken(self, *args, **kwargs):
        raise RuntimeError("search is broken")

    monkeypatch.setattr(Corpus, "search", broken)
    for test in (test_search_page_never_fails, test_search_api_always_answers_with_the_envelope):
        with pytest.raises(AssertionError):
            test(fuzz_client=fuzz_client)
