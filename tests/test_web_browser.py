"""The app in a real Chromium: search, type-ahead, links, permalinks, previews, citations."""
from __future__ import annotations

import re

from browser_fixtures import OUTPUT, needs_chromium
from playwright.sync_api import expect

pytestmark = needs_chromium()


def shown_for(page, text: str):
    """The type-ahead's options once they answer all of text (a lookup can land between two keys)."""
    page.locator(f'.typeahead[data-query="{text}"]').wait_for()
    return page.locator(".typeahead li[role=option]")


def typed_at_home(page, text: str):
    """The type-ahead's options for text typed on the home page (autofocus: wait for it, or the keys land nowhere)."""
    page.goto("/")
    expect(page.locator("form input[autofocus]")).to_be_focused()
    page.keyboard.type(text)
    return shown_for(page, text)


def slash_and_type(page, path: str, text: str):
    """The type-ahead's options on a page after "/" (which focuses the box) and text typed."""
    page.goto(path)
    page.keyboard.press("/")
    page.keyboard.type(text)
    return shown_for(page, text)


def test_search_from_home_and_open_a_result(page):
    page.goto("/")
    # the box has autofocus; wait for it, since typing before focus lands nowhere
    expect(page.locator("form input[autofocus]")).to_be_focused()
    page.keyboard.type("space cannon adjacent")
    page.keyboard.press("Enter")  # no suggestion chosen: the form submits
    page.wait_for_url(re.compile(r"/search\?q="))
    page.locator(".groups .hit a").first.click()
    page.wait_for_url(re.compile(r"/rules/"))
    assert page.locator("h1").is_visible()


def test_typeahead_with_the_keyboard(page):
    options = slash_and_type(page, "/rules/pds", "space canno")
    first = options.first.locator("a").get_attribute("href")
    page.keyboard.press("ArrowDown")
    assert options.first.get_attribute("aria-selected") == "true"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(first) + "$"))


def test_typeahead_groups_by_page_and_shows_the_sentence(page):
    typed_at_home(page, "gravity rift")
    head = page.locator(".typeahead .group-title").first
    assert head.inner_text().startswith("Gravity Rift") and head.locator(".gkind").inner_text() == "LRR 41"
    assert page.locator(".typeahead .tsnippet mark").count() > 0


def test_typeahead_tells_apart_pages_that_share_a_title(page):
    # The Action Cards topic and the list of every action card: each heading says which it is.
    typed_at_home(page, "action cards")
    labels = page.locator(".typeahead .group-title .gkind").all_inner_texts()
    assert "LRR 2" in labels and "Card list" in labels


def test_typeahead_names_a_card_by_its_kind(page):
    typed_at_home(page, "sabotage")
    option = page.locator(".typeahead li[role=option]", has_text="Sabotage").first
    option.wait_for()
    assert option.locator(".kind").inner_text().lower() == "action card"


def test_typeahead_says_a_rules_sentence_once(page):
    # 63.1's title is its text's first words: shown as a title and again as the sentence, it was said twice.
    typed_at_home(page, "pds")
    option = page.locator(".typeahead li[role=option]", has_text="63.1").first
    option.wait_for()
    assert option.inner_text().count("has the Space Cannon ability") == 1


def test_typeahead_shows_a_list_item_after_what_it_continues(page):
    typed_at_home(page, "can trade goods replace resources")
    option = page.locator(".typeahead li[role=option]", has_text="93.4a").first
    option.wait_for()
    assert option.locator(".tsnippet em").inner_text().strip().endswith("one of the following ways:")
    assert option.inner_text().count("In place of spending one resource.") == 1


def test_typeahead_sentences_keep_the_spaces_around_marked_words(page):
    typed_at_home(page, "space cann")
    sentences = page.locator(".typeahead .tsnippet").all_inner_texts()
    assert any("Space Cannon" in s for s in sentences) and not any("SpaceCannon" in s for s in sentences)


def test_escape_closes_the_typeahead(page):
    typed_at_home(page, "pds")
    page.keyboard.press("Escape")
    assert page.locator(".typeahead").is_hidden()


def test_arrow_up_from_the_box_chooses_the_last_option(page):
    options = typed_at_home(page, "pds")
    page.keyboard.press("ArrowUp")
    assert options.last.get_attribute("aria-selected") == "true"
    assert options.nth(options.count() - 2).get_attribute("aria-selected") == "false"


def test_an_arrow_reopens_the_typeahead_after_escape(page):
    typed_at_home(page, "pds")
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowDown")
    expect(page.locator(".typeahead")).to_be_visible()


