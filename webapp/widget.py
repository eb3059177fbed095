"""The resolver widget on topic pages, and the HTML fragment its script swaps in.

The page renders the form and, for a scenario in the query string, its answer (so it works without
JavaScript); `GET /resolver/<topic>?<scenario>` renders the same answer alone, for static/resolver.js.
The scenario encoding is in webapp/scenario.py; the answers come from webapp.resolver.answer().
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask import Blueprint, render_template, request
from werkzeug.datastructures import MultiDict

from corpus.model import Entry
from corpus.resolve import ResolveError, catalogue
from corpus.resolve.combat.facts import FIELDS as FACT_FIELDS, asking_units
from corpus.resolve.factions import FACTIONS
from webapp import battle, charts, urls
from webapp.corpus_access import get_corpus
from webapp.errors import WebError
from webapp.resolver import answer
from webapp.scenario import (BATTLES, CONTEXT, FLAGS, LABELS, LISTS, MODIFIER_LABELS, PAGES, PLASMA_FOR, TARGETS,
                             decode, encode, producer_rows, units_hint, values)
from webapp.scenario_battle import SIDE_KEYS, SIDES

bp = Blueprint("widget", __name__)


@bp.get("/resolver/<path:ref>")
def fragment(ref: str):
    """The answer for the scenario in the query, as the HTML the page shows under its form."""
    page = get_corpus().get(ref)
    w = widget(page, request.args)
    if w is None:
        raise WebError(f"{ref!r} has no step resolver; it is on the pages of {', '.join(PAGES)}", 404)
    return render_template("_resolver_answer.html", w=w)


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
    labels, context, factions, targets, units_hint = LABELS, CONTEXT, FACTIONS, TARGETS, staticmethod(units_hint)
    pct, num = staticmethod(charts.pct), staticmethod(charts.num)

    @property
    def kind(self) -> str:
        """Which form and answer: "dice", "production" or "battle"."""
        if self.ability == "production":
            return "production"
        return "battle" if self.ability in BATTLES else "dice"

    @property
    def fragment_url(self) -> str:
        """Where resolver.js fetches the answer for the form's fields."""
        return urls.resolver_fragment_url(self.page)

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
    def producer_rows(self) -> list[tuple[str, str]]:
        """The filled producer rows: the unit, and its planet (or resources) for the planet box."""
        return producer_rows(self.params)

    @property
    def planets(self) -> list[str]:
        """Planet names the producers' planet boxes offer (a datalist)."""
        return sorted({name for name, _ in get_corpus().planets().values()})

    def names(self, picker: str) -> list[tuple[str, str]]:
        """A row's suggestions: each catalogue unit's name and what it rolls or costs (in a battle, also why a
        unit offered for its card is there: the catalogue's "why")."""
        if picker in BATTLES:  # a unit added for its card says why; one that does not fight, only why
            return [(unit["name"], "; ".join(filter(None, (_hint(unit, picker) if unit["combat"] or not unit["why"]
                                                           else "", unit["why"]))))
                    for unit in catalogue(picker)]
        return [(unit["name"], _hint(unit, picker)) for unit in catalogue(picker)]

    def href(self, url: str | None) -> str | None:
        """A rule's link from this page: a bare anchor when it is here, so the scenario stays."""
        path, _, anchor = (url or "").partition("#")
        if path != urls.page_url(self.page):
            return url
        return f"#{anchor}" if anchor else None

    def _error_target(self) -> tuple[str, int | None] | None:
        """The form field (query key) and row the error names, if any."""
        if self.error is None:
            return None
        side = re.match(rf"(attacker|defender)\.({'|'.join(SIDE_KEYS)})\b(?:\[(\d+)\])?", self.error.field)
        if side:  # a battle side's rows are a= / d=, its boxes am= / dm=, its number ac=, its order ao=, ax=, af=
            key = SIDES[side[1]] + SIDE_KEYS[side[2]]
            return key, int(side[3]) if side[3] and side[2] == "units" else None
        found = re.match(r"(\w+)(?:\[(\d+)\])?(?:\.(\w+))?", self.error.field)
        if found is None:
            return None
        name, row, sub = found[1], found[2], found[3]
        if name == "producers" and sub in ("planet", "planet_resources"):
            return "pl", None if row is None else int(row)  # the row's planet box
        if name == "modifiers":
            name = "plasma" if sub == "plasma_scoring" else next((k for k, v in FLAGS.items() if v[0] == sub), sub)
        return LISTS.get(name, name), None if row is None else int(row)

    @property
    def error_text(self) -> str:
        """The error in the form's words (form_error), or "" when there is none."""
        return form_error(self.error) if self.error else ""

    def invalid(self, key: str, index: int | None = None) -> bool:
        """Whether the error names this form field (or this row of it, counting filled rows)."""
        target = self._error_target()
        return target is not None and target[0] == key and (target[1] is None or index is None or target[1] == index)

    @property
    def invalid_controls(self) -> str:
        """The controls the error names, as "key" or "key:position" among the fields so named (blanks too)."""
        target = self._error_target()
        if target is None:
            return ""
        key, row = target
        if row is None:
            return key
        # Rows count the filled fields; a planet box counts by the producer beside it.
        filled = [i for i, value in enumerate(self.params.getlist("p" if key == "pl" else key)) if value.strip()]
        return f"{key}:{filled[row]}" if row < len(filled) else key

    def chart(self) -> dict:
        """Bar geometry of the hit distribution."""
        return charts.hits_chart(self.result["distribution"])

    def destroyed_chart(self) -> dict:
        """Bar geometry of the units destroyed (hits beyond the targets are lost)."""
        return charts.bars([(str(k), p) for k, p in enumerate(self.result["destroyed"]["distribution"])],
                           name=lambda k: f"{k} destroyed")

    @property
    def outcomes(self) -> list[tuple[str, str]]:
        """A battle's outcome keys and labels; a retreat only when one was planned."""
        return [(key, label) for key, label in OUTCOMES if key != "retreat" or (self.result or {}).get("retreat")]

    def outcome_chart(self) -> dict:
        """Bar geometry of a battle's outcomes."""
        outcome = self.result["outcome"]
        shown = [(key, label) for key, label in self.outcomes if key in outcome]
        chart = charts.bars([(key.capitalize(), outcome[key]) for key, _ in shown], bar=72)
        chart["desc"] = "; ".join(f"{label}: {charts.pct(outcome[key])}" for key, label in shown) + "."
        return chart

    @property
    def battle_modifiers(self) -> list[dict]:
        """Boxes for each side: the catalogue's modifiers that apply to a battle type offered here (the
        ones for another type than the chosen one are hidden, as resolver.js hides them on a switch)."""
        return [m for m in battle.modifiers() if set(m["battles"]) & set(self.choices)]

    def checked(self, key: str, modifier: str) -> str | None:
        """The value of a side's ticked modifier box, or None (Morale Boost may carry its round: "morale_boost@2")."""
        return next((value for value in self.params.getlist(key) if value.partition("@")[0] == modifier), None)

    def played_round(self, key: str, modifier: str) -> int | None:
        """The round a one-round modifier (Morale Boost) is played in: "morale_boost@2" -> 2, "morale_boost" -> 1."""
        value = self.checked(key, modifier)
        round_ = (value or "").partition("@")[2]
        return None if value is None else int(round_) if round_.isdigit() else 1

    @property
    def round_columns(self) -> list[str]:
        """Headings of the round-by-round table."""
        return battle.round_columns(self.result)

    @property
    def round_rows(self) -> list[list[str]]:
        """The round-by-round table's cells."""
        return battle.round_rows(self.result)

    @property
    def before_combat(self) -> str | None:
        """How the battle ends when no combat round is fought, in words; None when one may be."""
        return battle.before_combat(self.result)

    @property
    def removed_before_combat(self) -> str:
        """The units removed for capacity in a battle where no combat round is fought, by side."""
        return battle.removed_before_combat(self.result)

    @property
    def exotrireme_sides(self) -> list[str]:
        """The form keys of the sides offered the Exotrireme II choice (their units have one)."""
        return battle.exotrireme_sides(self.params)

    @property
    def fact_sides(self) -> list[str]:
        """"a:FIELD" for each table fact a card of a side's units asks: the boxes offered."""
        return battle.fact_sides(self.params)

    @property
    def fact_boxes(self) -> list[dict]:
        """Every table fact's box, as each side's part of the form lists them (shown only when offered)."""
        return battle.fact_boxes()

    @property
    def survivor_rows(self) -> list[list[str]]:
        """Expected survivors per unit type per side."""
        return battle.survivor_rows(self.result)


