"""Search on a real corpus ingested from the tirules mirror: jumps, vocabulary, typos, safety."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.search import MAX_QUERY, Hit, as_rule_id, clean_query, query_text, snippet
from corpus.typed import rules_above


@pytest.fixture(scope="session")
def corpus(mirror_corpus):
    """The corpus ingested once from the real tirules mirror (conftest's, shared with other modules)."""
    return mirror_corpus


def topics(results, n: int = 5) -> list[str]:
    """The first n pages of the results, in the order they are shown (grouped by page)."""
    return [page for page, _ in results.groups][:n]


@pytest.mark.parametrize(("query", "rule"), [
    ("77.7d", "77.7d"), ("77.7 d", "77.7d"), ("rule 68.1", "68.1"), ("(77.7d)", "77.7d"),
    ("Rule 77.3c", "77.3c"), (" 77.7D ", "77.7d"),
])
def test_rule_id_jumps_and_ranks_first(corpus, query, rule):
    results = corpus.search(query)
    assert (results.jump, results.hits[0].id) == (rule, rule)


@pytest.mark.parametrize(("query", "rules"), [
    ("77.3c wormhole", ["77.3c"]), ("does 58.4b apply to my own ships", ["58.4b"]),
    ("LRR 37.1 fleet pool", ["37.1"]), ("see 58.4b", ["58.4b"]), ("77.3c and 77.3d", ["77.3c", "77.3d"]),
])
def test_rules_a_short_query_quotes_come_first(corpus, query, rules):
    # Without the lookup, 77.3c is not in the first five for "77.3c wormhole"; "see" finds short notes.
    results = corpus.search(query)
    assert results.jump is None and [h.id for h in results.hits[:len(rules)]] == rules


def test_a_long_question_may_quote_an_old_rule_number(corpus):
    # 49.5 is Invasion's last step in LRR 2.0; the quoted words are transport's (95.1).
    question = ('49.5 says "When a ship with a capacity value moves or is moved, it may transport ground '
                'forces and fighters," but can ground forces stay in the ship if there is no planet?')
    assert corpus.search(question).hits[0].id != "49.5"


def test_topic_number_jumps_to_the_topic(corpus):
    assert corpus.search("77").jump == "space-cannon"


@pytest.mark.parametrize(("query", "page"), [
    ("Space Cannon", "space-cannon"), ("space cannon", "space-cannon"), ("the embers of muaat", "factions/muaat"),
    ("muaat", "factions/muaat"), ("AFB", "anti-fighter-barrage"), ("command token", "command-tokens"),
    ("Plasma Scoring", "cards/technology/plasma-scoring"), ("biostims", "cards/technology/biostims"),
])
def test_page_or_card_name_jumps_and_ranks_first(corpus, query, page):
    results = corpus.search(query)
    assert (results.jump, results.hits[0].id) == (page, page)


@pytest.mark.parametrize(("query", "section"), [
    # a faction and a leader or unit word
    ("nekro flagship", "factions/nekro/the-alastor"), ("the Sol commander", "factions/sol/claire-gibson"),
    ("Mahact's hero", "factions/mahact/airo-shir-aur-benediction"), ("muaat mech", "factions/muaat/ember-colossus"),
    ("naalu promissory note", "factions/naalu/gift-of-prescience"), ("hacan pn", "factions/hacan/trade-convoys"),
    # a card's title and its kind: without it, "Crown of Emphidia" names a relic and an agenda, and
    # "alliance" alone ranks the Promissory Notes page above the card
    ("alliance pn", "cards/promissory-notes/alliance"), ("mutiny agenda", "cards/agendas/mutiny"),
    ("crown of emphidia relic", "cards/relics/the-crown-of-emphidia"),
    ("crown of emphidia agenda", "cards/agendas/the-crown-of-emphidia"),
    ("classified document leaks agenda", "cards/agendas/classified-document-leaks"),
])
def test_a_section_named_by_its_kind_jumps_to_it(corpus, query, section):
    results = corpus.search(query)
    assert (results.jump, results.hits[0].id) == (section, section)


@pytest.mark.parametrize("query", ["nekro hero and mech", "nekro flagship combat", "sol nekro flagship"])
def test_faction_and_leader_word_jump_only_when_one_section_is_meant(corpus, query):
    # Each says more than one faction and one leader or unit.
    assert corpus.search(query).jump is None


def test_question_is_not_a_jump(corpus):
    assert corpus.search("can space cannon fire at fighters").jump is None


def test_afb_finds_anti_fighter_barrage_first(corpus):
    assert corpus.search("afb vs fighters").hits[0].topic == "anti-fighter-barrage"


def test_pds2_adjacent_finds_space_cannon(corpus):
    assert corpus.search("pds2 adjacent").hits[0].topic in {"space-cannon", "pds"}


@pytest.mark.parametrize(("query", "topic"), [
    ("can PDS II fire through a wormhole?", "wormholes"),
    ("does plasma scoring add a die per unit?", "cards/technology"),
    ("how many tgs can I spend on a tech", "trade-goods"),
    ("dread sustain", "sustain-damage"),
    ("nekro valefar assimilator", "factions/nekro"),
])
def test_player_questions_find_their_topic_in_the_top_three(corpus, query, topic):
    assert topic in topics(corpus.search(query), 3)


def test_card_name_quoted_in_a_question_does_not_narrow_the_search(corpus):
    results = corpus.search('Can PDS II fire through wormholes using their ability "Deep Space Cannon"?')
    assert {"space-cannon", "wormholes"} <= set(topics(results, 3))


def test_long_pasted_question_still_finds_its_topic(corpus):
    question = ("So we were playing last night and my opponent had two destroyers in the system when I "
                "moved in with a carrier full of fighters. Before the first round of space combat he "
                "rolled anti fighter barrage and killed most of my fighters. Can he do that every "
                "round of the combat or only before the first round? And does it hit my carrier too? "
                "Thanks for any help, we argued about it for ages. " * 3)
    assert "anti-fighter-barrage" in topics(corpus.search(question), 3)


def test_misspelling_suggests_the_word(corpus):
    assert corpus.search("bombardmnet").did_you_mean == "bombardment"


def test_misspelling_still_finds_hits(corpus):
    assert corpus.search("bombardmnet").hits[0].topic == "bombardment"


@pytest.mark.parametrize("query", ["bombardment planetary shield", "cannons blocks", "xyzzyplugh",
                                   "can I attack a planet with bombardment"])
def test_known_words_and_forms_get_no_suggestion(corpus, query):
    assert corpus.search(query).did_you_mean is None


def test_query_that_finds_nothing_is_offered_the_title_spelled_like_it(corpus):
    # "mehc" is too short to respell word by word, so the fallback compares it with page titles.
    results = corpus.search("mehc")
    assert (results.hits, results.did_you_mean) == ([], "Mechs")


def test_long_question_gets_no_suggestion(corpus):
    question = "when my dreadnougth bombards a planet with a planetary shield does the bombardment still happen"
    assert corpus.search(question).did_you_mean is None


@pytest.mark.parametrize(("query", "fixed"), [("capcity of carriers", "capacity of carriers"),
                                              ("wormhloe nexus", "wormhole nexus"),
                                              ("sabatoge", "sabotage")])
def test_typo_in_a_short_query_is_fixed_in_place(corpus, query, fixed):
    assert corpus.search(query).did_you_mean == fixed


@pytest.mark.parametrize(("query", "word", "respelt"), [("can i delay my vote", "delay", "relay"),
                                                     ("sitting in a gravity rift", "sitting", "setting")])
def test_english_word_the_rules_never_use_is_not_respelt(corpus, query, word, respelt):
    # The lexicon alone would respell it, but the respelling finds no hit holding its new word.
    assert corpus.parser().known.lexicon.correct(word) == respelt
    assert corpus.search(query).did_you_mean is None


def test_quoted_phrase_is_matched_as_a_phrase(corpus):
    hit = corpus.search('"space cannon defense"').hits[0]
    assert "space cannon defense" in f"{hit.title} {corpus.get(hit.id).text}".lower()


def test_unbalanced_quote_is_searched_as_words(corpus):
    assert corpus.search('"space cannon defense').hits


@pytest.mark.parametrize("kind", ["rule", "note", "question"])
def test_kind_filter(corpus, kind):
    hits = corpus.search("space cannon", limit=20, kind=kind).hits
    assert hits and {h.kind for h in hits} == {kind}


def test_kind_filter_drops_a_jump_of_another_kind(corpus):
    results = corpus.search("77.7d", kind="note")
    assert results.jump == "77.7d" and all(h.kind == "note" for h in results.hits)


def test_limit(corpus):
    assert len(corpus.search("fighters", limit=3).hits) == 3


def test_notes_rank_with_their_rules(corpus):
    ids = [h.id for h in corpus.search("space cannon offense wormhole", limit=10).hits]
    assert any(".note-" in i for i in ids) and any(i[0].isdigit() for i in ids)


@pytest.mark.parametrize("query", ["gravity rift", "gravity rift movement"])
def test_snippet_marks_query_words(corpus, query):
    assert "<mark>" in corpus.search(query).hits[0].snippet


def test_snippet_escapes_text():
    assert snippet("a <b> rift", frozenset({"rift"})) == "a &lt;b&gt; <mark>rift</mark>"


def test_hit_dict_shape(corpus):
    data = corpus.search("capacity").hits[0].to_dict()
    assert set(data) == {"id", "kind", "topic", "title", "snippet", "score", "page", "count", "homebrew", "label",
                         "lead", "like"}


def test_a_card_section_hit_says_what_card_it_is(corpus):
    # Players know Sabotage as an action card; "section" is our word for the part of a page it is.
    hit = next(h for h in corpus.search("sabotage").hits if h.title == "Sabotage")
    assert hit.kind == "section" and hit.label == "Action Card"
    assert all(h.label == "" for h in corpus.search("sabotage").hits if h.kind not in ("section", "faq", "question"))


def test_a_ruling_hit_names_the_rule_it_clarifies(default_corpus):
    # The README's first promise: the ruling with its LRR number, on the results page too.
    hit = default_corpus.search("can PDS II fire through a wormhole?").hits[0]
    assert hit.kind == "faq" and hit.label == "FAQ on 77.3c"
    hits = default_corpus.search("space cannon wormhole", limit=50).hits
    rulings = [h for h in hits if h.kind in ("faq", "question")]
    assert rulings and all(h.label == "" or h.label.split(" on ")[1] in default_corpus.get(h.id).rules
                           for h in rulings)


def test_hit_is_a_hit(corpus):
    assert all(isinstance(h, Hit) for h in corpus.search("capacity").hits)


@pytest.mark.parametrize("query", [
    "", "   ", "*", "?", "\x00", "\x07\x1b[31m", '"', '""', "((", ")", "AND OR NOT", "title:foo", "foo^2",
    "[a TO b]", "{x TO}", "fighter*", "~", "-", "+", "\\", "\u202e\u0661\u0662", "😀 fighters 😀",
    "e\u0301e\u0301", "ﬁghter", "x" * 10_000, "fighter " * 2_000, "77.7d " * 300, "rule", "rule .",
    '" " " "', "\ud800", "NaN", "0", "999.99zz",
])
def test_nasty_query_gives_normal_results(corpus, query):
    results = corpus.search(query)
    assert isinstance(results.hits, list) and len(results.hits) <= 10


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.text(max_size=300), kind=st.sampled_from([None, "rule", "note", "nope"]),
       limit=st.integers(min_value=-2, max_value=30))
