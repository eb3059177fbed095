"""Each corpus version's files with their digests, so a file changed after ingest is refused, not read as data.

A half copy or a full disk leaves files that whoosh or numpy cannot read; bytes overwritten in
the middle of a file leave one they read happily and answer wrongly from. The digests catch both.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

CHECKSUMS = "checksums.json"


def record(folder: Path) -> None:
    """Write the SHA-256 of every file of a version being built, by path within it."""
    folder = Path(folder)
    digests = {path.relative_to(folder).as_posix(): digest(path)
               for path in sorted(folder.rglob("*")) if path.is_file() and path.name != CHECKSUMS}
    (folder / CHECKSUMS).write_text(json.dumps(digests, indent=0, sort_keys=True), encoding="utf-8")


def changed(folder: Path, under: str) -> str | None:
    """Why the version's files whose paths start with `under` are not as ingest wrote them, or None.

    A version published before digests were kept has none to check, and passes.
    """
    try:
        digests = json.loads((Path(folder) / CHECKSUMS).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        return f"{CHECKSUMS} is unreadable ({exc})"
    for name, expected in sorted(digests.items()):
        if name.startswith(under):
            try:
                if digest(Path(folder) / name) != expected:
                    return f"{name} is not as ingest wrote it (its SHA-256 differs)"
            except OSError as exc:
                return f"{name}: {exc.strerror or exc}"
    return None


def digest(path: Path) -> str:
    """A file's SHA-256, read in 1 MB pieces."""
    sha = hashlib.sha256()
    with open(path, "rb") as data:
        for piece in iter(lambda: data.read(1 << 20), b""):
            sha.update(piece)
    return sha.hexdigest()
