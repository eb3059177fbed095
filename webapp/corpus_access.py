"""One corpus per worker process, handed out per request like flaskr's get_db().

The corpus is opened on first use, never at import. Each request checks where
the instance's `corpus` symlink points (one realpath, cheap); after a
re-ingest swaps it, the next request loads the new version, no restart needed.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

from flask import Flask, current_app, g

from corpus import Corpus
from corpus.store import CURRENT
from webapp.catalog import Catalog

EXTENSION = "mecatol.corpus"


class CorpusHolder:
    """The current Catalog of one instance folder, reloaded when the symlink moves."""

    def __init__(self, instance: Path):
        self.instance = Path(instance)
        self._catalog: Catalog | None = None
        self._target: str | None = None
        self._retired: list[Catalog] = []
        self._lock = threading.Lock()

    def current(self) -> Catalog:
        """The catalog for the corpus the symlink points at now (NoCorpusError if none)."""
        link = self.instance / CURRENT
        target = os.path.realpath(link)
        if self._catalog is not None and target == self._target:
            return self._catalog
        with self._lock:
            if self._catalog is None or target != self._target:
                self._swap()
            return self._catalog

    def _swap(self) -> None:
        """Load the current version; the old one stays open for requests still using it."""
        catalog = Catalog(Corpus.load(self.instance))  # NoCorpusError when there is none
        if self._catalog is not None:
            self._retired.append(self._catalog)
        # A version two swaps old has no request left on it; close its index files.
        while len(self._retired) > 1:
            self._retired.pop(0).corpus.close()
        # Remember what was actually loaded: the link may have moved again meanwhile.
        self._catalog, self._target = catalog, str(catalog.folder)

    def close(self) -> None:
        """Close every index this holder opened."""
        with self._lock:
            for catalog in self._retired + ([self._catalog] if self._catalog else []):
                catalog.corpus.close()
            self._retired, self._catalog, self._target = [], None, None


def init_app(app: Flask) -> None:
    """Attach a (still closed) holder for the configured instance to the app."""
    app.extensions[EXTENSION] = CorpusHolder(Path(app.config["INSTANCE"]))


def get_catalog() -> Catalog:
    """The catalog for this request: the same version for the whole request."""
    if "catalog" not in g:
        g.catalog = current_app.extensions[EXTENSION].current()
    return g.catalog


def get_corpus() -> Corpus:
    """The corpus for this request."""
    return get_catalog().corpus


def close_app(app: Flask) -> None:
    """Release the app's corpus files (tests and the server call this on shutdown)."""
    app.extensions[EXTENSION].close()
