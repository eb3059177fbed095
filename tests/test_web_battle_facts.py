"""The battle form's boxes for the table facts a unit's card asks (Iconoclast's relic fragment, Starlancer XI's
anomalies): offered only to a side with such a unit, carried by the permalink (af= / df=), answered as the API."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, urlencode

import pytest
from werkzeug.datastructures import MultiDict

from test_web_resolver import html, post, submitted, widget
from test_web_scenario import query
from webapp.scenario import decode, encode

ICONOCLAST = "ability=ground_combat&a=Iconoclast*1&af=opponent_has_relic_fragment&d=Infantry+I*2"
STARLANCER = "ability=ground_combat&a=Infantry+I*2&d=Starlancer+XI*1&df=anomalies_in_or_adjacent@3"
HEAVENS_EYE = "ability=space_combat&a=Heaven%27s+Eye*1&af=plot_controller_in_system&d=Cruiser+II*3"


def fact_boxes(form: str) -> dict[tuple[str, str], str]:
    """Each side's table-fact box ((form key, field) -> its label's markup)."""
    return {(key, field): f"{hidden}{body}" for field, hidden, body, key in re.findall(
        r'<label class="rs-small rs-fact" data-fact="(\w+)"( hidden)?>(.*?name="(\w)f".*?)</label>', form, re.S)}


def test_a_fact_round_trips_through_the_permalink():
    request = decode(MultiDict(parse_qsl(ICONOCLAST + "&df=anomalies_in_or_adjacent@2"
                                         "&df=opponent_has_x_or_y_token@0")))
    assert request["attacker"]["opponent_has_relic_fragment"] is True
    assert request["defender"]["anomalies_in_or_adjacent"] == 2
    assert request["defender"]["opponent_has_x_or_y_token"] is False
    assert decode(MultiDict(encode(request))) == request
    assert query(encode(decode(MultiDict(parse_qsl(ICONOCLAST))))) == ICONOCLAST


def test_only_a_side_whose_units_ask_a_fact_is_offered_its_box(client):
    empty = fact_boxes(widget(html(client, "/rules/ground-combat")))
    assert len(empty) == 12 and all(" hidden" in box and "disabled" in box for box in empty.values())
    page = widget(html(client, "/rules/ground-combat?" + ICONOCLAST.replace("&af=opponent_has_relic_fragment", "")))
    boxes = fact_boxes(page)
    shown = {where for where, box in boxes.items() if "disabled" not in box}
    assert shown == {("a", "opponent_has_relic_fragment")}
    assert "checked" not in boxes["a", "opponent_has_relic_fragment"]
    assert 'data-facts="a:opponent_has_relic_fragment"' in page
    assert "Iconoclast: +2 to its combat rolls, its card" in boxes["a", "opponent_has_relic_fragment"]


@pytest.mark.parametrize("text, slug", [(ICONOCLAST, "ground-combat"), (STARLANCER, "ground-combat"),
                                        (HEAVENS_EYE, "space-combat")])
def test_a_fact_given_shows_the_answer_the_api_gives(client, text, slug):
    request = decode(MultiDict(parse_qsl(text)))
    page = widget(html(client, f"/rules/{slug}?{text}"))
    shown = re.search(r'class="rs-attacker">([\d.]+)%<', page)[1]
    plain = {side: {"units": request[side]["units"]} for side in ("attacker", "defender")}
    given, left_out = (post(client, body).json["outcome"]["attacker"] for body in (request, {**request, **plain}))
    assert shown == f"{given * 100:.2f}".rstrip("0").rstrip(".") and given != pytest.approx(left_out)
    # Without JavaScript the form sends the same scenario again: the box keeps the fact.
    assert widget(html(client, f"/rules/{slug}?{urlencode(submitted(page))}")) == page


def test_a_wrong_fact_names_its_box(client):
    fragment = html(client, "/resolver/ground-combat?ability=ground_combat&a=Infantry+I&d=Infantry+I"
                            "&df=opponent_has_relic_fragment")
    assert re.search(r"role=\"alert\">Defender's box for Iconoclast's card: this side has no unit whose card asks it",
                     unescape(fragment))
    assert 'data-invalid="df"' in fragment


def test_the_openapi_description_documents_each_fact(client):
    side = client.get("/api/openapi.json").json["components"]["schemas"]["BattleSide"]["properties"]
    assert side["opponent_has_relic_fragment"]["type"] == "boolean"
    assert side["anomalies_in_or_adjacent"] == {**side["anomalies_in_or_adjacent"], "type": "integer", "minimum": 0}
    assert "Starlancer XI: +1 to its combat rolls for each" in side["anomalies_in_or_adjacent"]["description"]
    assert "Absent, the bonus is left out" in side["opponent_token_not_in_fleet_pool"]["description"]
    assert "Heaven's Eye: repaired at the end of every combat round" in side["plot_controller_in_system"]["description"]
    assert "Absent, the repair is left out" in side["plot_controller_in_system"]["description"]


def test_a_fact_the_permalink_misspells_is_named_in_its_own_terms(client):
    # "name:1" for "name@1" in a hand-edited link: the form's words, its box marked, no API field path.
    fragment = unescape(html(client, "/resolver/ground-combat?" + ICONOCLAST.replace(
        "af=opponent_has_relic_fragment", "af=opponent_has_relic_fragment:1")))
    assert "Attacker's table fact: “opponent_has_relic_fragment:1” in af= is not a table fact" in fragment
    assert 'data-invalid="af"' in fragment and "attacker." not in fragment
