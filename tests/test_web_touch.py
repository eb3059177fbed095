"""Rule previews on a touch screen, in a real Chromium with touch: no hover, so the first tap previews."""
from __future__ import annotations

import re

import pytest
from browser_fixtures import needs_chromium, tab_in
from playwright.sync_api import expect

pytestmark = needs_chromium()

OFFENSE = 'a.xref[data-ref="77.2"]'  # the Space Cannon page's first link to 77.2 Space Cannon Offense


@pytest.fixture
def phone(browser, base_url):
    """A page on a phone-sized touch screen."""
    yield from tab_in(browser, base_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


def tapped_preview(phone):
    """The Space Cannon page with its first link to 77.2 tapped once: the preview, shown."""
    phone.goto("/rules/space-cannon")
    phone.locator(OFFENSE).first.tap()
    preview = phone.locator("#preview")
    expect(preview).to_be_visible()
    return preview


def test_the_first_tap_on_a_rule_link_previews_it_and_stays(phone):
    preview = tapped_preview(phone)
    expect(preview).to_contain_text("During a tactical action")
    assert phone.url.endswith("/rules/space-cannon")


def test_a_tapped_preview_links_to_its_rule(phone):
    preview = tapped_preview(phone)
    link = preview.get_by_role("link", name="77.2 Space Cannon Offense")
    assert link.get_attribute("href").endswith("/rules/space-cannon#77.2")


def test_a_tapped_preview_is_a_dialog_not_a_tooltip(phone):
    # It holds a link, which a tooltip may not; a hovered preview stays a tooltip (test_web_browser).
    preview = tapped_preview(phone)
    assert preview.get_attribute("role") == "dialog"
    assert preview.get_attribute("aria-label") == "Preview of 77.2 Space Cannon Offense"


def test_tapping_the_previews_link_follows_it(phone):
    tapped_preview(phone).get_by_role("link").tap()
    expect(phone).to_have_url(re.compile(r"/rules/space-cannon#77\.2$"))


def test_a_second_tap_on_the_rule_link_follows_it(phone):
    tapped_preview(phone)
    phone.locator(OFFENSE).first.tap()
    expect(phone).to_have_url(re.compile(r"/rules/space-cannon#77\.2$"))


def test_tapping_the_preview_text_keeps_it_open(phone):
    preview = tapped_preview(phone)
    preview.locator("span").tap()
    expect(preview).to_be_visible()
    assert phone.url.endswith("/rules/space-cannon")


def test_tapping_elsewhere_closes_the_preview(phone):
    tapped_preview(phone)
    phone.locator("h1").tap()
    expect(phone.locator("#preview")).to_be_hidden()
    expect(phone.locator(OFFENSE).first).not_to_have_attribute("aria-describedby", "preview")


def test_tapping_another_rule_link_previews_that_one(phone):
    preview = tapped_preview(phone)
    phone.locator('a.xref[data-ref="pds"]').first.tap()
    expect(preview.get_by_role("link")).to_have_text(re.compile(r"^63 PDS$"))
    assert phone.url.endswith("/rules/space-cannon")
    expect(phone.locator(OFFENSE).first).not_to_have_attribute("aria-describedby", "preview")
