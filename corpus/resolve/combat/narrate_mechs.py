"""The steps of mech cards the resolver applies that change which units fight where: a ground force that is a ship
in the space area (Z-Grav Eidolon), and the two sides of the Naaz-Rokha mech card (Eidolon, Z-Grav Eidolon)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step
from ..units import load
from .assign import Side
from .stats import Spec, spec as spec_of
from .unit_text import card_sentence

if TYPE_CHECKING:
    from . import Battle


def mech_steps(battle: Battle) -> list[Step]:
    """One step per unit type that is a ship in the space combat by its card, or that fights a ground combat as the
    other side of its card."""
    steps = []
    for side in (battle.chain.attacker, battle.chain.defender):
        if battle.request.ability == "space_combat":
            steps += [_space_ship(battle, side, spec, n) for spec, n in zip(side.specs, side.counts)
                      if spec.joins and spec.space_ship]
        else:
            steps += _flipped_back(battle, side)
    return steps


def _space_ship(battle: Battle, side: Side, spec: Spec, count: int) -> Step:
    """Z-Grav Eidolon: a ship in the space area, so it fights the space combat from its start (an Eidolon there
    flips to it as the combat starts)."""
    quote = f"{spec.name} ({side.role}): \"{card_sentence(spec, 'space_ship')}\" (its card)."
    listed = {g.listed for g in getattr(battle.request, side.role).groups if g.spec.name == spec.name and g.listed}
    if spec.other_face:
        other = spec_of(load().get(spec.other_face, "other_face"))
        quote += (f" {other.name}: \"{card_sentence(other, 'other_face')}\" (the other side of its card, which "
                  "flips back at the end of the space battle).")
    flipped = (f" (listed as {', '.join(sorted(listed))}: the card flips as the combat starts, so the Naaz-Rokha "
               "mechs in the space area are Z-Grav Eidolon during it)" if listed else "")
    sustain = "with Sustain Damage" if spec.sustain else "without Sustain Damage"
    what = (f"this side's {count} × {spec.name} in the space area{flipped} fight this combat as ships from its start: "
            f"they roll {spec.combat_text} each, {sustain}, and by default are assigned hits in a "
            f"{spec.ship_klass}'s place in the destroy order, as their cost gives a ship (before that class's units "
            "with a better combat value). "
            "Space Cannon Offense comes before the combat starts, so it cannot hit them; they are ground forces in "
            "the space area before it and at the combat's end, where they need capacity (16.2, 16.3c)")
    return Step("78.2", f"{spec.name}: a ship in the space combat", f"{quote} Applied here: {what}.", "card")


def _flipped_back(battle: Battle, side: Side) -> list[Step]:
    """Z-Grav Eidolon listed in a ground combat or an invasion: outside a space combat the card shows Eidolon."""
    steps = []
    for group in getattr(battle.request, side.role).groups:
        if not group.listed:
            continue
        spec = group.spec
        sustain = ", Sustain Damage" if spec.sustain else ""
        steps.append(Step("42.1", f"{group.listed}: fights as {spec.name}",
                          f"{side.role.capitalize()}'s {group.listed} is the other side of the {spec.name} card, which "
                          "flips to it only at the start of a space combat for units in the space area, and back at "
                          "the end of the space battle: the Naaz-Rokha mechs are Z-Grav Eidolon during the Space "
                          f"Combat step alone. So here its {group.count} × {group.listed} fight as {spec.name} "
                          f"(combat {spec.combat_text}{sustain}).", "card"))
    return steps
