"""The API keeps the contract in /api/openapi.json: schemathesis fuzzes every operation against it."""
from __future__ import annotations

import pytest
import schemathesis
from schemathesis.core.failures import FailureGroup
from hypothesis import HealthCheck, settings

from schemathesis.specs.openapi.checks import positive_data_acceptance

from webapp.errors import API_PREFIX

CONTRACT = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture
def api_schema(web_app):
    """The app's own description of itself, loaded as schemathesis would from a server."""
    return schemathesis.openapi.from_wsgi("/api/openapi.json", web_app)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@CONTRACT
def test_api_keeps_its_contract(case):
    # Every check (no 5xx, documented statuses, headers and content types, bodies matching
    # their schemas) but one: sources, abilities and units are open strings whose valid
    # values come from the corpus and the resolver's growing registry, so a schema-valid
    # request may rightly get a 400 naming its field.
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


def test_the_description_is_openapi_3_1(client):
    spec = client.get("/api/openapi.json").json
    assert spec["openapi"] == "3.1.0" and spec["components"]["schemas"]["Error"]["required"] == ["ok", "error", "status"]


def test_every_api_route_is_described(app, client):
    described = set(client.get("/api/openapi.json").json["paths"])
    routes = {rule.rule.replace("<path:", "{").replace(">", "}") for rule in app.url_map.iter_rules()
              if rule.rule.startswith(API_PREFIX)}
    assert {r.split("{")[0] for r in routes} == {d.split("{")[0] for d in described}


def test_the_contract_run_fails_when_the_code_raises(api_schema, monkeypatch):
    from corpus import Corpus

    def broken(self, *args, **kwargs):
        raise RuntimeError("search is broken")

    monkeypatch.setattr(Corpus, "search", broken)
    case = api_schema["/api/search"]["GET"].Case(query={"q": "space cannon"})
    with pytest.raises(FailureGroup, match="Server error"):
        case.call_and_validate()


def test_every_field_a_resolve_request_takes_is_described(client):
    from corpus.resolve.production import OPTIONAL
    from corpus.resolve.request import DICE_FIELDS

    body = client.get("/api/openapi.json").json["paths"]["/api/resolve"]["post"]["requestBody"]
    described = body["content"]["application/json"]["schema"]["properties"]
    production = {"producers", "build", "faction", *OPTIONAL}
    assert {"attacker", "defender", "retreat"} | DICE_FIELDS | production <= set(described)
    assert "checked only when given" in described["capacity_in_system"]["description"]
