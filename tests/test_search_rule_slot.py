"""A numbered LRR rule among the first three hits when a card's text and notes fill them (issue 8).

The questions are real rulings of the wiki FAQ, searched with the ruling itself left out of the
index, as a player asking them for the first time would search.
"""
from __future__ import annotations

import dataclasses

from corpus import search, search_rules
from corpus.model import ruling_parts

RELIC = "Can you purge a relic fragment to gain a command token if you have no command tokens in your reinforcements?"
CRUCIBLE = ("Can a ship benefit from the Vuil'raith Cabal promissory note, The Crucible, if it would not be able "
            "to reach a gravity rift on the way to the active system without it?")
NO_SLOT = dataclasses.replace(search.WEIGHTS, lrr_pages=0)


def first_three(corpus, question: str, weights=search.WEIGHTS) -> list[str]:
    """The first three hit ids for a FAQ question, with that FAQ (and its copies) left out."""
    asked = {e.id for e in corpus.entries if e.kind == "faq" and e.text.startswith(f"Q: {question}")}
    assert asked, question  # the ruling is in the corpus: the test leaves it out
    return [h.id for h in corpus.search(question, limit=3, exclude=frozenset(asked), weights=weights).hits]


def test_the_relic_fragment_question_gets_its_command_token_rule(default_corpus):
    hits = first_three(default_corpus, RELIC)
    assert "20.3a" in hits  # with none in their reinforcements, a player cannot gain a command token
    assert hits[0] == "factions/naaz-rokha/fabrication"  # the card's text keeps the first place


def test_without_the_rule_slot_the_notes_keep_the_rule_out(raw_corpus):
    # Without the query adapter too, which brings 20.3a up by its meaning alone.
    assert [i for i in first_three(raw_corpus, RELIC) if i.startswith("20.")]
    assert not [i for i in first_three(raw_corpus, RELIC, NO_SLOT) if i.startswith("20.")]


def test_a_movement_question_about_a_card_gets_the_gravity_rift_rule(default_corpus):
    hits = first_three(default_corpus, CRUCIBLE)
    assert [i for i in hits if i.startswith("41.1")]  # 41.1a: a rift lets a ship reach the active system from farther
    assert not [i for i in first_three(default_corpus, CRUCIBLE, NO_SLOT) if i.startswith("41.")]


def test_the_slot_keeps_the_relic_questions_card_texts(default_corpus):
    with_slot, without = first_three(default_corpus, RELIC), first_three(default_corpus, RELIC, NO_SLOT)
    texts = [i for i in without if default_corpus.by_id[i].kind == "section"]
    firsts = [i for n, i in enumerate(texts) if all(default_corpus.by_id[j].topic != default_corpus.by_id[i].topic
                                                     for j in texts[:n])]
    assert firsts and all(i in with_slot for i in firsts)


TRANSACTION = "Can a transaction be performed in the middle of an exploration?"
TITANS = "Can Hel Titans be destroyed by Bombardment?"
ONE_RULE = dataclasses.replace(search.WEIGHTS, lrr_count=1)


def test_the_first_three_hold_three_rules_when_notes_would_fill_them(default_corpus):
    hits = first_three(default_corpus, TRANSACTION)
    assert "94.1a" in hits  # transactions: on the active player's turn, at any time
    assert all(default_corpus.by_id[i].kind == "rule" for i in hits)
    # Asked for one rule, the first three keep a note: the count is what fills them with rules.
    assert not all(default_corpus.by_id[i].kind == "rule" for i in first_three(default_corpus, TRANSACTION, ONE_RULE))


def test_a_cards_text_goes_before_its_note_and_a_rule_joins_it(default_corpus):
    hits = first_three(default_corpus, TITANS)
    assert hits[0] == "factions/ul/heltitan"  # the unit's own text, not a note about it
    assert [i for i in hits if i.startswith("15.1")]  # bombardment: 15.1f, units that cannot be hit


def rows(*kinds: str) -> list[tuple[float, dict]]:
    """A ranked list of made-up hits of these kinds, one page each but the rules' page."""
    return [(10.0 - n, {"id": f"{kind}-{n}", "kind": kind, "topic": "rules" if kind == "rule" else f"page-{n}"})
            for n, kind in enumerate(kinds)]


def test_the_best_ruling_and_a_cards_text_keep_their_places():
    ranked = rows("note", "faq", "section", "faq", "rule", "rule", "rule")
    head = [f["id"] for _, f in search_rules.numbered(ranked, 2, 9, 3)[:3]]
    assert head == ["note-0", "faq-1", "section-2"]  # no place for a rule: the note leads its own page
    ranked = rows("note", "faq", "note", "faq", "rule", "rule")
    head = [f["id"] for _, f in search_rules.numbered(ranked, 2, 9, 3)[:3]]
    assert head == ["note-0", "faq-1", "rule-4"]
    scores = [s for s, _ in search_rules.numbered(ranked, 2, 9, 3)]
    assert scores == sorted(scores, reverse=True)


