"""What the test workers of one run share (pytest-xdist): a folder, and whole-source ingests taken in turn."""
from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path


def run_root(tmp_path_factory) -> Path:
    """The folder every worker of this run sees: the parent of a worker's base temp, or the base temp alone."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def in_turn(tmp_path_factory, name: str):
    """Hold a lock shared by every worker of the run, so one does the work while the others wait."""
    with open(run_root(tmp_path_factory) / f"{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ingest_in_turn(tmp_path_factory, sources: list[str], folder: Path):
    """Ingest sources into folder, one worker at a time.

    The first worker encodes the sources' sentence vectors into the run's shared cache; a worker
    that waited finds them there, instead of encoding the same texts on the same cores at once.
    """
    from ingest.run import ingest

    with in_turn(tmp_path_factory, "ingest"):
        return ingest(sources, folder)
