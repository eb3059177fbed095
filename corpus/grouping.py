"""Hits by page: the flat list's order with no page crowding the first screen, and the groups."""
from __future__ import annotations

GROUP_HITS = 3  # entries shown under each page, and of one page before every page has shown as many
MIN_GROUPS = 5  # pages on the first screen, unless the query names one page


def unanswered(fields: dict, loose: frozenset[str]) -> bool:
    """True for an open question on the page made up to gather them: not a page a player wants."""
    return fields.get("kind") == "question" and fields.get("topic") in loose


def spread(items: list, named: str | None = None) -> list:
    """The ranked items, each page's beyond its first GROUP_HITS moved after every page's first ones.

    Ten notes of one card would otherwise fill the first ten hits and hide the next pages; as in
    the groups, a page shows its best three, and its further hits follow, still in rank order. The
    first GROUP_HITS items and the order in which pages first appear do not change. The page the
    query names (its jump target's) keeps all its hits in place: that page is what was asked for.
    """
    shown: dict[str, int] = {}
    first: list = []
    rest: list = []
    for item in items:
        topic = item[1]["topic"]
        shown[topic] = shown.get(topic, 0) + 1
        (first if shown[topic] <= GROUP_HITS or topic == named else rest).append(item)
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
