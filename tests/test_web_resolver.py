"""The step resolver on the web: POST /api/resolve, its catalogue, the widget, its no-JS form, the permalink."""
from __future__ import annotations

import re
from pathlib import Path
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest

PDS2 = {"ability": "space_cannon", "units": [{"name": "PDS II", "count": 2}]}
DOCK = {"name": "Space Dock I", "planet_resources": 3}
ARBOREC = {"ability": "production", "faction": "arborec", "producers": [DOCK],
           "build": [{"name": "Infantry I", "count": 2}]}
WIDGET_PAGES = {"space-cannon": "space_cannon", "pds": "space_cannon", "bombardment": "bombardment",
                "anti-fighter-barrage": "anti_fighter_barrage", "production": "production",
                "space-dock": "production"}


def post(client, body):
    """POST a scenario as JSON."""
    return client.post("/api/resolve", json=body)


def html(client, path: str) -> str:
    """A page's HTML, which must be a 200."""
    response = client.get(path)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def widget(text: str) -> str:
    """The resolver widget's markup within a page."""
    return text[text.index('<details class="resolver"'):text.index("</details>", text.index("rs-result"))]


@pytest.mark.parametrize("body, rule", [
    (PDS2, "77.3"),
    ({"ability": "space_cannon_defense", "units": [{"name": "PDS II"}]}, "77.7"),
    ({"ability": "bombardment", "units": [{"name": "Dreadnought II", "count": 2}]}, "15.1"),
    ({"ability": "anti_fighter_barrage", "units": [{"name": "Destroyer II", "count": 2}]}, "10.1"),
    ({"ability": "production", "producers": [DOCK], "build": [{"name": "Carrier I"}]}, "68.1"),
])
def test_api_resolves_each_ability_in_the_envelope(client, body, rule):
    response = post(client, body)
    assert response.status_code == 200 and response.json["ok"] is True
    assert rule in [step["rule"] for step in response.json["steps"]]


def test_two_pds_ii(client):
    answer = post(client, PDS2).json
    assert answer["distribution"] == pytest.approx([0.16, 0.48, 0.36])
    assert answer["expected_hits"] == pytest.approx(1.2) and answer["p_at_least_one"] == pytest.approx(0.84)


def test_steps_link_to_their_rules(client):
    urls = {step["rule"]: step["url"] for step in post(client, PDS2).json["steps"]}
    assert urls["77.3"] == "/rules/space-cannon#77.3" and urls["87.4"] == "/rules/sustain-damage#87.4"


def test_planetary_shield_blocks_bombardment_without_a_war_sun(client):
    body = {"ability": "bombardment", "units": [{"name": "Dreadnought II", "count": 2}],
            "modifiers": {"planetary_shield": True}}
    answer = post(client, body).json
    assert answer["blocked"] is True and answer["distribution"] == [1.0]


def test_arborec_space_dock_cannot_build_infantry(client):
    answer = post(client, ARBOREC).json
    assert answer["ok"] is True and answer["allowed"] is False
    assert [(v["rule"], v["url"]) for v in answer["violations"]] == [("68.1d", "/rules/production#68.1d")]


@pytest.mark.parametrize("body, field", [
    ({"ability": "space_cannon", "units": [{"name": "Nope"}]}, "units[0].name"),
    ({"ability": "space_cannon", "units": [{"name": "PDS II"}, {"value": 11}]}, "units[1].value"),
    ({"ability": "space_cannon", "units": [{"name": "PDS II", "count": -1}]}, "units[0].count"),
    ({"ability": "space_cannon", "units": [{"value": 5, "dice": 10, "count": 11}]}, "units"),
    ({"ability": "production", "producers": [{"name": "Space Dock I"}]}, "producers[0].planet_resources"),
    ({"ability": "lasers"}, "ability"),
    ([1, 2], "request"),
])
def test_bad_scenario_is_a_400_naming_the_field(client, body, field):
    response = post(client, body)
    assert response.status_code == 400
    assert response.json == {"ok": False, "error": response.json["error"], "status": 400, "field": field}
    assert response.json["error"].startswith(f"{field}: ")


