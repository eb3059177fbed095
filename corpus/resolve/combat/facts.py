"""Facts on the table a unit's card makes its own combat rolls (or its repair) depend on, each given by a field of the
side's request.

A card such as Iconoclast's ("During combat against an opponent who has at least 1 relic fragment, apply +2 ...")
asks about something the battle's units do not show. The side's request states it (a yes/no, or a count); without
it the bonus is left out, so a request that does not know the card gets the odds it always had. Heaven's Eye's card
gives a repair at the end of every combat round instead of a bonus.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..errors import ResolveError
from ..request import flag, integer
from ..units import load

MAX_COUNT = 20  # more than any map holds; a +1 per item is past a sure hit long before
_PLUS = re.compile(r"apply \+(\d+)", re.I)


@dataclass(frozen=True)
class Fact:
    """A fact a card asks: the side's request field that gives it, yes/no or a count, and the sentence asking it."""

    field: str
    count: bool  # a number (the card's bonus for each) rather than true or false
    sentence: re.Pattern
    asks: str  # the fact in our words: "the opponent has at least 1 relic fragment"
    repairs: bool = False  # the card repairs the unit at the end of every combat round rather than adding to its rolls

    def card(self) -> str:
        """The units asking it and their bonus (or repair), read from the first one's card: "Iconoclast: +2 to its combat
        rolls"."""
        units = asking_units(self.field)
        if self.repairs:
            return f"{' or '.join(units)}: repaired at the end of every combat round"
        per = per_fact(load().get(units[0], self.field).combat_text, self.field)
        return f"{' or '.join(units)}: +{per} to its combat rolls{' for each' if self.count else ''}"

    def describe(self) -> str:
        """What the field means, for the API's description."""
        return f"{'the number of' if self.count else 'true when'} {self.asks} ({self.card()}, its card)"


FACTS = (
    Fact("opponent_token_not_in_fleet_pool", False,
         re.compile(r"against an opponent whose command token is not in your fleet pool, apply \+\d", re.I),
         "the opponent's command token is not in this side's fleet pool"),
    Fact("opponent_has_relic_fragment", False,
         re.compile(r"against an opponent who has at least 1 relic fragment, apply \+\d", re.I),
         "the opponent has at least 1 relic fragment"),
    Fact("opponent_has_x_or_y_token", False,
         re.compile(r"against an opponent who has an \W?X\W? or \W?Y\W? token on 1 or more of their technologies, "
                    r"apply \+\d", re.I),
         "the opponent has an X or Y token on 1 or more of its technologies"),
    Fact("non_home_systems_with_planet", True,
         re.compile(r"apply \+\d to the result of each of this unit'?s combat rolls for each non-home system that "
                    r"contains a planet you control", re.I),
         "non-home systems that contain a planet this side controls"),
    Fact("anomalies_in_or_adjacent", True,
         re.compile(r"for each anomaly this unit is in or adjacent to, apply \+\d", re.I),
         "anomalies this unit is in or adjacent to"),
    # The card's +1 to the ship's move value changes no battle: a ship with a move value retreats either way.
    Fact("plot_controller_in_system", False,
         re.compile(r"if the active system contains units that belong to a player who has a control marker on 1 of "
                    r"your plots, [^.]*repair it at the end of every combat round", re.I),
         "the active system contains units of a player who has a control marker on 1 of this side's plots",
         repairs=True),
)
FIELDS = {fact.field: fact for fact in FACTS}
# Any sentence of the kind, for unit_text.APPLIED: a card that asks one of these facts is applied here.
ASKING = re.compile("|".join(fact.sentence.pattern for fact in FACTS), re.I)


def asked(card_text: tuple[str, ...]) -> str | None:
    """The request field of the fact a unit's card sentences ask, if any."""
    return next((fact.field for fact in FACTS for sentence in card_text if fact.sentence.search(sentence)), None)


def asking_sentence(card_text: tuple[str, ...], field: str) -> str:
    """The card sentence that asks the fact."""
    return next(sentence for sentence in card_text if FIELDS[field].sentence.search(sentence))


def per_fact(card_text: tuple[str, ...], field: str) -> int:
    """The card's bonus to its combat rolls, as printed ("apply +2"): once, or for each one counted."""
    return int(_PLUS.search(asking_sentence(card_text, field))[1])


@cache
def asking_units(field: str) -> tuple[str, ...]:
    """The catalogue's units whose card asks this fact."""
    return tuple(unit.name for unit in load().units if asked(unit.combat_text) == field)


def parse_facts(side: dict, card_texts: list[tuple[str, ...]], role: str) -> dict[str, bool | int]:
    """The facts a side's request gives; each only for a side with a unit whose card asks it (`card_texts`: those of
    the side's units in the active system)."""
    given = {}
    for field in (f for f in FIELDS if side.get(f) is not None):
        fact, where = FIELDS[field], f"{role}.{field}"
        value = integer(side[field], where, 0, MAX_COUNT) if fact.count else flag(side[field], where)
        if not any(asked(text) == field for text in card_texts):
            raise ResolveError(where, f"this side has no unit whose card asks it "
                                      f"({' or '.join(asking_units(field))}); leave it out")
        given[field] = value
    return given


def bonus(card_text: tuple[str, ...], given: dict[str, bool | int]) -> int:
    """The bonus a unit's card gives its own combat rolls with these facts (0 when its fact is not given)."""
    field = asked(card_text)
    # A repairing card's "+1" is to its move value, not its rolls.
    if field is None or field not in given or FIELDS[field].repairs:
        return 0
    return per_fact(card_text, field) * int(given[field])


def end_repair(card_text: tuple[str, ...], given: dict[str, bool | int]) -> bool:
    """True when a unit's card repairs it at the end of every combat round with these facts (Heaven's Eye)."""
    field = asked(card_text)
    return field is not None and FIELDS[field].repairs and bool(given.get(field))
