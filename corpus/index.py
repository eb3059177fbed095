"""The whoosh index: schema, building it from entries, opening it."""
from __future__ import annotations

from pathlib import Path

from whoosh import index as windex
from whoosh.analysis import StemmingAnalyzer
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from corpus.errors import CorpusError
from corpus.model import PAGE_KINDS, Entry

_ANALYZER = StemmingAnalyzer()


def schema() -> Schema:
    """Fields: ids and kinds for filters; title and context boosted over body text."""
    return Schema(
        id=ID(stored=True, unique=True),
        kind=ID(stored=True),
        topic=ID(stored=True),
        source=KEYWORD(stored=True, commas=True),
        authority=ID(stored=True),
        title=TEXT(analyzer=_ANALYZER, field_boost=3.0, stored=True),
        context=TEXT(analyzer=_ANALYZER, field_boost=1.5),
        text=TEXT(analyzer=_ANALYZER, stored=True),
        order=NUMERIC(stored=True),
        page=STORED(),
    )


def build(folder: Path, entries: list[Entry]) -> None:
    """Write a fresh index for these entries into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    idx = windex.create_in(str(folder), schema())
    titles = {e.id: e.title for e in entries if e.kind in PAGE_KINDS}
    by_id = {e.id: e for e in entries}
    writer = idx.writer(limitmb=128)
    for position, entry in enumerate(entries):
        writer.add_document(**document(entry, titles, by_id, position))
    writer.commit(optimize=True)


def document(entry: Entry, titles: dict[str, str], by_id: dict[str, Entry], position: int) -> dict:
    """The indexed form of one entry."""
    parent = by_id.get(entry.parent) if entry.parent else None
    context = [titles.get(entry.topic, ""), entry.category or "", entry.section or ""]
    if parent is not None and parent.kind in ("rule", "section"):
        context.append(parent.title)
    return {
        "id": entry.id,
        "kind": entry.kind,
        "topic": entry.topic,
        "source": ",".join(sorted({s.name for s in entry.sources})),
        "authority": entry.authority,
        "title": entry.title,
        "context": " ".join(c for c in context if c),
        "text": entry.text,
        "order": position,
        "page": titles.get(entry.topic, entry.topic),
    }


def open_index(folder: Path):
    """Open an existing index, with an error that says how to rebuild it."""
    try:
        return windex.open_dir(str(folder))
    except (windex.EmptyIndexError, OSError) as exc:
        raise CorpusError(f"{folder}: no usable search index ({exc}); run `mecatol ingest` again") from exc
