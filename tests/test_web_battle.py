"""The battle widget on the Space Combat, Ground Combat and Invasion pages: form, answer, permalink, errors."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, urlencode

import pytest
from werkzeug.datastructures import MultiDict

from test_resolve_battle_modifiers import APPLIES
from test_web_resolver import html, post, submitted, widget
from test_web_scenario import query
from webapp.scenario import decode, encode

BATTLE_PAGES = {"space-combat": "space_combat", "ground-combat": "ground_combat", "invasion": "invasion"}
SPACE = "ability=space_combat&a=Dreadnought+II*2&a=Fighter+II*2&d=Carrier+I*1&d=Destroyer+II*2&d=Fighter+I*3"
CANONICAL = [
    "ability=space_combat&a=Dreadnought+II*2&a=Fighter+II*2&am=morale_boost@2&ac=-1&d=Carrier+I*1"
    "&d=Destroyer+II*2&d=Fighter+I*3&dm=antimass_deflectors&retreat=defender@2",
    "ability=ground_combat&a=Infantry+II*3&d=Mech*1&dc=1",
    "ability=invasion&a=Infantry+I*3&a=Dreadnought+I*2&am=plasma_scoring&d=Infantry+I*2&d=PDS+I*1",
    "ability=space_combat&a=Cruiser+II*2&d=Carrier+I*1&d=PDS+II*1@adj",
    "ability=space_combat&a=Cruiser+II*2&a=Fighter+II*2&ao=Cruiser+II,+Fighter+II&d=Dreadnought+I*1",
    "ability=space_combat&a=Exotrireme+II*1&a=Cruiser+I*1&ax=after_first_round&d=Dreadnought+I*1&d=Cruiser+I*2",
]
EXOTRIREME = CANONICAL[-1]


@pytest.mark.parametrize("slug, ability", BATTLE_PAGES.items())
def test_battle_widget_is_on_its_page(client, slug, ability):
    form = widget(html(client, f"/rules/{slug}"))
    assert f'action="/rules/{slug}#resolver"' in form and re.search(rf'name="ability" value="{ability}"', form)
    assert 'name="a"' in form and 'name="d"' in form and 'value="morale_boost@2"' in form


def offered_modifiers(form: str, side: str = "defender") -> set[str]:
    """The modifier keys a side's boxes offer and show (a hidden box is for another battle type)."""
    part = form[form.index(f'data-side="{side}"'):]
    part = part[:part.index('class="rs-small"')]
    labels = re.findall(r'<label title="[^"]*" data-for="[^"]*"( hidden)?>(.*?)</label>', part, re.S)
    return {re.search(r'value="(\w+?)(?:@\d+)?"', body)[1] for hidden, body in labels if not hidden}


@pytest.mark.parametrize("slug, ability", BATTLE_PAGES.items())
def test_battle_form_offers_the_modifiers_of_its_battle_type(client, slug, ability):
    assert offered_modifiers(widget(html(client, f"/rules/{slug}"))) == {
        key for key, battles in APPLIES.items() if ability in battles}


def test_a_modifier_for_another_battle_is_a_400_naming_it(client):
    body = {"ability": "ground_combat", "attacker": {"units": [{"name": "Infantry II", "count": 2}]},
            "defender": {"units": [{"name": "Infantry I"}], "modifiers": ["morale_boost", "assault_cannon"]}}
    response = client.post("/api/resolve", json=body)
    assert (response.status_code, response.get_json()["field"]) == (400, "defender.modifiers[1]")


@pytest.mark.parametrize("text", CANONICAL)
def test_battle_query_round_trips(text):
    assert query(encode(decode(MultiDict(parse_qsl(text))))) == text


def test_battle_query_decodes_to_the_api_request():
    assert decode(MultiDict(parse_qsl(CANONICAL[0]))) == {
        "ability": "space_combat",
        "attacker": {"units": [{"name": "Dreadnought II", "count": 2}, {"name": "Fighter II", "count": 2}],
                     "modifiers": [{"name": "morale_boost", "round": 2}], "combat_modifier": -1},
        "defender": {"units": [{"name": "Carrier I", "count": 1}, {"name": "Destroyer II", "count": 2},
                               {"name": "Fighter I", "count": 3}], "modifiers": ["antimass_deflectors"]},
        "retreat": {"side": "defender", "round": 2},
    }


def test_page_shows_the_outcomes_the_api_computes(client):
    page = widget(html(client, f"/rules/space-combat?{SPACE}"))
    outcome = post(client, decode(MultiDict(parse_qsl(SPACE)))).json["outcome"]
    expected = f"{outcome['attacker'] * 100:.2f}".rstrip("0").rstrip(".") + "%"
    assert f'class="rs-attacker">{expected}<' in page
    chart = page[page.index("<svg"):page.index("</svg>")]
    assert chart.count("<rect") == 3 and "Retreat" not in chart  # no retreat planned, no retreat bar