def test_a_note_first_gives_way_to_its_pages_answer_only():
    ranked = [(3.0, {"id": "n", "kind": "note", "topic": "a"}), (2.0, {"id": "s", "kind": "section", "topic": "b"}),
              (1.0, {"id": "t", "kind": "section", "topic": "a"})]
    assert [f["id"] for _, f in search_rules.numbered(ranked, 2, 0)] == ["t", "n", "s"]
    ranked[2][1]["topic"] = "c"  # no answer of the note's page: the first page would change
    assert [f["id"] for _, f in search_rules.numbered(ranked, 2, 0)] == ["n", "s", "t"]


def test_rider_question_on_the_default_sources_gets_the_prediction_rule(default_corpus, raw_corpus):
    # The nine rider cards' texts alike would fill the first three; one stays, the rule joins it.
    # (With the query adapter the rule itself comes first.)
    hits = [h.id for h in raw_corpus.search("can I use a rider after the vote", limit=3).hits]
    assert hits[0].endswith("-rider") and "8.22" in hits
    hits = [h.id for h in default_corpus.search("can I use a rider after the vote", limit=3).hits]
    assert "8.22" in hits and len([i for i in hits if i.endswith("-rider")]) <= 1


def test_a_named_card_of_a_family_keeps_its_place():
    ranked = [(4.0 - n, {"id": f"s{n}", "kind": "section", "topic": "cards", "title": f"Rider {n}"}) for n in range(3)]
    ranked += [(0.5, {"id": "8.22", "kind": "rule", "topic": "agenda-phase"}),
               (0.4, {"id": "8.22a", "kind": "rule", "topic": "agenda-phase"})]
    assert [f["id"] for _, f in search_rules.numbered(ranked, 2, 9, 3)][:3] == ["s0", "8.22", "8.22a"]
    named = frozenset({"rider 1", "rider 2"})
    assert [f["id"] for _, f in search_rules.numbered(ranked, 2, 9, 3, named)][:3] == ["s0", "s1", "s2"]


CIRCLET = "can I exhaust the circlet of the void to explore a frontier token in a system with ships"


def test_a_card_text_the_question_does_not_name_gives_way_below_another_answer():
    ranked = [(5.0, {"id": "circlet", "kind": "section", "topic": "relics", "title": "Circlet of the Void"}),
              (4.0, {"id": "probe", "kind": "section", "topic": "action-cards", "title": "Exploration Probe"}),
              (3.0, {"id": "note", "kind": "note", "topic": "relics"}),
              (2.0, {"id": "38.1c", "kind": "rule", "topic": "exploration"}),
              (1.0, {"id": "38.1b", "kind": "rule", "topic": "exploration"})]
    asked = frozenset({"circlet of the void"})
    assert [f["id"] for _, f in search_rules.numbered(ranked, 2, 9, 3, asked)][:4] == ["circlet", "38.1c", "38.1b", "probe"]
    both = asked | {"exploration probe"}  # named, it keeps its place
    assert [f["id"] for _, f in search_rules.numbered(ranked, 2, 9, 3, both)][:3] == ["circlet", "probe", "38.1c"]


def test_the_circlet_question_on_the_default_sources_gets_exploration_rules(default_corpus):
    hits = [h.id for h in default_corpus.search(CIRCLET, limit=4).hits]
    assert hits[0] == "cards/relics/circlet-of-the-void"
    assert len([i for i in hits[:3] if i.startswith("38.")]) == 2  # exploring frontier tokens
    assert "cards/action-cards/exploration-probe" not in hits[:3]  # shares the words, not asked about


def test_a_note_first_gives_way_to_its_own_cards_text_however_far_down():
    ranked = [(9.0, {"id": "probe.note-1", "kind": "note", "topic": "action-cards", "unit": "probe"}),
              (8.0, {"id": "gashlai.note-1", "kind": "note", "topic": "muaat", "unit": "gashlai"})]
    ranked += [(7.0 - n, {"id": f"q{n}", "kind": "question", "topic": "elsewhere"}) for n in range(4)]
    ranked += [(2.0, {"id": "rider", "kind": "section", "topic": "action-cards", "unit": "rider"}),
               (1.0, {"id": "probe", "kind": "section", "topic": "action-cards", "unit": "probe"})]
    order = [f["id"] for _, f in search_rules.numbered(ranked, 2, 0)]
    assert order[:2] == ["probe", "probe.note-1"]  # its own card, not the page's first card (the rider)
    del ranked[-1]  # its card no hit: the page's best answer leads, and the page stays first
    assert [f["id"] for _, f in search_rules.numbered(ranked, 2, 0)][:2] == ["rider", "probe.note-1"]


def ruling(corpus, *words: str):
    """The wiki FAQ ruling whose question holds all these words (read from the corpus, not copied here)."""
    found = [e for e in corpus.entries if e.kind == "faq"
             and all(w in ruling_parts(e.text)[0].lower() for w in words)]
    assert len(found) == 1, words
    return found[0]


def test_a_card_question_leads_with_the_cards_text_not_its_note(default_corpus):
    faq = ruling(default_corpus, "fires of the gashlai", "already have")
    question = ruling_parts(faq.text)[0]
    hits = [h.id for h in default_corpus.search(question, limit=3, exclude=frozenset({faq.id})).hits]
    assert hits[0] == "factions/muaat/fires-of-the-gashlai"  # its note matched best; the card's text leads
