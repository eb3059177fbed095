"""On-disk corpus versions, swapped in atomically through a symlink."""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from corpus import checksums
from corpus.errors import CorpusError, NoCorpusError
from corpus.model import Entry

CURRENT = "corpus"          # instance/corpus -> versions/<name>
VERSIONS = "versions"
ENTRIES = "entries.jsonl"
META = "meta.json"
VECTORS = "vectors.npy"     # one float32 sentence vector per entry, in entry order (absent: no model)
KEEP = 3                    # versions kept, so a running server's open index survives a swap
LOCK = ".ingest.lock"       # holds the running ingest's pid, start time and command line
_held: set[str] = set()     # lock files this process holds: publish() inside ingest() takes it again


def current_dir(instance: Path) -> Path:
    """The directory of the corpus now being served; NoCorpusError if none."""
    link = Path(instance) / CURRENT
    if not link.exists():
        raise NoCorpusError(instance)
    return link.resolve()


def write_entries(folder: Path, entries: Iterable[Entry]) -> int:
    """Write entries as sorted-key JSON lines; returns how many."""
    count = 0
    with open(folder / ENTRIES, "w", encoding="utf-8") as out:
        for entry in entries:
            out.write(json.dumps(entry.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
            count += 1
    return count


def read_entries(folder: Path) -> list[Entry]:
    """Entries of one corpus version, in their stored order."""
    path = Path(folder) / ENTRIES
    damage = checksums.changed(folder, ENTRIES)
    if damage:
        raise CorpusError(f"{path}: unreadable corpus ({damage}); run `mecatol ingest` again")
    try:
        with open(path, encoding="utf-8") as lines:
            return [Entry.from_dict(json.loads(line)) for line in lines if line.strip()]
    except (OSError, ValueError, TypeError) as exc:
        raise CorpusError(f"{path}: unreadable corpus ({exc}); run `mecatol ingest` again") from exc


def write_vectors(folder: Path, vectors: np.ndarray) -> None:
    """Write the entries' sentence vectors as a float32 .npy file."""
    np.save(Path(folder) / VECTORS, np.ascontiguousarray(vectors, dtype=np.float32), allow_pickle=False)


def read_vectors(folder: Path, count: int, dim: int) -> np.ndarray:
    """The version's sentence vectors, checked against its entry count; CorpusError when unreadable."""
    path = Path(folder) / VECTORS
    damage = checksums.changed(folder, VECTORS)
    if damage:
        raise CorpusError(f"{path}: unreadable sentence vectors ({damage}); run `mecatol ingest` again")
    try:
        vectors = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError) as exc:
        raise CorpusError(f"{path}: unreadable sentence vectors ({exc}); run `mecatol ingest` again") from exc
    if vectors.dtype != np.float32 or vectors.shape != (count, dim):
        raise CorpusError(f"{path}: {vectors.dtype} vectors of shape {vectors.shape}, expected float32 "
                          f"({count}, {dim}), one per entry; run `mecatol ingest` again")
    return vectors


def read_meta(folder: Path) -> dict:
    """The version's metadata (counts, sources, build time)."""
    try:
        return json.loads((Path(folder) / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def publish(instance: Path, entries: list[Entry], meta: dict,
            build_index: Callable[[Path, list[Entry]], None], vectors: np.ndarray | None = None) -> Path:
    """Build a new version beside the current one and switch to it atomically (vectors: one row per entry)."""
    instance = Path(instance)
    versions = instance / VERSIONS
    versions.mkdir(parents=True, exist_ok=True)
    with ingest_lock(instance):
        _clean_debris(instance, versions)
        tmp = versions / f".tmp-{uuid.uuid4().hex[:8]}"
        tmp.mkdir()
        try:
            write_entries(tmp, entries)
            if vectors is not None:
                write_vectors(tmp, vectors)
            (tmp / META).write_text(json.dumps(meta, indent=1, sort_keys=True), encoding="utf-8")
            build_index(tmp / "index", entries)
            checksums.record(tmp)
            final = versions / version_name()
            tmp.rename(final)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        _switch(instance, final)
        _prune(versions, final)
    return final


def roll_back(instance: Path) -> Path:
    """Serve again the newest version older than the one served (a running server picks it up as it does an
    ingest); CorpusError when none is kept. The version left stays on disk until the next ingest clears it."""
    instance = Path(instance)
    with ingest_lock(instance):
        link = instance / CURRENT
        served = link.resolve().name if link.is_symlink() else ""
        folder = instance / VERSIONS
        kept = sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")) \
            if folder.is_dir() else []
        older = [p for p in kept if served and p.name < served]
        if not older:
            raise CorpusError(f"{instance}: no corpus older than the one served ({served or 'none'}) is kept; "
                              f"the last {KEEP} ingests are")
        _switch(instance, older[-1])
        return older[-1]


def version_name() -> str:
    """A new version's folder name; names sort in the order versions were built (microseconds)."""
    now = time.time_ns() // 1000
    return time.strftime("%Y%m%dT%H%M%S", time.gmtime(now // 10**6)) + f".{now % 10**6:06d}-{uuid.uuid4().hex[:6]}"


def _switch(instance: Path, target: Path) -> None:
    """Point instance/corpus at target in one rename (atomic on POSIX)."""
    new_link = instance / f".{CURRENT}-{uuid.uuid4().hex[:8]}"
    os.symlink(os.path.relpath(target, instance), new_link)
    os.replace(new_link, instance / CURRENT)


def _prune(versions: Path, keep: Path) -> None:
    """Remove all but the newest KEEP versions."""
    done = sorted((p for p in versions.iterdir() if p.is_dir() and not p.name.startswith(".")),
                  key=lambda p: p.name, reverse=True)
    for old in done[KEEP:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def _clean_debris(instance: Path, versions: Path) -> None:
    """Leftovers of an ingest killed midway (we hold the lock, so none is in progress).

    Half-built versions, a link made but never renamed over instance/corpus, and a version
    renamed into place but never switched to (newer than the one served) all go.
    """
    for tmp in versions.glob(".tmp-*"):
        shutil.rmtree(tmp, ignore_errors=True)
    for link in instance.glob(f".{CURRENT}-*"):
        if link.is_symlink():
            link.unlink()
    link = instance / CURRENT
    served = link.resolve().name if link.is_symlink() else ""
    for version in versions.iterdir():
        if version.is_dir() and not version.name.startswith(".") and version.name > served:
            shutil.rmtree(version, ignore_errors=True)


@contextmanager
def ingest_lock(instance: Path):
    """One ingest at a time per instance folder; a second one fails at once, naming the first."""
    instance = Path(instance)
    instance.mkdir(parents=True, exist_ok=True)
    path = instance / LOCK
    key = str(path.resolve())
    if key in _held:
        yield
        return
    with open(path, "a+", encoding="utf-8") as handle:  # "a+": do not wipe the holder's name first
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise CorpusError(f"{instance}: another ingest is running ({holder}); "
                              "wait for it to finish, then try again") from exc
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}: {' '.join(sys.argv)}")
        handle.flush()
        _held.add(key)
        try:
            yield
        finally:
            _held.discard(key)
