"""The whoosh index: schema, building it from entries, opening it."""
from __future__ import annotations

import math
import tempfile
import threading
from pathlib import Path

from whoosh import index as windex
from whoosh.analysis import CharsetFilter, StemFilter, StemmingAnalyzer
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema
from whoosh.lang.porter2 import stem as porter2
from whoosh.query import Phrase
from whoosh.support.charset import accent_map

from corpus.damage import DAMAGE, broken
from corpus.errors import BrokenIndexError, StaleIndexError
from corpus.model import HOMEBREW_FLAG, PAGE_KINDS, Entry
from corpus.masking import Masker
from corpus.scratch import ScratchRamStorage

# Index and queries alike: lower case, no stopwords, stems, and accents dropped, as a query's words are
# (corpus.names.words), so "café" in a source is found by "café" and by "cafe". Porter2: whoosh's Porter
# stems "eliminated" to "eliminat" but "elimination" to "elimin", so "Am I eliminated?" missed that page.
ANALYZER = StemmingAnalyzer(stemfn=porter2) | CharsetFilter(accent_map)


# Kinds whose title is a real name (a page, a card or ability, a FAQ question); other
# titles are the opening words of the text cut short, already indexed as text.
_NAMED_KINDS = frozenset(PAGE_KINDS) | {"section", "faq"}
MAX_HEADING_WORDS = 8
MAX_DEPTH = 8  # ancestors followed; bounds a parent cycle


def schema() -> Schema:
    """Fields: ids and kinds for filters; title, rule ids and headings boosted over body text."""
    return Schema(
        id=ID(stored=True, unique=True),
        kind=ID(stored=True),
        topic=ID(stored=True),
        source=KEYWORD(stored=True, commas=True),
        authority=ID(stored=True),
        rule=KEYWORD(lowercase=True),
        title=TEXT(analyzer=ANALYZER, stored=True),
        context=TEXT(analyzer=ANALYZER),
        text=TEXT(analyzer=ANALYZER, stored=True),
        order=NUMERIC(stored=True),
        page=STORED(),
        unit=STORED(),
        homebrew=STORED(),
    )


def build(folder: Path, entries: list[Entry]) -> None:
    """Write a fresh index for these entries into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    # Written in memory, then saved: on disk whoosh looks for a column file once per posting.
    with tempfile.TemporaryDirectory(prefix=".scratch-", dir=folder) as scratch:
        storage = ScratchRamStorage(Path(scratch))
        idx = storage.create_index(schema())
        titles = {e.id: e.title for e in entries if e.kind in PAGE_KINDS}
        by_id = {e.id: e for e in entries}
        masker = name_masker(entries)
        writer = idx.writer(limitmb=128)
        for position, entry in enumerate(entries):
            writer.add_document(**document(entry, titles, by_id, position, masker.mask))
        writer.commit(optimize=True)
    for name in storage.list():
        (folder / name).write_bytes(storage.files[name])


def name_masker(entries: list[Entry]):
    """The card and ability names of these entries, to index as names (see corpus.masking)."""
    return Masker((e.title for e in entries if e.kind == "section"),
                  keep=(e.title for e in entries if e.kind in PAGE_KINDS))


def document(entry: Entry, titles: dict[str, str], by_id: dict[str, Entry], position: int,
             mask=lambda text: text) -> dict:
    """The indexed form of one entry; mask rewrites card names in indexed (not stored) text."""
    chain = ancestors(entry, by_id)
    context = [titles.get(entry.topic, ""), entry.category or "", entry.section or ""]
    context += [a.title for a in chain if is_heading(a)]
    return {
        "id": entry.id,
        "kind": entry.kind,
        "topic": entry.topic,
        "source": ",".join(sorted({s.name for s in entry.sources})),
        "authority": entry.authority,
        "rule": " ".join(e.id for e in [entry, *chain] if e.kind == "rule"),
        "title": mask(entry.title) if is_heading(entry) else "",
        "_stored_title": entry.title,
        "context": mask(" ".join(c for c in context if c)),
        "text": mask(entry.whole_text),
        "_stored_text": entry.whole_text,
        "order": position,
        "page": titles.get(entry.topic, entry.topic),
        "unit": unit(entry, chain, by_id),
        "homebrew": HOMEBREW_FLAG in entry.flags,
    }


def unit(entry: Entry, chain: list[Entry], by_id: dict[str, Entry]) -> str:
    """What an entry belongs to as a whole: its rules topic, or the card or ability it is under.

    Card and faction pages are collections of unrelated cards and abilities, and made-up
    pages gather anything, so only their sections are wholes ("" when there is none).
    """
    page = by_id.get(entry.topic)
    if page is not None and page.kind == TOPIC_KIND:
        return entry.topic
    return next((e.id for e in [entry, *chain] if e.kind == "section"), "")


def ancestors(entry: Entry, by_id: dict[str, Entry]) -> list[Entry]:
    """Parent, grandparent… up to the page, nearest first (a cycle cannot loop)."""
    chain: list[Entry] = []
    parent = by_id.get(entry.parent) if entry.parent else None
    while parent is not None and parent.kind not in PAGE_KINDS and len(chain) < MAX_DEPTH:
        chain.append(parent)
        parent = by_id.get(parent.parent) if parent.parent else None
    return chain


def is_heading(entry: Entry) -> bool:
    """True when the title names the entry rather than quoting its first words."""
    if entry.kind in _NAMED_KINDS or entry.heading:
        return True
    # Short whole-sentence rule titles are headings ("Space Cannon Offense").
    return (entry.kind == "rule" and not entry.title.endswith("…")
            and len(entry.title.split()) <= MAX_HEADING_WORDS)


def open_index(folder: Path, expected: int | None = None):
    """Open an existing index, checking it holds `expected` documents; errors say how to rebuild it."""
    try:
        idx = windex.open_dir(str(folder))
        count = idx.doc_count_all()
    except DAMAGE as exc:
        raise broken(folder, exc) from None
    if expected is not None and count != expected:
        idx.close()
        raise BrokenIndexError(folder, f"{count} documents for {expected} entries")
    if _stemmer(idx.schema) is not porter2:
        idx.close()  # its words would not match a query's: an index from before the stemmer changed
        raise StaleIndexError(folder)
    return idx


def _stemmer(schema: Schema):
    """The stem function the index's text was analysed with (whoosh keeps the schema in the index)."""
    analyzer = schema["text"].analyzer if "text" in schema else None
    return next((item.stemfn for item in getattr(analyzer, "items", ()) if isinstance(item, StemFilter)), None)


