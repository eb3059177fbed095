"""The player vocabulary, query understanding and the spelling lexicon, without an index."""
from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus import vocab
from corpus.spelling import Lexicon, damerau
from corpus.vocab import Concept, fold_title, stems, understand, vocabulary, words


def meanings(text: str) -> list[str]:
    """The game terms a query gains."""
    return vocabulary().meanings(text)


@pytest.mark.parametrize(("said", "means"), [
    ("AFB", "anti-fighter barrage"),
    ("afb vs fighters", "anti-fighter barrage"),
    ("PDS2", "pds"),
    ("PDS II", "unit upgrade"),
    ("pds 2", "pds"),
    ("DSC", "space cannon"),
    ("deep space cannon", "adjacent"),
    ("SD", "sustain damage"),
    ("sustain", "sustain damage"),
    ("tg", "trade goods"),
    ("tgs", "trade goods"),
    ("AC", "action card"),
    ("SO", "secret objective"),
    ("PO", "public objective"),
    ("PN", "promissory note"),
    ("FS", "flagship"),
    ("dread", "dreadnought"),
    ("GF", "ground forces"),
    ("inf", "infantry"),
    ("BT", "breakthrough"),
    ("WS", "war sun"),
    ("cap", "capacity"),
    ("prod", "production"),
    ("bombard", "bombardment"),
    ("nekro", "nekro virus"),
    ("jol nar", "universities of jol nar"),
    ("jolnar", "universities of jol nar"),
    ("Jol-Nar", "universities of jol nar"),
    ("L1", "l1z1x mindnet"),
    ("l1z1x", "l1z1x mindnet"),
    ("mr", "mecatol rex"),
    ("rex", "mecatol rex"),
    ("cmd tokens", "command tokens"),
    ("CC", "command tokens"),
    ("strat", "strategy card"),
    ("vulraith", "vuil raith cabal"),  # a common misspelling
    ("burn a token", "spend"),
    ("capital ships", "non-fighter ship"),
    ("diplo", "diplomacy"),
    ("imp secondary", "imperial"),
    ("poli", "politics"),
    ("sftt", "support for the throne"),
    ("exp cards", "exploration"),
    ("neighbours", "neighbors"),
    ("magen defence grid", "defense"),
    ("can I pull my ships out of the fight", "retreat"),
    ("escape to the next system", "retreat"),
    ("we turned it on its side", "sustain damage"),
    ("shoot at the planet from orbit", "bombardment"),
    ("who goes first in the action phase", "initiative order"),
    ("the purple swirl tile", "gravity rift"),
    ("sitting in the cloudy tile", "nebula"),
    ("the rocks tile", "asteroid field"),
    ("the exploding star", "supernova"),
])
def test_player_words_gain_game_terms(said, means):
    assert means in meanings(said)


def test_expansion_keeps_the_players_own_words():
    concept = understand("afb", vocabulary()).concepts[0]
    assert concept.said == (("afb",),) and ("anti", "fighter", "barrag") in concept.means


@pytest.mark.parametrize(("plural", "single"), [("mechs", "mech"), ("dreadnoughts", "dreadnought"),
                                                ("bombarding", "bombardment")])
def test_stemming_joins_forms_the_vocabulary_leaves_alone(plural, single):
    assert stems(plural) == stems(single)


def test_longest_alias_wins():
    assert meanings("deep space cannon") == ["space cannon", "adjacent"]


def test_everyday_word_is_not_expanded_in_a_sentence():
    assert meanings("so my friends and I played a game") == []


def test_everyday_word_in_capitals_is_expanded():
    assert "secret objective" in meanings("can I score two SO in one round")


def test_short_query_expands_an_everyday_word():
    assert meanings("so") == ["secret objective"]


def test_cannot_alone_asks_what_cannot_means_but_not_in_a_sentence():
    assert meanings("cannot") == ["absolute"]
    assert meanings("my ships cannot move there") == []


def test_following_a_strategy_card_is_its_secondary_ability():
    assert meanings("can I follow warfare with no tokens") == ["secondary ability"]


def test_my_fleet_is_ships_but_fleet_tokens_are_the_fleet_pool():
    assert meanings("can my fleet just fly past one lone destroyer on the way") == ["move through"]
    assert meanings("what do the fleet tokens do in the status phase") == ["fleet pool"]
    assert meanings("fleet") == ["fleet pool"]


def test_whole_query_alias_names_one_target():
    assert vocabulary().target("AFB") == "anti-fighter barrage"


def test_alias_with_two_meanings_has_no_single_target():
    assert vocabulary().target("pds2") is None


def _data() -> dict:
    text = resources.files("corpus").joinpath("data/vocabulary.json").read_text(encoding="utf-8")
    return json.loads(text)


def test_every_term_says_something_and_means_something():
    for term in _data()["terms"]:
        assert term["say"] and term["means"], term
        assert all(words(s) for s in term["say"] + term["means"]), term