@pytest.mark.parametrize("data, content_type", [
    ('{"ability": "space_cannon", ', "application/json"),
    ("ability=space_cannon&u=PDS+II", "application/x-www-form-urlencoded"),
    ('{"ability": "space_cannon"}', "text/plain"),
    ("", None),
])
def test_body_that_is_not_json_is_a_400_naming_the_body(client, data, content_type):
    response = client.post("/api/resolve", data=data, content_type=content_type)
    assert response.status_code == 400 and response.json["ok"] is False
    assert response.json["field"] == "body" and response.json["error"].startswith("body: ")


def test_get_is_a_405_envelope(client):
    response = client.get("/api/resolve")
    assert response.status_code == 405
    assert response.json["ok"] is False and response.json["status"] == 405


def test_catalogue_lists_units_for_the_picker(client):
    body = client.get("/api/resolve/catalogue?ability=space_cannon").json
    assert body["ok"] is True and "PDS II" in [unit["name"] for unit in body["units"]]


def test_catalogue_refuses_an_unknown_ability(client):
    response = client.get("/api/resolve/catalogue?ability=lasers")
    assert response.status_code == 400 and response.json["field"] == "ability"


@pytest.mark.parametrize("slug, ability", WIDGET_PAGES.items())
def test_widget_is_on_the_ability_pages_with_their_default(client, slug, ability):
    form = widget(html(client, f"/rules/{slug}"))
    assert f'action="/rules/{slug}#resolver"' in form
    assert re.search(rf'name="ability" value="{ability}"( checked)?>', form)


@pytest.mark.parametrize("path", ["/rules/movement", "/factions/xxcha", "/"])
def test_widget_is_not_on_other_pages(client, path):
    assert 'id="resolver"' not in html(client, path)


def test_space_cannon_pages_toggle_defense(client):
    assert 'value="space_cannon_defense"' in widget(html(client, "/rules/pds"))


def test_form_renders_the_scenario_without_javascript(client):
    form = widget(html(client, "/rules/space-cannon?ability=space_cannon&u=PDS+II*2"))
    chart = form[form.index("<svg"):form.index("</svg>")]
    assert chart.count("<rect") == 3 and all(f">{p}</text>" in chart for p in ("16%", "48%", "36%"))
    assert '<a class="rid" href="#77.3">77.3</a>' in form
    assert 'class="rs-p1">84%<' in form and 'class="rs-expected">1.2<' in form


def test_form_shows_the_permalink_of_its_scenario(client):
    form = widget(html(client, "/rules/space-cannon?u=5x3:Xxcha+flagship&ability=space_cannon&plasma=on&u=PDS+II*2"))
    assert ('href="/rules/space-cannon?ability=space_cannon&amp;u=5x3*1:Xxcha+flagship&amp;u=PDS+II*2'
            '&amp;plasma=1#resolver"') in form


def answer_of(text: str) -> str:
    """The answer part of the widget (what resolver.js swaps in)."""
    start = text.index('<div class="rs-answer"')
    return text[start:text.index("</details>", start)].strip()


def test_fragment_is_the_answer_the_page_shows(client):
    query = "ability=space_cannon&u=PDS+II*2&plasma=1"
    fragment = html(client, f"/resolver/space-cannon?{query}")
    assert "<html" not in fragment and fragment.count("<rect") == 4
    assert fragment.strip() == answer_of(html(client, f"/rules/space-cannon?{query}"))


