"""Accessibility: axe-core in a real Chromium finds no serious or critical violation, light and dark."""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_fixtures import needs_chromium
from test_web_browser import placed

from webapp import create_app
from webapp.corpus_access import close_app

pytestmark = needs_chromium()

PAGES = [
    "/",
    "/search?q=space+cannon+adjacent",
    "/rules/space-cannon",
    "/factions/arborec",
    "/factions/nekro",
    "/cards/action-cards",
    "/rules/space-cannon?ability=space_cannon&u=PDS+II*2&u=5x3*1:Xxcha+flagship&plasma=1#resolver",
    "/rules/production?ability=production&faction=sol&p=Space+Dock+I*1@3&b=Infantry+I*2&resources=4#resolver",
    "/rules/production?ability=production&faction=arborec&p=Space+Dock+I*1@3&b=Infantry+I*2#resolver",
    "/rules/bombardment?ability=bombardment&u=Dreadnought+II*2&shield=1#resolver",
    "/rules/space-combat?ability=space_combat&a=Dreadnought+II*2&am=morale_boost@1&d=Carrier+I*1"
    "&d=Destroyer+II*2&retreat=defender@2#resolver",
]
# What each resolver page must show, so its colours are part of the check.
SHOWN = {"faction=sol": ".rs-verdict.ok", "faction=arborec": ".rs-verdict.bad", "shield=1": ".rs-blocked",
         "space_combat": ".rs-by-round"}


@pytest.fixture(scope="module")
def web_app(default_instance):
    """The app over the default sources, as users see it: card text and faction sheets come from the
    component data, which the mirror-only app of the other browser tests lacks."""
    app = create_app({"TESTING": True, "INSTANCE": str(default_instance[0])})
    yield app
    close_app(app)


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violations(browser, base_url, axe, path, scheme):
    context = browser.new_context(base_url=base_url, color_scheme=scheme)
    tab = context.new_page()
    tab.goto(path)
    if "#resolver" in path:
        tab.locator("#resolver[data-ready=true]").wait_for()
        for marker, selector in SHOWN.items():
            if marker in path:
                tab.locator(selector).wait_for()
    if path.startswith("/search"):
        tab.locator(".groups .hit mark").first.wait_for()  # the highlighted words are part of the check
    found = axe.run(tab).response["violations"]
    context.close()
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3],
                v["nodes"][0].get("failureSummary", "")[:200]) for v in found if v["impact"] in ("serious", "critical")]
    assert serious == []


@pytest.mark.parametrize("height", [1000, 600])
def test_a_permalink_shows_the_rule_under_its_heading_and_step(browser, base_url, height):
    """/r/77.7d: "Space Cannon Defense" (77.6) and step 77.7 are in view above the rule, or, where they
    do not fit, named in the line right above it."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1000, "height": height})
    tab = context.new_page()
    tab.goto("/r/77.7d")
    tab.locator('[id="77.7d"].arrived').wait_for()
    placed(tab)

    def seen(selector: str) -> bool:
        box = tab.locator(selector).first.bounding_box()
        return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height

    crumb = tab.locator("p.context").all_inner_texts()
    shown = {rule: seen(f'[id="{rule}"]') or any(line.count(rule) for line in crumb) for rule in ("77.6", "77.7")}
    rule_seen = seen('[id="77.7d"]')
    context.close()
    assert shown == {"77.6": True, "77.7": True} and rule_seen


def _serious(axe, tab) -> list:
    """axe-core's serious and critical violations on a page as it is now."""
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in axe.run(tab).response["violations"]
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_cues_and_tapped_previews_are_accessible(browser, base_url, axe, scheme):
    """What only a phone shows: the resolver's scroll cue on a wide table, and a preview opened by a tap."""
    context = browser.new_context(base_url=base_url, color_scheme=scheme, viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    tab = context.new_page()
    tab.goto(PAGES[-1])
    tab.locator(".rs-by-round").wait_for()
    tab.locator(".rs-scroll-hint:not([hidden])").first.wait_for()
    cue = _serious(axe, tab)
    tab.goto("/rules/space-cannon")
    tab.locator("main a.xref[data-preview]").first.tap()
    tab.locator("#preview a.preview-open").wait_for()
    tapped = _serious(axe, tab)
    context.close()
    assert (cue, tapped) == ([], [])


def test_a_label_shows_its_rule_as_written_under_capitals(page):
    page.goto("/search?q=can+pds+fire+through+a+wormhole")
    # "FAQ on 77.3c": the label is set in capitals, its rule as the rule is written.
    rules = page.locator(".hit .kind .rid")
    assert rules.count() >= 1
    assert [r.inner_text() for r in rules.all()] == [r.text_content() for r in rules.all()]
    assert any(re.fullmatch(r"\d+\.\d+[a-z]+", r.inner_text()) for r in rules.all())
