"""HTML pages over the real mirror corpus: home, topic pages, permalinks, search, errors, headers."""
from __future__ import annotations

import re

import pytest
from web_fixtures import publish_tiny

from webapp import create_app
from webapp.corpus_access import close_app


def page(client, path: str) -> str:
    """GET a page that must succeed; its HTML."""
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return response.get_data(as_text=True)


def test_home_lists_every_numbered_topic(client):
    html = page(client, "/")
    by_number = html.split('id="by-number"')[1].split("<h2")[0]
    assert len(re.findall(r'<span class="num">\d+</span>', by_number)) == 101


def test_home_shows_category_badges_factions_and_cards(client):
    html = page(client, "/")
    assert '<span class="badge">Unit Ability</span>' in html
    assert 'href="/factions/xxcha"' in html and 'href="/cards/action-cards"' in html


def test_home_search_box_has_autofocus(client):
    assert re.search(r'<input type="search" name="q"[^>]*autofocus', page(client, "/"))


def test_topic_page_anchors_every_rule(client):
    html = page(client, "/rules/space-cannon")
    assert 'id="77.7d"' in html
    assert "against ships in adjacent systems have no effect" in html


def test_topic_page_heading_rules_are_headings(client):
    html = page(client, "/rules/space-cannon")
    assert re.search(r'id="77.2">\s*<h2>.*Space Cannon Offense</h2>', html)


@pytest.mark.parametrize("url, rule, title", [
    ("/rules/movement", "58.8", "Ability Movement"),  # a heading with no paragraph of its own
    ("/rules/technology", "90.16", "Valefar Assimilator"),  # a heading the linker made a link
])
def test_heading_rule_shows_its_title_once(client, url, rule, title):
    block = re.search(rf'id="{re.escape(rule)}"><h2>(.*?)</h2>\s*<div class="body">(.*?)</div>', page(client, url), re.S)
    heading, body = (re.sub(r"<[^>]+>", "", part).strip() for part in block.groups())
    assert heading.endswith(title) and not body.startswith(title)


def test_a_section_without_notes_says_so(client):
    # C_events lists Call of the Void with an empty note list; Xxcha's sections all have notes.
    assert re.search(r'id="cards/events/call-of-the-void">Call of the Void</h2>\s*<p class="section-empty">',
                     page(client, "/cards/events"))
    assert 'class="section-empty"' not in page(client, "/factions/xxcha")


def test_topic_page_notes_carry_their_numerals(client):
    html = page(client, "/rules/space-cannon")
    assert re.search(r'class="note d1" id="space-cannon.note-3.1">\s*<a class="nlabel"[^>]*>III\.α</a>', html)


def test_topic_page_links_to_pds(client):
    html = page(client, "/rules/space-cannon")
    assert re.search(r'<a class="xref" href="/rules/pds" data-ref="pds" data-preview="/api/rules/pds">PDS</a>', html)


def test_topic_page_never_links_to_itself(client):
    assert 'data-ref="space-cannon"' not in page(client, "/rules/space-cannon")


def test_topic_intro_that_repeats_its_only_rule_is_shown_once(client):
    html = page(client, "/rules/attacker")
    assert 'class="intro"' not in html and 'id="13"' in html


def test_topic_page_lists_related_topics(client):
    related = page(client, "/rules/space-cannon").split('id="related"')[1].split("</nav>")[0]
    assert 'href="/rules/pds"' in related and 'href="/rules/adjacency"' in related


def test_topic_page_lists_referencing_topics(client):
    refby = page(client, "/rules/space-cannon").split('id="referenced-by"')[1].split("</nav>")[0]
    assert 'href="/rules/pds"' in refby


def test_topic_page_advertises_its_json_twin(client):
    html = page(client, "/rules/space-cannon")
    assert '<link rel="alternate" type="application/json" href="/api/topics/space-cannon">' in html


def json_twin(client, path: str) -> str:
    """The address a page's rel=alternate link gives."""
    found = re.search(r'<link rel="alternate" type="application/json" href="([^"]+)">', page(client, path))
    return found[1].replace("&amp;", "&")


def test_an_lrr_section_number_is_an_address_for_its_topic(client):
    # Players say "rule 77" for Space Cannon: its number is a permalink like its rules' ids.
    space_cannon = client.get("/rules/space-cannon").get_data(as_text=True)
    number = re.search(r'<h1>.*?<span class="num">(\d+)</span>', space_cannon, re.S)[1]
    for path in (f"/r/{number}", f"/rules/{number}"):
        response = client.get(path)
        assert response.status_code == 302 and response.headers["Location"].endswith("/rules/space-cannon")
    assert client.get("/r/999").status_code == 404


