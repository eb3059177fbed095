"""Mecatol's corpus: the entry model, the on-disk index, lookup and search."""
from corpus.corpus import Corpus
from corpus.errors import CorpusError, NoCorpusError, UnknownIdError
from corpus.model import Entry, Source

__all__ = ["Corpus", "CorpusError", "Entry", "NoCorpusError", "Source", "UnknownIdError"]
