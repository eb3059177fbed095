"""The shortcuts ingest takes for speed find exactly what the plain way finds."""
from __future__ import annotations

import re

from corpus import names
from corpus.masking import Masker

TITLES = ["Space Cannon", "Anti-Fighter Barrage", "PDS", "Production", "Shields Holding", "Shields",
          "War Sun", "War Funding", "Neighbors", "The Crown of Emphidia", "Rally to the Cause"]
PROSE = ("PDS fire Space Cannon 5 (x3) and anti–fighter barrages; Production x. Shields Holding shields "
         "a War Sun's neighbours, adjacent War Funding, the crown of emphidia, rally to the causes 7 x")


def test_skipping_phrases_no_title_ends_with_finds_the_same_titles():
    known = {names.fold(t) for t in TITLES}
    firsts, lasts = names.first_words(known), names.last_words(known)
    plain = names.find_titles(PROSE, known, firsts)
    assert names.find_titles(PROSE, known, firsts, lasts) == plain
    assert {folded for _, _, folded in plain} >= {"space cannon", "anti fighter barrage", "war sun",
                                                   "crown of emphidia", "rally to the cause"}


def test_names_masked_through_the_trie_as_through_longest_first_alternatives():
    masker = Masker(TITLES)
    longest_first = sorted(TITLES, key=lambda n: (-len(n), n))
    plain = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, longest_first)) + r")(?!\w)")
    assert masker.pattern.findall(PROSE) == plain.findall(PROSE)
    assert "Shields Holding" in masker.pattern.findall(PROSE)
