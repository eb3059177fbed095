"""On-disk HTTP cache: per URL, one body file and one JSON metadata file named by the URL's hash."""
from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CacheEntry:
    """A stored response: what was asked for, where it ended up, its body and validators."""

    url: str
    final_url: str
    body: bytes
    etag: str | None = None
    last_modified: str | None = None

    def validators(self) -> dict[str, str]:
        """Conditional-request headers asking the server whether this copy is still current."""
        headers = {}
        if self.etag:
            headers["If-None-Match"] = self.etag
        if self.last_modified:
            headers["If-Modified-Since"] = self.last_modified
        return headers


class DiskCache:
    """Responses stored under a directory, keyed by URL."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)

    def load(self, url: str) -> CacheEntry | None:
        """The stored entry for a URL, or None when absent, torn or unreadable."""
        body_path, meta_path = self._paths(url)
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            body = body_path.read_bytes()
        except (OSError, ValueError):
            return None
        # A hash collision or a body rewritten without its metadata is treated as a miss.
        if not isinstance(meta, dict) or meta.get("url") != url or meta.get("size") != len(body):
            return None
        final_url = meta.get("final_url") or url
        return CacheEntry(url, final_url, body, meta.get("etag"), meta.get("last_modified"))

    def store(self, entry: CacheEntry) -> None:
        """Write an entry; the metadata goes last so a crash never pairs it with a stale body."""
        self.root.mkdir(parents=True, exist_ok=True)
        body_path, meta_path = self._paths(entry.url)
        meta = {
            "url": entry.url,
            "final_url": entry.final_url,
            "etag": entry.etag,
            "last_modified": entry.last_modified,
            "size": len(entry.body),
        }
        _write_atomically(body_path, entry.body)
        _write_atomically(meta_path, json.dumps(meta, indent=2, sort_keys=True).encode("utf-8"))

    def _paths(self, url: str) -> tuple[Path, Path]:
        """Body and metadata paths for a URL."""
        key = hashlib.sha256(url.encode("utf-8")).hexdigest()
        return self.root / f"{key}.body", self.root / f"{key}.json"


def _write_atomically(path: Path, data: bytes) -> None:
    """Replace a file in one step, so concurrent readers see the old or the new bytes."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
