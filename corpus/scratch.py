"""An in-memory whoosh storage whose temporary files stay in a folder of the build's own."""
from __future__ import annotations

from pathlib import Path

from whoosh.filedb.filestore import FileStorage, RamStorage


class ScratchRamStorage(RamStorage):
    """RamStorage that puts whoosh's temporary files under `scratch`, not the system temp folder.

    Whoosh names them after the index ("MAIN.tmp") in the shared temp folder, so two builds at once
    (two instances, or tests beside an ingest) would write and delete each other's files.
    """

    def __init__(self, scratch: Path):
        super().__init__()
        self.scratch = scratch

    def temp_storage(self, name: str | None = None) -> FileStorage:
        """A fresh file storage inside the scratch folder."""
        return FileStorage(str(self.scratch / (name or "temp"))).create()