# BM25 parameters: K1 saturates repeated words, B normalises for length.
K1, B = 1.2, 0.75
MAX_CACHED = 20_000
TOPIC_KIND = "topic"
# Field weights, applied to each field's BM25 score when a query is scored: a name or a
# heading says what an entry is about more surely than its body text does.
FIELD_WEIGHTS = {"title": 2.0, "context": 0.5, "text": 1.0}
TEXT_FIELDS = tuple(FIELD_WEIGHTS)


class TermScores:
    """BM25F scores per term, for entries and for whole topics, read from one index's postings.

    Scores are cached per term: the index never changes. A unit (a rules topic, or one card
    or ability) is scored as if its entries were one document, so a question whose words
    spread over a topic's rules and notes still finds it.
    """

    def __init__(self, reader):
        # An index written by an older schema may lack a field: score the ones it has.
        self.fields = tuple(f for f in TEXT_FIELDS if f in reader.schema)
        self.count = reader.doc_count_all()
        self.docs = [reader.stored_fields(d) for d in range(self.count)]
        self.topics = [doc.get("topic", "") for doc in self.docs]
        self.units = [doc.get("unit") or "" for doc in self.docs]
        self.number = {doc.get("id"): d for d, doc in enumerate(self.docs)}
        lengths = {f: [reader.doc_field_length(d, f) or 0 for d in range(self.count)] for f in self.fields}
        self._docs = {f: _Norm(dict(enumerate(ls))) for f, ls in lengths.items()}
        self._units = {f: _Norm(_sums(self.units, ls, skip="")) for f, ls in lengths.items()}
        self._cache: dict[tuple, dict] = {}
        # Searches run on many threads at once; the lock makes "full? start over, then store" one step.
        self._lock = threading.Lock()

    def _remember(self, key: tuple, scores):
        """Cache scores; quoted phrases are unbounded, so a full cache starts over."""
        with self._lock:
            if len(self._cache) >= MAX_CACHED:
                self._cache.clear()
            self._cache[key] = scores
        return scores

    def frequency(self, reader, text: str) -> int:
        """Entries holding a term in any scored field (cached: each query word's rarity is asked)."""
        found = self._cache.get(("df", text))
        if found is None:
            found = self._remember(("df", text), sum(reader.doc_frequency(f, text) for f in self.fields))
        return found

    def term(self, reader, text: str) -> dict[int, float]:
        """Doc number -> BM25 score summed over the text fields, each times its weight."""
        found = self._cache.get(("term", text))
        return self._read(reader, text)[0] if found is None else found

    def unit_term(self, reader, text: str, exclude: frozenset[int] = frozenset()) -> dict[str, float]:
        """Unit -> BM25 score of the term in all the unit's entries together (but excluded docs)."""
        if exclude:  # leave-one-out evaluation: not cached
            units: dict[str, float] = {}
            for field in self.fields:
                postings = {d: f for d, f in _postings(reader, field, text).items() if d not in exclude}
                _add(units, self._units[field].bm25(_sums(self.units, postings, skip="")), FIELD_WEIGHTS[field])
            return units
        found = self._cache.get(("unit", text))
        return self._read(reader, text)[1] if found is None else found

    def _read(self, reader, text: str) -> tuple[dict[int, float], dict[str, float]]:
        """Score a term's postings for entries and units, and cache both."""
        docs: dict[int, float] = {}
        units: dict[str, float] = {}
        for field in self.fields:
            postings, weight = _postings(reader, field, text), FIELD_WEIGHTS[field]
            _add(docs, self._docs[field].bm25(postings), weight)
            _add(units, self._units[field].bm25(_sums(self.units, postings, skip="")), weight)
        return self._remember(("term", text), docs), self._remember(("unit", text), units)

    def phrase(self, searcher, terms: tuple[str, ...]) -> dict[int, float]:
        """Docs with the terms in a row in some text field, scored as the sum of the terms."""
        key = ("phrase", terms)
        found = self._cache.get(key)  # one read: another thread may clear the cache in between
        if found is not None:
            return found
        docs: set[int] = set()
        for field in self.fields:  # a merged term ("hold|holding_0") is in a phrase as its name
            docs.update(Phrase(field, [t.split("|")[-1] for t in terms]).matcher(searcher).all_ids())
        parts = [self.term(searcher.reader(), t) for t in terms]
        return self._remember(key, {d: sum(p.get(d, 0.0) for p in parts) for d in docs})

    def unit_phrase(self, searcher, terms: tuple[str, ...], exclude: frozenset[int] = frozenset()) -> dict[str, float]:
        """Units with the phrase in some entry, scored as the sum of the terms over the unit."""
        found = {self.units[d] for d in self.phrase(searcher, terms) if d not in exclude} - {""}
        parts = [self.unit_term(searcher.reader(), t, exclude) for t in terms]
        return {t: sum(p.get(t, 0.0) for p in parts) for t in found}

    def keyword(self, reader, field: str, text: str, score: float) -> dict[int, float]:
        """Docs whose keyword field holds text, each with the same score."""
        if field not in reader.schema or (field, text) not in reader:
            return {}
        return dict.fromkeys(reader.postings(field, text).all_ids(), score)