@pytest.mark.parametrize("query, invalid", [
    ("ability=space_cannon&u=&u=PDS+II*1&u=&u=11x1", "u:3"),  # units[1]: the second filled field of four
    ("ability=space_cannon&u=PDS+II*1&seed=x", "seed"),
    ("ability=production&p=Space+Dock+I*1@3&b=War+Sun*1/7", "b:0"),
    ("ability=production&p=Space+Dock+II*1&pl=4&p=&pl=&p=Space+Dock+I*1&pl=", "pl:2"),  # producers[1]: its planet box
])
def test_fragment_names_the_controls_the_error_is_about(client, query, invalid):
    assert f'data-invalid="{invalid}"' in html(client, f"/resolver/space-cannon?{query}")


def test_a_typed_value_is_named_once_in_its_steps(client):
    text = html(client, "/resolver/space-cannon?ability=space_cannon&u=5+(x3)*3&u=6x2*1:Xxcha+flagship")
    assert "3 × Space Cannon 5 (x3), 3 dice each" in text and "Space Cannon 5 (x3) rolls 3," in text
    assert "Space Cannon 5 (x3): Space Cannon" not in text and "(x3) Space Cannon 5" not in text
    assert "1 × Xxcha flagship: Space Cannon 6 (x2), 2 dice" in text  # a label is still followed by its value


def test_barrage_shows_the_fighters_destroyed(client):
    form = widget(html(client, "/rules/anti-fighter-barrage?ability=anti_fighter_barrage&u=Destroyer+II*2&targets=3"))
    assert 'class="rs-destroyed">2.531<' in form and 'class="rs-all">65.62%<' in form
    assert form.count("<svg") == 2 and len(set(re.findall(r' id="([^"]+)"', form))) == len(re.findall(r' id="', form))


def test_fragment_of_a_page_without_a_resolver_is_a_404(client):
    response = client.get("/resolver/movement?ability=space_cannon&u=PDS+II")
    assert response.status_code == 404 and "has no step resolver" in response.get_data(as_text=True)
    assert "<h1>Not found" in response.get_data(as_text=True)  # not "Bad request (404)"


def test_resolver_script_holds_no_scenario_logic():
    script = (Path(__file__).parent.parent / "webapp" / "static" / "resolver.js").read_text()
    for python_only in ("decode", "encode", "plasma_scoring", "units[", "<svg", "createElementNS", "toFixed"):
        assert python_only not in script


