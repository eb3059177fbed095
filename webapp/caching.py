"""HTTP caching: every page and JSON answer is fixed by the corpus version, the code serving it and
the address it is asked at (answers carry absolute links: citations, OpenSearch).

So one ETag, derived from those, validates them all: a conditional GET whose If-None-Match still
holds gets a 304 without the body (before the view, for an address this process has answered under
that ETag; else after it, so an address with no page stays a 404), and a proxy or CDN in front may
keep answers for CACHE_MAX_AGE seconds. Static files are versioned by content hash in their URLs
(webapp.urls.asset_url) and carry Flask's own ETag.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Flask, current_app, g, request

from corpus import CorpusError
from webapp.corpus_access import get_catalog

EXTENSION = "mecatol.code-hash"
ANSWERED = "mecatol.answered"  # (etag, path) this process has answered: a 304 for them needs no view
MAX_ANSWERED = 20_000
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
    """The ETag of every answer from the corpus version being served at this scheme and host (unquoted)."""
    version = get_catalog().folder.name
    key = f"{version}/{current_app.extensions[EXTENSION]}/{request.host_url}"
    return hashlib.sha256(key.encode()).hexdigest()[:20]


def _cacheable_request() -> bool:
    """GET or HEAD of anything but a static file (those have their own ETag) or a POST-only API."""
    return request.method in ("GET", "HEAD") and request.endpoint not in (None, "static")


def known_not_modified():
    """Before the view: a 304 at once for an address this process has answered under the client's
    ETag (the ETag already names the corpus version, the code and the host). Any other address
    goes through its view, so one with no page is a 404 whatever the client sends."""
    if not _cacheable_request() or not request.if_none_match:
        return None
    try:
        etag = current_etag()
    except CorpusError:
        return None  # the view says what is wrong
    if not _client_has(etag) or (etag, request.full_path) not in current_app.extensions[ANSWERED]:
        return None
    return _mark(current_app.response_class(status=304), etag)


def add_headers(response):
    """After the view: ETag and Cache-Control on answers a cache may keep, no-store on the rest."""
    if request.endpoint == "static" and response.status_code in (200, 304):
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
    answered = current_app.extensions[ANSWERED]
    if len(answered) >= MAX_ANSWERED:
        answered.clear()  # bounded: searches are endless; forgetting only costs a view
    answered.add((etag, request.full_path))
    return _not_modified(_mark(response, etag), etag)


def _not_modified(response, etag: str):
    """A 304 without the body when the client's copy is the current one. Decided after the view,
    so an address with no page is a 404 whatever the client sends."""
    return _mark(current_app.response_class(status=304), etag) if _client_has(etag) else response


def _client_has(etag: str) -> bool:
    """The request's If-None-Match names this ETag ("*" would also match an address with no page)."""
    match = request.if_none_match
    return bool(match) and not match.star_tag and match.contains(etag)


def _mark(response, etag: str):
    """Set the validator and the freshness lifetime."""
    response.set_etag(etag)
    response.headers["Cache-Control"] = f"public, max-age={current_app.config['CACHE_MAX_AGE']}"
    return response


def init_app(app: Flask) -> None:
    """Hash the code once (per process; workers inherit it) and install the hooks."""
    app.extensions[EXTENSION] = code_hash()
    app.extensions[ANSWERED] = set()
    app.before_request(known_not_modified)
    app.after_request(add_headers)