def test_no_query_raises(corpus, query, kind, limit):
    results = corpus.search(query, limit=limit, kind=kind)
    assert len(results.hits) <= max(limit, 0)
    assert results.did_you_mean is None or isinstance(results.did_you_mean, str)


@pytest.mark.parametrize(("text", "rule"), [
    ("77.7d", "77.7d"), ("77.7 d", "77.7d"), ("rule 68.1", "68.1"), ("(77.7d)", "77.7d"), ("77", "77"),
    ("[68.1]", "68.1"), ("77.7(d)", "77.7d"), ("lrr 1.2", "1.2"), ("space cannon", None), ("77.7d and more", None),
    ("77,7d", "77.7d"), ("77, 7", "77.7"),
])
def test_as_rule_id(text, rule):
    assert as_rule_id(text) == rule


@pytest.mark.parametrize(("text", "above"), [
    ("77.7z", ["77.7", "77"]), ("77.7dz", ["77.7d", "77.7", "77"]), ("77.99", ["77"]), ("space cannon", []),
])
def test_rules_above_a_rule_id(text, above):
    assert rules_above(text) == above


def test_clean_query_bounds_and_strips():
    assert clean_query("a\x00b\n  c") == "a b c"
    cleaned = clean_query("x" * 5000 + " a\x00b\n  c")
    assert cleaned == "... a b c" and len(cleaned) <= MAX_QUERY < 5000


def test_a_long_query_is_read_as_its_end():
    # A pasted forum post asks last: cutting it at the limit would drop the question.
    post = "We played last night. " + "Nothing happened for a while. " * 40 + "Can a PDS fire through a wormhole?"
    kept = query_text(post, 300)
    assert len(kept) <= 300 and kept.startswith("... ") and kept.endswith("through a wormhole?")
    assert "We played" not in kept and query_text(kept, 300) == kept and query_text(post, len(post)) == post


def test_the_end_of_a_cut_query_starts_at_a_word():
    # The last 22 characters are "ha alpha bravo charlie": the "ha" is the end of an "alpha" and is left out.
    assert query_text("alpha " * 10 + "bravo charlie", 45) == "... alpha bravo charlie"


def test_every_game_term_in_the_vocabulary_is_in_the_rules(corpus):
    from corpus.vocab import stems, vocabulary

    texts = {f" {' '.join(stems(f'{e.title} {e.text}'))} " for e in corpus.entries}
    means = {m for alias in vocabulary().aliases.values() for m in alias.means}
    missing = [m for m in sorted(means) if not any(f" {' '.join(stems(m))} " in t for t in texts)]
    assert missing == []