class FormFields(HTMLParser):
    """What a browser without JavaScript submits: named inputs (checked boxes only) and selects."""

    def __init__(self):
        super().__init__()
        self.pairs: list[tuple[str, str]] = []
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name") and (a.get("type") not in ("checkbox", "radio") or "checked" in a):
            self.pairs.append((a["name"], a.get("value") or ""))
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select and "selected" in a:
            self.pairs.append((self.select, a.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def submitted(form: str) -> list[tuple[str, str]]:
    """The query string the no-JS form submits."""
    parser = FormFields()
    parser.feed(form[:form.index("</form>")])
    return parser.pairs


@pytest.mark.parametrize("path", [
    "/rules/space-cannon?ability=space_cannon&u=PDS+II*2&u=5x3*1@adj:Xxcha+flagship&plasma=1&seed=7",
    "/rules/space-cannon?ability=space_cannon&u=PDS+II*2&u=PDS+I*1&plasma=u1",
    "/rules/space-dock?ability=production&p=Space+Dock+II*1@4!enemy&b=War+Sun*2/1&b=Infantry+I*2",
    "/rules/bombardment?ability=bombardment&u=Dreadnought+II*2&shield=1&warsun=1&rolls=3,4",
    "/rules/space-dock?ability=production&faction=arborec&p=Space+Dock+I*1@3&b=Infantry+I*2&resources=4",
])
def test_form_resubmits_its_scenario_without_javascript(client, path):
    first = widget(html(client, path))
    again = widget(html(client, path.split("?")[0] + "?" + urlencode(submitted(first))))
    assert again == first


def test_production_form_shows_the_violation(client):
    path = "/rules/production?ability=production&faction=arborec&p=Space+Dock+I*1@3&b=Infantry+I*2"
    form = widget(html(client, path))
    assert "Not allowed" in form and '<a class="rid" href="#68.1d">68.1d</a> 2 infantry' in form
    assert '<option value="arborec" selected>' in form


@pytest.mark.parametrize("query, message", [
    ("ability=space_cannon&u=PDS+II*2&u=11x1", "Units, entry 2: must be between 1 and 10"),
    ("ability=space_cannon&u=PDS+II*-1", "Units, entry 1: must be between 1 and 100"),
    ("ability=space_cannon&u=Nope", "Units, entry 1: unknown unit 'Nope'; pick one"),
    ("ability=space_cannon&u=two+PDS+II", "Units, entry 1: unknown unit 'two PDS II'; pick one from the catalogue or "
                                          "give a value instead of a name (a count goes after a star, “PDS II*2”, "
                                          "or first, “2 PDS II”)"),
    ("ability=space_cannon&u=Dreadnougth+II", "Units, entry 1: unknown unit 'Dreadnougth II'; did you mean "
                                              "Dreadnought II? If not, pick one"),
    ("ability=lasers", "Ability: must be one of"),
    ("ability=production&p=Space+Dock+I", "Producing units, entry 1, planet: required"),
    ("ability=space_cannon&u=PDS+II&plasma=7", "Plasma Scoring: use plasma=1"),
])
def test_bad_scenario_shows_the_error_in_the_form(client, query, message):
    form = widget(html(client, f"/rules/space-cannon?{query}"))
    error = re.search(r'<p class="rs-error" id="rs-error" role="alert">([^<]*)</p>', form)
    assert error and error[1].replace("&#39;", "'").startswith(message)


def test_dice_typed_in_win_over_a_seed_left_in_its_box(client):
    # "Roll dice" fills the seed box; dice typed in afterwards are what the player rolled at the table.
    form = widget(html(client, "/rules/space-cannon?ability=space_cannon&u=PDS+II*2&rolls=3,7&seed=42"))
    assert 'role="alert" hidden' in form and "PDS II (5+): 3, 7 → 1 hit" in form


def test_the_chart_names_its_axis_for_sighted_readers(client):
    # The svg's <title> is read aloud but never shown: a caption says what the bars count.
    form = widget(html(client, "/rules/space-cannon?ability=space_cannon&u=PDS+II*2"))
    assert '<p class="rs-caption" aria-hidden="true">Space Cannon Offense: chance of each number of hits</p>' in form


def test_bad_row_is_marked_invalid(client):
    form = widget(html(client, "/rules/space-cannon?ability=space_cannon&u=PDS+II*2&u=11x1"))
    assert re.search(r'value="11x1"[^>]*aria-invalid="true"', form)
    assert not re.search(r'value="PDS II\*2"[^>]*aria-invalid', form)


def test_scenario_text_is_escaped(client):
    form = widget(html(client, "/rules/space-cannon?ability=space_cannon&u=5x1*1:<b>bold</b>"))
    assert "<b>bold</b>" not in form and "&lt;b&gt;bold&lt;/b&gt;" in form


def test_widget_has_no_inline_script_or_style(client):
    text = html(client, "/rules/space-cannon?ability=space_cannon&u=PDS+II*2")
    assert not re.search(r"<script(?![^>]*\bsrc=)", text) and " style=" not in widget(text)


def test_space_cannon_page_with_the_resolver_weighs_under_150_kb(client):
    total = 0
    for path in ("/rules/space-cannon", "/static/style.css", "/static/app.js", "/static/resolver.js",
                 "/static/resolver.css"):
        with client.get(path) as response:  # static files are streamed; close them
            total += len(response.data)
    assert total < 150_000


def test_fighter_ii_step_links_to_the_fleet_pool_note(client):
    body = {"ability": "production", "producers": [DOCK], "build": [{"name": "Fighter II", "count": 5}],
            "capacity_in_system": 0, "fleet_pool": 3, "ships_in_system": 1}
    answer = post(client, body).json
    urls = {step["rule"]: step["url"] for step in answer["steps"]}
    assert answer["warnings"] == [] and urls["fleet-pool.note-2.1"] == "/rules/fleet-pool#fleet-pool.note-2.1"


def test_a_near_certainty_is_not_shown_as_certain(client):
    # Two war suns and five dreadnoughts against one ground force miss all eleven dice once in 1.5 million.
    text = widget(html(client, "/rules/bombardment?ability=bombardment&u=War+Sun*2&u=Dreadnought+II*5&targets=1"))
    at_least_one = unescape(re.search(r'class="rs-p1">([^<]*)<', text).group(1))
    assert at_least_one == ">99.99%" and "100%" not in text and "P(no hit) = <0.01%" in unescape(text)


def test_plasma_scoring_on_a_chosen_unit_from_the_form_and_the_api(client):
    # plasma=u0 in a permalink is {"unit": 0} in the API: the die goes to the PDS I (hits on 6), not the PDS II.
    body = {**PDS2, "units": [{"name": "PDS I"}, {"name": "PDS II"}]}
    chosen = post(client, {**body, "modifiers": {"plasma_scoring": {"unit": 0}}}).get_json()
    off = post(client, {**body, "modifiers": {"plasma_scoring": 0}}).get_json()
    assert (chosen["expected_hits"], off["expected_hits"]) == (1.6, 1.1)
    form = widget(html(client, "/rules/space-cannon?ability=space_cannon&u=PDS+I*1&u=PDS+II*1&plasma=u0"))
    assert "plasma=u0#resolver" in form and "1.6 hits" in form


@pytest.mark.parametrize("path, message", [
    ("space-cannon?ability=space_cannon&u=PDS+II*2@nowhere", "Units, entry 1: cannot read “@nowhere” after the count"),
    ("space-cannon?ability=space_cannon&u=PDS+II*2@adj@adj", "Units, entry 1: cannot read “@adj” after the count"),
    ("space-cannon?ability=space_cannon&u=*", "Units, entry 1: needs a unit's name or a value before the count"),
    ("space-combat?ability=space_combat&a=Carrier+I*2!x&d=Cruiser+I", "Attacker's units, entry 1: cannot read “!x”"),
])
def test_an_unread_suffix_is_named_not_blamed_on_the_count(client, path, message):
    text = unescape(html(client, f"/rules/{path}"))
    assert message in text and "whole number" not in text


def test_a_toggle_that_does_not_apply_is_named_in_the_forms_words(client):
    text = unescape(html(client, "/rules/space-cannon?ability=space_cannon&u=PDS+II*1&shield=1"))
    assert "Planetary Shield on the planet: does not apply to space_cannon" in text


def test_a_second_space_dock_on_a_planet_adds_nothing_to_the_limit(default_client):
    # Planets by name need the component data: the app over the default sources.
    docks = [{"name": "Space Dock I", "planet": "Jord"}, {"name": "Space Dock II", "planet": "Jord"}]
    body = post(default_client, {"ability": "production", "producers": docks,
                         "build": [{"name": "Infantry I", "count": 2}]}).get_json()
    assert body["limit"] == 6 and [p["production"] for p in body["producers"]] == [6, 0]
    assert [v["rule"] for v in body["violations"]] == ["79.3"]


def test_a_blockaded_floating_factory_is_not_said_to_still_produce_ground_forces(client):
    body = post(client, {"ability": "production", "producers": [{"name": "Floating Factory II", "enemy_ships": True}],
                         "build": [{"name": "Infantry I", "count": 2}]}).get_json()
    texts = " ".join(step["text"] for step in body["steps"])
    assert "can still produce ground forces" not in texts and "produces nothing, ground forces included" in texts
