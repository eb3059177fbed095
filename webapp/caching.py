"""HTTP caching: every page and JSON answer is fixed by the corpus version and the code serving it.

So one ETag, derived from both, validates them all: a conditional GET whose If-None-Match
still holds is answered 304 before any view runs, and a proxy or CDN in front may keep
answers for CACHE_MAX_AGE seconds. Static files are versioned by content hash in their
URLs (webapp.urls.asset_url) and carry Flask's own ETag.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Flask, current_app, g, request

from corpus import CorpusError
from webapp.corpus_access import get_catalog

EXTENSION = "mecatol.code-hash"
CACHEABLE = frozenset({200, 301, 302, 308})
# The code and data whose change changes an answer for the same corpus.
_CODE = ("webapp", "corpus")
_SUFFIXES = frozenset({".py", ".html", ".xml", ".js", ".css", ".json", ".svg"})


def code_hash() -> str:
    """A hash of the web app's and corpus package's files (templates, assets, code, unit data)."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent
    for package in _CODE:
        for path in sorted((root / package).rglob("*")):
            if path.suffix in _SUFFIXES and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def current_etag() -> str:
    """The ETag of every answer from the corpus version being served (unquoted)."""
    version = get_catalog().folder.name
    return hashlib.sha256(f"{version}/{current_app.extensions[EXTENSION]}".encode()).hexdigest()[:20]


def _cacheable_request() -> bool:
    """GET or HEAD of anything but a static file (those have their own ETag) or a POST-only API."""
    return request.method in ("GET", "HEAD") and request.endpoint not in (None, "static")


def not_modified():
    """Before the view: 304 when the client's copy is still the current one."""
    # "*" would also match an address with no page at all: leave it to the view.
    if not _cacheable_request() or not request.if_none_match or request.if_none_match.star_tag:
        return None
    etag = current_etag()
    if not request.if_none_match.contains(etag):
        return None
    response = current_app.response_class(status=304)
    return _mark(response, etag)


def add_headers(response):
    """After the view: ETag and Cache-Control on answers a cache may keep, no-store on the rest."""
    if request.endpoint == "static":
        response.cache_control.public = True
        return response
    if not _cacheable_request() or response.status_code not in CACHEABLE:
        response.headers.setdefault("Cache-Control", "no-store")
        return response
    try:
        etag = current_etag() if "catalog" in g or response.status_code == 200 else None
    except CorpusError:
        etag = None
    if etag is None:
        response.headers.setdefault("Cache-Control", "no-store")
        return response
    return _mark(response, etag)


def _mark(response, etag: str):
    """Set the validator and the freshness lifetime."""
    response.set_etag(etag)
    response.headers["Cache-Control"] = f"public, max-age={current_app.config['CACHE_MAX_AGE']}"
    return response


def init_app(app: Flask) -> None:
    """Hash the code once (per process; workers inherit it) and install the hooks."""
    app.extensions[EXTENSION] = code_hash()
    app.before_request(not_modified)
    app.after_request(add_headers)
