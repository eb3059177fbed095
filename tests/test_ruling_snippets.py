"""A FAQ ruling's hit shows its answer, verdict first: the question is its title already (issue 8)."""
from __future__ import annotations

from corpus.model import ruling_parts, ruling_text
from corpus.snippets import SNIPPET_WORDS, entry_snippet


def test_a_rulings_snippet_is_its_answer_from_the_start():
    text = "Q: Can a carrier move twice?\nA: No. A ship that moved cannot move again this turn, carrier or not."
    shown = entry_snippet("faq", text, frozenset({"carrier"}))
    assert shown.startswith("A: No.") and "<mark>carrier</mark>" in shown and "Q:" not in shown


def test_a_long_answer_is_cut_after_its_first_words():
    text = "Q: Why?\nA: Yes. " + "word " * 100
    shown = entry_snippet("faq", text, frozenset())
    assert shown.startswith("A: Yes.") and shown.endswith(" …") and len(shown.split()) <= SNIPPET_WORDS + 1


def test_other_entries_show_their_best_sentence():
    text = "Ships move. A carrier transports fighters and ground forces."
    assert entry_snippet("rule", text, frozenset({"carrier"})).startswith("… A <mark>carrier</mark>")
    assert entry_snippet("faq", "Q: Only a question?", frozenset()) == "Q: Only a question?"


def test_a_short_cards_text_is_shown_whole_and_a_long_ones_best_sentence():
    # The riders share their first sentences and differ in their last: the whole card tells them apart.
    text = "You cannot vote on this agenda. Predict aloud an outcome. If your prediction is correct, gain 3 command tokens."
    assert entry_snippet("section", text, frozenset({"vote"})).endswith("gain 3 command tokens.")
    long = "Plenty of words come first here. " * 8 + "A carrier transports fighters."
    assert entry_snippet("section", long, frozenset({"carrier"})).startswith("… A <mark>carrier</mark>")


def test_the_plasma_scoring_ruling_shows_its_verdict(default_corpus):
    hits = default_corpus.search("does plasma scoring add a die per unit", limit=5).hits
    ruling = next(h for h in hits if h.kind == "faq")
    assert ruling.snippet.startswith("A: No.")  # the question the player typed is the hit's title


def test_a_rulings_text_is_written_and_read_in_one_shape():
    assert ruling_parts(ruling_text("Is a zero a ten?", "Yes.")) == ("Is a zero a ten?", "Yes.")
    assert ruling_parts(ruling_text("Still open?")) == ("Still open?", "")
    # A question that quotes "A:" in its own line keeps it: only a line of its own starts the answer.
    assert ruling_parts(ruling_text("Does Plan A: Hold apply?", "No.")) == ("Does Plan A: Hold apply?", "No.")
