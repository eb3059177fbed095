"""Post-processing: an ordered list of plain functions over all entries."""
from __future__ import annotations

from typing import Callable

import numpy as np

from corpus.model import PAGE_KINDS, Entry
from ingest.errors import IngestError
from ingest.steps.components import attach_components
from ingest.steps.copies import compare_copies
from ingest.steps.crosslink import crosslink
from ingest.steps.home import home_entries
from ingest.steps.link_faq import link_faqs
from ingest.steps.merge import merge_duplicates, merge_same_rulings
from ingest.steps.restated import merge_restated
from ingest.steps.rulings import attach_rulings
from ingest.steps.xrefs import link_refs

Step = Callable[[list[Entry]], list[Entry]]


def order_entries(entries: list[Entry]) -> list[Entry]:
    """Deterministic order: pages in index order, each followed by its entries."""
    page_order = {e.id: (e.order, e.title) for e in entries if e.kind in PAGE_KINDS}
    default = (10**9, "")

    def key(entry: Entry):
        # Within a page: the page's own rules and notes in document order, then
        # entries from other sources (wiki sections, FAQs), then open questions.
        return (page_order.get(entry.topic, default), entry.topic,
                entry.kind not in PAGE_KINDS, _family(entry), entry.order, entry.id)

    return sorted(entries, key=key)


def _family(entry: Entry) -> int:
    """0 for entries a rules page gives, 1 for wiki entries, 2 for open questions."""
    if entry.kind == "question":
        return 2
    names = {s.name for s in entry.sources}
    return 0 if names & {"tirules", "tirules-text", "official-rules"} else 1


def check_ids(entries: list[Entry]) -> list[Entry]:
    """Every id unique and every topic a page that exists."""
    pages = {e.id for e in entries if e.kind in PAGE_KINDS}
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise IngestError(f"duplicate id {entry.id!r} after merging")
        seen.add(entry.id)
        if entry.topic not in pages:
            raise IngestError(f"entry {entry.id!r} names topic {entry.topic!r}, which no page defines")
    return entries


BEFORE_RULINGS: tuple[Step, ...] = (
    merge_duplicates, merge_same_rulings, compare_copies, attach_components, link_faqs, merge_restated, home_entries,
)
AFTER_RULINGS: tuple[Step, ...] = (crosslink, link_refs, order_entries, check_ids)


def run_steps(entries: list[Entry], vectors: Callable[[list[Entry]], np.ndarray | None] = lambda _: None) -> list[Entry]:
    """Apply each step in turn; rulings find their rules with the entries' sentence vectors (`vectors`)."""
    for step in BEFORE_RULINGS:
        entries = step(entries)
    entries = attach_rulings(entries, vectors(entries))
    for step in AFTER_RULINGS:
        entries = step(entries)
    return entries