def test_no_alias_is_defined_twice():
    said = [tuple(words(s)) for term in _data()["terms"] for s in term["say"]]
    assert len(said) == len(set(said)), sorted({s for s in said if said.count(s) > 1})


def test_stopwords_are_plain_lower_case_words():
    assert all(w == "".join(words(w)) for w in _data()["stopwords"])


def test_words_split_on_dashes_and_apostrophes():
    assert words("Jol–Nar’s PDS-2") == ["jol", "nar", "s", "pds", "2"]


def test_words_drop_accents():
    assert words("Naaz–Rokha café") == ["naaz", "rokha", "cafe"]


@pytest.mark.parametrize(("title", "folded"), [
    ("The Embers of Muaat", "ember of muaat"),
    ("Anti–Fighter Barrage", "anti fighter barrage"),
    ("Command Tokens", "command token"),
])
def test_fold_title(title, folded):
    assert fold_title(title) == folded


def test_quoted_phrase_is_required():
    concepts = understand('"space cannon" wormhole', vocabulary()).concepts
    assert concepts[0].required and concepts[0].said == (stems("space cannon"),)


def test_long_quote_is_searched_as_words():
    quote = '"when a ship with a capacity value moves it may transport ground forces"'
    assert not any(c.required for c in understand(quote, vocabulary()).concepts)


def test_rule_number_in_a_question_becomes_a_rule_concept():
    concepts = understand("49.5 says ships transport", vocabulary()).concepts
    assert any(c.rules == ("49.5",) for c in concepts)


def test_question_words_are_dropped():
    said = [c.said for c in understand("can you tell me what capacity does", vocabulary()).concepts]
    assert said == [(stems("capacity"),)]


def test_repeated_word_weighs_more():
    concepts = understand("commodities trade commodities", vocabulary()).concepts
    weights = {c.said[0]: c.weight for c in concepts}
    assert weights[stems("commodities")] > weights[stems("trade")]


@pytest.mark.parametrize(("a", "b", "distance"), [
    ("bombardmnet", "bombardment", 1), ("capcity", "capacity", 1), ("abc", "abc", 0), ("", "ab", 2),
])
def test_damerau(a, b, distance):
    assert damerau(a, b) == distance


@settings(max_examples=400, deadline=None)
@given(st.text("abcde", max_size=9), st.text("abcde", max_size=9), st.integers(0, 4))
def test_a_capped_distance_is_exact_up_to_the_cap(a, b, cap):
    full, capped = damerau(a, b), damerau(a, b, cap)
    assert capped == full if full <= cap else capped > cap


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon(["Bombardment and the Bombardment roll", "capacity of a carrier", "sustain damage"] * 2)


@pytest.mark.parametrize(("typo", "fixed"), [("bombardmnet", "bombardment"), ("capcity", "capacity"),
                                             ("sustian", "sustain"), ("bombardnemt", "bombardment")])
def test_lexicon_corrects_typos(lexicon, typo, fixed):
    assert lexicon.correct(typo) == fixed


@pytest.mark.parametrize("word", ["capacity", "afb", "burn", "xyzzyplugh", "77"])
def test_lexicon_leaves_known_short_and_hopeless_words(lexicon, word):
    assert lexicon.correct(word) is None


def test_two_substitutions_in_a_long_word_are_two_edits():
    # "sabatoge": one delete each side never meets "sabotage"; words of its length and initial do.
    assert Lexicon(["Sabotage cancels an action card"] * 2).correct("sabatoge") == "sabotage"


def test_a_lexicon_remembers_each_words_answer_up_to_its_limit(monkeypatch):
    lexicon = Lexicon(["Sabotage cancels an action card"] * 2)
    asked = []
    nearest = lexicon._nearest
    monkeypatch.setattr(lexicon, "_nearest", lambda word: asked.append(word) or nearest(word))
    monkeypatch.setattr(lexicon, "REMEMBERED", 2)
    answers = [lexicon.correct(w) for w in ("sabatoge", "sabatoge", "cancells", "zzzzzzz", "sabatoge")]
    assert answers == ["sabotage", "sabotage", "cancels", None, "sabotage"]
    # The third new word found the memory full and emptied it, so "sabatoge" was worked out again.
    assert asked == ["sabatoge", "cancells", "zzzzzzz", "sabatoge"]


def test_lexicon_suggests_only_words_used_more_than_once():
    assert Lexicon(["a carrier", "bombardment"] * 2 + ["capacity"]).correct("capcity") is None


def test_vocabulary_is_read_once():
    assert vocab.vocabulary() is vocab.vocabulary()


def test_a_known_name_in_a_question_becomes_a_phrase():
    concepts = understand("can you skilled retreat out of it", vocabulary(), frozenset({"skilled retreat"})).concepts
    assert Concept((stems("skilled retreat"),)) in concepts


def test_a_name_needs_two_words():
    concepts = understand("retreat now", vocabulary(), frozenset({"retreat"})).concepts
    assert all(len(alt) == 1 for c in concepts for alt in c.said)


