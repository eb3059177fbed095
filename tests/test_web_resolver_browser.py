"""The step resolver widget in a real Chromium: pick units, resolve, chart, step cards, permalink, production."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from browser_fixtures import OUTPUT, needs_chromium
from test_web_resolver import CANONICAL

pytestmark = needs_chromium()


def open_widget(page, path: str) -> None:
    """Load a page and open its resolver, once resolver.js has set up the rows."""
    page.goto(path)
    page.locator("#resolver > summary").click()
    page.locator("#resolver[data-ready=true]").wait_for()


def resolve_two_pds_ii(page) -> None:
    """Pick PDS II x2 on the Space Cannon page and resolve."""
    open_widget(page, "/rules/space-cannon")
    row = page.locator(".rs-list[data-param=u] .rs-row").first
    row.locator("select").select_option("PDS II")
    row.locator(".rs-count").fill("2")
    page.locator(".rs-actions button[type=submit]").click()
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
    assert page.evaluate("navigator.clipboard.readText()").endswith(link)
    page.goto(link)
    page.reload()
    page.locator("#resolver[data-ready=true]").wait_for()
    expect(page.locator(".rs-bar")).to_have_count(4)
    expect(page.locator(".rs-row select").first).to_have_value("PDS II")
    expect(page.locator(".rs-row .rs-count").first).to_have_value("2")
    expect(page.locator("input[name=plasma]")).to_be_checked()


def test_arborec_space_dock_cannot_produce_infantry(page):
    open_widget(page, "/rules/production")
    page.locator("select[name=faction]").select_option("arborec")
    producer = page.locator(".rs-list[data-param=p] .rs-row").first
    producer.locator("select").select_option("Space Dock I")
    producer.locator(".rs-planet").fill("3")
    build = page.locator(".rs-list[data-param=b] .rs-row").first
    build.locator("select").select_option("Infantry I")
    build.locator(".rs-count").fill("2")
    page.locator(".rs-actions button[type=submit]").click()
    expect(page.locator(".rs-violations li")).to_contain_text("68.1d")
    expect(page.locator(".rs-verdict")).to_have_text("Not allowed")


def test_bad_value_shows_the_error_naming_the_field(page):
    open_widget(page, "/rules/space-cannon")
    row = page.locator(".rs-list[data-param=u] .rs-row").first
    row.locator("select").select_option("\u0000custom")
    row.locator(".rs-value").fill("11")
    page.locator(".rs-actions button[type=submit]").click()
    expect(page.locator(".rs-error")).to_have_text("units[0].value: must be between 1 and 10")
    expect(row.locator("select")).to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("query", CANONICAL)
def test_javascript_encoding_mirrors_python(page, query):
    page.goto("/rules/space-cannon")
    script = "q => { const r = window.MecatolResolver; return r.permalinkURL(r.decode(new URLSearchParams(q))).search }"
    assert page.evaluate(script, query) == "?" + query


def test_form_works_without_javascript(browser, base_url):
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    tab = context.new_page()
    tab.set_default_timeout(5000)
    tab.goto("/rules/space-cannon")
    tab.locator("#resolver > summary").click()
    tab.locator(".rs-list[data-param=u] input[name=u]").first.fill("PDS II*2")
    tab.locator(".rs-actions button[type=submit]").click()
    tab.wait_for_url(re.compile(r"u=PDS\+II\*2"))
    expect(tab.locator(".rs-bar")).to_have_count(3)
    context.close()


def test_resolver_screenshot(page):
    OUTPUT.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 900, "height": 1300})
    page.goto("/rules/space-cannon?ability=space_cannon&u=PDS+II*2&u=5x3*1:Xxcha+flagship&plasma=1#resolver")
    page.locator("#resolver[data-ready=true]").wait_for()
    page.locator('.rs-step[data-rule="77.3"] p').first.hover()
    page.locator("#resolver").screenshot(path=str(OUTPUT / "resolver.png"))
    assert (OUTPUT / "resolver.png").stat().st_size > 10_000
