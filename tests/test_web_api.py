"""The JSON API: one envelope for success and error, walked over every endpoint."""
from __future__ import annotations

import pytest

from webapp.errors import API_PREFIX

SUCCESS = [
    "/api/search?q=space+cannon",
    "/api/search?q=77.7d&limit=3",
    "/api/search?q=pds&kind=note",
    "/api/search?q=",
    "/api/rules/77.7d",
    "/api/rules/space-cannon.note-3.1",
    "/api/rules/factions/xxcha/quash",
    "/api/topics",
    "/api/topics/space-cannon",
    "/api/topics/factions/xxcha",
    "/api/resolve/catalogue?ability=space_cannon",
    "/api/resolve/catalogue?ability=space_combat",
]
FAILURE = [
    ("/api/search?q=pds&limit=abc", 400),
    ("/api/search?q=pds&limit=0", 400),
    ("/api/search?q=pds&limit=1000", 400),
    ("/api/search?q=pds&kind=nonsense", 400),
    ("/api/rules/99.99z", 404),
    ("/api/topics/no-such-topic", 404),
    ("/api/topics/77.7d", 404),
    ("/api/no-such-endpoint", 404),
    ("/api/resolve", 405),  # POST only: tests/test_web_resolver.py posts scenarios
    ("/api/resolve/catalogue?ability=lasers", 400),
]


def test_every_api_route_is_walked(app):
    walked = {path.split("?")[0].split("/")[2] for path in SUCCESS + [p for p, _ in FAILURE]}
    walked.add("openapi.json")  # tests/test_api_contract.py
    routes = {r.rule.split("/")[2] for r in app.url_map.iter_rules() if r.rule.startswith(API_PREFIX)}
    assert routes <= walked


@pytest.mark.parametrize("path", SUCCESS)
def test_success_envelope(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.is_json and response.json["ok"] is True


@pytest.mark.parametrize("path, status", FAILURE)
def test_error_envelope(client, path, status):
    response = client.get(path)
    assert response.status_code == status
    assert set(response.json) >= {"ok", "error", "status"}
    assert response.json["ok"] is False and response.json["status"] == status
    assert isinstance(response.json["error"], str) and response.json["error"]


def test_wrong_method_is_an_envelope(client):
    response = client.post("/api/search?q=pds")
    assert response.status_code == 405 and response.json["ok"] is False


@pytest.mark.parametrize("value", ["abc", "0", "101", "-3"])
def test_bad_limit_names_the_parameter(client, value):
    body = client.get(f"/api/search?q=pds&limit={value}").json
    assert body["parameter"] == "limit" and "limit" in body["error"]


def test_search_results_have_the_documented_fields(client):
    results = client.get("/api/search?q=space+cannon").json["results"]
    assert results and all({"id", "kind", "topic", "title", "snippet", "url", "score"} <= set(r) for r in results)


def test_search_for_a_rule_id_jumps_to_it_first(client):
    body = client.get("/api/search?q=rule+77.7d").json
    assert body["jump"]["id"] == "77.7d" and body["jump"]["url"] == "/rules/space-cannon#77.7d"
    assert body["results"][0]["id"] == "77.7d"


def test_search_limit_is_respected(client):
    assert len(client.get("/api/search?q=space&limit=3").json["results"]) <= 3


def test_search_kind_filters(client):
    results = client.get("/api/search?q=space+cannon&kind=note").json["results"]
    assert results and {r["kind"] for r in results} == {"note"}


def test_filters_are_read_in_any_letter_case(client):
    body = client.get("/api/search?q=space+cannon&kind=NOTE&source=%20TiRules").json
    assert (body["kind"], body["source"]) == ("note", "tirules")
    assert body["results"] and {r["kind"] for r in body["results"]} == {"note"}


def test_short_prefix_completes_page_titles(client):
    ids = [r["id"] for r in client.get("/api/search?q=spa").json["results"]]
    assert "space-cannon" in ids


def test_snippets_carry_no_markup_but_mark(client):
    for result in client.get("/api/search?q=space+cannon+roll").json["results"]:
        assert "<" not in result["snippet"].replace("<mark>", "").replace("</mark>", "")


def test_entry_has_its_url_and_permalink(client):
    entry = client.get("/api/rules/77.7d").json["entry"]
    assert entry["url"] == "/rules/space-cannon#77.7d" and entry["permalink"] == "/r/77.7d"
    assert entry["topic"] == "space-cannon" and "Space Cannon" in entry["text"]


def test_topic_twin_has_entries_related_and_referenced_by(client):
    body = client.get("/api/topics/space-cannon").json
    assert body["page"]["id"] == "space-cannon"
    assert "77.7d" in [e["id"] for e in body["entries"]]
    assert "pds" in [p["id"] for p in body["related"]]
    assert "pds" in [p["id"] for p in body["referenced_by"]]


def test_index_twin_lists_numbered_topics(client):
    assert len(client.get("/api/topics").json["by_number"]) == 101


@pytest.mark.parametrize("path, canonical", [
    ("/api/rules/77.7D", "77.7d"),
    ("/api/rules/Space-Cannon.Note-3.1", "space-cannon.note-3.1"),
    ("/api/topics/Space-Cannon", "space-cannon"),
    ("/api/topics/factions/Xxcha", "factions/xxcha"),
])
def test_api_reads_ids_in_any_letter_case(client, path, canonical):
    # As the pages do (`/r/77.7D`): an id typed or pasted in another case is the same entry.
    body = client.get(path).get_json()
    assert (body["entry"] if "/rules/" in path else body["page"])["id"] == canonical


def test_a_rule_asked_for_as_a_page_is_not_called_missing(client):
    # 77.7d exists as a rule: the page endpoint says it has no such page, not that no entry has the id.
    error = client.get("/api/topics/77.7d").json["error"]
    assert error.startswith("no page with id '77.7d'")
    assert client.get("/api/rules/77.7d").status_code == 200
