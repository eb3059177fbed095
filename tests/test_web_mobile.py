"""On a phone-sized screen (390 px wide) no page is wider than the screen: nothing to scroll sideways."""
from __future__ import annotations

import pytest
from browser_fixtures import needs_chromium

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
