"""Sentence vectors for every entry at ingest, through an on-disk cache keyed by model and text."""
from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from corpus import bert, embed
from corpus.errors import ModelError
from corpus.model import Entry

CACHE_ENV = "MECATOL_CACHE"
CACHE_FILE = "vectors.sqlite3"
# Part of every cache key: change it when the encoder's output changes, so old vectors are not reused.
ENCODER_VERSION = "numpy-bert-1"
ROW_BYTES = embed.DIM * 4
LOOKUP = 500  # keys per SELECT, well under SQLite's limit on bound parameters


@dataclass
class Vectors:
    """An ingest's vectors (None when off), what they were made with, and how."""

    array: np.ndarray | None
    meta: dict = field(default_factory=dict)
    note: str = ""


def cache_dir() -> Path:
    """$MECATOL_CACHE, else ~/.cache/mecatol."""
    return Path(os.environ.get(CACHE_ENV) or Path.home() / ".cache" / "mecatol")


def entry_vectors(entries: list[Entry]) -> Vectors:
    """One unit vector per entry, in entry order; None, with the reason, when there is no model."""
    started = time.perf_counter()
    folder, why = embed.find_model()
    if folder is None:
        return Vectors(None, note=f"semantic vectors off: {why}")
    titles = embed.entry_titles(entries)
    texts = [embed.embed_text(entry, titles) for entry in entries]
    try:
        bert.model_config(folder)  # read even when every vector is cached, as queries will need it
        digest = embed.model_digest(folder)
        array, cached, encoded, cache_note = _vectors(folder, digest, texts)
    except ModelError as exc:
        return Vectors(None, note=f"semantic vectors off: {exc}")
    meta = {"model": folder.parent.name if folder.name == "model" else folder.name, "sha1": digest,
            "encoder": ENCODER_VERSION, "dim": embed.DIM, "dtype": "float32"}
    seconds = time.perf_counter() - started
    note = (f"semantic vectors: {len(texts)} entries, {cached} from the cache, "
            f"{encoded} distinct texts encoded, in {seconds:.1f}s{cache_note}")
    return Vectors(array, meta, note)


def _vectors(folder: Path, digest: str, texts: list[str]) -> tuple[np.ndarray, int, int, str]:
    """The texts' vectors, cached ones read and the rest encoded once each.

    Returns the array, how many texts were found in the cache, how many distinct ones were encoded,
    and a note on the cache when it could not be used.
    """
    keys = [cache_key(digest, text) for text in texts]
    cache = cache_dir() / CACHE_FILE
    try:
        found = read_cache(cache, set(keys))
    except (sqlite3.Error, OSError) as exc:
        found, cache = {}, None
        note = f" (cache {cache_dir() / CACHE_FILE} unusable: {exc}; delete it or set {CACHE_ENV})"
    else:
        note = ""
    cached = sum(key in found for key in keys)
    missing = {key: text for key, text in zip(keys, texts) if key not in found}  # each text once
    if missing:
        encoded = embed.shared_encoder(folder).encode(list(missing.values()))
        new = dict(zip(missing, encoded))
        found.update(new)
        if cache is not None:
            note += _store(cache, new)
    array = np.stack([found[key] for key in keys]) if keys else np.zeros((0, embed.DIM), np.float32)
    return array.astype(np.float32, copy=False), cached, len(missing), note


def _store(cache: Path, new: dict[bytes, np.ndarray]) -> str:
    """Add vectors to the cache; a cache that cannot be written only costs time, so it gives a note."""
    try:
        write_cache(cache, new)
    except (sqlite3.Error, OSError) as exc:
        # A cache "folder" that is a file fails deep in makedirs; name the setting that points at it.
        blocked = next((p for p in cache.parents if p.is_file()), None)
        if blocked is not None:
            return f" (not cached: {blocked} is a file, not a folder; point {CACHE_ENV} at a folder)"
        return f" (not cached: {cache}: {exc})"
    return ""


def cache_key(digest: str, text: str) -> bytes:
    """The cache key of one text's vector: the encoder, the model files and the text."""
    return hashlib.sha1(f"{ENCODER_VERSION}\0{digest}\0{text}".encode("utf-8")).digest()


def _connect(path: Path) -> sqlite3.Connection:
    """The cache database, created if new; concurrent ingests wait for each other's writes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, timeout=60)
    connection.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer
    connection.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB NOT NULL)")
    return connection


def read_cache(path: Path, keys: set[bytes]) -> dict[bytes, np.ndarray]:
    """The cached vectors among keys (a row of the wrong size counts as missing)."""
    if not path.exists() or not keys:
        return {}
    wanted = sorted(keys)
    found: dict[bytes, np.ndarray] = {}
    with closing(_connect(path)) as connection:
        for start in range(0, len(wanted), LOOKUP):
            chunk = wanted[start:start + LOOKUP]
            rows = connection.execute(f"SELECT key, vector FROM vectors WHERE key IN ({','.join('?' * len(chunk))})",
                                      chunk)
            for key, blob in rows:
                if len(blob) == ROW_BYTES:
                    found[key] = np.frombuffer(blob, dtype="<f4")
    return found


def write_cache(path: Path, vectors: dict[bytes, np.ndarray]) -> None:
    """Add vectors in one transaction (a row already there is replaced, which mends a damaged one)."""
    with closing(_connect(path)) as connection, connection:
        connection.executemany("INSERT OR REPLACE INTO vectors (key, vector) VALUES (?, ?)",
                               ((key, np.asarray(vector, dtype="<f4").tobytes()) for key, vector in vectors.items()))
