"""Mecatol's corpus: the entry model, the on-disk index, lookup and search."""
from corpus.corpus import Corpus
from corpus.errors import BrokenIndexError, CorpusError, NoCorpusError, UnknownIdError
from corpus.model import Entry, Source

__all__ = ["BrokenIndexError", "Corpus", "CorpusError", "Entry", "NoCorpusError", "Source", "UnknownIdError"]
