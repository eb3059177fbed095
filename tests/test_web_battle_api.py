"""Battles over HTTP: POST /api/resolve routes space_combat, ground_combat and invasion; the catalogue lists modifiers."""
from __future__ import annotations

import pytest

FLEETS = {
    "ability": "space_combat",
    "attacker": {"units": [{"name": "Dreadnought II", "count": 2}, {"name": "Fighter II", "count": 3}]},
    "defender": {"units": [{"name": "Cruiser II", "count": 2}, {"name": "Destroyer II"}, {"name": "PDS II"}]},
}


def test_space_combat_answers_in_the_envelope_with_linked_steps(client):
    response = client.post("/api/resolve", json=FLEETS)
    assert response.status_code == 200
    body = response.get_json()
    assert body["ok"] is True
    assert sum(body["outcome"].values()) == pytest.approx(1)
    assert {s["rule"] for s in body["steps"]} >= {"77.2", "78.3", "78.5", "78.6", "78.10"}
    assert all(s["url"] for s in body["steps"] if s["rule"] in ("78.6", "78.10"))


@pytest.mark.parametrize("ability", ["ground_combat", "invasion"])
def test_ground_battles_answer(client, ability):
    body = {"ability": ability, "attacker": {"units": [{"name": "Infantry II", "count": 3}, {"name": "Mech"}]},
            "defender": {"units": [{"name": "Infantry I", "count": 2}]}}
    answer = client.post("/api/resolve", json=body).get_json()
    assert answer["ok"] is True and answer["ability"] == ability


def test_bad_battle_is_a_400_naming_the_field(client):
    body = {**FLEETS, "retreat": {"side": "defender", "round": 0}}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == "retreat.round"


def test_a_defender_with_only_a_pds_is_a_400_naming_its_units(client):
    body = {**FLEETS, "defender": {"units": [{"name": "PDS II"}]}}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == "defender.units" and "(78.1)" in response.get_json()["error"]


def test_catalogue_lists_battle_modifiers_with_their_cards(client):
    body = client.get("/api/resolve/catalogue?ability=space_combat").get_json()
    cards = {m["key"]: m["card"] for m in body["modifiers"]}
    assert cards["duranium_armor"] == "Duranium Armor"
    assert cards["extra_die"].startswith("Trrakan Aun Zulok")
    assert any(u["name"] == "War Sun" and u["combat"]["dice"] == 3 for u in body["units"])


def test_catalogue_of_a_ground_combat_lists_only_its_modifiers(client):
    modifiers = client.get("/api/resolve/catalogue?ability=ground_combat").get_json()["modifiers"]
    keys = {m["key"] for m in modifiers}
    assert "morale_boost" in keys and not keys & {"assault_cannon", "plasma_scoring", "shields_holding"}
    assert all("ground_combat" in m["battles"] for m in modifiers)


def test_an_unknown_catalogue_ability_lists_the_battles_too(client):
    response = client.get("/api/resolve/catalogue?ability=lasers")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert "space_combat" in error and "ground_combat" in error and "invasion" in error
