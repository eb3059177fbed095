"""What the test workers of one run share (pytest-xdist): a folder, and whole-source ingests taken in turn."""
from __future__ import annotations

import fcntl
import os
from pathlib import Path


def run_root(tmp_path_factory) -> Path:
    """The folder every worker of this run sees: the parent of a worker's base temp, or the base temp alone."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def ingest_in_turn(tmp_path_factory, sources: list[str], folder: Path):
    """Ingest sources into folder, one worker of the run at a time (a lock file they share).

    The first worker encodes the sources' sentence vectors into the run's shared cache; a worker
    that waited finds them there, instead of encoding the same texts on the same cores at once.
    """
    from ingest.run import ingest

    with open(run_root(tmp_path_factory) / "ingest.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, even if the ingest raises
        return ingest(sources, folder)
