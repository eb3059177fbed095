"""The LRR topic table: topic number -> slug, title and category."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from corpus.names import fold

# A rule id as the LRR writes it: 77, 77.7, 77.7d, 66.2i.
RULE_ID = re.compile(r"^(?P<topic>\d{1,3})(?:\.(?P<item>\d{1,2})(?P<sub>[a-z]{1,4})?)?$")


@dataclass(frozen=True)
class LrrTopic:
    """One numbered LRR topic as tirules shows it."""

    number: str
    slug: str
    title: str
    category: str | None


@cache
def topics() -> dict[str, LrrTopic]:
    """All 101 numbered topics by number (read once, on first use)."""
    raw = json.loads(resources.files("ingest").joinpath("data/lrr_topics.json").read_text("utf-8"))
    return {num: LrrTopic(num, t["slug"], t["title"], t["category"]) for num, t in raw.items()}


def topic_info(rule_id: str | int) -> LrrTopic | None:
    """The topic a topic number or rule id ("77", "77.7d") belongs to."""
    match = RULE_ID.match(str(rule_id).strip())
    return topics().get(match["topic"]) if match else None


def topic_for_number(rule_id: str | int) -> tuple[str, str] | None:
    """(slug, title) of the topic a topic number or rule id belongs to."""
    info = topic_info(rule_id)
    return (info.slug, info.title) if info else None


def topic_for_title(title: str, category: str | None = None) -> LrrTopic | None:
    """The topic titled so (case-insensitive), else the one topic whose title starts so."""
    wanted = fold(title)
    if not wanted:
        return None
    exact = [t for t in topics().values() if fold(t.title) == wanted]
    if exact:
        # "Technology" is a topic and a strategy card: the category decides, else the plain topic.
        return min(exact, key=lambda t: (fold(t.category or "") != fold(category or ""), int(t.number)))
    starts = [t for t in topics().values() if fold(t.title).startswith(wanted + " ")]
    return starts[0] if len(starts) == 1 else None


def parent_of(rule_id: str) -> str | None:
    """The parent of a rule id: 77.7d -> 77.7, 77.7 -> the topic slug."""
    match = RULE_ID.match(rule_id)
    if not match or not match["item"]:
        return None
    if match["sub"]:
        return f"{match['topic']}.{match['item']}"
    info = topics().get(match["topic"])
    return info.slug if info else None
