"""Card text on the web: search hits, card and faction pages, the API, the planet producer."""
from __future__ import annotations

import re
from html import unescape

import pytest


@pytest.fixture
def client(default_client):
    """This module's app: the shared one over the default sources."""
    return default_client


def _hits(client, query: str) -> list[dict]:
    return client.get("/api/search", query_string={"q": query}).get_json()["results"]


def test_a_card_name_finds_the_card_with_its_text_first(client):
    first = _hits(client, "shields holding")[0]
    assert (first["id"], "Cancel up to 2 hits" in first["snippet"]) == ("cards/action-cards/shields-holding", True)


def test_card_text_is_searchable(client):
    # Shields Holding and Hardlight (Twilight's Fall) both "Cancel up to 2 hits"; their windows differ.
    assert _hits(client, "cancel up to 2 hits")[0]["id"] in ("cards/action-cards/shields-holding",
                                                             "cards/action-cards/hardlight")
    asked = "assign hits to your ships during a space combat: cancel up to 2 hits"
    assert _hits(client, asked)[0]["id"] == "cards/action-cards/shields-holding"


def test_planet_values_answer_a_question(client):
    # The first group is the Mecatol Rex page, its topic then its planet card with the values.
    top = _hits(client, "mecatol rex resources")[:2]
    assert any("Resources</mark> 1, influence 6" in hit["snippet"] for hit in top)


def test_card_page_shows_text_and_the_rules_note(client):
    html = client.get("/cards/action-cards").get_data(as_text=True)
    card = html[html.index('id="cards/action-cards/shields-holding"'):]
    card = re.sub(r"<[^>]+>", "", card[:card.index('<h2 class="section"', 10)])
    assert "Cancel up to 2 hits." in card and "cannot be used during ground combat" in card


def test_api_entry_carries_expansion_window_and_phase(client):
    entry = client.get("/api/rules/cards/action-cards/shields-holding").get_json()["entry"]
    assert (entry["expansion"], entry["phase"], entry["window"] is not None) == ("Base", "Action", True)


def test_faction_page_shows_the_sheet_before_the_notes(client):
    html = client.get("/factions/arborec").get_data(as_text=True)
    assert html.index('class="faction-sheet"') < html.index('class="note')
    assert "Duha Menaimon</a>: Cost 8, Combat 7 (x2), Move 1, Capacity 5, Sustain Damage</dd>" in html


def test_a_faction_sheet_links_each_card_to_its_section_below(client):
    html = client.get("/factions/arborec").get_data(as_text=True)
    sheet = html[html.index('class="faction-sheet"'):html.index("</section>", html.index('class="faction-sheet"'))]
    links = re.findall(r'<a href="#([^"]+)">([^<]+)</a>', sheet)
    assert ("factions/arborec/mitosis", "Mitosis") in links and len(links) >= 5
    assert all(f'id="{anchor}"' in html for anchor, _ in links)


def test_production_takes_a_planets_resources_from_the_corpus(client):
    body = {"ability": "production", "producers": [{"name": "Space Dock I", "planet": "Mecatol Rex"}],
            "build": [{"name": "Infantry", "count": 2}]}
    answer = client.post("/api/resolve", json=body).get_json()
    assert (answer["limit"], answer["producers"][0]["planet_resources"]) == (3, 1)
    assert "Space Dock I on Mecatol Rex: the planet's resources 1 + 2 = Production 3." in [
        s["text"] for s in answer["steps"]]


def test_an_unknown_planet_names_the_field(client):
    body = {"ability": "production", "producers": [{"name": "Space Dock I", "planet": "Mecatol Rexx"}]}
    answer = client.post("/api/resolve", json=body).get_json()
    assert (answer["ok"], answer["field"]) == (False, "producers[0].planet")


def test_the_production_widget_lists_planets_and_reads_a_planet_permalink(client):
    html = client.get("/rules/production", query_string={
        "ability": "production", "p": "Space Dock I*1@Mecatol Rex", "b": "Infantry*2"}).get_data(as_text=True)
    assert '<option value="Mecatol Rex">' in html and 'class="rs-limit">3<' in html


def _planet_resources(corpus) -> dict[str, int]:
    """Each official planet's printed name and resources, read from the corpus entries."""
    return {e.facts.get("planet_name") or e.title: int(e.facts["resources"])
            for e in corpus.entries if e.category == "Planet" and "resources" in e.facts}


def test_the_producers_planet_box_completes_planet_names(client, default_corpus):
    html = client.get("/rules/production").get_data(as_text=True)
    boxes = re.findall(r'<input name="pl"[^>]*>', html)
    assert boxes and all('list="rs-planets"' in box for box in boxes)
    datalist = html[html.index('<datalist id="rs-planets">'):]
    offered = [unescape(v) for v in re.findall(r'<option value="([^"]*)">', datalist[:datalist.index("</datalist>")])]
    assert sorted(offered) == sorted(_planet_resources(default_corpus))


def test_every_planet_the_box_completes_is_accepted(client, default_corpus):
    wrong = {}
    for name, resources in _planet_resources(default_corpus).items():
        fragment = client.get("/resolver/production", query_string={
            "ability": "production", "p": "Space Dock I*1", "pl": name, "b": "Infantry*1"}).get_data(as_text=True)
        limit = re.search(r'class="rs-limit">(\d+)<', fragment)
        if limit is None or int(limit[1]) != resources + 2:
            wrong[name] = limit and limit[1]
    assert wrong == {}


def test_a_planet_permalink_fills_the_planet_box(client):
    html = client.get("/rules/production", query_string={
        "ability": "production", "p": "Space Dock I*1@Mecatol Rex"}).get_data(as_text=True)
    assert re.search(r'name="p" value="Space Dock I\*1"[^>]*>\s*<input name="pl" value="Mecatol Rex"', html)


def test_a_planet_in_the_box_and_after_at_names_the_box(client):
    fragment = client.get("/resolver/production", query_string={
        "ability": "production", "p": "Space Dock I*1@3", "pl": "Mecatol Rex"}).get_data(as_text=True)
    assert 'data-invalid="pl:0"' in fragment and "Producing units, entry 1, planet: give the planet in its box" in fragment


def test_the_results_page_shows_the_rule_a_ruling_clarifies(client):
    # "Ask 'can PDS II fire through a wormhole?' and get the ruling with its LRR number (77.3c)".
    html = client.get("/search", query_string={"q": "can PDS II fire through a wormhole?"}).get_data(as_text=True)
    first = re.search(r'<span class="kind">((?:[^<]|<span class="rid">[^<]*</span>)*)</span>', html).group(1)
    assert re.sub(r"<[^>]+>", "", first) == "FAQ on 77.3c"
    assert _hits(client, "can PDS II fire through a wormhole?")[0]["label"] == "FAQ on 77.3c"
