"""The search data function behind /search and /api/search."""
from __future__ import annotations

from dataclasses import dataclass, field

from flask import current_app, url_for

from corpus.model import KINDS
from corpus.typed import as_rule_id, query_text, rules_above
from corpus.snippets import plain, snippet
from webapp import urls, views
from webapp.corpus_access import get_catalog, get_corpus
from webapp.errors import BadParameter
from webapp.limits import whole_number
from webapp.render import clean_snippet

LEAD_TITLES = 4  # a card list's or faction's first cards and abilities, named when its page has no text of its own


@dataclass
class SearchView:
    """One search as shown: the query understood, hits with URLs, and the helpful extras."""

    query: str
    kind: str | None
    limit: int
    source: str | None = None
    hits: list[dict] = field(default_factory=list)
    groups: list[dict] = field(default_factory=list)
    did_you_mean: str | None = None
    jump: dict | None = None
    error: str | None = None
    near: list[dict] = field(default_factory=list)  # a rule number the rules lack: the numbers above it

    def to_dict(self) -> dict:
        """The API body (without the envelope's "ok")."""
        results = [_plain(hit) for hit in self.hits]
        groups = [{**group, "hits": [_plain(h) for h in group["hits"]]} for group in self.groups]
        return {"query": self.query, "kind": self.kind, "source": self.source, "limit": self.limit,
                "results": results, "groups": groups,
                "did_you_mean": self.did_you_mean, "jump": self.jump, "error": self.error}


def _plain(hit: dict) -> dict:
    """A hit for JSON: its snippet as a string of HTML."""
    return {**hit, "snippet": str(hit["snippet"])}


def parse_args(args) -> tuple[str, str | None, str | None, int]:
    """q, kind, source and limit from request args; a bad one is a BadParameter naming it."""
    config = current_app.config
    query = query_text(args.get("q") or "", config["MAX_QUERY_CHARS"])
    # Filter values are names, not words a player spells: "RULE" and " Wiki" mean what they say.
    kind = (args.get("kind") or "").strip().lower() or None
    if kind is not None and kind not in KINDS:
        raise BadParameter("kind", f"must be one of {', '.join(KINDS)}")
    source = _source(args.get("source") or "")
    limit = whole_number(args.get("limit"), "limit", 1, config["MAX_SEARCH_LIMIT"], config["SEARCH_LIMIT"])
    return query, kind, source, limit


def _source(given: str) -> str | None:
    """The source name given, matched in any letter case (None for none); a BadParameter if unknown."""
    if not given.strip():
        return None
    names = source_names()
    found = next((name for name in names if name.lower() == given.strip().lower()), None)
    if found is None:
        raise BadParameter("source", f"must be one of {', '.join(names)}")
    return found


def source_names() -> list[str]:
    """The source names the current corpus was built from, sorted."""
    return get_catalog().source_names


def search(args) -> SearchView:
    """Run the search in args (corpus.finder decides every hit); raises only for bad parameters."""
    query, kind, source, limit = parse_args(args)
    view = SearchView(query=query.strip(), kind=kind, limit=limit, source=source)
    if not view.query:
        return view
    corpus = get_corpus()
    # No catch-all here: a broken index is the server's fault (503), a bug is a 500, and the
    # fuzz tests must see both. The corpus's own query reader never fails on a user's words.
    results = corpus.search(query, limit=limit, kind=kind, source=source)
    view.query = results.query
    # A hit both in the list and under its page is one Hit (corpus.finder): sanitized once.
    shown = {h.id: h for h in results.hits} | {h.id: h for _, hits in results.groups for h in hits}
    out = {hit_id: _hit_dict(hit.to_dict()) for hit_id, hit in shown.items()}
    view.hits = [out[h.id] for h in results.hits]
    view.groups = [{"page": page, "title": hits[0].page, "label": results.page_labels.get(page, ""), "url": _url(page),
                    "hits": [out[h.id] for h in hits]} for page, hits in results.groups]
    view.jump = urls.jump_link(corpus, results.jump, view.hits[0]["id"] if view.hits else None)
    view.did_you_mean = results.did_you_mean
    if not view.hits:
        view.near = _rules_near(corpus, query)
    return view


def _rules_near(corpus, query: str) -> list[dict]:
    """For a rule number the rules lack ("99.9"), the rule and topic above it that they hold."""
    rule = as_rule_id(query_text(query, current_app.config["MAX_QUERY_CHARS"]))
    if rule is None or "." not in rule:
        return []
    return views.entry_links(corpus, list(dict.fromkeys(i for i in map(corpus.lookup, rules_above(rule)) if i)))


def rule_named(query: str) -> str | None:
    """The rule id a whole query is (`77.7d`, ` 77.7D `), when the corpus has that rule."""
    rule = as_rule_id(query_text(query, current_app.config["MAX_QUERY_CHARS"]))
    if rule is None or "." not in rule:
        return None
    return get_corpus().lookup(rule)


def suggestions(args) -> tuple[str, list[str], list[str], list[str]]:
    """The query, and the pages the type-ahead would show: titles, best sentences, permalinks."""
    view = search({"q": args.get("q") or "", "limit": str(current_app.config["TYPEAHEAD_LIMIT"])})
    # A page whose best hit is a card or ability offers that card: "sab" completes to Sabotage, not
    # to Action Cards, and the address bar then searches for (and jumps to) the card. So does the
    # page of a rule the query jumps to: "77.7d" completes to 77.7d, not to Space Cannon.
    jump = view.jump["id"] if view.jump else None
    named = [group["hits"][0] if group["hits"][0]["kind"] == "section" or group["hits"][0]["id"] == jump
             else None for group in view.groups]
    titles = [(hit["id"] if hit["kind"] == "rule" else hit["title"]) if hit else group["title"]
              for hit, group in zip(named, view.groups)]
    texts = [_said(group["hits"][0]) or _page_lead(group["page"]) for group in view.groups]
    links = [url_for("pages.permalink", entry_id=hit["id"] if hit else group["page"], _external=True)
             for hit, group in zip(named, view.groups)]
    return view.query, titles, texts, links


def _said(hit: dict) -> str:
    """A hit's sentence as plain text, after the sentence it continues when it is a list item."""
    sentence = plain(hit["snippet"])
    return f"{hit['lead']} {sentence}" if sentence and hit["lead"] else sentence


def _page_lead(page: str) -> str:
    """What describes a page when its best hit has none: its first text, or its first cards' titles."""
    corpus = get_corpus()
    if page not in corpus.by_id:
        return ""
    titles = [e.title for e in corpus.topic(page) if e.kind == "section"]
    # A card list's or faction's first text is its first card's, which does not describe the page.
    if titles and not corpus.by_id[page].text.strip():
        return ", ".join(titles[:LEAD_TITLES]) + (", …" if len(titles) > LEAD_TITLES else "")
    first = next((e.text for e in corpus.topic(page) if e.text.strip()), "")
    return plain(snippet(first, frozenset())) if first else ""


def _url(entry_id: str) -> str:
    """Where an entry is read (the renderer caches it)."""
    return get_catalog().renderer.url(entry_id)


def _hit_dict(hit: dict) -> dict:
    """A search hit for output: sanitized snippet, URL to its anchor."""
    hit["snippet"] = clean_snippet(hit["snippet"])
    hit["url"] = _url(hit["id"])
    hit["like"] = [{**copy, "url": _url(copy["id"])} for copy in hit["like"]]
    return hit