def test_search_page_json_twin_keeps_its_limit_and_filters(client):
    twin = json_twin(client, "/search?q=rider&limit=30")
    assert twin.startswith("/api/search?") and len(client.get(twin).json["results"]) == 30
    assert "kind=faq" in json_twin(client, "/search?q=rider&limit=30&kind=faq")
    assert "limit=" not in json_twin(client, "/search?q=rider")


def test_faction_page_shows_sections_with_notes(client):
    html = page(client, "/factions/xxcha")
    assert '<h2 class="section" id="factions/xxcha/quash">Quash</h2>' in html
    assert 'id="factions/xxcha/quash.note-1"' in html


def test_open_questions_page(client):
    assert "Open question" in page(client, "/pages/open-questions")


def test_topic_page_lists_its_open_questions(client):
    assert 'id="open-questions"' in page(client, "/rules/breakthroughs")


@pytest.mark.parametrize("path", ["/r/77.7d", "/rules/77.7d"])
def test_rule_addresses_redirect_to_the_anchor(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response.headers["Location"] == "/rules/space-cannon#77.7d"


def test_page_under_wrong_prefix_redirects_to_its_home(client):
    assert client.get("/rules/factions/xxcha").headers["Location"] == "/factions/xxcha"


def test_search_page_links_hits_to_anchors(client):
    html = page(client, "/search?q=space+cannon+adjacent+systems")
    assert 'href="/rules/space-cannon#77.7d"' in html


def test_search_page_offers_the_jump(client):
    html = page(client, "/search?q=space+cannon")
    assert re.search(r'<p class="jump">Go to <a href="/rules/space-cannon">', html)


@pytest.mark.parametrize("query", ["77.7d", " 77.7D ", "rule 77.7d"])
def test_rule_number_search_goes_straight_to_the_rule(client, query):
    response = client.get("/search", query_string={"q": query})
    assert (response.status_code, response.headers["Location"]) == (302, "/r/77.7d")


# Any letter case goes to the canonical address (302); a trailing slash is dropped (308).
@pytest.mark.parametrize(("path", "status", "target"), [
    ("/r/77.7D", 302, "/rules/space-cannon#77.7d"),
    ("/rules/Space-Cannon", 302, "/rules/space-cannon"),
    ("/rules/SPACE-CANNON", 302, "/rules/space-cannon"),
    ("/factions/Xxcha", 302, "/factions/xxcha"),
    ("/rules/space-cannon/", 308, "/rules/space-cannon"),
    ("/r/77.7d/", 308, "/r/77.7d"),
    ("/api/rules/77.7d/", 308, "/api/rules/77.7d"),
    ("/search/?q=pds", 308, "/search?q=pds"),
    ("/api/topics/%0A/", 308, "/api/topics/%0A"),  # a control character stays escaped, never a 500
    ("/rules/%0Devil/", 308, "/rules/%0Devil"),
    ("/rules/100%25/", 308, "/rules/100%25"),
    ("/rules/m%C3%A9catol/", 308, "/rules/m%C3%A9catol"),
    # The route's own words in another case too, then on to the canonical address as above.
    ("/Rules/Space-Cannon", 302, "/rules/space-cannon"),
    ("/R/77.7D", 302, "/r/77.7d"),
    ("/FACTIONS/Xxcha?x=Y", 302, "/factions/xxcha?x=Y"),
    ("/API/Rules/77.7D", 302, "/api/rules/77.7d"),
    ("/Search?q=PDS", 302, "/search?q=PDS")])
def test_addresses_redirect_to_the_canonical_one(client, path, status, target):
    response = client.get(path)
    assert (response.status_code, response.headers["Location"]) == (status, target)


def test_a_trailing_slash_on_nothing_is_still_not_found(client):
    assert client.get("/no-such-page/").status_code == 404


@pytest.mark.parametrize("path", ["/No-Such-Page", "/Rules/No-Such-Topic", "/rules/No-Such-Topic"])
def test_another_letter_case_of_nothing_is_still_not_found(client, path):
    response = client.get(path, follow_redirects=True)
    assert response.status_code == 404 and len(response.history) <= 1


def test_search_page_without_hits_says_so(client):
    assert "No results for <strong>qqxzzv</strong>" in page(client, "/search?q=qqxzzv")


def test_a_query_of_only_common_words_is_told_why_it_finds_nothing(client):
    # "whether" is dropped as a stopword: "try fewer words" alone would not help a one-word query.
    html = page(client, "/search?q=whether")
    assert "No results for <strong>whether</strong>" in html and "are not searched for" in html


def test_search_page_suggests_a_spelling(client):
    html = page(client, "/search?q=spase+canon")
    assert re.search(r'Showing results for <a href="/search\?q=space\+cannon">space cannon</a>', html)


def test_search_page_advertises_its_json_twin(client):
    assert 'href="/api/search?q=pds"' in page(client, "/search?q=pds")


def test_unknown_page_is_a_404_with_suggestions(client):
    response = client.get("/rules/space-canon")
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert 'href="/rules/space-cannon"' in html and "Traceback" not in html


def test_a_rule_the_rules_lack_is_a_404_that_names_the_rules_above_it(client):
    response = client.get("/r/77.7z")
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert re.findall(r'href="(/rules/space-cannon[^"]*)"', html)[:2] == ["/rules/space-cannon#77.7", "/rules/space-cannon"]


def test_searching_a_rule_the_rules_lack_names_the_nearest(client):
    html = page(client, "/search?q=99.9")
    assert re.search(r'The rules have no 99\.9\. Nearest:\s*<a href="/rules/warfare">Warfare</a>', html)


def test_a_rule_number_typed_with_a_comma_goes_to_the_rule(client):
    response = client.get("/search?q=77,7d")
    assert (response.status_code, response.headers["Location"]) == (302, "/r/77.7d")


def test_missing_corpus_is_a_helpful_503(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE": str(tmp_path)})
    response = app.test_client().get("/")
    close_app(app)
    assert response.status_code == 503
    assert "mecatol ingest" in response.get_data(as_text=True)


def test_csp_allows_only_own_scripts(client):
    csp = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "default-src 'self'" in csp
    assert "unsafe-inline" not in csp


@pytest.mark.parametrize("header, value", [("X-Content-Type-Options", "nosniff"),
                                           ("Referrer-Policy", "same-origin")])
def test_security_headers(client, header, value):
    assert client.get("/rules/pds").headers[header] == value


def test_pages_have_no_inline_script(client):
    for path in ("/", "/rules/space-cannon", "/search?q=pds"):
        assert not re.search(r"<script(?![^>]*\bsrc=)", page(client, path))


def test_opensearch_description(client):
    response = client.get("/opensearch.xml")
    assert response.mimetype == "application/opensearchdescription+xml"
    assert "/search?q={searchTerms}" in response.get_data(as_text=True)


def test_space_cannon_page_weighs_under_150_kb(client):
    total = 0
    for path in ("/rules/space-cannon", "/static/style.css", "/static/app.js"):
        with client.get(path) as response:  # static files are streamed; close them
            total += len(response.data)
    assert total < 150_000


def test_reingest_is_served_without_restart(tiny_app, tmp_path):
    client = tiny_app.test_client()
    assert "Reloaded." not in page(client, "/rules/space-cannon")
    publish_tiny(tmp_path, extra=" Reloaded.")
    assert "Reloaded." in page(client, "/rules/space-cannon")


def test_serve_command_documents_its_options():
    from click.testing import CliRunner

    from mecatol.cli import cli

    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    assert all(option in result.output for option in ("--host", "--port", "--threads", "--instance"))


def test_faction_sections_show_their_card_type(client):
    html = client.get("/factions/xxcha").get_data(as_text=True)
    assert re.search(r'id="factions/xxcha/political-favor">Political Favor <span class="badge">Promissory Note</span>', html)


def test_faq_shows_what_it_clarifies(default_instance):
    from webapp import create_app

    from webapp.corpus_access import close_app

    app = create_app({"TESTING": True, "INSTANCE": str(default_instance[0])})
    html = app.test_client().get("/rules/space-cannon").get_data(as_text=True)
    close_app(app)
    boxes = re.findall(r'<aside class="faq[^"]*" id="faq\.[^"]+">.*?</aside>', html, re.S)
    assert len(boxes) >= 6
    clarifies = [b for b in boxes if 'class="clarifies"' in b]
    assert clarifies and any('href="/rules/space-cannon#77.3c"' in b or ">Space Cannon</a>" in b
                             for b in clarifies)


def test_rule_shows_its_sources_where_wording_differs(default_instance):
    from webapp import create_app
    from webapp.corpus_access import close_app

    app = create_app({"TESTING": True, "INSTANCE": str(default_instance[0])})
    html = app.test_client().get("/rules/production").get_data(as_text=True)
    close_app(app)
    rule = html[html.index('id="68.3"'):html.index('id="68.4"')]
    assert "wording differs" in rule and "those unit on planets" in rule
    assert 'id="68.2"' in html and "wording differs" not in html[html.index('id="68.2"'):html.index('id="68.3"')]