def test_quote_inside_a_question_is_a_hint_not_a_must():
    question = 'can my pds fire through wormholes using their ability "deep space cannon"'
    assert not any(c.required for c in understand(question, vocabulary()).concepts)


def test_the_words_of_a_name_count_once_between_them():
    # "Space Docks" is the name's phrase, its alias "docks" and the word "space": three concepts
    # that would outweigh the strategy card said beside it ("the Warfare secondary", one concept:
    # the Warfare card), unless its parts count less.
    request = understand("does the warfare secondary let me produce at any of my space docks",
                         vocabulary(), names={"space dock"})
    weight = {c.said[0]: c.weight for c in request.concepts}
    assert weight[("space", "dock")] == 1.0 and weight[("warfar", "secondari")] == 1.0
    assert weight[("dock",)] == weight[("space",)] == vocab.NAME_PART < 0.5


def test_contractions_and_per_are_not_searched():
    # "doesn't" splits into "doesn" and "t"; neither, nor "per", says what a question is about.
    said = [c.said for c in understand("why doesn't my PDS fire once per round", vocabulary()).concepts]
    flat = {term for alternatives in said for alternative in alternatives for term in alternative}
    assert not {"doesn", "per", "t"} & flat
    assert {"fire", "round"} <= flat


def test_contractions_typed_without_apostrophes_are_not_misspellings(default_corpus):
    # "arent" is two edits from "agent": read as a typo, it would turn a question into a leader's.
    known = default_corpus.parser().known
    for typed in ("arent", "couldnt", "wouldnt", "didnt", "wasnt", "havent"):
        assert known.corrected(f"{typed} fighters ships") is None, typed


def test_a_players_word_for_a_card_counts_as_its_name_typed_out():
    # "warsun" standing for one concept of three lost to "dice" and "roll" (Space Cannon's
    # rules) where "war sun" typed out counts as its phrase and, a little, its two words.
    def concepts(text):
        return set(understand(text, vocabulary(), frozenset({"war sun"})).concepts)
    assert concepts("how many dice does a warsun roll") == concepts("how many dice does a war sun roll")
    assert concepts("how many dice does a WS roll") == concepts("how many dice does a war sun roll")


def test_a_name_said_by_one_of_its_own_words_is_not_asked_for_as_the_name():
    # "my dock" is as often where a player builds as what is asked about: its word is asked for, not
    # Space Dock's phrase; "space dock" typed out, or "warsun" joined, is the name itself.
    def phrase(text, name):
        found = understand(text, vocabulary(), frozenset({name})).concepts
        return next((c.weight for c in found if c.said and c.said[0] == tuple(stems(name))), None)
    assert phrase("my dock is blockaded, can I still build fighters there?", "space dock") is None
    assert phrase("my space dock is blockaded, can I still build fighters there?", "space dock") == 1.0
    assert phrase("can a warsun bombard through a shield", "war sun") == 1.0


def test_a_players_word_inside_a_card_name_stays_as_typed():
    # "Ixth" stands for Ixthian Artifact, but in "Heart of Ixth" it is part of another name.
    names = frozenset({"ixthian artifact", "heart of ixth"})
    said = {alt for c in understand("does heart of ixth ready", vocabulary(), names).concepts for alt in c.said}
    assert stems("heart of ixth") in said and ("artifact",) not in said


@pytest.mark.parametrize(("typed", "meant"), [("comand tokens", "command tokens"), ("fightres in space", "fighters in space")])
def test_a_slip_of_one_word_is_corrected_not_split_in_two(default_corpus, typed, meant):
    # "comand" split as "com and" (a web address's "com" and a stopword), and "fightres" as
    # "fight res", left nothing to correct: the search found Frontier Tokens.
    results = default_corpus.search(typed)
    assert results.did_you_mean == meant
    assert default_corpus.parser().known.joined("spacecannon") == "space cannon"  # joined words still split


@pytest.mark.parametrize(("said", "indexed"), [("eliminated", "Elimination"), ("eliminating", "eliminate"),
                                               ("deploy", "deployment"), ("activated", "activate")])
def test_a_word_and_its_other_forms_stem_alike(said, indexed):
    # whoosh's Porter stemmer left "eliminated" as "eliminat" beside "elimination"'s "elimin", and each
    # pair here apart
    assert stems(said) == stems(indexed)


def test_a_newcomer_names_things_by_their_look():
    assert meanings("those gun buildings on his planet") == ["pds", "space cannon"]
    assert meanings("can i spend my gold coins on votes")[:2] == ["trade goods", "agenda"]
    assert meanings("he broke his word") == ["deal"]


def test_the_floating_factories_are_no_space_dock():
    # Saar's Floating Factories, named in the plural, are the card, not a player's word for a space dock.
    assert "space dock" not in meanings("can the floating factories be hit by pds fire")


def test_a_newcomer_calls_strategy_cards_numbered_and_tokens_markers():
    assert meanings("can i pass if i havent used my numbered card") == ["strategy card"]
    assert meanings("do my markers come back at the end of the round") == ["command token"]
    assert meanings("the flag tokens on my planets") == ["control token"]
