"""HTML pages: home, topic/faction/card pages, permalinks, search, OpenSearch."""
from __future__ import annotations

from flask import Blueprint, jsonify, redirect, render_template, request, url_for

from corpus import UnknownIdError
from corpus.model import KINDS
from corpus.components import value_list
from corpus.snippets import said_again
from webapp import citation, search_view, urls, views, widget
from webapp.corpus_access import get_catalog, get_corpus

bp = Blueprint("pages", __name__)


@bp.record_once
def _template_helpers(state) -> None:
    """URL builder and labels for every template, macros included."""
    state.app.jinja_env.globals.update(
        page_url=urls.page_url, permalink=urls.permalink, search_url=urls.search_url, asset_url=urls.asset_url,
        kind_label=lambda kind: views.KIND_LABELS.get(kind, kind),
        authority_label=lambda value: views.AUTHORITY_LABELS.get(value, value),
        source_label=citation.source_label, source_labels=citation.source_labels,
        cite_text=lambda entry: citation.citation(get_corpus(), entry),
        unit_values=value_list, said_again=said_again)


@bp.get("/")
def home():
    """Search box and the index of every topic, faction and card page."""
    return render_template("home.html", data=views.home_data(),
                           json_url=url_for("api.topics"))


def _named(entry_id: str) -> str:
    """The id of the entry an address names, in any letter case (UnknownIdError if none)."""
    found = get_corpus().lookup(entry_id)
    if found is None:
        raise UnknownIdError(entry_id)
    return found


@bp.get("/rules/<path:ref>")
def rules(ref: str):
    """A topic page; a rule id here (`/rules/77.7d`) or another letter case redirects."""
    entry = get_corpus().get(_named(ref))
    if entry.kind != "topic" or entry.id != ref:
        return redirect(urls.entry_url(get_corpus(), entry.id), 302)
    return show_page(entry.id)


@bp.get("/factions/<path:slug>")
def faction(slug: str):
    """A faction's page: each ability or leader as a section with its notes."""
    return show_page(f"factions/{slug}", "faction")


@bp.get("/cards/<path:slug>")
def card(slug: str):
    """A card family's page: each card as a section with its notes."""
    return show_page(f"cards/{slug}", "card")


@bp.get("/pages/<path:slug>")
def page(slug: str):
    """A page made up by ingest, such as the open questions."""
    return show_page(slug, "page")


@bp.get("/r/<path:entry_id>")
def permalink(entry_id: str):
    """The short, stable address of any entry (`/r/77.7D` too): redirect to where it is read."""
    return redirect(urls.entry_url(get_corpus(), _named(entry_id)), 302)


def show_page(slug: str, kind: str = "topic"):
    """Render one page; a page asked for under the wrong prefix is an unknown page.

    A page named in another letter case (`/factions/Xxcha`) redirects to its own address.
    """
    named = _named(slug)
    if named != slug:
        return redirect(urls.page_url(get_corpus().get(named)), 302)
    view = views.page_view(slug)
    if view.page.kind != kind:
        raise UnknownIdError(slug, f"{kind} page")
    return render_template("page.html", view=view, r=get_catalog().renderer,
                           json_url=urls.api_page_url(slug), resolver=widget.widget(view.page, request.args))


@bp.get("/search")
def search():
    """Search results; works without JavaScript, and type-ahead reuses its JSON twin.

    A query that is a rule number (77.7d + Enter) goes straight to the rule.
    """
    rule = search_view.rule_named(request.args.get("q") or "")
    if rule:
        return redirect(urls.permalink(rule), 302)
    view = search_view.search(request.args)
    kinds = [(k, views.KIND_LABELS[k]) for k in KINDS if k != "text"]  # its label is "Rule" too
    sources = [(s, views.SOURCE_LABELS.get(s, s)) for s in search_view.source_names()]
    return render_template("search.html", view=view, kinds=kinds, sources=sources,
                           json_url=urls.search_url(view.query, view.kind, api=True, source=view.source,
                                                    limit=view.limit if "limit" in request.args else None))


@bp.get("/suggest")
def suggest():
    """Address-bar completions (OpenSearch suggestions): [query, titles, snippets, URLs]."""
    query, titles, texts, links = search_view.suggestions(request.args)
    return jsonify([query, titles, texts, links]), 200, {"Content-Type": "application/x-suggestions+json"}


@bp.get("/opensearch.xml")
def opensearch():
    """Lets browsers add Mecatol as a search engine."""
    body = render_template("opensearch.xml")
    return body, 200, {"Content-Type": "application/opensearchdescription+xml; charset=utf-8"}
