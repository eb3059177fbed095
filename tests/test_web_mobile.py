"""On a phone-sized screen (390 px wide) no page is wider than the screen: nothing to scroll sideways but the
resolver's wide tables and charts, each in its own box that says it scrolls (and says nothing on a laptop)."""
from __future__ import annotations

import re

import pytest
from browser_fixtures import needs_chromium
from playwright.sync_api import expect

pytestmark = needs_chromium()

PAGES = [
    "/",
    "/search?q=can+PDS+II+fire+through+a+wormhole",
    "/rules/space-cannon?ability=space_cannon&u=PDS+II*2&plasma=1",
    "/rules/production?ability=production&p=Space+Dock+I*1@Mecatol+Rex&b=War+Sun*2/1",
    "/rules/space-combat?ability=space_combat&a=Dreadnought+II*2&am=morale_boost&d=Carrier+I*1",
    "/rules/invasion?ability=invasion&a=Dreadnought+II*2&a=Infantry+II*4&d=Infantry+II*3",
]


@pytest.mark.parametrize("path", PAGES)
def test_page_fits_a_phone_screen(page, path):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(path)
    page.wait_for_load_state("networkidle")
    # Wide tables sit in their own scrolling box; the page itself must not scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_search_box_hint_is_read_whole_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    # The hint's width in the box's own font, against the room inside the box.
    fits = page.evaluate("""() => {
        const box = document.querySelector('input[type=search], input[name=q]');
        const style = getComputedStyle(box);
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [pen.measureText(box.placeholder).width, room];
    }""")
    assert fits[0] <= fits[1], fits


def test_a_long_chart_keeps_its_labels_readable_on_a_phone(page):
    # 8 PDS II roll 16 dice: 17 bars, twice a phone's width. The chart scrolls in its own box at its
    # own size instead of shrinking until its labels are a few pixels high.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/rules/space-cannon?ability=space_cannon&u=PDS+II*8")
    chart = page.locator(".rs-chart").first
    drawn = chart.evaluate("svg => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width")
    assert drawn >= 0.99
    label = chart.locator("text.rs-hits").first.evaluate("t => t.getBoundingClientRect().height")
    assert label >= 9
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


COMBAT = "/rules/space-combat?ability=space_combat&a=Dreadnought+II*2&am=morale_boost&d=Carrier+I*1#resolver"


def round_table(page, width: int):
    """The space combat answer at a viewport width; the scrolling box of its round-by-round table."""
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(COMBAT)
    page.locator("#resolver[data-ready=true]").wait_for()
    return page.locator(".rs-scroll:has(.rs-by-round)")


def hint_of(scroll):
    """The scroll hint resolver.js puts right above a scrolling box."""
    return scroll.locator("xpath=preceding-sibling::*[1][contains(@class, 'rs-scroll-hint')]")


def test_a_table_wider_than_a_phone_says_it_scrolls(page):
    scroll = round_table(page, 390)
    assert scroll.evaluate("s => s.scrollWidth > s.clientWidth")
    expect(hint_of(scroll)).to_be_visible()
    expect(hint_of(scroll)).to_have_text("scroll for more →")
    expect(scroll).to_have_class(re.compile(r"\brs-more-right\b"))
    assert "-14px 0px" in scroll.evaluate("s => getComputedStyle(s).boxShadow")  # the right edge's shadow


def test_the_right_edge_shadow_goes_once_scrolled_to_the_end(page):
    scroll = round_table(page, 390)
    scroll.evaluate("s => { s.scrollLeft = s.scrollWidth; }")
    expect(scroll).not_to_have_class(re.compile(r"\brs-more-right\b"))
    expect(scroll).to_have_class(re.compile(r"\brs-more-left\b"))
    assert "-14px 0px" not in scroll.evaluate("s => getComputedStyle(s).boxShadow")
    expect(hint_of(scroll)).to_have_text("← scroll for more")


def test_a_table_that_fits_a_laptop_has_no_scroll_cue(page):
    scroll = round_table(page, 1280)
    assert scroll.evaluate("s => s.scrollWidth <= s.clientWidth")
    expect(hint_of(scroll)).to_be_attached()  # measured, and found to fit
    expect(hint_of(scroll)).to_be_hidden()
    assert scroll.evaluate("s => getComputedStyle(s).boxShadow") == "none"


@pytest.mark.parametrize("path", [
    "/rules/space-cannon?ability=space_cannon&u=PDS+II*8#resolver",
    "/rules/bombardment?ability=bombardment&u=War+Sun*2&u=Dreadnought+II*3&plasma=1#resolver",
])
def test_a_chart_wider_than_a_phone_says_it_scrolls(page, path):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(path)
    page.locator("#resolver[data-ready=true]").wait_for()
    # The chart starts at its likeliest count, so there may be more on either side, or both.
    expect(page.locator(".rs-scroll-hint:visible").first).to_have_text(re.compile(r"^(← )?scroll for more( →)?$"))


def test_an_answer_swapped_in_on_a_phone_says_its_table_scrolls(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/rules/space-combat")
    page.locator("#resolver > summary").click()
    page.locator("#resolver[data-ready=true]").wait_for()
    page.locator("input[name=a]").first.fill("Dreadnought II*2")
    page.locator("input[name=d]").first.fill("Carrier I*1")
    page.locator(".rs-submit button[type=submit]").click()
    expect(page.locator(".rs-scroll:has(.rs-by-round)")).to_have_class(re.compile(r"\brs-more-right\b"))


def test_turning_a_laptop_window_narrow_brings_the_cue(page):
    scroll = round_table(page, 1280)
    page.set_viewport_size({"width": 390, "height": 844})
    expect(hint_of(scroll)).to_be_visible()


def test_the_typeahead_opens_under_the_box_not_under_the_filters_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/search?q=pds")
    box = page.locator("form.search input[name=q]").first
    box.fill("")
    box.type("gravity rift")
    page.locator('.typeahead[data-query="gravity rift"]').wait_for()
    under, filters = page.locator(".typeahead").bounding_box(), page.locator("select[name=kind]").bounding_box()
    typed_at = box.bounding_box()
    assert filters["y"] > typed_at["y"] + typed_at["height"]  # the filters wrap to a row of their own ...
    # ... and the options start right under the box, over that row, not below it.
    assert abs(under["y"] - (typed_at["y"] + typed_at["height"])) < 8 and under["y"] < filters["y"]


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 800)])
def test_the_first_screen_names_five_pages(page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/search?q=can+fighters+retreat")
    # Each group shows up to three entries, so two groups fill a screen; the row above names them all.
    names = page.locator(".pagerow a")
    seen = [a for a in names.all() if a.bounding_box()["y"] + a.bounding_box()["height"] <= height]
    assert len(seen) >= 5
    seen[-1].click()
    assert page.evaluate("location.hash") == f"#g{len(seen)}"

