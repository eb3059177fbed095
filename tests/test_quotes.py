"""A query that quotes a card's text names that card; a strategy card's name with primary or
secondary names the strategy card."""
from __future__ import annotations

from corpus import search
from corpus.model import Entry
from corpus.quotes import Quotes


def card(slug: str, title: str, text: str, window: str | None = None) -> Entry:
    return Entry(id=f"cards/made-up/{slug}", kind="section", topic="cards/made-up", title=title, text=text,
                 window=window)


CARDS = [
    card("flare", "Solar Flare", "Destroy 1 fighter in the active system.",
         window="After another player activates a system that contains your ships"),
    card("shield", "Deflector Net", "Cancel 1 hit produced by a Space Cannon roll against your ships."),
    card("echo", "Echo Net", "Cancel 1 hit produced by a Space Cannon roll against your ships in a nebula."),
]


def test_the_whole_query_inside_a_cards_text_names_it_window_included():
    quotes = Quotes(CARDS)
    assert quotes.quoted("after another player activates a system that contains your ships") == {"solar flare"}
    assert quotes.quoted("Cancel 1 hit produced by a space cannon roll against your ships.") == {
        "deflector net", "echo net"}


def test_short_runs_and_runs_across_two_cards_name_nothing():
    quotes = Quotes(CARDS)
    assert quotes.quoted("destroy 1 fighter") == set()  # under six words: many cards say as much
    assert quotes.quoted("in the active system cancel 1 hit produced") == set()  # the end of one, the start of the next
    assert quotes.quoted("when another player activates a system that contains your ships") == set()


def test_a_run_that_many_cards_say_names_none():
    many = [card(f"c{n}", f"Card {n}", "Spend 1 token from your strategy pool to draw 1 card.") for n in range(4)]
    assert Quotes(many).quoted("spend 1 token from your strategy pool") == set()


def test_a_pasted_window_names_its_card(default_corpus):
    # That it then comes first is test_components.py's test_the_words_of_a_cards_window_find_the_card.
    named = search.named_in(default_corpus.parser(), "after another player's ship uses sustain damage to cancel a hit")
    assert "direct hit" in named.titles and named.quoted == {"direct hit"}
    # Said by name, the card is named but not quoted (a quote turns the topics' closeness off).
    assert search.named_in(default_corpus.parser(), "can I play direct hit on a war sun").quoted == frozenset()


def test_a_strategy_cards_secondary_names_the_card(default_corpus):
    named = search.named_in(default_corpus.parser(), "how does the leadership secondary work")
    assert "leadership strategy card" in named.titles
    hits = default_corpus.search("how does the leadership secondary work").hits
    assert hits[0].topic == "leadership"