def test_tabbing_out_of_the_search_closes_the_typeahead(page):
    options = slash_and_type(page, "/rules/space-cannon", "sab")
    for _ in range(options.count() + 3):  # through the options' links, then on into the page
        page.keyboard.press("Tab")
    expect(page.locator(".typeahead")).to_be_hidden()


def test_follow_a_related_topic(page):
    page.goto("/rules/space-cannon")
    page.locator("nav.related a", has_text="PDS").click()
    page.wait_for_url(re.compile(r"/rules/pds$"))
    assert "PDS" in page.locator("h1").inner_text()


def test_permalink_lands_highlighted(page):
    page.goto("/r/77.7d")
    page.wait_for_url(re.compile(r"/rules/space-cannon#77\.7d$"))
    rule = page.locator('[id="77.7d"]')
    assert "arrived" in rule.get_attribute("class")
    assert rule.evaluate("el => el.matches(':target')")


def placed(page) -> None:
    """Wait until app.js has placed the rule the address names: it does so in the first animation frame after the
    load event, which a fixed pause can outlast on a loaded machine."""
    page.wait_for_function("document.readyState === 'complete'")  # so its frame is asked for before ours
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]


def test_permalink_on_a_laptop_shows_the_heading_above_the_rule(page):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto("/r/77.3c")
    page.wait_for_url(re.compile(r"#77\.3c$"))
    placed(page)
    assert _in_view(page, page.locator('[id="77.2"] h2')) and _in_view(page, page.locator('[id="77.3c"]'))


def test_permalink_on_a_phone_names_the_heading_and_step_right_above(page):
    # 77.6 Space Cannon Defense is a whole screen above 77.7d on a phone, and so is step 77.7.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/r/77.7d")
    page.wait_for_url(re.compile(r"#77\.7d$"))
    crumb = page.locator("p.context")
    crumb.wait_for()
    assert crumb.inner_text().startswith("77.6 Space Cannon Defense › 77.7 Step 1 – Roll Dice")
    assert _in_view(page, crumb) and _in_view(page, page.locator('[id="77.7d"]'))


def test_hovering_a_rule_link_previews_the_rule(page):
    page.goto("/rules/space-cannon")
    page.locator('a.xref[data-ref="77.2"]').first.hover()
    preview = page.locator("#preview")
    preview.wait_for(state="visible")
    assert "77.2 Space Cannon Offense" in preview.inner_text()
    assert "During a tactical action" in preview.inner_text()
    assert preview.get_attribute("role") == "tooltip" and preview.get_attribute("aria-label") is None


def test_focusing_a_page_link_previews_the_page(page):
    page.goto("/rules/space-cannon")
    page.locator('a.xref[data-ref="pds"]').first.focus()
    preview = page.locator("#preview")
    preview.wait_for(state="visible")
    assert preview.inner_text().startswith("63 PDS\nA PDS")


def test_clicking_a_rule_link_follows_it_at_once(page):
    # With a mouse the preview came on hover: a click goes straight there (a tap only previews; test_web_touch).
    page.goto("/rules/space-cannon")
    page.locator('a.xref[data-ref="77.2"]').first.click()
    expect(page).to_have_url(re.compile(r"/rules/space-cannon#77\.2$"))


def test_enter_on_a_focused_rule_link_follows_it(page):
    page.goto("/rules/space-cannon")
    page.locator('a.xref[data-ref="pds"]').first.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/rules/pds"))


def test_copy_citation(page, base_url):
    page.goto("/rules/space-cannon")
    page.locator('[id="77.7d"] button.cite').click()
    page.locator('[id="77.7d"] button.cite.done').wait_for()
    text = page.evaluate("navigator.clipboard.readText()")
    assert text == ('77.7d (Space Cannon, LRR 2.0): "Game effects that allow the use of Space Cannon abilities '
                    'against ships in adjacent systems have no effect during Space Cannon Defense." — '
                    f'{base_url}/r/77.7d')


def test_copy_without_a_clipboard_shows_the_citation_across_the_rule(page):
    # A plain-http LAN address has no clipboard API: the text is shown, selected, to copy by hand.
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/rules/space-cannon")
    page.locator('[id="77.7d"] button.cite').click()
    area = page.locator('[id="77.7d"] textarea.copy-fallback')
    area.wait_for()
    rule = page.locator('[id="77.7d"]').bounding_box()
    assert area.input_value().startswith("77.7d (Space Cannon, LRR 2.0)")
    assert area.bounding_box()["width"] > 0.8 * rule["width"]


def test_space_cannon_screenshot(page):
    OUTPUT.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 900, "height": 1200})
    page.goto("/rules/space-cannon")
    page.screenshot(path=str(OUTPUT / "space-cannon.png"), full_page=True)
    assert (OUTPUT / "space-cannon.png").stat().st_size > 10_000
