"""The search data function behind /search and /api/search."""
from __future__ import annotations

import html
from dataclasses import dataclass, field

from flask import current_app
from markupsafe import Markup

from corpus.model import HOMEBREW_FLAG, KINDS, Entry
from corpus.names import fold
from webapp import urls
from webapp.corpus_access import get_catalog, get_corpus
from webapp.errors import BadParameter
from webapp.limits import whole_number
from webapp.render import clean_snippet
from webapp.views import close_titles

COMPLETE_WORDS = 3  # queries this short also get pages whose title starts with them


@dataclass
class SearchView:
    """One search as shown: the query understood, hits with URLs, and the helpful extras."""

    query: str
    kind: str | None
    limit: int
    source: str | None = None
    hits: list[dict] = field(default_factory=list)
    did_you_mean: str | None = None
    jump: dict | None = None
    error: str | None = None

    def to_dict(self) -> dict:
        """The API body (without the envelope's "ok")."""
        results = [{**hit, "snippet": str(hit["snippet"])} for hit in self.hits]
        return {"query": self.query, "kind": self.kind, "source": self.source, "limit": self.limit,
                "results": results,
                "did_you_mean": self.did_you_mean, "jump": self.jump, "error": self.error}


def parse_args(args) -> tuple[str, str | None, str | None, int]:
    """q, kind, source and limit from request args; a bad one is a BadParameter naming it."""
    config = current_app.config
    query = (args.get("q") or "")[: config["MAX_QUERY_CHARS"]]
    kind = args.get("kind") or None
    if kind is not None and kind not in KINDS:
        raise BadParameter("kind", f"must be one of {', '.join(KINDS)}")
    source = args.get("source") or None
    if source is not None and source not in source_names():
        raise BadParameter("source", f"must be one of {', '.join(source_names())}")
    limit = whole_number(args.get("limit"), "limit", 1, config["MAX_SEARCH_LIMIT"], config["SEARCH_LIMIT"])
    return query, kind, source, limit


def source_names() -> list[str]:
    """The source names the current corpus was built from, sorted."""
    return get_catalog().source_names


def search(args) -> SearchView:
    """Run the search in args; never raises for odd queries, only for bad parameters."""
    query, kind, source, limit = parse_args(args)
    view = SearchView(query=query.strip(), kind=kind, limit=limit, source=source)
    if not view.query:
        return view
    corpus = get_corpus()
    # No catch-all here: a broken index is the server's fault (503), a bug is a 500, and the
    # fuzz tests must see both. The corpus's own query reader never fails on a user's words.
    results = corpus.search(query, limit=limit, kind=kind, source=source)
    view.query = results.query
    hits = [_hit_dict(h.to_dict()) for h in results.hits]
    jump = corpus.by_id.get(results.jump) if results.jump else None
    if jump is not None and results.hits and results.hits[0].id == jump.id:
        view.jump = {"id": jump.id, "title": jump.title, "kind": jump.kind, "url": urls.entry_url(corpus, jump.id)}
        hits = [_entry_hit(jump, 0.0)] + [h for h in hits if h["id"] != jump.id]
    if source is None:  # title completions are pages, whatever their sources
        hits += _completions(view.query, kind, {h["id"] for h in hits}, limit - len(hits))
    view.hits = hits[:limit]
    view.did_you_mean = results.did_you_mean or (None if view.hits else _did_you_mean(view.query))
    return view


def _hit_dict(hit: dict) -> dict:
    """A search hit for output: sanitized snippet, URL to its anchor."""
    hit["snippet"] = clean_snippet(hit["snippet"])
    hit["url"] = get_catalog().renderer.url(hit["id"])
    return hit


def _entry_hit(entry: Entry, score: float) -> dict:
    """An entry shown as a hit though the index did not return it (a jump or a title match)."""
    corpus = get_corpus()
    words = entry.text.split()
    lead = " ".join(words[:30]) + (" …" if len(words) > 30 else "")
    page = corpus.by_id.get(entry.topic)
    return {"id": entry.id, "kind": entry.kind, "topic": entry.topic, "title": entry.title,
            "snippet": Markup(html.escape(lead)), "score": score, "page": page.title if page else "",
            "url": get_catalog().renderer.url(entry.id), "homebrew": HOMEBREW_FLAG in entry.flags}


def _completions(query: str, kind: str | None, seen: set[str], room: int) -> list[dict]:
    """Pages whose title starts with a short query, so "spa" already finds Space Cannon."""
    if room <= 0 or len(query.split()) > COMPLETE_WORDS or (kind and kind not in ("topic", "faction", "card")):
        return []
    prefix = fold(query)
    pages = [p for p in get_corpus().pages(kind) if p.id not in seen
             and any(f.startswith(prefix) for f in (p.title.lower(), fold(p.title)))]
    return [_entry_hit(p, 0.0) for p in pages[:room]]


def _did_you_mean(query: str) -> str | None:
    """A page title spelled like the query, when nothing matched."""
    close = close_titles(query, limit=1)
    return close[0].title if close else None
