"""Pages: the raw bytes of one source document and where they came from."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ingest import bundles
from ingest.errors import SourceError

# Files we never try to parse when a directory is read.
_SKIP_SUFFIXES = {".css", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".ico", ".webp", ".woff", ".woff2",
                  ".ttf", ".otf", ".js", ".pdf"}
_SKIP_NAMES = {"LICENSE", ".htaccess", "prefix.php", "suffix.php", "style.md", "README.md"}


@dataclass(frozen=True)
class Page:
    """A fetched or read document: its location (path or URL) and bytes."""

    location: str
    data: bytes
    # The canonical public URL when known (a crawled page, or a mirror file).
    url: str | None = None


def read_local(path: str | Path) -> Iterator[Page]:
    """Yield the pages of a file or, recursively and sorted, a directory."""
    root = Path(path)
    if not root.exists():
        raise SourceError(str(path), "no such file or directory (check the path, or pass a URL)")
    if root.is_dir() and (data_root := bundles.bundle_root(root)):
        # A snapshot or clone of the AsyncTI4 bot: its data is one page; the rest of a clone is code.
        yield Page(str(data_root), bundles.pack(data_root))
        return
    nested = bundles.nested_roots(root) if root.is_dir() else []
    yield from (Page(str(r), bundles.pack(r)) for r in nested)
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    for file in files:
        if root.is_dir() and (_skipped(file.relative_to(root)) or any(r in file.parents for r in nested)):
            continue
        try:
            yield Page(str(file), file.read_bytes())
        except OSError as exc:
            raise SourceError(str(file), f"cannot read: {exc.strerror or exc}") from exc


def _skipped(relative: Path) -> bool:
    """Site furniture, and anything hidden (a clone's .git folder), is not a page."""
    return (
        relative.name in _SKIP_NAMES
        or relative.suffix.lower() in _SKIP_SUFFIXES
        or any(part.startswith(".") for part in relative.parts)
    )
