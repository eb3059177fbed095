"""The query adapter: a linear map, fitted on players' questions, applied to a query's sentence vector.

The encoder knows English, not how players ask: "my carrier died, what about my fighters?" sits
nearer other chat than the rule on capacity. bench/fit_adapter.py fits one matrix on the written
training questions so that a question's vector, once mapped, lies nearer the entries of
the pages that answer it. Only queries are mapped; the entries keep the vectors made at ingest, so a
new adapter needs no new ingest.
"""
from __future__ import annotations

import logging
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from corpus.errors import AdapterError

log = logging.getLogger(__name__)

ENV = "MECATOL_ADAPTER"  # a file to use instead of the packaged one, or "off"
FILE = Path(__file__).parent / "data" / "adapter.npz"


@dataclass(frozen=True)
class Adapter:
    """A (dim, dim) map for query vectors, and the model whose vectors it was fitted on."""

    matrix: np.ndarray
    model: str  # sha1 of the model's files (corpus.embed.model_digest)

    def apply(self, vector: np.ndarray) -> np.ndarray:
        """The mapped vector, at unit length (read-only: it is shared like the raw ones)."""
        mapped = self.matrix @ vector
        norm = float(np.linalg.norm(mapped))
        out = (mapped / norm if norm > 0 else vector).astype(np.float32)
        out.flags.writeable = False
        return out


def save(path: Path, matrix: np.ndarray, model: str) -> None:
    """Write an adapter file (float32, compressed)."""
    np.savez_compressed(path, matrix=np.asarray(matrix, dtype=np.float32), model=np.array(model))


def read(path: Path, dim: int) -> Adapter:
    """The adapter in this file, or AdapterError naming the file and what is wrong with it."""
    try:
        with np.load(path, allow_pickle=False) as data:
            matrix, model = data["matrix"], str(data["model"])
    except FileNotFoundError:
        raise AdapterError(path, "no such file") from None
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        raise AdapterError(path, f"not an adapter file ({exc})") from None
    if matrix.shape != (dim, dim) or not np.isfinite(matrix).all():
        raise AdapterError(path, f"the matrix is {matrix.shape}, not ({dim}, {dim}) finite numbers")
    return Adapter(matrix.astype(np.float32), model)


def find(digest: str, dim: int) -> Adapter | None:
    """The adapter to use with the model of this digest: $MECATOL_ADAPTER's file or the packaged one;
    None when it is turned off, missing, unreadable or fitted on another model (logged)."""
    setting = os.environ.get(ENV, "")
    if setting.lower() == "off":
        return None
    path = Path(setting) if setting else FILE
    try:
        adapter = read(path, dim)
    except AdapterError as exc:
        log.warning("query adapter off: %s", exc)
        return None
    if adapter.model != digest:
        # Fitted on another model's vectors, it would move queries somewhere meaningless.
        log.warning("query adapter off: %s was fitted on another model (%s, not %s)", path, adapter.model, digest)
        return None
    return adapter