def test_planned_retreat_adds_its_outcome(client):
    page = widget(html(client, f"/rules/space-combat?{CANONICAL[0]}"))
    chart = page[page.index("<svg"):page.index("</svg>")]
    assert chart.count("<rect") == 4 and ">Retreat</text>" in chart


def test_destroy_order_changes_the_survivors(client):
    base = "/rules/space-combat?ability=space_combat&a=Cruiser+II*2&a=Fighter+II*2&d=Dreadnought+I*1"
    default, ordered = (re.findall(r"<td>Attacker</td><td>Cruiser II</td><td>2</td><td>([\d.]+)</td>",
                                   widget(html(client, path))) for path in (base, base + "&ao=Cruiser+II"))
    assert float(ordered[0]) < float(default[0])  # cruisers taken first, before the fighters


def test_round_by_round_table_and_survivors(client):
    page = widget(html(client, "/rules/ground-combat?ability=ground_combat&a=Infantry*3&d=Mech*1"))
    table = page[page.index('class="rs-table rs-by-round"'):page.index("</table>")]
    assert "<td>start</td><td>0%</td>" in table and "<td>1</td><td>21.6%</td>" in table  # 2+ hits of 3 dice at 30%
    assert table.count("<tr>") < 20  # rows stop once the battle is all but over
    assert re.search(r"<td>Defender</td><td>Mech</td><td>1</td><td>0\.\d+</td>", page)


@pytest.mark.parametrize("text", CANONICAL)
def test_battle_form_resubmits_its_scenario_without_javascript(client, text):
    slug = {"space_combat": "space-combat", "ground_combat": "ground-combat", "invasion": "invasion"}
    path = f"/rules/{slug[dict(parse_qsl(text))['ability']]}"
    first = widget(html(client, f"{path}?{text}"))
    assert 'class="rs-error" id="rs-error" role="alert" hidden' in first
    assert widget(html(client, f"{path}?{urlencode(submitted(first))}")) == first


@pytest.mark.parametrize("text, field, invalid", [
    ("ability=space_combat&a=&a=Nope&d=Carrier", "Attacker's units, entry 1", "a:1"),
    ("ability=space_combat&a=Carrier&d=Carrier&dc=12", "Defender's combat modifier", "dc"),
    ("ability=ground_combat&a=Infantry&d=Infantry&retreat=attacker@1", "Retreat", "retreat"),
    ("ability=space_combat&a=Carrier&d=Carrier&do=Fighter", "Defender's order, entry 1", "do"),
    ("ability=ground_combat&a=Infantry&d=Infantry&am=plasma_scoring", "Attacker's modifiers, entry 1", "am"),
    ("ability=space_combat&a=Carrier&d=Carrier&dx=after_first_round", "Defender's destroy Exotrireme box", "dx"),
])
def test_battle_error_names_its_field_and_control(client, text, field, invalid):
    # The form names the box in its own words, not the API's field path (attacker.units[0].name).
    fragment = html(client, f"/resolver/space-combat?{text}")
    assert re.search(rf'role="alert">{re.escape(field)}: ', unescape(fragment))
    assert f'data-invalid="{invalid}"' in fragment


def exotrireme_boxes(form: str) -> dict[str, str]:
    """Each side's Exotrireme II box (its form key -> its label's markup)."""
    return dict(re.findall(r'<label class="rs-small rs-exotrireme" data-exotrireme[^>]*><input type="checkbox" '
                           r'name="(\w)x"(.*?)</label>', form, re.S))


def test_only_a_side_with_an_exotrireme_ii_is_offered_to_destroy_it(client):
    empty = exotrireme_boxes(widget(html(client, "/rules/space-combat")))
    assert set(empty) == {"a", "d"} and all("disabled" in box for box in empty.values())
    page = widget(html(client, "/rules/space-combat?" + EXOTRIREME.replace("&ax=after_first_round", "")))
    boxes = exotrireme_boxes(page)
    assert "disabled" not in boxes["a"] and "checked" not in boxes["a"] and "disabled" in boxes["d"]
    assert 'data-exotrireme="a"' in page
    assert 'data-exotrireme hidden><input type="checkbox" name="dx"' in page
    assert "rs-exotrireme" not in widget(html(client, "/rules/ground-combat"))  # a space combat's choice only


def test_destroying_the_exotrireme_shows_the_answer_the_api_gives(client):
    request = decode(MultiDict(parse_qsl(EXOTRIREME)))
    assert request["attacker"]["destroy_exotrireme"] == "after_first_round"
    page = widget(html(client, f"/rules/space-combat?{EXOTRIREME}"))
    assert "checked" in exotrireme_boxes(page)["a"]
    shown = re.search(r'class="rs-attacker">([\d.]+)%<', page)[1]
    traded, kept = (post(client, body).json["outcome"]["attacker"] for body in (
        request, {**request, "attacker": {"units": request["attacker"]["units"]}}))
    assert shown == f"{traded * 100:.2f}".rstrip("0").rstrip(".") and traded != pytest.approx(kept)
