"""The results page as a player on a phone reads it (each sentence once, the whole hit a link, no bare ids),
and a ruling's question line, which links what it names."""
from __future__ import annotations

import pytest
from bs4 import BeautifulSoup


@pytest.fixture(scope="module")
def client(default_client):
    """This module's app: the shared one over the default sources."""
    return default_client


def results(client, query: str) -> BeautifulSoup:
    response = client.get("/search", query_string={"q": query})
    assert response.status_code == 200
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


@pytest.mark.parametrize("query", ["how many action cards can I hold", "pds", "can I use a rider after the vote"])
def test_a_title_that_is_the_texts_first_words_is_not_shown_above_its_sentence(client, query):
    hits = results(client, query).select(".groups .hit")
    assert hits
    for hit in hits:
        title, sentence = hit.select_one(".htitle"), hit.select_one(".snippet").get_text(" ", strip=True)
        assert title is None or not sentence.startswith(title.get_text(strip=True).removesuffix("…")), sentence


def test_a_hand_limit_rule_shows_its_number_and_its_sentence_once(client):
    hit = next(h for h in results(client, "how many action cards can I hold").select(".groups .hit")
               if h.select_one(".hid") and h.select_one(".hid").get_text() == "2.4")
    assert hit.select_one(".htitle") is None and "seven action cards" in hit.select_one(".snippet").get_text()


def test_a_cards_title_stays_beside_its_text(client):
    hit = results(client, "sabotage").select_one(".groups .hit")
    assert hit.select_one(".htitle").get_text(strip=True) == "Sabotage"


def test_the_whole_hit_with_its_sentence_is_the_link(client):
    for hit in results(client, "can fighters retreat").select(".groups .hit"):
        assert hit.select_one("a .snippet") is not None


def test_go_to_names_a_page_by_its_title_not_its_id(client):
    jump = results(client, "space cannon").select_one(".jump")
    assert jump.get_text(" ", strip=True) == "Go to Space Cannon" and jump.select_one("code") is None



def test_a_page_entry_with_no_text_is_not_listed_under_its_own_heading(client):
    page = results(client, "how many action cards can I hold")
    group = next(g for g in page.select(".groups .group") if g.select_one(".gtitle a")["href"] == "/cards/action-cards")
    assert all(hit.select_one(".snippet").get_text(strip=True) for hit in group.select(".hit"))


def test_a_rulings_question_links_the_rule_it_names(client):
    page = BeautifulSoup(client.get("/factions/ul").get_data(as_text=True), "html.parser")
    question = next(p for p in page.select("aside.faq p.q") if "Does 63.3" in p.get_text())
    assert question.select_one("a.xref")["href"] == "/rules/pds#63.3"


def test_a_list_item_is_shown_after_the_sentence_it_continues(client):
    # 93.4a alone reads "In place of spending one resource.": its parent's lead-in says what is.
    hit = next(h for h in results(client, "can trade goods replace resources").select(".groups .hit")
               if h.select_one(".hid") and h.select_one(".hid").get_text() == "93.4a")
    lead = hit.select_one(".snippet .lead")
    assert lead is not None and lead.get_text() == "A player can spend a trade good in one of the following ways:"
    assert hit.select_one(".snippet").get_text().strip().endswith("In place of spending one resource.")


def test_a_note_in_a_list_has_its_lead_too(raw_corpus):
    # Without the query adapter, with which the list's items fall below the first 30 hits.
    hits = raw_corpus.search("does alliance count for betray a friend", limit=30).hits
    items = [hit for hit in hits if hit.id.startswith("cards/objectives/betray-a-friend.note-1.")]
    assert items and all(hit.lead.endswith("qualify for scoring Betray a Friend:") for hit in items), hits


def test_only_a_rule_that_continues_its_parents_list_has_a_lead(default_corpus):
    leads = {hit.id: hit.lead for hit in default_corpus.search("is a player eliminated with no units that have "
                                                                "production", limit=30).hits}
    assert leads.get("33.1b") == "A player is eliminated when they meet all of the following three conditions:", leads
    # 33.1 is itself the lead-in; notes hang under a topic's intro, which is no list of theirs.
    assert not any(lead for hit_id, lead in leads.items() if hit_id == "33.1" or ".note" in hit_id), leads


def test_the_api_gives_a_hits_lead_as_plain_text(client):
    body = client.get("/api/search", query_string={"q": "how can i spend trade goods"}).get_json()
    by_id = {hit["id"]: hit for hit in body["results"]}
    assert by_id["93.4a"]["lead"].endswith("following ways:") and by_id["93.4"]["lead"] == ""


def test_near_copies_are_named_and_linked(client, default_corpus):
    # The rider notes say one thing of nine cards: the hit counts the others and names each.
    hits = default_corpus.search("can I use a rider after the vote", limit=30).hits
    assert all(len(hit.like) == hit.count - 1 for hit in hits)
    riders = next(hit for hit in hits if hit.count > 5)
    assert "Politics Rider" in {name for _, name in riders.like}
    links = [a for hit in results(client, "can I use a rider after the vote").select(".hit .also")
             for a in hit.select("a")]
    assert any(a.get_text() == "Politics Rider" and "politics-rider" in a["href"] for a in links)


def test_one_card_printed_again_is_counted_not_named(default_corpus):
    keleres = next(hit for hit in default_corpus.search("keleres rider", limit=10).hits
                   if hit.id == "factions/keleres/keleres-rider")
    assert keleres.count > 1 and all(name == "" for _, name in keleres.like), keleres.like