# The form's names for the request's fields, so an error reads as the box it is about, not an API path.
FIELD_LABELS = {"units": "Units", "build": "Units to produce", "producers": "Producing units", "rolls": "Dice rolled",
                "seed": "Seed", "targets": "Targets", "modifiers": "Modifiers", "retreat": "Retreat",
                "ability": "Ability", "combat_modifier": "combat modifier", "order": "order",
                "destroy_exotrireme": "destroy Exotrireme box", "table_fact": "table fact",
                **{f: f"box for {' or '.join(asking_units(f))}'s card" for f in FACT_FIELDS}}


def form_error(error: ResolveError) -> str:
    """An error as the form shows it: "Units, entry 2: …" for "units[1].name: …" ("entry" counts filled ones)."""
    found = re.match(r"(?:(attacker|defender)\.)?(\w+)(?:\[(\d+)\])?(?:\.(\w+))?$", error.field)
    if found is None:
        return str(error)
    side, name, row, sub = found.groups()
    label = MODIFIER_LABELS.get(sub) or FIELD_LABELS.get(name, name.replace("_", " "))  # "Plasma Scoring", not "Modifiers"
    if side:
        label = f"{side.capitalize()}'s {label[0].lower()}{label[1:]}"
    if row is not None:
        label += f", entry {int(row) + 1}"
    if sub in ("planet", "planet_resources"):
        label += ", planet"
    # The form reads a count after a star or before the name; "two PDS II" reads as one unknown name.
    unknown = error.message.startswith("unknown unit")
    hint = " (a count goes after a star, “PDS II*2”, or first, “2 PDS II”)" if unknown else ""
    return f"{label}: {error.message}{hint}"


OUTCOMES = (("attacker", "Attacker wins"), ("defender", "Defender wins"), ("draw", "Draw"), ("retreat", "Retreat"))


def _hint(unit: dict, picker: str) -> str:
    """"Space Cannon 5 (x3)", "combat 9, Sustain Damage", "cost 3": the value a picker is about."""
    roll = unit["values"].get(picker.replace("_defense", ""))
    if roll:
        return f"{LABELS.get(picker, picker)} {roll['text']}"
    if unit.get("combat"):
        return f"combat {unit['combat']['text']}" + (", Sustain Damage" if unit["sustain_damage"] else "")
    if "production" in unit["values"]:
        return f"Production {unit['values']['production']['text']}"
    return f"cost {unit['cost']['resources']}" if unit["cost"] else ""


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
            group = (lambda a: "production" if a == "production" else "battle" if a in BATTLES else "dice")
            same = tuple(c for c in choices if group(c) == group(ability))
            w.choices = same + ((ability,) if ability not in same else ())
        w.result = answer(req)
        w.query = encode(req)
    except ResolveError as exc:
        w.error = exc
    return w
