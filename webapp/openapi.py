"""The API contract: an OpenAPI 3.1 description of every /api/ endpoint and its envelope.

Objects allow additional properties: an answer may grow fields (and the resolver abilities)
without breaking clients or this contract. tests/test_api_contract.py fuzzes the whole API
against it with schemathesis.
"""
from __future__ import annotations

from flask import current_app

from corpus.model import KINDS
from corpus.resolve.combat.facts import FACTS, MAX_COUNT
from corpus.resolve.combat.request import SACRIFICES
from corpus.resolve.production import OPTIONAL
from corpus.resolve.request import MAX_COUNT as DICE_COUNT

JSON = "application/json"


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _ok(**properties) -> dict:
    """A success envelope with these required properties (and any others)."""
    return {"allOf": [_ref("Ok"), {"type": "object", "required": sorted(properties), "properties": properties}]}


def _answer(schema: dict, *errors: int, description: str = "the answer") -> dict:
    """Responses: 200 with schema, 304 for a still-valid ETag, then the error envelopes."""
    responses = {"200": {"description": description, "content": {JSON: {"schema": schema}}},
                 "304": {"description": "not modified: the If-None-Match ETag is still current"}}
    for status in sorted({400, 413, 503, *errors}):
        responses[str(status)] = {"$ref": f"#/components/responses/E{status}"}
    return responses


def _param(name: str, where: str, schema: dict, description: str, required: bool = False) -> dict:
    return {"name": name, "in": where, "required": required or where == "path", "schema": schema,
            "description": description}


def _schemas() -> dict:
    """The envelope and the records inside it."""
    text, maybe_text = {"type": "string"}, {"type": ["string", "null"]}
    hit = {"type": "object", "required": ["id", "kind", "title", "url"],
           "properties": {"id": text, "kind": text, "topic": text, "title": text, "snippet": text,
                          "page": text, "url": text, "score": {"type": "number"},
                          "count": {"type": "integer", "minimum": 1},
                          "homebrew": {"type": "boolean"}, "label": text,
                          "lead": {"type": "string", "description": "plain text: the sentence a list item "
                                   "continues (its parent rule's lead-in), shown before the snippet; often empty"},
                          "like": {"type": "array", "description": "the near-copies counted on this hit (count - 1 "
                                   "of them), each with the card it is under (name; empty when that is the hit's own)",
                                   "items": {"type": "object", "required": ["id", "name", "url"],
                                             "properties": {"id": text, "name": text, "url": text}}}}}
    group = {"type": "object", "required": ["page", "title", "label", "url", "hits"],
             "properties": {"page": text, "title": text, "url": text,
                            "label": {"type": "string", "description": 'what the page is: "LRR 2" (a rules topic '
                                      'and its number), "Rules", "Card list", "Faction"'},
                            "hits": {"type": "array", "items": _ref("Hit"), "minItems": 1, "maxItems": 3}}}
    entry = {"type": "object", "required": ["id", "kind", "topic", "title", "text"],
             "properties": {"id": text, "kind": {"enum": list(KINDS)}, "topic": text, "title": text, "text": text,
                            # Component data (cards, abilities, units, planets); null on rules entries.
                            "expansion": maybe_text, "window": maybe_text, "phase": maybe_text,
                            "facts": {"type": "object"}, "homebrew": {"type": "boolean"}}}
    link = {"type": "object", "required": ["id", "title", "url"], "properties": {"id": text, "title": text, "url": text}}
    return {
        "Ok": {"type": "object", "required": ["ok"], "properties": {"ok": {"const": True}}},
        "Error": {"type": "object", "required": ["ok", "error", "status"],
                  "properties": {"ok": {"const": False}, "error": {"type": "string", "minLength": 1},
                                 "status": {"type": "integer"}, "field": text, "parameter": text}},
        "BattleSide": _battle_side(), "Hit": hit, "Group": group, "Entry": entry, "PageLink": link,
        "Search": _ok(query=text, kind=maybe_text, limit={"type": "integer"}, results={"type": "array", "items": _ref("Hit")},
                      groups={"type": "array", "items": _ref("Group")},
                      did_you_mean=maybe_text, jump={"type": ["object", "null"]}),
        "Page": _ok(page=_ref("Entry"), entries={"type": "array", "items": _ref("Entry")},
                    related={"type": "array"}, referenced_by={"type": "array"}),
    }


def _battle_side() -> dict:
    """One side of a space_combat, ground_combat or invasion request."""
    return {"type": "object", "properties": {
        "units": {"type": "array", "items": {"type": "object"},
                  "description": 'the side\'s units: {"name": "Cruiser II", "count": 2}'},
        "modifiers": {"type": "array", "description": 'modifier keys, or {"name", "round"}'},
        "combat_modifier": {"type": "integer"},
        "order": {"type": "array", "items": {"type": "string"}, "description": "unit names, the first destroyed first"},
        "destroy_exotrireme": {
            "enum": list(SACRIFICES), "default": "never",
            "description": "a space combat only: when the side destroys its Exotrireme II (or Exotrireme) to destroy "
                           "up to 2 of the opponent's ships (its card). \"after_first_round\": after round 1, if the "
                           "combat goes on, one by one while the opponent has ships, each taking its 2 last in its "
                           "destroy order; \"never\" leaves the trade out. Without such a ship, another value is a "
                           "400 naming the field"},
        **{fact.field: _fact(fact) for fact in FACTS}}}


