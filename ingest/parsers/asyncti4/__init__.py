"""AsyncTI4 component data: card text, faction sheets, units and planets, from one bundle page.

`ingest.pages` packs a snapshot (or a clone of the bot's repository) into one page, since
the files refer to each other; parse() unpacks it and each module turns one concern into rows.
Homebrew entries are flagged here and left out later unless asked for.
"""
from __future__ import annotations

from corpus.model import HOMEBREW_FLAG, Entry
from ingest.bundles import is_bundle, unpack

from . import cards, factions, planets, units
from .common import NAME, Data, load_data
from .entries import PROVISIONAL, build, page_entry

__all__ = ["NAME", "sniff", "parse"]


def sniff(location: str, data: bytes) -> bool:
    """A bundle page made by ingest.bundles."""
    return is_bundle(data)


def parse(location: str, data: bytes) -> list[Entry]:
    """Entries for every component, and the pages they live on."""
    parsed = load_data(unpack(data))
    rows = cards.rows(parsed) + factions.rows(parsed) + units.rows(parsed) + units.shared_rows(parsed)
    rows += planets.rows(parsed)
    upgrades = units.upgrades(parsed)
    for row in rows:
        if row.category == "Technology" and row.item.get("alias") in upgrades:
            row.facts["unit"] = upgrades[row.item["alias"]]
    entries = build(rows, parsed)
    pages = _pages(parsed, entries)
    # A component of a homebrew faction is homebrew, whatever its own source says.
    homebrew = {p.id for p in pages if HOMEBREW_FLAG in p.flags}
    for entry in entries:
        if entry.topic in homebrew and HOMEBREW_FLAG not in entry.flags:
            entry.flags.append(HOMEBREW_FLAG)
    return pages + entries


def _pages(data: Data, entries: list[Entry]) -> list[Entry]:
    """Card-type pages and faction pages (with their sheets) for the entries' topics."""
    pages: dict[str, Entry] = {}
    for page, item, path, sheet in factions.sheets(data):
        homebrew = not data.is_official(item)
        entry = page_entry(page, "faction", item.get("factionName", page), path,
                           {"sheet": sheet, "data_ids": [item["alias"]]}, homebrew)
        entry.expansion = data.expansion(item)
        pages[page] = entry
    titles = dict([*cards.PAGES.values(), units.UNITS_PAGE, planets.PLANETS_PAGE])
    # A page no faction record names is homebrew only if everything on it is.
    official = {e.topic for e in entries if HOMEBREW_FLAG not in e.flags}
    for entry in entries:
        page = entry.topic.removeprefix(PROVISIONAL)
        if page in pages:
            continue
        title = titles.get(page) or page.rsplit("/", 1)[-1].title()
        kind = "faction" if page.startswith("factions/") else "card"
        pages[page] = page_entry(page, kind, title, entry.sources[0].url.split("resources/")[-1],
                                 homebrew=entry.topic not in official)
    return sorted(pages.values(), key=lambda e: e.id)
