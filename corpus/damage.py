"""A damaged index: what whoosh raises on a bad file, and the one error we turn it into."""
from __future__ import annotations

import gc
import pickle
import struct
import warnings
import zlib
from pathlib import Path

from whoosh import index as windex

from corpus.errors import BrokenIndexError

# What whoosh raises on a damaged file: cut short, overwritten or missing. Our own bugs
# (KeyError, TypeError…) are not in this list, so they still surface as server errors.
DAMAGE = (OSError, EOFError, struct.error, pickle.UnpicklingError, zlib.error, UnicodeDecodeError,
          windex.IndexError)


def describe(exc: BaseException) -> str:
    """A damage exception as "type: message" (struct's bare `error` named in full)."""
    name = type(exc).__name__
    return f"{'struct.' if isinstance(exc, struct.error) else ''}{name}: {exc}"


def broken(folder: Path, exc: BaseException) -> BrokenIndexError:
    """The error for a damaged index; raise it `from None`.

    whoosh leaves the damaged files open when it fails; dropping the failed frames now
    closes them here, quietly, rather than in a warning at some later garbage collection.
    """
    error = BrokenIndexError(folder, describe(exc))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        exc.__traceback__ = None
        gc.collect()
    return error
