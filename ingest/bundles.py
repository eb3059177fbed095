"""Bundles: a folder of component data read as one page, so one parse sees all of it.

The AsyncTI4 bot keeps its cards, factions and planets in hundreds of small JSON files that
refer to each other (a faction lists its leaders by id), so they are packed into one page.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

MAGIC = b"MECATOL-BUNDLE asyncti4\n"
# Where the data sits: a snapshot (data/ + planets/) or a clone of the bot's repository.
_CLONE_ROOT = Path("src/main/resources")
_MARKER = Path("data/sources/sources.json")
_FOLDERS = ("data", "planets")


def bundle_root(folder: Path) -> Path | None:
    """The data root under a folder that is a snapshot or a clone of the bot, else None."""
    for root in (folder, folder / _CLONE_ROOT):
        if (root / _MARKER).is_file():
            return root
    return None


def nested_roots(folder: Path) -> list[Path]:
    """Snapshot roots anywhere below a folder (a mirror folder holding one)."""
    return sorted(marker.parents[2] for marker in folder.rglob(str(_MARKER)))


def is_bundle(data: bytes) -> bool:
    """True for a page made by pack()."""
    return data.startswith(MAGIC)


def pack(root: Path, read: Callable[[Path], bytes] = Path.read_bytes) -> bytes:
    """One page of every JSON file under data/ and planets/, by relative path, sorted.

    read() reads one file (the caller's, which checks its size and names it when it fails).
    """
    parts = [MAGIC]
    for name in _FOLDERS:
        for file in sorted((root / name).rglob("*.json")):
            data = read(file)
            rel = file.relative_to(root).as_posix()
            parts.append(f"{rel}\t{len(data)}\n".encode() + data + b"\n")
    return b"".join(parts)


def unpack(data: bytes) -> dict[str, bytes]:
    """Relative path -> file bytes; ValueError naming the offset if the page is damaged."""
    if not data.startswith(MAGIC):
        raise ValueError("not a component bundle")
    files: dict[str, bytes] = {}
    at = len(MAGIC)
    while at < len(data):
        end = data.index(b"\n", at)
        name, _, size = data[at:end].decode().partition("\t")
        if not size.isdigit():
            raise ValueError(f"damaged bundle at byte {at}: no size after {name!r}")
        start = end + 1
        files[name] = data[start:start + int(size)]
        at = start + int(size) + 1
    return files
