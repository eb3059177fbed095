"""Copies: when several copies of one page were read, say what each one lacks."""
from __future__ import annotations

from collections import defaultdict

from corpus.model import PAGE_KINDS, Entry

FLAG = "copies-differ"


def compare_copies(entries: list[Entry]) -> list[Entry]:
    """On each page given by several sources, record the entries a copy lacks."""
    by_topic: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        by_topic[entry.topic].append(entry)
    for entry in entries:
        if entry.kind in PAGE_KINDS and len(entry.sources) > 1:
            _compare(entry, by_topic[entry.id])
    return entries


def _compare(page: Entry, members: list[Entry]) -> None:
    """Each source that gave the page itself should give all of the page's entries."""
    for source in page.sources:
        missing = sorted(e.id for e in members if e is not page and source not in e.sources)
        if missing:
            page.variants.append({"source": source.to_dict(), "missing": missing})
            if FLAG not in page.flags:
                page.flags.append(FLAG)


def describe(entries: list[Entry]) -> list[str]:
    """One line per page copy that lacks entries, for the change report."""
    lines = []
    for page in entries:
        for variant in page.variants if FLAG in page.flags else []:
            if "missing" in variant:
                source = variant["source"]
                label = source.get("version") or source.get("url")
                missing = variant["missing"]
                shown = ", ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
                lines.append(f"{page.id}: the copy from {source['name']} ({label}) lacks "
                             f"{len(missing)} entries: {shown}")
    return lines
