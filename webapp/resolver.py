"""Step resolver on the web: POST /api/resolve and its unit catalogue.

The widget on topic pages is webapp/widget.py; the scenario encoding (permalinks, forms) webapp/scenario.py
(battles: webapp/scenario_battle.py).
"""
from __future__ import annotations

from flask import Blueprint, request

from corpus.model import Entry
from corpus.resolve import BATTLES, ResolveError, catalogue, modifier_catalogue, resolve
from webapp import urls
from webapp.api import ok
from webapp.corpus_access import get_corpus
from webapp.errors import WebError
from webapp.limits import json_body

bp = Blueprint("resolver", __name__, url_prefix="/api/resolve")


def rule_url(rule: str, topics: dict[str, Entry]) -> str | None:
    """Where a step's rule is read: its anchor, or its topic page for a bare topic number ("68")."""
    corpus = get_corpus()
    if rule in corpus.by_id:
        return urls.entry_url(corpus, rule)
    return urls.page_url(topics[rule]) if rule in topics else None


def with_links(answer: dict) -> dict:
    """The answer with a `url` on every step, violation and warning."""
    topics = {page.number: page for page in get_corpus().pages("topic") if page.number}
    for key in ("steps", "violations", "warnings"):
        for item in answer.get(key, []):
            item["url"] = rule_url(item["rule"], topics)
    return answer


def answer(req: dict) -> dict:
    """The resolver's answer to a request, with links to the rules it cites (ResolveError for bad input)."""
    return with_links(resolve(req, get_corpus().planets()))


@bp.post("")
def resolve_view():
    """Resolve a scenario sent as JSON; 400 naming the field for bad input."""
    body = json_body()  # size, depth and field lengths checked before the resolver reads it
    try:
        return ok(**answer(body))
    except ResolveError as exc:
        raise WebError(str(exc), 400, field=exc.field) from None


@bp.get("/catalogue")
def catalogue_view():
    """Units for the widget's picker: ?ability= (or picker "build"); all units without it; battle modifiers
    (for a battle ability, those that apply to it)."""
    ability = request.args.get("ability") or None
    try:
        return ok(units=catalogue(ability), modifiers=modifier_catalogue(ability if ability in BATTLES else None))
    except ResolveError as exc:
        raise WebError(str(exc), 400, field=exc.field) from None
