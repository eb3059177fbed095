"""Step resolver on the web: POST /api/resolve, its unit catalogue, and the widget on topic pages.

The scenario encoding (permalinks and the no-JS form) is in webapp/scenario.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask import Blueprint, request
from werkzeug.datastructures import MultiDict

from corpus.model import Entry
from corpus.resolve import ResolveError, catalogue, resolve
from corpus.resolve.factions import FACTIONS
from webapp import urls
from webapp.api import ok
from webapp.corpus_access import get_corpus
from webapp.errors import WebError
from webapp.limits import json_body
from webapp.scenario import CONTEXT, FLAGS, LABELS, LISTS, PAGES, PLASMA_FOR, decode, encode, values

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


@bp.post("")
def resolve_view():
    """Resolve a scenario sent as JSON; 400 naming the field for bad input."""
    body = json_body()  # size, depth and field lengths checked before the resolver reads it
    try:
        return ok(**with_links(resolve(body, get_corpus().planets())))
    except ResolveError as exc:
        raise WebError(str(exc), 400, field=exc.field) from None


@bp.get("/catalogue")
def catalogue_view():
    """Units for the widget's picker: ?ability= (or picker "build"); all units without it."""
    try:
        return ok(units=catalogue(request.args.get("ability") or None))
    except ResolveError as exc:
        raise WebError(str(exc), 400, field=exc.field) from None


@dataclass
class Widget:
    """What _resolver.html shows: the form's state, and the result or the error naming its field."""

    page: Entry
    choices: tuple[str, ...]
    ability: str
    params: MultiDict
    result: dict | None = None
    error: ResolveError | None = None
    query: list[tuple[str, str]] = field(default_factory=list)
    # Tables and formatters the template reads (class attributes, not fields).
    labels, context, factions = LABELS, CONTEXT, FACTIONS

    @property
    def urls(self) -> dict[str, str]:
        """Endpoints resolver.js calls, passed as data- attributes."""
        return {"api": urls.resolve_api_url(), "catalogue": urls.resolve_api_url(catalogue=True),
                "page": urls.page_url(self.page)}

    @property
    def action(self) -> str:
        """The form's target: this page, at the widget."""
        return urls.resolver_url(self.page)

    @property
    def permalink(self) -> str:
        """This scenario's address."""
        return urls.resolver_url(self.page, self.query)

    @property
    def modifiers(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """Checkboxes for the modifiers the offered abilities take: (query key, label, abilities)."""
        every = [("plasma", "Plasma Scoring (one more die)", PLASMA_FOR)]
        every += [(key, label, abilities) for key, (_, label, abilities) in FLAGS.items()]
        return [box for box in every if set(box[2]) & set(self.choices)]

    @property
    def context_open(self) -> bool:
        """Show the optional production context when the scenario uses it."""
        return any(self.params.get(key, "").strip() for key, _ in CONTEXT)

    def rows(self, key: str) -> list[str]:
        """The filled rows of a list field, in request order (so units[1] is the second)."""
        return values(self.params, key)

    @property
    def planets(self) -> list[str]:
        """Planet names for the producers' planet box (a datalist)."""
        return sorted({name for name, _ in get_corpus().planets().values()})

    def names(self, picker: str) -> list[str]:
        """Catalogue names for a no-JS datalist."""
        return [unit["name"] for unit in catalogue(picker)]

    def href(self, url: str | None) -> str | None:
        """A rule's link from this page: a bare anchor when it is here, so the scenario stays."""
        path, _, anchor = (url or "").partition("#")
        if path != urls.page_url(self.page):
            return url
        return f"#{anchor}" if anchor else None

    def invalid(self, key: str, index: int | None = None) -> bool:
        """Whether the error names this form field (or this row of it)."""
        if self.error is None:
            return False
        found = re.match(r"(\w+)(?:\[(\d+)\])?(?:\.(\w+))?", self.error.field)
        if found is None:
            return False
        name, row, sub = found[1], found[2], found[3]
        if name == "modifiers":
            name = "plasma" if sub == "plasma_scoring" else next((k for k, v in FLAGS.items() if v[0] == sub), sub)
        return LISTS.get(name, name) == key and (row is None or index is None or int(row) == index)

    def chart(self) -> dict:
        """Bar geometry of the hit distribution (resolver.js draws the same)."""
        return chart(self.result["distribution"])

    def numbers(self) -> dict[str, str]:
        """Expected hits and P(at least one hit), formatted as resolver.js formats them."""
        return {"expected": num(self.result["expected_hits"]), "p1": pct(self.result["p_at_least_one"])}


def widget(page: Entry, params: MultiDict) -> Widget | None:
    """The widget for a topic page that has one, with the query's scenario resolved."""
    choices = PAGES.get(page.id) if page.kind == "topic" else None
    if choices is None:
        return None
    w = Widget(page, choices, choices[0], params)
    try:
        req = decode(params)
        if req is None:
            return w
        if req["ability"] in LABELS:
            w.ability = ability = req["ability"]
            same = tuple(c for c in choices if (c == "production") == (ability == "production"))
            w.choices = same + ((ability,) if ability not in same else ())
        w.result = with_links(resolve(req, get_corpus().planets()))
        w.query = encode(req)
    except ResolveError as exc:
        w.error = exc
    return w


BAR, GAP, PLOT, TOP, FOOT = 36, 8, 100, 18, 20


def chart(distribution: list[float]) -> dict:
    """Bars for P(k hits): x, y, height in SVG units, and the labels."""
    shown = range(len(distribution))
    if len(distribution) > 25:  # long tails round to 0%: keep the hit counts that can happen
        likely = [k for k, p in enumerate(distribution) if p >= 0.0005]
        shown = range(likely[0], likely[-1] + 1)
    peak = max(distribution)
    bars = []
    for i, k in enumerate(shown):
        height = round(PLOT * distribution[k] / peak, 1) if distribution[k] else 0
        bars.append({"hits": k, "pct": pct(distribution[k]), "x": GAP + i * (BAR + GAP),
                     "y": round(TOP + PLOT - height, 1), "height": height})
    return {"bars": bars, "width": GAP + len(bars) * (BAR + GAP), "height": TOP + PLOT + FOOT,
            "bar": BAR, "base": TOP + PLOT, "cut": len(bars) < len(distribution)}


def pct(p: float) -> str:
    """A probability as a short percentage: 0.16 -> "16%", 0.015625 -> "1.56%"."""
    return f"{p * 100:.2f}".rstrip("0").rstrip(".") + "%"


def num(x: float) -> str:
    """A number with at most three decimals: 1.2 -> "1.2"."""
    return f"{x:.3f}".rstrip("0").rstrip(".")