def _postings(reader, field: str, text: str) -> dict[int, float]:
    """Doc number -> frequency of a term in a field; "a|b" is a and b as one term."""
    found: dict[int, float] = {}
    for part in text.split("|"):
        if (field, part) not in reader:
            continue
        matcher = reader.postings(field, part)
        while matcher.is_active():
            found[matcher.id()] = found.get(matcher.id(), 0.0) + matcher.weight()
            matcher.next()
    return found


class _Norm:
    """Lengths of a set of documents (entries, or topics), for BM25."""

    def __init__(self, lengths: dict):
        self.lengths = lengths
        self.count = len(lengths)
        self.average = (sum(lengths.values()) / self.count if self.count else 0.0) or 1.0

    def bm25(self, weights: dict) -> dict:
        """BM25 scores of one term from its frequency per document."""
        if not weights:
            return {}
        idf = math.log(1 + (self.count - len(weights) + 0.5) / (len(weights) + 0.5))
        lengths, average = self.lengths, self.average
        return {key: idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[key] / average))
                for key, tf in weights.items()}


def _sums(keys: list[str], values, skip: str | None = None) -> dict[str, float]:
    """Values summed per key (per-document numbers to per-topic numbers), leaving out skip."""
    sums: dict[str, float] = {}
    items = values.items() if isinstance(values, dict) else enumerate(values)
    for doc, value in items:
        if keys[doc] != skip:
            sums[keys[doc]] = sums.get(keys[doc], 0.0) + value
    return sums


def _add(total: dict, part: dict, weight: float = 1.0) -> None:
    """Add part's scores, times weight, into total."""
    for key, value in part.items():
        total[key] = total.get(key, 0.0) + value * weight
