"""Rule pages on the default corpus: rulings beside their rule, exact citations, provenance for people."""
from __future__ import annotations

import re

import pytest

LABELS = ("tirules", "wiki", "official rules", "saved copy", "source", "LRR and notes", ".txt")


@pytest.fixture
def client(default_client):
    """This module's app: the shared one over the default sources."""
    return default_client


def test_rule_citation_is_exact(client):
    body = client.get("/api/rules/77.7d").get_json()
    assert body["citation"] == ('77.7d (Space Cannon, LRR 2.0): "Game effects that allow the use of Space Cannon '
                                'abilities against ships in adjacent systems have no effect during Space Cannon '
                                'Defense." — http://localhost/r/77.7d')
    assert body["entry"]["citation"] == body["citation"]


def test_no_rule_or_note_citation_carries_a_source_label(client):
    entries = client.get("/api/topics/space-cannon").get_json()["entries"]
    cited = [e["citation"] for e in entries if e["kind"] in ("rule", "note", "text")]
    assert len(cited) > 20
    assert not [c for c in cited if any(label in c.split(": ", 1)[1] for label in LABELS)
                and not any(label in c.split('"')[1] for label in LABELS)]


def test_faq_citation_is_question_answer_source_link(client):
    body = client.get("/api/rules/faq.space-cannon.3a779f").get_json()
    assert re.fullmatch(r'Q: Can PDS II fire through wormholes[^\n]*\? A: Yes\.[^\n]* — Twilight Imperium wiki, '
                        r'http://localhost/r/faq\.space-cannon\.3a779f', body["citation"])


def test_copy_button_carries_the_citation(client):
    html = client.get("/rules/space-cannon").get_data(as_text=True)
    rule = html[html.index('id="77.7d"'):html.index('id="77.8"')]
    assert 'data-citation="77.7d (Space Cannon, LRR 2.0): &#34;Game effects' in rule


def test_the_wormhole_ruling_sits_under_77_3c(client):
    body = client.get("/api/rules/77.3c").get_json()
    assert "faq.space-cannon.3a779f" in [f["id"] for f in body["faqs"]]
    assert "questions" in body
    html = client.get("/rules/space-cannon").get_data(as_text=True)
    block = html[html.index('id="77.3c"'):html.index('id="77.3d"')]
    assert '<details class="ruling faq"><summary>' in block and 'id="faq.space-cannon.3a779f"' in block


def test_rulings_after_a_rules_sub_rules_say_which_rule_they_clarify(client):
    # The Plasma Scoring rulings clarify 77.7; they follow its last sub-rule, 77.7d, and say so.
    html = client.get("/rules/space-cannon").get_data(as_text=True)
    after = html[html.index('id="77.7d"'):html.index('id="77.8"')]
    own = html[html.index('id="77.3c"'):html.index('id="77.3d"')]
    assert after.count('<span class="about">on 77.7:</span>') == 2 and 'class="about"' not in own


def test_a_ruling_on_two_wiki_pages_names_each_page(client):
    html = client.get("/rules/space-cannon").get_data(as_text=True)
    ruling = html[html.index('id="faq.space-cannon.3a779f"'):]
    label = re.sub(r"<[^>]+>", "", ruling[ruling.index('<p class="label">'):ruling.index("</p>")])
    assert label.endswith("Twilight Imperium wiki (FAQ), Twilight Imperium wiki (Space Cannon)")


def test_rulings_without_a_rule_stay_in_the_page_faq_block(client):
    html = client.get("/rules/space-cannon").get_data(as_text=True)
    block = html[html.index('<section class="faqs">'):]
    assert 'id="faq.space-cannon.63f417"' in block and 'id="faq.space-cannon.3a779f"' not in block


def test_export_gives_rulings_their_rules(default_corpus):
    # "Can Sarween Tools reduce the cost of units the Duha Menaimon produces": set beside the flagship
    # it is most about; the technology it also names stays a link
    faq = default_corpus.get("faq.the-arborec.3a55ff").to_dict()
    assert faq["rules"] == ["factions/arborec/duha-menaimon"]
    assert "cards/technology/sarween-tools" in faq["refs"]


def test_a_card_a_ruling_names_lists_it_on_its_page(client):
    # the Sarween Tools ruling is not beside the technology, but the technology's page lists it
    html = client.get("/cards/technology").get_data(as_text=True)
    assert 'id="faq.the-arborec.3a55ff"' in html


def test_pages_name_sources_for_people(client):
    for path in ("/rules/bombardment", "/rules/production", "/rules/space-cannon"):
        html = client.get(path).get_data(as_text=True)
        assert "saved copy 003" not in html and "tirules-text" not in html and ".txt" not in html, path


def test_a_copy_that_lacks_a_note_is_said_at_that_note(client):
    html = client.get("/rules/bombardment").get_data(as_text=True)
    note = html[html.index('id="bombardment.note-6"'):html.index('id="bombardment.note-6.1"')]
    assert "copies differ" in note and "an older saved copy" in note


def test_a_note_worded_otherwise_says_so(client):
    html = client.get("/rules/production").get_data(as_text=True)
    start = html.index('id="production.note-3"')
    note = html[start:html.index("</button>", start)]
    assert "wording differs" in note and "tirules.com (text copy)" in note


def test_notes_heading_and_wiki_text_label(client):
    html = client.get("/rules/space-cannon").get_data(as_text=True)
    assert html.index('id="77.8a"') < html.index('<h2 class="notes-head" id="notes">Notes</h2>') \
        < html.index('id="space-cannon.note-1"')
    wiki = html[html.index('id="wiki.space-cannon.space-cannon-offense"'):]
    assert "wiki text" in wiki[:400]


def test_a_thunders_edge_placeholder_is_a_notice(client):
    html = client.get("/rules/synergy").get_data(as_text=True)
    assert 'class="notice"' in html and '<div class="rule' not in html and "te-synergy" not in html
    hits = client.get("/api/search?q=currently+does+not+exist+living+rules+reference").get_json()["results"]
    assert not [h for h in hits if h["id"].startswith("te-")]


def test_a_card_citation_keeps_its_timing_window(client):
    # The window is the card's first, bold paragraph (2.6): "Destroy that ship." alone says nothing.
    body = client.get("/api/rules/cards/action-cards/direct-hit").get_json()
    assert body["citation"] == ('Direct Hit (Action Cards): "After another player\'s ship uses SUSTAIN DAMAGE to '
                                'cancel a hit produced by your units or abilities: Destroy that ship." — '
                                'http://localhost/r/cards/action-cards/direct-hit')


def test_a_timing_window_shows_once(client):
    # A leader's text already opens with its window; an action card's does not, so the page says "When:".
    leader = client.get("/r/factions/hacan/carth-of-golden-sands", follow_redirects=True).get_data(as_text=True)
    card = client.get("/r/cards/action-cards/direct-hit", follow_redirects=True).get_data(as_text=True)
    def card_text(html: str, entry_id: str) -> str:
        start = html.index('<div class="card-text">', html.index(f'id="{entry_id}"'))
        return html[start:html.index("</div>", start)]
    carth = card_text(leader, "factions/hacan/carth-of-golden-sands")
    assert "When:" not in carth and "During the" in carth
    assert "<b>When:</b> After another player" in card_text(card, "cards/action-cards/direct-hit")
