"""The JSON API: every response is an envelope, {"ok": true, …} or the error shape.

To add an endpoint (e.g. the coming `POST /api/resolve`), write a view that
returns ok(**fields) and raises WebError/BadParameter for bad input; errors.py
turns every exception into the error envelope.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from webapp import openapi, search_view, views
from webapp.corpus_access import get_corpus

bp = Blueprint("api", __name__, url_prefix="/api")


def ok(**fields):
    """The success envelope."""
    return jsonify({"ok": True, **fields})


@bp.get("/search")
def search():
    """Ranked hits for ?q=, with &limit= (1–100) and &kind= filters."""
    return ok(**search_view.search(request.args).to_dict())


@bp.get("/rules/<path:entry_id>")
def entry(entry_id: str):
    """Any entry by id (rule, note, FAQ, section, page) with its citation and the FAQs and open questions beside it."""
    return ok(**views.rule_dict(get_corpus().get(_stored(entry_id))))


@bp.get("/topics")
def topics():
    """The index the home page shows."""
    return ok(**views.home_dict(views.home_data()))


@bp.get("/topics/<path:slug>")
def topic(slug: str):
    """A page with its entries, FAQs, questions, related and referencing pages."""
    return ok(**views.page_dict(views.page_view(_stored(slug))))


def _stored(entry_id: str) -> str:
    """The id as stored, in whatever letter case the address gave it (`77.7D`); unknown ids pass through."""
    return get_corpus().lookup(entry_id) or entry_id


@bp.get("/openapi.json")
def openapi_spec():
    """The OpenAPI 3.1 description of this API (the one answer that is not an envelope)."""
    return jsonify(openapi.spec())
