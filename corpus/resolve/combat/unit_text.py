"""Unit card text in a battle: the abilities the engine applies, and a step for each one it does not."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..card_sentences import SENTENCES
from ..steps import Step
from .facts import ASKING
from .stats import Spec

if TYPE_CHECKING:
    from . import Battle


@dataclass(frozen=True)
class Applied:
    """A unit ability the engine applies: the Spec field that carries it and the card sentence that says it."""

    field: str
    sentence: re.Pattern


# Every unit text the engine applies. A card sentence is applied only when it matches here and the unit's field is
# set, so a sentence the engine does not read always gets a step. The catalogue set the field by the same pattern;
# a bonus to its own rolls that hangs on a table fact the side's request gives is facts.py's.
APPLIED = (*(Applied(field, sentence) for field, sentence in SENTENCES.items()), Applied("asks", ASKING))


def card_sentence(spec: Spec, field: str) -> str:
    """The card sentence behind an ability the engine applies, as printed."""
    applied = next(a for a in APPLIED if a.field == field)
    return next(sentence for sentence in spec.card_text if applied.sentence.search(sentence))


def unapplied(spec: Spec) -> tuple[str, ...]:
    """The card sentences of a unit that bear on a battle and that the engine does not apply."""
    return tuple(sentence for sentence in spec.card_text
                 if not any(getattr(spec, a.field) and a.sentence.search(sentence) for a in APPLIED))


def unapplied_steps(battle: Battle) -> list[Step]:
    """One step per unit in the request whose card says something about the battle that these odds leave out."""
    steps = []
    for role in ("attacker", "defender"):
        seen = set()
        for group in getattr(battle.request, role).groups:
            left = unapplied(group.spec)
            if not left or group.spec.name in seen:
                continue
            seen.add(group.spec.name)
            quoted = " ".join(left)
            steps.append(Step("1.26", f"Not applied: {group.spec.name}",
                              f"{role.capitalize()}'s {group.spec.name}: \"{quoted}\" (its card). The resolver does "
                              "not apply this ability, so these odds leave it out; combat_modifier or a modifier "
                              "may stand in for some of it.", "card"))
    return steps