def _production() -> dict:
    """The fields of a production request (ability "production")."""
    entry = {"type": "array", "items": {"type": "object"}}
    return {"producers": {**entry, "description": 'production: the producing units, {"name": "Space Dock I", '
                                                  '"planet": "Mecatol Rex"} (or "planet_resources"), '
                                                  '"count", "enemy_ships"'},
            "build": {**entry, "description": 'production: the units to produce, {"name": "Carrier", "count": 1}, '
                                              '"in_reinforcements"'},
            "faction": {"type": "string", "description": "production: the producing faction, such as arborec (68.1d); "
                                                    "a faction unit in the request implies it"},
            **{name: {"type": "integer", "minimum": 0, "maximum": box.most, "description": f"production: {box.meaning}"}
               for name, box in OPTIONAL.items()}}


def _fact(fact) -> dict:
    """A table fact a card of the side's units asks, for that card's bonus to the unit's own combat rolls (or its
    repair at the end of every round: Heaven's Eye)."""
    kind = {"type": "integer", "minimum": 0, "maximum": MAX_COUNT} if fact.count else {"type": "boolean"}
    effect = "repair" if fact.repairs else "bonus"
    return {**kind, "description": f"{fact.describe()}. Absent, the {effect} is left out (a step says this field "
                                   "would apply it); given for a side with no such unit, a 400 naming the field"}


def _paths() -> dict:
    """Every endpoint under /api/."""
    limit = current_app.config["MAX_SEARCH_LIMIT"]
    path_id = _param("entry_id", "path", {"type": "string"}, "a rule id (77.7d), a page slug or any entry id")
    return {
        "/api/search": {"get": {
            "summary": "Ranked hits for a query, flat and grouped by page", "operationId": "search",
            "parameters": [
                _param("q", "query", {"type": "string"}, "the query; longer than MAX_QUERY_CHARS is read as its end"),
                # An empty value means "not given", as an HTML form sends it.
                _param("limit", "query", {"anyOf": [{"type": "integer", "minimum": 1, "maximum": limit},
                                                    {"const": ""}]}, "most hits"),
                _param("kind", "query", {"enum": [*KINDS, ""]},
                       "only entries of this kind (read in any letter case: RULE is rule)"),
                _param("source", "query", {"type": "string"}, "only entries from this source (e.g. wiki; any letter case)")],
            "responses": _answer(_ref("Search"))}},
        "/api/rules/{entry_id}": {"get": {
            "summary": "One entry by id, its citation, and the FAQs and open questions beside it",
            "operationId": "entry", "parameters": [path_id],
            "responses": _answer(_ok(entry=_ref("Entry"), citation={"type": "string"},
                                     faqs={"type": "array", "items": _ref("Entry")},
                                     questions={"type": "array", "items": _ref("Entry")}), 404)}},
        "/api/topics": {"get": {
            "summary": "The index of every topic, faction and card page", "operationId": "topics",
            "responses": _answer(_ok(by_name={"type": "array", "items": _ref("PageLink")}))}},
        "/api/topics/{slug}": {"get": {
            "summary": "A page with its entries, FAQs, related and referencing pages", "operationId": "topic",
            "parameters": [_param("slug", "path", {"type": "string"}, "a page id: space-cannon, factions/xxcha")],
            "responses": _answer(_ref("Page"), 404)}},
        "/api/resolve": {"post": {
            "summary": "Resolve a step-resolver scenario or a whole battle", "operationId": "resolve",
            "requestBody": {"required": True, "content": {JSON: {"schema": {
                "type": "object", "required": ["ability"],
                "properties": {"ability": {"type": "string",
                                           "examples": ["space_cannon", "production", "space_combat", "invasion"]},
                               "units": {"type": "array", "items": {"type": "object"}},
                               "modifiers": {"type": "object", "description": 'a step ability: "plasma_scoring": '
                                             'true/1 (the unit most likely to hit), {"unit": N} (units[N]) or '
                                             'false/0; bombardment: "planetary_shield", "war_sun", "harrow" true/false'},
                               "targets": {"type": "integer", "minimum": 0, "maximum": DICE_COUNT,
                                           "description": "anti_fighter_barrage: the fighters there; bombardment: "
                                                          "the ground forces on the planet"},
                               "rolls": {"type": ["string", "array"], "description": 'a step ability: the dice rolled, '
                                         '"3, 7, 10" or [3, 7, 10] (0 is 10), read as hits in "rolled"'},
                               "seed": {"type": "integer", "minimum": 0, "description": "a step ability: roll the "
                                        "dice from this seed instead (not with rolls)"},
                               "attacker": _ref("BattleSide"), "defender": _ref("BattleSide"),
                               "retreat": {"type": "object"}, **_production()}}}}},
            "responses": _answer(_ok(ability={"type": "string"}))}},
        "/api/resolve/catalogue": {"get": {
            "summary": "Units for the resolver's picker", "operationId": "catalogue",
            "parameters": [_param("ability", "query", {"type": "string"}, "an ability, or build")],
            "responses": _answer(_ok(units={"type": "array", "items": {"type": "object"}}))}},
        "/api/openapi.json": {"get": {
            "summary": "This description", "operationId": "openapi",
            "responses": {"200": {"description": "OpenAPI 3.1", "content": {JSON: {"schema": {"type": "object"}}}},
                          "304": {"description": "not modified"}}}},
    }


ERRORS = {400: "bad input; `field` or `parameter` names it", 404: "no such entry or page",
          413: "request body larger than MAX_CONTENT_LENGTH", 503: "no corpus yet, or a damaged index: run `mecatol ingest`"}


def spec() -> dict:
    """The whole OpenAPI document."""
    responses = {f"E{status}": {"description": text, "content": {JSON: {"schema": _ref("Error")}}}
                 for status, text in ERRORS.items()}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Mecatol API", "version": "1",
                 "description": 'Every answer is an envelope: {"ok": true, …} or {"ok": false, "error", "status"}.'},
        "paths": _paths(),
        "components": {"schemas": _schemas(), "responses": responses},
    }
