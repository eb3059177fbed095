"""The one URL builder: every link to a page, rule, permalink or API twin comes from here."""
from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from flask import current_app, url_for

from corpus import Corpus
from corpus.model import Entry

# Page kinds whose ids carry a folder prefix that the route already spells.
_PREFIXED = {"faction": ("factions/", "pages.faction"), "card": ("cards/", "pages.card")}


def page_url(page: Entry, anchor: str | None = None, external: bool = False) -> str:
    """The page of a topic, faction, card or synthetic page, optionally at an anchor."""
    if page.kind == "topic":
        return url_for("pages.rules", ref=page.id, _anchor=anchor, _external=external)
    prefix, endpoint = _PREFIXED.get(page.kind, ("", ""))
    if prefix and page.id.startswith(prefix):
        return url_for(endpoint, slug=page.id[len(prefix):], _anchor=anchor, _external=external)
    return url_for("pages.page", slug=page.id, _anchor=anchor, _external=external)


def entry_url(corpus: Corpus, entry_id: str, external: bool = False) -> str:
    """Where an entry is read: its page, at its anchor unless it is the page itself."""
    entry = corpus.get(entry_id)
    if entry.is_page:
        return page_url(entry, external=external)
    return page_url(corpus.get(entry.topic), anchor=entry.id, external=external)


def jump_link(corpus: Corpus, jump: str | None, first: str | None) -> dict | None:
    """What a search jumps to, as /api/search and `mecatol search --json` give it: only when it is the first hit."""
    if not jump or jump != first:
        return None
    entry = corpus.get(jump)
    return {"id": entry.id, "title": entry.title, "kind": entry.kind, "url": entry_url(corpus, entry.id)}


def permalink(entry_id: str, external: bool = False) -> str:
    """The short, stable address of an entry (`/r/77.7d`), which redirects to its page."""
    return url_for("pages.permalink", entry_id=entry_id, _external=external)


def api_entry_url(entry_id: str) -> str:
    """The JSON twin of one entry (also what the hover preview fetches)."""
    return url_for("api.entry", entry_id=entry_id)


def api_page_url(slug: str) -> str:
    """The JSON twin of a page."""
    return url_for("api.topic", slug=slug)


def search_url(query: str = "", kind: str | None = None, api: bool = False, limit: int | None = None,
               source: str | None = None) -> str:
    """The search page (or its JSON twin) for a query."""
    args: dict[str, str | int] = {"q": query} if query else {}
    if kind:
        args["kind"] = kind
    if source:
        args["source"] = source
    if limit:
        args["limit"] = limit
    return url_for("api.search" if api else "pages.search", **args)


def asset_url(filename: str) -> str:
    """A static file's URL with a content hash, so browsers may cache it for long."""
    return url_for("static", filename=filename, v=_digest(current_app.static_folder, filename))


@functools.cache
def _digest(folder: str, filename: str) -> str:
    """Short hash of a static file's bytes (computed once per process)."""
    return hashlib.sha256((Path(folder) / filename).read_bytes()).hexdigest()[:10]


def resolver_url(page: Entry, query: list[tuple[str, str]] | None = None) -> str:
    """A topic page at its step resolver, with a scenario's query pairs (webapp.scenario.encode)."""
    args: dict[str, list[str]] = {}
    for key, value in query or ():
        args.setdefault(key, []).append(value)
    return url_for("pages.rules", ref=page.id, _anchor="resolver", **args)


def resolver_fragment_url(page: Entry) -> str:
    """The HTML answer of a topic page's resolver, for the form's fields as the query (webapp.widget)."""
    return url_for("widget.fragment", ref=page.id)


def resolve_api_url(catalogue: bool = False) -> str:
    """The resolver's JSON endpoint (POST), or its unit catalogue (GET, ?ability=)."""
    return url_for("resolver.catalogue_view" if catalogue else "resolver.resolve_view")
