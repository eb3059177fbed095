"""Pages: the raw bytes of one source document and where they came from."""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from ingest import bundles
from ingest.errors import PageError, SourceError
from ingest.parsers.questions import FILE_NAME as QUESTIONS_FILE

# Files we never try to parse when a directory is read: the site's furniture, and the code, build
# files and media a clone of a site's repository also holds (an app beside the pages), which would
# otherwise each be reported as an unreadable page and fail the ingest with exit 1.
_SKIP_SUFFIXES = {".css", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".ico", ".webp", ".woff", ".woff2",
                  ".ttf", ".otf", ".js", ".pdf",
                  ".dart", ".yaml", ".yml", ".lock", ".py", ".sh", ".bat", ".ps1", ".gradle", ".kt", ".kts",
                  ".java", ".swift", ".m", ".h", ".c", ".cc", ".cpp", ".xml", ".plist", ".iml", ".toml",
                  ".ini", ".cfg", ".properties", ".ts", ".mjs", ".cjs", ".map", ".scss", ".less",
                  ".zip", ".gz", ".tar", ".mp3", ".mp4", ".wav", ".ogg", ".so", ".dll", ".exe"}
_SKIP_NAMES = {"LICENSE", ".htaccess", "prefix.php", "suffix.php"}
# questions.md is the one Markdown file of a folder's pages; any other (style.md, README.md, a clone's
# CHANGELOG.md) is the site's or the clone's documentation.


MAX_PAGE_BYTES = 5_000_000  # the largest real page is ~110 kB; a 50 MB "page" is a mistake or an attack


def too_large(location: str, size: int, limit: int = MAX_PAGE_BYTES, whole: bool = True) -> PageError | None:
    """The error for a page over the size cap, or None; whole=False when size counts only what was read
    before stopping (a download cut at the cap), so it is no page's size to quote."""
    if size <= limit:
        return None
    said = f"{size / 1e6:.1f} MB is larger than" if whole else "it is larger than"
    return PageError(location, f"{said} the {limit / 1e6:g} MB a page may have; skipped (is it really a rules page?)")


@dataclass(frozen=True)
class Page:
    """A fetched or read document: its location (path or URL) and bytes."""

    location: str
    data: bytes
    # The canonical public URL when known (a crawled page, or a mirror file).
    url: str | None = None


def read_local(path: str | Path, on_error: Callable[[PageError], None] | None = None,
               max_bytes: int = MAX_PAGE_BYTES) -> Iterator[Page]:
    """Yield the pages of a file or, recursively and sorted, a directory.

    A file that cannot be read (or is over max_bytes, checked before reading it) goes to
    on_error and the rest are still read; without on_error it is raised.
    """
    root = Path(path)
    if not root.exists():
        raise SourceError(str(path), "no such file or directory (check the path, or pass a URL)")
    data_root = bundles.bundle_root(root) if root.is_dir() else None
    # A snapshot or clone of the AsyncTI4 bot is one page of its data (the rest of a clone is code).
    nested = [data_root] if data_root else bundles.nested_roots(root) if root.is_dir() else []
    for bundle in nested:
        try:
            yield Page(str(bundle), bundles.pack(bundle, read=lambda file: _read(file, max_bytes).data))
        except PageError as exc:
            if on_error is None:
                raise
            on_error(exc)
    if data_root:
        return
    # Anything but a folder is a page to read or report: a broken link or a FIFO is not passed over in silence.
    files = [root] if not root.is_dir() else sorted(p for p in root.rglob("*") if not p.is_dir())
    for file in files:
        if root.is_dir() and (_skipped(file.relative_to(root)) or any(r in file.parents for r in nested)):
            continue
        try:
            yield _read(file, max_bytes)
        except PageError as exc:
            if on_error is None:
                raise
            on_error(exc)


def _read(file: Path, max_bytes: int) -> Page:
    """One file's page; PageError naming it when it is unreadable or too large (checked before reading)."""
    try:
        info = file.stat()
        if not stat.S_ISREG(info.st_mode):  # opening a FIFO would wait for a writer forever
            raise PageError(str(file), "not a regular file (a FIFO, socket or device); skipped unread")
        error = too_large(str(file), info.st_size, max_bytes)
        if error:
            raise error
        with open(file, "rb") as handle:  # read no more than the cap, whatever stat said
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise PageError(str(file), _unreadable(file, exc)) from exc
    error = too_large(str(file), len(data), max_bytes)
    if error:
        raise error
    return Page(str(file), data)


def _unreadable(file: Path, exc: OSError) -> str:
    """Why a file cannot be read, naming the target of a symbolic link that leads nowhere."""
    reason = exc.strerror or str(exc)
    if file.is_symlink():
        return f"cannot read: a symbolic link to {os.readlink(file)} ({reason}); fix or remove the link"
    return f"cannot read: {reason}"


def _skipped(relative: Path) -> bool:
    """Site furniture, a clone's Markdown documentation, and anything hidden (a clone's .git folder), is not a page."""
    return (
        relative.name in _SKIP_NAMES
        or relative.suffix.lower() in _SKIP_SUFFIXES
        or (relative.suffix.lower() == ".md" and relative.name.lower() != QUESTIONS_FILE)
        or any(part.startswith(".") for part in relative.parts)
    )
