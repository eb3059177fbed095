"""The step resolver widget in a real Chromium: pick units, resolve, chart, step cards, permalink, production."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from browser_fixtures import OUTPUT, needs_chromium, tab_in
from test_web_scenario import CANONICAL

pytestmark = needs_chromium()


def open_widget(page, path: str) -> None:
    """Load a page and open its resolver, once resolver.js has enhanced the form."""
    page.goto(path)
    page.locator("#resolver > summary").click()
    page.locator("#resolver[data-ready=true]").wait_for()


def answered(page, **fields: list[str]) -> None:
    """Wait until the answer shown is the one to these fields (key: its values, as the permalink writes them).
    Each filled row starts its own resolve 250 ms on, so on a slow machine the answer to the first rows lands
    while the last are still being typed: a test reading the answer must wait for the one to all of them."""
    page.wait_for_function("""fields => {
        const link = document.querySelector("#resolver .rs-permalink");
        if (!link || !link.getAttribute("href")) return false;
        const query = new URL(link.href).searchParams;
        return Object.entries(fields).every(([key, values]) =>
            JSON.stringify(query.getAll(key)) === JSON.stringify(values));
    }""", arg=fields)


def resolve_two_pds_ii(page) -> None:
    """Pick PDS II x2 on the Space Cannon page and resolve."""
    open_widget(page, "/rules/space-cannon")
    page.locator(".rs-list[data-param=u] input[name=u]").first.fill("PDS II*2")
    page.locator(".rs-submit button[type=submit]").click()
    expect(page.locator(".rs-bar")).to_have_count(3)


def test_pick_units_and_resolve(page):
    resolve_two_pds_ii(page)
    expect(page.locator(".rs-p1")).to_have_text("84%")
    expect(page.locator(".rs-chart .rs-pct")).to_have_text(["16%", "48%", "36%"])
    assert page.locator('.rs-step[data-rule="77.3"] a.rid').first.get_attribute("href") == "#77.3"


def test_hovering_a_step_card_highlights_its_rule(page):
    resolve_two_pds_ii(page)
    rule = page.locator('[id="77.3"]')
    page.locator('.rs-step[data-rule="77.3"] p').first.hover()
    expect(rule).to_have_class(re.compile(r"\brs-governing\b"))
    page.locator('.rs-step[data-rule="77.5"] p').first.hover()
    expect(rule).not_to_have_class(re.compile(r"\brs-governing\b"))


def test_clicking_a_step_card_keeps_its_rule_highlighted(page):
    resolve_two_pds_ii(page)
    page.locator('.rs-step[data-rule="77.3"] p').first.click()
    page.locator("h1").hover()  # leaving the cards returns to the clicked one
    expect(page.locator('[id="77.3"]')).to_have_class(re.compile(r"\brs-governing\b"))


def test_plasma_scoring_adds_a_die(page):
    resolve_two_pds_ii(page)
    page.locator("input[name=plasma]").check()
    expect(page.locator(".rs-bar")).to_have_count(4)


def test_permalink_restores_the_scenario(page):
    resolve_two_pds_ii(page)
    page.locator("input[name=plasma]").check()
    expect(page.locator(".rs-bar")).to_have_count(4)
    link = page.locator(".rs-permalink").get_attribute("href")
    assert link == "/rules/space-cannon?ability=space_cannon&u=PDS+II*2&plasma=1#resolver"
    page.locator(".rs-copy").click()
    # The clipboard is written asynchronously; the button says so once it is done.
    expect(page.locator(".rs-copy")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()").endswith(link)
    assert page.url.endswith(link)  # the address bar follows the scenario
    page.goto(link)
    page.reload()
    page.locator("#resolver[data-ready=true]").wait_for()
    expect(page.locator(".rs-bar")).to_have_count(4)
    expect(page.locator(".rs-row input[name=u]").first).to_have_value("PDS II*2")
    expect(page.locator("input[name=plasma]")).to_be_checked()


def test_arborec_space_dock_cannot_produce_infantry(page):
    open_widget(page, "/rules/production")
    page.locator("select[name=faction]").select_option("arborec")
    page.locator("input[name=p]").first.fill("Space Dock I*1@3")
    page.locator("input[name=b]").first.fill("Infantry I*2")
    page.locator(".rs-submit button[type=submit]").click()
    expect(page.locator(".rs-violations li")).to_contain_text("68.1d")
    expect(page.locator(".rs-verdict")).to_have_text("Not allowed")


def test_bad_value_shows_the_error_naming_the_field(page):
    open_widget(page, "/rules/space-cannon")
    rows = page.locator(".rs-list[data-param=u] input[name=u]")
    rows.nth(1).fill("11x1")  # the first row stays blank: entry 1 (units[0]) is the second field
    page.locator(".rs-submit button[type=submit]").click()
    expect(page.locator(".rs-error")).to_have_text("Units, entry 1: must be between 1 and 10")
    expect(rows.nth(1)).to_have_attribute("aria-invalid", "true")
    expect(rows.nth(0)).not_to_have_attribute("aria-invalid", "true")


def test_typing_dice_after_rolling_replaces_the_seed(page):
    open_widget(page, "/rules/space-cannon")
    page.locator(".rs-list[data-param=u] input[name=u]").first.fill("PDS II*2")
    page.locator(".rs-roll").click()
    expect(page.locator("input[name=seed]")).not_to_have_value("")
    page.locator("input[name=rolls]").fill("3, 7")
    expect(page.locator("input[name=seed]")).to_have_value("")
    expect(page.locator(".rs-rolled")).to_contain_text("3, 7 → 1 hit")
    expect(page.locator(".rs-error")).to_be_hidden()


def test_typing_resolves_without_pressing_resolve(page):
    open_widget(page, "/rules/anti-fighter-barrage")
    page.locator("input[name=u]").first.fill("Destroyer II*2")
    expect(page.locator(".rs-bar")).to_have_count(7)


def test_add_a_row(page):
    open_widget(page, "/rules/space-cannon")
    page.locator(".rs-list[data-param=u] .rs-add").click()
    expect(page.locator("input[name=u]")).to_have_count(3)
    page.locator("input[name=u]").nth(2).fill("PDS I*1")
    expect(page.locator(".rs-bar")).to_have_count(2)


def test_a_new_producer_row_has_an_empty_planet_box(page):
    open_widget(page, "/rules/production")
    page.locator("input[name=p]").nth(1).fill("Space Dock I*1")
    page.locator("input[name=pl]").nth(1).fill("3")
    page.locator(".rs-list[data-param=p] .rs-add").click()
    expect(page.locator("input[name=pl]")).to_have_count(3)
    expect(page.locator("input[name=pl]").nth(2)).to_have_value("")
    expect(page.locator("input[name=pl]").nth(2)).to_have_attribute("list", "rs-planets")
    expect(page.locator("input[name=pl]").nth(2)).to_have_attribute("aria-label", "Planet or its resources 3")


@pytest.mark.parametrize("query", CANONICAL)
def test_the_answer_swapped_in_is_the_one_the_permalink_shows(page, query):
    page.goto(f"/rules/space-cannon?{query}#resolver")
    page.locator("#resolver[data-ready=true]").wait_for()
    served = page.locator(".rs-answer").inner_html()
    page.locator(".rs-submit button[type=submit]").click()
    page.locator("#resolver[data-answers='1']").wait_for()  # the server's answer is in
    assert page.locator(".rs-answer").inner_html() == served


@pytest.fixture
def no_js(browser, base_url):
    """A page with JavaScript off: only the server-rendered form."""
    yield from tab_in(browser, base_url, java_script_enabled=False)


def test_form_works_without_javascript(no_js):
    no_js.goto("/rules/space-cannon")
    no_js.locator("#resolver > summary").click()
    no_js.locator(".rs-list[data-param=u] input[name=u]").first.fill("PDS II*2")
    no_js.locator(".rs-submit button[type=submit]").click()
    no_js.wait_for_url(re.compile(r"u=PDS\+II\*2"))
    expect(no_js.locator(".rs-bar")).to_have_count(3)


def test_resolver_screenshot(page):
    OUTPUT.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 900, "height": 1300})
    page.goto("/rules/space-cannon?ability=space_cannon&u=PDS+II*2&u=5x3*1:Xxcha+flagship&plasma=1#resolver")
    page.locator("#resolver[data-ready=true]").wait_for()
    page.locator('.rs-step[data-rule="77.3"] p').first.hover()
    page.locator("#resolver").screenshot(path=str(OUTPUT / "resolver.png"))
    assert (OUTPUT / "resolver.png").stat().st_size > 10_000


def test_a_wide_chart_on_a_phone_starts_at_the_likeliest_count(page):
    # 2 War Suns and 3 Dreadnought IIs bombarding: 0 to 10 hits, wider than a phone; 7 is likeliest.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/rules/bombardment?ability=bombardment&u=War+Sun*2&u=Dreadnought+II*3&plasma=1#resolver")
    page.locator("#resolver[data-ready=true]").wait_for()
    scroll = page.locator(".rs-scroll").first
    assert scroll.evaluate("el => el.scrollWidth > el.clientWidth")
    heights = [float(h) for h in page.locator(".rs-bar rect").evaluate_all("rs => rs.map(r => r.getAttribute('height'))")]
    tallest = page.locator(".rs-bar rect").nth(heights.index(max(heights))).bounding_box()
    box = scroll.bounding_box()
    assert box["x"] <= tallest["x"] and tallest["x"] + tallest["width"] <= box["x"] + box["width"]


def fight_in_space(page) -> None:
    """Two Dreadnought IIs against a Carrier and two Destroyer IIs on the Space Combat page."""
    open_widget(page, "/rules/space-combat")
    page.locator("input[name=a]").first.fill("Dreadnought II*2")
    page.locator("input[name=d]").first.fill("Carrier I*1")
    page.locator("input[name=d]").nth(1).fill("Destroyer II*2")
    # Not just any battle shown: one against the Carrier alone can land before the Destroyers are typed.
    answered(page, a=["Dreadnought II*2"], d=["Carrier I*1", "Destroyer II*2"])
    expect(page.locator(".rs-by-round")).to_be_visible()


def test_battle_widget_shows_outcomes_rounds_and_chart(page):
    fight_in_space(page)
    expect(page.locator(".rs-bar")).to_have_count(3)
    expect(page.locator(".rs-survivors tbody tr")).to_have_count(3)
    link = page.locator(".rs-permalink").get_attribute("href")
    assert link == ("/rules/space-combat?ability=space_combat&a=Dreadnought+II*2&d=Carrier+I*1&d=Destroyer+II*2"
                    "#resolver") and page.url.endswith(link)


def test_battle_retreat_and_modifiers_change_the_answer(page):
    fight_in_space(page)
    before = page.locator(".rs-attacker").text_content()
    page.locator(".rs-side[data-side=defender] input[value=unrelenting]").check()
    expect(page.locator(".rs-attacker")).not_to_have_text(before)
    page.locator("select[name=retreat]").select_option("defender@1")
    expect(page.locator(".rs-bar")).to_have_count(4)
    expect(page.locator(".rs-permalink")).to_have_attribute("href", re.compile(r"dm=unrelenting&retreat=defender@1"))


def test_switching_to_ground_combat_hides_the_space_and_bombardment_modifiers(page):
    open_widget(page, "/rules/invasion")
    plasma = page.locator(".rs-side[data-side=attacker] input[value=plasma_scoring]")
    expect(plasma).to_be_visible()
    page.locator("input[name=ability][value=ground_combat]").check()
    expect(plasma).to_be_hidden()
    expect(plasma).to_be_disabled()
    expect(page.locator(".rs-side[data-side=attacker] select[name=am]").first).to_be_enabled()


def test_the_l4_disruptors_box_changes_the_invasion_odds(page):
    # The PDS I's Space Cannon Defense (50%) halves a lone infantry's 0.21 / 0.51; L4 Disruptors keeps it silent.
    page.goto("/rules/invasion?ability=invasion&a=Infantry+I*1&d=Infantry+I*1&d=PDS+I*1#resolver")  # opens it
    page.locator("#resolver[data-ready=true]").wait_for()
    expect(page.locator(".rs-attacker")).to_have_text("20.59%")
    box = page.locator(".rs-side[data-side=attacker] input[value=l4_disruptors]")
    box.check()
    expect(page.locator(".rs-attacker")).to_have_text("41.18%")
    expect(page.locator(".rs-permalink")).to_have_attribute("href", re.compile(r"am=l4_disruptors"))
    page.locator("input[name=ability][value=ground_combat]").check()
    expect(box).to_be_hidden()


def test_switching_to_space_cannon_defense_drops_the_adjacent_example(page):
    open_widget(page, "/rules/space-cannon")
    hint = page.locator(".rs-list[data-param=u] .rs-hint:visible")
    expect(hint).to_have_count(1)
    expect(hint).to_contain_text("@adj")
    page.locator("input[name=ability][value=space_cannon_defense]").check()
    expect(hint).to_have_count(1)
    expect(hint).not_to_contain_text("@adj")


def test_battle_error_marks_the_row(page):
    open_widget(page, "/rules/ground-combat")
    page.locator("input[name=a]").first.fill("Infantry*2")
    page.locator("input[name=d]").nth(1).fill("Nope*1")
    expect(page.locator(".rs-error")).to_contain_text("Defender's units, entry 1: unknown unit")
    expect(page.locator("input[name=d]").nth(1)).to_have_attribute("aria-invalid", "true")


def test_battle_screenshot(page):
    OUTPUT.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 900, "height": 1600})
    page.goto("/rules/space-combat?ability=space_combat&a=Dreadnought+II*2&a=Fighter+II*2&d=Carrier+I*1"
              "&d=Destroyer+II*2&d=Fighter+I*3&retreat=defender@2#resolver")
    page.locator("#resolver[data-ready=true]").wait_for()
    page.locator("#resolver").screenshot(path=str(OUTPUT / "battle.png"))
    assert (OUTPUT / "battle.png").stat().st_size > 10_000


def test_battle_form_works_without_javascript(no_js):
    no_js.goto("/rules/ground-combat")
    no_js.locator("#resolver > summary").click()
    no_js.locator("input[name=a]").first.fill("Infantry II*3")
    no_js.locator("input[name=d]").first.fill("Mech*1")
    no_js.locator(".rs-side[data-side=attacker] select[name=am]").first.select_option("morale_boost@2")
    no_js.locator(".rs-submit button[type=submit]").click()
    no_js.wait_for_url(re.compile(r"am=morale_boost(@|%40)2"))
    expect(no_js.locator(".rs-bar")).to_have_count(3)
    expect(no_js.locator(".rs-by-round tbody tr").first).to_contain_text("start")


def test_enemy_ships_forbid_the_carrier(page):
    open_widget(page, "/rules/space-dock")
    page.locator("input[name=p]").first.fill("Space Dock I*1@3!enemy")
    page.locator("input[name=b]").first.fill("Carrier I*1")
    expect(page.locator(".rs-violations li")).to_contain_text("67.6")
    page.locator("input[name=b]").first.fill("Infantry I*2")
    expect(page.locator(".rs-verdict")).to_have_text("Allowed")
