"""The default sources, declared once, and how a user overrides them."""
from __future__ import annotations

import os
import re
from pathlib import Path

from ingest.errors import SourceError

# Paths under the shared data folder that `mecatol ingest` reads by default.
DEFAULT_SOURCES = ("mirror/tirules", "mirror/wiki", "mirror/asyncti4", "seeds")
SOURCES_FILE = "sources.txt"


def shared_dir() -> Path:
    """The shared data folder: $MECATOL_SHARED, else ../shared beside the checkout."""
    env = os.environ.get("MECATOL_SHARED")
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parents[1]
    return (checkout.parent / "shared").resolve()


def default_sources(instance: Path) -> list[str]:
    """$MECATOL_SOURCES, else instance/sources.txt, else the shared snapshots."""
    env = os.environ.get("MECATOL_SOURCES")
    if env:
        return _some([s.strip() for s in env.split(",") if s.strip()], "$MECATOL_SOURCES")
    listed = Path(instance) / SOURCES_FILE
    if listed.is_file():
        lines = _read_lines(listed)
        named = [s.strip() for s in lines if s.strip() and not s.lstrip().startswith("#")]
        return _some([_beside(s, listed.parent) for s in named], str(listed))
    shared = shared_dir()
    if not shared.is_dir():
        raise SourceError(str(shared), "no shared data folder here; set MECATOL_SHARED to the folder holding "
                                       "mirror/ and seeds/, or name the sources to read")
    missing = [name for name in DEFAULT_SOURCES if not (shared / name).exists()]
    if missing:
        raise SourceError(str(shared), f"has no {', '.join(missing)}; set MECATOL_SHARED to the folder holding "
                                       "mirror/ and seeds/, or name the sources to read")
    return [str(shared / name) for name in DEFAULT_SOURCES]


def _beside(source: str, folder: Path) -> str:
    """A relative path in a sources file, read from the file's folder, not from wherever the command runs."""
    if re.match(r"[a-z][a-z0-9+.-]*://", source, re.I):
        return source
    path = Path(source).expanduser()
    return str(path if path.is_absolute() else folder / path)


def _read_lines(listed: Path) -> list[str]:
    """The lines of a sources file (UTF-8, a BOM allowed); SourceError naming it when it cannot be read."""
    try:
        return listed.read_text(encoding="utf-8-sig").splitlines()
    except UnicodeDecodeError as exc:
        raise SourceError(str(listed), f"is not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset "
                                       f"{exc.start}); save it as UTF-8") from exc
    except OSError as exc:
        raise SourceError(str(listed), f"cannot read: {exc.strerror or exc}") from exc


def _some(sources: list[str], where: str) -> list[str]:
    """The sources a setting lists; one that lists none is a mistake to name, not an empty ingest."""
    if not sources:
        raise SourceError(where, "lists no source; name files, folders or URLs there (or remove it "
                                 "to read the shared snapshots)")
    return sources
