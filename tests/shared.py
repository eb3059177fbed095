"""Where the read-only shared data lives: $MECATOL_SHARED, else <repo>/../shared."""
from __future__ import annotations

import os
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """The shared data directory (pages are read from it, never copied into the repo)."""
    return Path(os.environ.get("MECATOL_SHARED") or _REPO.parent / "shared")
