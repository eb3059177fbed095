"""Rows to entries: copies counted, printings folded into one card, homebrew flagged."""
from __future__ import annotations

from corpus.model import HOMEBREW_FLAG, Entry, Source
from corpus.names import comparable
from ingest.normalize import card_text, clean
from ingest.slugs import slugify

from .common import NAME, PRECEDENCE, REPO_URL, Data, Row, fold_name, split_note

# Marks an entry (or page) from component data for the components step.
COMPONENT_FLAG = "component"
# Component pages and entries carry provisional ids until that step places them, so the
# id-merge step does not fold a component page into the rules page of the same name.
PROVISIONAL = "~"
ORDER_BASE = 100_000  # after the rules' own sections on a page


def build(rows: list[Row], data: Data) -> list[Entry]:
    """One entry per (page, folded name), official and homebrew apart."""
    groups: dict[tuple[str, str, bool], list[Row]] = {}
    for row in rows:
        if row.name and (row.text.strip() or "unit" in row.facts):
            key = (row.page, fold_name(row.name), data.is_official(row.item))
            groups.setdefault(key, []).append(row)
    return [_entry(group, official, data, ORDER_BASE + n)
            for n, ((_, _, official), group) in enumerate(groups.items())]


def _rank(row: Row) -> int:
    """Position of a row's printing in PRECEDENCE (homebrew last)."""
    source = row.item.get("source")
    return PRECEDENCE.index(source) if source in PRECEDENCE else len(PRECEDENCE)


def _entry(group: list[Row], official: bool, data: Data, order: int) -> Entry:
    """The card as its preferred printing shows it, with a count and older printings as variants."""
    group = sorted(group, key=_rank)
    best = group[0]
    text, note = split_note(best.text)
    body = card_text(text)
    facts = dict(best.facts)
    same = [r for r in group if r.item.get("source") == best.item.get("source") and r.text == best.text]
    if len(same) > 1:
        facts["count"] = len(same)
    notes = [note, *(clean(str(r.item["notes"])) for r in same[:1] if r.item.get("notes"))]
    if any(notes):
        facts["data_note"] = " ".join(n for n in notes if n)
    if "unit" in facts:  # a unit's values are shown as a table, under its printed ability if any
        facts["printed"] = bool(body.text)
    ids = sorted({str(r.item.get("alias") or r.item.get("id")) for r in group})
    facts["data_ids"] = ids
    facts["printed_name"] = clean(best.name)
    return Entry(
        id=f"{PROVISIONAL}{best.page}/{slugify(best.name)}" + ("" if official else "--homebrew"),
        kind="section", topic=PROVISIONAL + best.page, parent=PROVISIONAL + best.page, title=clean(best.name),
        text=body.text, html=body.html, sources=[source(best.path)], category=best.category,
        order=order, authority="card-text", expansion=data.expansion(best.item),
        window=clean(best.window) if best.window else None, phase=best.phase or None,
        facts=facts, variants=_variants(group[1:], body.text, data),
        flags=[COMPONENT_FLAG] + ([] if official else [HOMEBREW_FLAG]),
    )


def _variants(rows: list[Row], text: str, data: Data) -> list[dict]:
    """Other printings' texts (a Codex's older card, a Twilight's Fall version), once each."""
    seen = {comparable(text)}
    variants = []
    for row in rows:
        other = card_text(split_note(row.text)[0]).text
        if other and comparable(other) not in seen:
            seen.add(comparable(other))
            variant = {"source": source(row.path).to_dict(), "text": other,
                       "expansion": data.expansion(row.item), "name": clean(row.name)}
            variants.append(variant | ({"codex_card": True} if row.facts.get("codex_card") else {}))
    return variants


def source(path: str) -> Source:
    """Provenance: the file in the bot's repository."""
    return Source(NAME, REPO_URL + path, "")


def page_entry(page: str, kind: str, title: str, path: str, facts: dict | None = None,
               homebrew: bool = False) -> Entry:
    """A page the components live on; the components step merges it into the rules' page."""
    return Entry(id=PROVISIONAL + page, kind=kind, topic=PROVISIONAL + page, title=clean(title), text="", sources=[source(path)],
                 order=ORDER_BASE, authority="card-text", facts=facts or {},
                 flags=[COMPONENT_FLAG] + ([HOMEBREW_FLAG] if homebrew else []))
