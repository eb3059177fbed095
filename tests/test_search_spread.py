"""The flat list of hits shows several pages: no page crowds the first screen (issue 8, item 3)."""
from __future__ import annotations

from collections import Counter

from corpus import grouping


def items(*topics: str) -> list[tuple[float, dict, int]]:
    """Ranked items (score, fields, count) on the given pages, best first."""
    return [(10.0 - n, {"id": f"e{n}", "topic": t}, 1) for n, t in enumerate(topics)]


def test_a_page_beyond_its_first_three_waits_for_the_other_pages():
    spread = grouping.spread(items("a", "a", "a", "a", "a", "b", "a", "c"))
    assert [f["id"] for _, f, _ in spread] == ["e0", "e1", "e2", "e5", "e7", "e3", "e4", "e6"]


def test_after_the_first_three_places_a_page_shows_two_before_the_others_show_theirs():
    spread = grouping.spread(items("a", "b", "a", "b", "b", "a", "c", "b", "d"))
    assert [f["id"] for _, f, _ in spread] == ["e0", "e1", "e2", "e3", "e6", "e8", "e4", "e5", "e7"]


def test_spreading_keeps_few_hits_of_each_page_as_they_were():
    ranked = items("a", "b", "a", "c", "b", "a")
    assert grouping.spread(ranked) == ranked


def test_the_eight_rider_notes_leave_room_for_other_pages(mirror_corpus):
    # Before, near-identical "may still play a ... Rider" notes of one page filled the first ten.
    hits = mirror_corpus.search("can I use a rider after the vote", limit=10).hits
    pages = Counter(h.topic for h in hits)
    assert max(pages.values()) <= grouping.FIRST_PLACES and len(pages) >= grouping.MIN_GROUPS


def test_the_first_hits_and_the_order_of_pages_are_kept(mirror_corpus):
    wide = mirror_corpus.search("can fighters retreat", limit=60).hits
    short = mirror_corpus.search("can fighters retreat", limit=10).hits
    assert [h.id for h in short[:grouping.FIRST_PLACES]] == [h.id for h in wide[:grouping.FIRST_PLACES]]
    order = list(dict.fromkeys(h.topic for h in wide))
    assert list(dict.fromkeys(h.topic for h in short)) == order[:len({h.topic for h in short})]


def test_the_groups_are_the_flat_hits_by_page(mirror_corpus):
    results = mirror_corpus.search("how many action cards can I hold", limit=10)
    grouped = {page: [h.id for h in hits] for page, hits in results.groups}
    flat: dict[str, list[str]] = {}
    for hit in results.hits:
        if hit.topic in grouped:
            flat.setdefault(hit.topic, []).append(hit.id)
    # A page's hits in the first ten are its group's first ones (the group may go on past the ten).
    assert flat and all(grouped[page][:len(ids)] == ids for page, ids in flat.items())


def test_the_page_a_query_names_keeps_its_hits_in_place():
    ranked = items("a", "a", "a", "a", "b", "a")
    assert grouping.spread(ranked, named="a") == ranked
    assert [f["id"] for _, f, _ in grouping.spread(ranked, named="b")] == ["e0", "e1", "e2", "e4", "e3", "e5"]


def test_a_query_that_names_a_page_lists_that_page_first_and_whole(mirror_corpus):
    results = mirror_corpus.search("space cannon", limit=10)
    assert results.jump == "space-cannon" and [h.topic for h in results.hits] == ["space-cannon"] * 10
