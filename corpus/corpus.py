"""The Corpus: one loaded version — entries by id, pages, and search."""
from __future__ import annotations

import logging
import threading
from collections import defaultdict
from pathlib import Path

import numpy as np

from corpus import adapter, checksums, damage, embed, finder, index, meaning, search, store
from corpus.errors import BrokenIndexError, CorpusError, ModelError, UnknownIdError
from corpus.model import PAGE_KINDS, Entry
from corpus.resolve.planets import planet_key

log = logging.getLogger(__name__)


class Corpus:
    """A read-only view of one corpus version; safe to share between threads."""

    def __init__(self, folder: Path, entries: list[Entry], meta: dict | None = None, adapted: bool = True):
        self.folder = Path(folder)
        self.adapted = adapted  # map query vectors with the query adapter (corpus.adapter), if there is one
        self.meta = meta or {}
        self.entries = entries
        self.by_id = {e.id: e for e in entries}
        self._by_topic: dict[str, list[Entry]] = defaultdict(list)
        self._referenced_by: dict[str, set[str]] = defaultdict(set)
        for entry in entries:
            self._by_topic[entry.topic].append(entry)
            for ref in entry.refs:
                self._referenced_by[ref].add(entry.id)
        self._index = None
        self._parser = None
        self._planets: dict[str, tuple[str, int]] | None = None
        self._folded: dict[str, str] | None = None
        self._local = threading.local()  # one searcher per thread, reused: opening one costs a millisecond
        self._searchers: list = []
        self._damaged: BrokenIndexError | None = None  # why the index could not be opened, once it is known
        self._lock = threading.RLock()  # re-entered: opening the index reads the vectors
        self._vectors: np.ndarray | None = None
        self._vectors_read = False
        self._encoder: embed.Encoder | None = None
        self._encoder_checked = False
        self._adapter: adapter.Adapter | None = None
        # The type-ahead, the results page and its JSON twin ask the same query: encode it once (~8 ms).
        self.query_vectors = embed.Recent(1024)
        self.vectors_problem = ""  # why this version's vectors are not used, once known ("" if none)

    @classmethod
    def load(cls, instance: Path, adapted: bool = True) -> "Corpus":
        """The corpus now current in an instance folder (adapted=False: queries without the adapter)."""
        folder = store.current_dir(Path(instance))
        return cls(folder, store.read_entries(folder), store.read_meta(folder), adapted)

    def get(self, entry_id: str) -> Entry:
        """The entry with this id, or UnknownIdError."""
        try:
            return self.by_id[entry_id]
        except KeyError:
            raise UnknownIdError(entry_id) from None

    def pages(self, kind: str | None = None) -> list[Entry]:
        """Page entries (topics, factions, cards), in index order."""
        found = [e for e in self.entries if e.kind in PAGE_KINDS and (kind is None or e.kind == kind)]
        return sorted(found, key=lambda e: (e.order, e.title))

    def topic(self, slug: str) -> list[Entry]:
        """Every entry of one page, page entry first, in document order."""
        if slug not in self.by_id or self.by_id[slug].kind not in PAGE_KINDS:
            raise UnknownIdError(slug, "page")
        return self._by_topic[slug]

    def planets(self) -> dict[str, tuple[str, int]]:
        """Folded planet name (and the data's aliases) -> (name, resources), for the resolver."""
        if self._planets is None:
            found: dict[str, tuple[str, int]] = {}
            for entry in self.entries:
                if entry.category == "Planet" and "resources" in entry.facts:
                    name = entry.facts.get("planet_name") or entry.title
                    value = (name, int(entry.facts["resources"]))
                    for name in (name, *entry.facts.get("planet_aliases", ())):
                        found.setdefault(planet_key(name), value)
            self._planets = found
        return self._planets

    def referenced_by(self, target: str) -> list[str]:
        """Ids of the entries whose refs name target."""
        return sorted(self._referenced_by.get(target, ()))

    @property
    def vectors(self) -> np.ndarray | None:
        """One unit sentence vector per entry (rows aligned with entries), None if this version has none.

        A version built without the model has none; a missing or damaged file is logged once and
        also gives None, so search goes on without them.
        """
        with self._lock:
            if not self._vectors_read:
                self._vectors = self._read_vectors()
                self._vectors_read = True
            return self._vectors

    def _read_vectors(self) -> np.ndarray | None:
        """The version's vectors file, checked against its entries; None (and why) when unusable."""
        info = self.meta.get("vectors")
        if not info:
            return None
        try:
            return store.read_vectors(self.folder, len(self.entries), int(info.get("dim", embed.DIM)))
        except CorpusError as exc:
            self.vectors_problem = str(exc)
            log.warning("semantic vectors off: %s", exc)
            return None

    def embed_query(self, text: str) -> np.ndarray | None:
        """The query's unit vector, comparable with `vectors`; None when there are none to compare with."""
        return self.embed_queries([text])[0]

    def embed_queries(self, texts: list[str], adapted: bool = True) -> list[np.ndarray | None]:
        """Each text's unit vector (None for a blank one, or all None without vectors to compare with),
        mapped by the query adapter unless `adapted` is False; those not kept from before are encoded
        in one pass, which costs less than one pass each."""
        if self.vectors is None or self.encoder_digest() is None:
            return [None] * len(texts)
        found = {text: self.query_vectors.get(text) for text in texts if text.strip()}
        new = [text for text, vector in found.items() if vector is None]
        for text, vector in zip(new, self._encoder.encode(new) if new else []):
            vector = vector.copy()
            vector.flags.writeable = False  # shared between searches and threads
            self.query_vectors.put(text, vector)
            found[text] = vector
        if adapted and self._adapter is not None:  # the cache keeps raw vectors: the fit reads those
            return [None if found.get(text) is None else self._adapter.apply(found[text]) for text in texts]
        return [found.get(text) for text in texts]

    def encoder_digest(self) -> str | None:
        """The digest of the model queries are encoded with (loaded once), None when there is none to use."""
        with self._lock:
            if not self._encoder_checked:
                self._encoder = self._query_encoder()
                if self._encoder is not None and self.adapted:
                    self._adapter = adapter.find(self._encoder.digest, embed.DIM)
                self._encoder_checked = True
        return None if self._encoder is None else self._encoder.digest

    def _query_encoder(self) -> embed.Encoder | None:
        """The process's encoder (loaded once) if it is the model the vectors were made with; else None, logged.

        A model other than the ingest's (reinstalled, or $MECATOL_MODEL changed) would give vectors
        that look fine and match the wrong entries, so it is not used.
        """
        folder, why = embed.find_model()
        encoder = None
        if folder is not None:
            try:
                encoder = embed.shared_encoder(folder)
            except ModelError as exc:
                why = str(exc)
        if encoder is not None and encoder.digest != self.meta["vectors"].get("sha1"):
            encoder = None
            why = f"the model in {folder} is not the one this corpus was ingested with; run `mecatol ingest` again"
        if encoder is None:
            self.vectors_problem = why
            log.warning("semantic queries off: %s", why)
        return encoder

    def searcher(self):
        """A whoosh searcher over this version's index (close it, or use with)."""
        with self._lock:
            if self._damaged is not None:  # found damaged once: say so again without re-reading it
                raise self._damaged.with_traceback(None)  # the same error, its own message, a fresh traceback
            if self._index is None:
                self._index = self._open()
            try:
                return self._index.searcher()
            except damage.DAMAGE as exc:
                raise damage.broken(self.folder / "index", exc) from None

    def _space(self) -> meaning.Space | None:
        """What search knows of this version's meaning: its vectors and the query encoder, if it has vectors."""
        vectors = self.vectors
        return None if vectors is None else meaning.Space.of(vectors, self.entries, self.embed_queries)

    def _open(self):
        """Open the index and read what search needs from it, remembering any damage found."""
        folder = self.folder / "index"
        try:
            damaged = checksums.changed(self.folder, "index/")
            if damaged:
                raise BrokenIndexError(folder, damaged)
            opened = index.open_index(folder, expected=len(self.entries))
        except BrokenIndexError as exc:
            self._damaged = exc
            raise
        try:  # reading every stored document and length finds most damage at once
            with opened.reader() as reader:
                self._parser = search.make_parser(self.entries, reader, self._space())
        except damage.DAMAGE as exc:
            opened.close()
            error = damage.broken(folder, exc)
            self._damaged = error
            raise error from None
        return opened

    def search(self, query: str, limit: int = 10, kind: str | None = None,
               source: str | None = None, weights: search.Weights = search.WEIGHTS,
               exclude: frozenset[str] = frozenset()) -> finder.Results:
        """Ranked hits for a query, grouped by page; a rule id or page title also gives a jump target, first.

        kind and source filter the hits (source is a Source.name such as "wiki"); weights and
        exclude (entry ids searched as if not indexed) are for fitting and evaluating the ranking.
        """
        text = search.clean_query(query)
        if not text or limit < 1:
            return finder.Results(query=text)
        searcher = self._thread_searcher()
        numbers = self._parser.scores.number
        ask = finder.Ask(text, limit, search.Only(kind, source), weights,
                         frozenset(numbers[i] for i in exclude if i in numbers))
        try:  # damage in a posting list shows only when a query reads it
            return finder.find(self, searcher, self._parser, ask)
        except damage.DAMAGE as exc:
            raise damage.broken(self.folder / "index", exc) from None

    def parser(self) -> search.Parser:
        """What search knows of this version's words and names, read from the index on first use."""
        self._thread_searcher()
        return self._parser

    def _thread_searcher(self):
        """This thread's searcher, opened on its first search and closed with the corpus."""
        searcher = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = self._local.searcher = self.searcher()
            with self._lock:
                self._searchers.append(searcher)
        return searcher

    def lookup(self, entry_id: str) -> str | None:
        """The id of an entry named in any letter case (`77.7D`, `Space-Cannon`), or the topic an LRR
        section number names (`77`: Space Cannon); None if none."""
        if entry_id in self.by_id:
            return entry_id
        if self._folded is None:
            self._folded = {}
            for key in self.by_id:
                self._folded.setdefault(key.lower(), key)
            for page in self.pages("topic"):
                if page.number:  # after the ids: a rule whose id is the number ("13", Attacker) keeps it
                    self._folded.setdefault(page.number, page.id)
        return self._folded.get(entry_id.lower())

    def close(self) -> None:
        """Release the index files."""
        with self._lock:
            for searcher in self._searchers:
                searcher.close()
            self._searchers = []
            self._local = threading.local()
            if self._index is not None:
                self._index.close()
                self._index = None

