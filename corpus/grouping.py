"""Hits by page: the flat list's order with no page crowding the first screen, and the groups."""
from __future__ import annotations

GROUP_HITS = 3  # entries shown under each page
FIRST_PLACES = 3  # the flat list's first hits, kept in rank order: the answers the rerank put there
SPREAD_HITS = 2  # hits of one page after those before every page found has shown as many
MIN_GROUPS = 5  # pages on the first screen, unless the query names one page


def unanswered(fields: dict, loose: frozenset[str]) -> bool:
    """True for an open question on the page made up to gather them: not a page a player wants."""
    return fields.get("kind") == "question" and fields.get("topic") in loose


def spread(items: list, named: str | None = None) -> list:
    """The ranked items, each page's beyond its first SPREAD_HITS (or the more it has in the first
    places) moved after every page's first ones.

    Ten notes of one card would otherwise fill the first ten hits and hide the next pages (three a
    page, as in the groups, still let three pages fill nine of ten: bench/README.md). The first
    FIRST_PLACES items and the order in which pages first appear do not change. The page the
    query names (its jump target's) keeps all its hits in place: that page is what was asked for.
    """
    shown: dict[str, int] = {}
    first: list = []
    rest: list = []
    for place, item in enumerate(items):
        topic = item[1]["topic"]
        shown[topic] = shown.get(topic, 0) + 1
        kept = place < FIRST_PLACES or shown[topic] <= SPREAD_HITS or topic == named
        (first if kept else rest).append(item)
    return first + rest


def grouped(items: list, pages: int) -> list[tuple[str, list]]:
    """Hits by page, pages in the order of their best hit, at most GROUP_HITS under each."""
    groups: dict[str, list] = {}
    for item in items:
        topic = item[1]["topic"]
        if topic in groups or len(groups) < pages:
            bucket = groups.setdefault(topic, [])
            if len(bucket) < GROUP_HITS:
                bucket.append(item)
    return list(groups.items())
