"""Step resolver on the web: POST /api/resolve, its unit catalogue, and the widget on topic pages.

Scenario query string (the permalink, and the widget's no-JS form fields, which use the same names):

    ability=space_cannon | space_cannon_defense | bombardment | anti_fighter_barrage | production
    u=WHAT[*COUNT][@adj][:LABEL]   one per unit entry; WHAT is a catalogue name ("PDS II") or a
                                   value with dice, "5x3" (also typed "5 (x3)" or "5"); @adj: in an
                                   adjacent system; a label only goes with a value
    plasma=1 | plasma=uN           Plasma Scoring on the best unit, or on units[N]
    shield=1  warsun=1  harrow=1   Planetary Shield, a War Sun in the system, L1Z1X Harrow
    rolls=3,7,10   seed=42         dice entered, or rolled from a seed
    faction=arborec                production: the faction
    p=NAME[*COUNT][@RESOURCES]     production: a producing unit (a space dock on a 3-resource planet: @3)
    b=NAME[*COUNT]                 production: a unit to build
    resources= fleet_pool= ships_in_system= capacity_in_system= units_in_space=   production context

decode() turns the query into the resolver's JSON request and encode() turns one back; blank fields
are skipped, and a malformed number is passed on as text so the resolver's error names its field.
static/resolver.js mirrors both.
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

bp = Blueprint("resolver", __name__, url_prefix="/api/resolve")

# Topic page -> the abilities its widget offers, the default first.
PAGES = {
    "space-cannon": ("space_cannon", "space_cannon_defense"),
    "pds": ("space_cannon", "space_cannon_defense"),
    "bombardment": ("bombardment",),
    "anti-fighter-barrage": ("anti_fighter_barrage",),
    "production": ("production",),
    "space-dock": ("production",),
}
LABELS = {"space_cannon": "Space Cannon Offense", "space_cannon_defense": "Space Cannon Defense",
          "bombardment": "Bombardment", "anti_fighter_barrage": "Anti-Fighter Barrage", "production": "Production"}
# Query flag -> (request modifier, form label, abilities that take it).
FLAGS = {
    "shield": ("planetary_shield", "Planetary Shield on the planet", ("bombardment",)),
    "warsun": ("war_sun", "War Sun in the system", ("bombardment",)),
    "harrow": ("harrow", "L1Z1X Harrow", ("bombardment",)),
}
PLASMA_FOR = ("space_cannon", "space_cannon_defense", "bombardment")
CONTEXT = (("resources", "Resources to spend"), ("fleet_pool", "Fleet pool tokens"),
           ("ships_in_system", "Non-fighter ships already there"),
           ("capacity_in_system", "Capacity already there"), ("units_in_space", "Fighters and ground forces in space"))
LISTS = {"units": "u", "producers": "p", "build": "b"}
_VALUE = re.compile(r"(\d{1,3})\s*(?:x\s*(\d{1,3})|\(\s*x\s*(\d{1,3})\s*\))?", re.I | re.A)
_TRUE = ("1", "true", "on", "yes")


def _number(text: str):
    """An int for a plain number, else the text itself, so the resolver names the bad field."""
    text = text.strip()
    return int(text) if re.fullmatch(r"-?\d{1,19}", text, re.A) else text


def _values(params: MultiDict, key: str) -> list[str]:
    """The non-blank values of a repeated field."""
    return [v.strip() for v in params.getlist(key) if v.strip()]


def decode_unit(text: str) -> dict:
    """One `u` value: "PDS II*2", "5x3*1@adj:Xxcha flagship"."""
    head, colon, label = text.partition(":")
    head = head.strip()
    adjacent = head.lower().endswith("@adj")
    head = head[:-4].strip() if adjacent else head
    what, star, count = head.rpartition("*") if "*" in head else (head, "", "1")
    value = _VALUE.fullmatch(what.strip())
    if value:
        entry = {"value": int(value[1]), "dice": int(value[2] or value[3] or 1), "count": _number(count)}
    else:
        entry = {"name": what.strip(), "count": _number(count)}
    if colon:
        entry["label"] = label.strip()
    if adjacent:
        entry["adjacent"] = True
    return entry


def decode_producer(text: str) -> dict:
    """One `p` value: "Space Dock I*1@3" (a space dock on a 3-resource planet)."""
    head, at, resources = text.rpartition("@") if "@" in text else (text, "", "")
    entry = decode_build(head)
    if at:
        entry["planet_resources"] = _number(resources)
    return entry


def decode_build(text: str) -> dict:
    """One `b` value: "Infantry I*2"."""
    name, star, count = text.rpartition("*") if "*" in text else (text, "", "1")
    return {"name": name.strip(), "count": _number(count)}


def decode(params: MultiDict) -> dict | None:
    """The resolver request a query string describes; None when it names no ability."""
    ability = params.get("ability", "").strip()
    if not ability:
        return None
    if ability == "production":
        req: dict = {"ability": ability}
        if params.get("faction", "").strip():
            req["faction"] = params["faction"].strip()
        req["producers"] = [decode_producer(v) for v in _values(params, "p")]
        req["build"] = [decode_build(v) for v in _values(params, "b")]
        req.update({key: _number(params[key]) for key, _ in CONTEXT if params.get(key, "").strip()})
        return req
    req = {"ability": ability, "units": [decode_unit(v) for v in _values(params, "u")]}
    modifiers = {}
    plasma = params.get("plasma", "").strip().lower()
    if plasma in _TRUE:
        modifiers["plasma_scoring"] = True
    elif re.fullmatch(r"u\d{1,3}", plasma, re.A):
        modifiers["plasma_scoring"] = int(plasma[1:])
    elif plasma not in ("", "0"):
        raise ResolveError("modifiers.plasma_scoring", "use plasma=1 (the unit most likely to hit) or plasma=uN "
                                                       "(units[N] takes the die)")
    for key, (name, _, _) in FLAGS.items():
        flag = params.get(key, "").strip().lower()
        if flag not in ("", "0"):
            modifiers[name] = True if flag in _TRUE else flag
    if modifiers:
        req["modifiers"] = modifiers
    if params.get("rolls", "").strip():
        req["rolls"] = params["rolls"].strip()
    if params.get("seed", "").strip():
        req["seed"] = _number(params["seed"])
    return req


def encode(req: dict) -> list[tuple[str, str]]:
    """The query pairs for a request: the inverse of decode() (canonical: every count written)."""
    pairs = [("ability", req["ability"])]
    if req["ability"] == "production":
        if req.get("faction"):
            pairs.append(("faction", req["faction"]))
        for item in req.get("producers", []):
            at = f"@{item['planet_resources']}" if item.get("planet_resources") is not None else ""
            pairs.append(("p", f"{item['name']}*{item.get('count', 1)}{at}"))
        pairs += [("b", f"{item['name']}*{item.get('count', 1)}") for item in req.get("build", [])]
        return pairs + [(key, str(req[key])) for key, _ in CONTEXT if req.get(key) is not None]
    for item in req.get("units", []):
        what = item["name"] if "name" in item else f"{item['value']}x{item.get('dice', 1)}"
        adjacent = "@adj" if item.get("adjacent") else ""
        label = f":{item['label']}" if item.get("label") else ""
        pairs.append(("u", f"{what}*{item.get('count', 1)}{adjacent}{label}"))
    modifiers = req.get("modifiers", {})
    plasma = modifiers.get("plasma_scoring")
    if plasma is not None and plasma is not False:
        pairs.append(("plasma", "1" if plasma is True else f"u{plasma}"))
    pairs += [(key, "1") for key, (name, _, _) in FLAGS.items() if modifiers.get(name)]
    return pairs + [(key, str(req[key])) for key in ("rolls", "seed") if req.get(key) is not None]


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
    if not request.is_json:
        raise WebError("body: send the scenario as a JSON object with Content-Type: application/json",
                       400, field="body")
    body = request.get_json(silent=True)
    if body is None:
        raise WebError("body: is not valid JSON", 400, field="body")
    try:
        return ok(**with_links(resolve(body)))
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
        return _values(self.params, key)

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
        w.result = with_links(resolve(req))
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
