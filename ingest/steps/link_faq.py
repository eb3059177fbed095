"""FAQ links: the topics and rules each FAQ entry concerns, and the page it lives on."""
from __future__ import annotations

from collections import Counter

from corpus.model import Entry
from ingest.steps.linker import Linker, Target

FALLBACK = "wiki/faq"
FALLBACK_TITLE, FALLBACK_TEXT = "Wiki FAQ", "Rulings collected on the Twilight Imperium wiki."
_KIND_RANK = {"topic": 0, "faction": 1, "card": 2, "section": 3}


def link_faqs(entries: list[Entry]) -> list[Entry]:
    """Set refs and the home topic of every FAQ entry from what it names."""
    linker = Linker(entries)
    for entry in entries:
        if entry.kind == "faq":
            _link(entry, linker)
    return _drop_left_pages(entries) + _fallback_page(entries)


def _link(entry: Entry, linker: Linker) -> None:
    """Refs: named pages, sections and rules; topic: section, page, else most named."""
    page = entry.topic.removeprefix("wiki/")
    named = [t for t in linker.named(entry.section) if t.kind != "rule"]
    by_section = [t for t in named if t.kind != "section"] or named
    # "Technology" names the topic, not the strategy card of the same title.
    by_section = [t for t in by_section if not t.categorised] or by_section
    by_page = [Target(page, page, "topic")] if page in linker.pages else []
    home = {t.topic for t in by_section + by_page}
    mentioned = [m.target for m in linker.mentions(entry.text, home, loose=True)]
    rule_ids, rule_topics = linker.rules(entry.text)
    # Rule numbers come first so that, on a tie, the rule's own topic wins.
    counts = Counter(rule_topics + [t.topic for t in mentioned])
    entry.topic = _best(by_section, counts) or _best(by_page, counts) or _most(counts) or _home(entry, linker)
    refs = {t.ref for t in by_section + by_page + mentioned} | set(rule_ids) | set(rule_topics)
    entry.refs = sorted(set(entry.refs) | refs)


def _best(candidates: list[Target], counts: Counter) -> str | None:
    """Among pages a name matches, the one the text names most (rules pages first on ties)."""
    if not candidates:
        return None
    return min(candidates, key=lambda t: (-counts[t.topic], _KIND_RANK.get(t.kind, 9), t.topic)).topic


def _most(counts: Counter) -> str | None:
    """The page named most often (first named on ties)."""
    return counts.most_common(1)[0][0] if counts else None


def _home(entry: Entry, linker: Linker) -> str:
    """The provisional page if it exists, else the shared wiki FAQ page."""
    return entry.topic if entry.topic in linker.pages or entry.topic == FALLBACK else FALLBACK


def _fallback_page(entries: list[Entry]) -> list[Entry]:
    """The shared wiki FAQ page, when an FAQ ended up there and no step made it yet."""
    used = any(e.topic == FALLBACK for e in entries if e.kind == "faq")
    if not used or any(e.id == FALLBACK for e in entries):
        return []
    return [Entry(id=FALLBACK, kind="page", topic=FALLBACK, title=FALLBACK_TITLE,
                  text=FALLBACK_TEXT, html=FALLBACK_TEXT, order=10_000)]


def _drop_left_pages(entries: list[Entry]) -> list[Entry]:
    """Drop made-up wiki/… pages that no entry lives on once the FAQs have moved."""
    used = {e.topic for e in entries if e.id != e.topic}
    return [e for e in entries
            if not (e.kind == "page" and e.id.startswith("wiki/") and e.id not in used)]
