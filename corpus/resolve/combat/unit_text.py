"""Unit card text in a battle: the abilities the engine applies, and a step for each one it does not."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

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
# set, so a sentence the engine does not read always gets a step.
APPLIED = (
    Applied("repairs", re.compile(r"at the start of each space combat round(?: in this system)?, repair this ship"
                                  r"|repair it at the start of every combat round", re.I)),
    Applied("ship", re.compile(r"\bthis unit is both a ship and (?:a )?ground force", re.I)),
    Applied("ability_proof", re.compile(r"\bcannot be assigned hits from unit abilities", re.I)),
    Applied("per_opponent_ship", re.compile(r"number of your opponent's non-fighter ships", re.I)),
    Applied("removes_planetary_shield", re.compile(r"\blose (?:the )?planetary shield", re.I)),
    Applied("fighter_room", re.compile(r"fighters in this system do not count against", re.I)),
    Applied("boosts_others", re.compile(r"to the result of each of your other ship'?s'? combat rolls", re.I)),
    Applied("extra_hits", re.compile(r"each result of 9 or 10, before applying modifiers, produces \d additional hits",
                                     re.I)),
    Applied("denies_sustain", re.compile(r"other player'?s'? (?:ships in this system|ground forces on this planet) "
                                         r"cannot use sustain damage", re.I)),
    Applied("destroys_all", re.compile(r"when this ship is destroyed, destroy all ships in this system", re.I)),
    Applied("steers_hits", re.compile(r"hits produced by this ship and by your dreadnoughts in this system must be "
                                      r"assigned to non-fighter ships if able", re.I)),
    Applied("fighters_invade", re.compile(r"commit fighters to planets as if they were ground forces", re.I)),
    Applied("musters", re.compile(r"ground forces in this system to participate in that combat as if they were "
                                  r"ships", re.I)),
    Applied("mech_dice", re.compile(r"your mechs in this system roll \d additional (?:die|dice) during combat", re.I)),
    Applied("blocks_afb", re.compile(r"other players cannot use anti-fighter barrage against your units", re.I)),
    Applied("steadies", re.compile(r"your infantry on this planet are not affected by your fragile", re.I)),
    Applied("strikes_back", re.compile(r"after this unit uses it'?s sustain damage ability during ground combat, it "
                                       r"produces 1 hit", re.I)),
    Applied("trades_for", re.compile(r"after a round of space combat, you may destroy this unit to destroy up to \d "
                                     r"ships", re.I)),
    Applied("culls", re.compile(r"when this unit uses anti-fighter barrage, each result of 9 or 10 also destroys 1 of "
                                r"your opponent'?s'? infantry in the space area", re.I)),
    Applied("pierces", re.compile(r"when this unit uses its bombardment ability, it uses it against [^.]*ignoring "
                                  r"planetary shield", re.I)),
    Applied("aims", re.compile(r"hits produced by this unit must be assigned to non-fighter ships if able", re.I)),
    Applied("blocks_space_cannon", re.compile(r"other players cannot use space cannon against your ships", re.I)),
    Applied("space_ship", re.compile(r"if this unit is in the space area of the active system, it is also a ship"
                                     r"|this unit participates in space combat as if it were a ship", re.I)),
    Applied("other_face", re.compile(r"at the start of a space combat, flip this card", re.I)),
    # A bonus to its own rolls that hangs on a table fact the side's request gives (facts.py, narrate_mods.py).
    Applied("asks", ASKING),
)


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
