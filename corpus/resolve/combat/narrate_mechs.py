"""The steps of the mech cards the resolver applies: a ground force that is a ship in the space area (Z-Grav
Eidolon), the two sides of the Naaz-Rokha mech card (Eidolon, Z-Grav Eidolon), and more dice for mechs (Visz El
Vir)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step, plural
from ..units import load
from .assign import Side
from .stats import Spec, is_mech, spec as spec_of
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
    return steps + _mech_dice(battle)


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


def _mech_dice(battle: Battle) -> list[Step]:
    """Visz El Vir: each of its side's mechs rolls more dice in a combat in its system (in a space combat, while it is
    alive)."""
    steps = []
    for role in ("attacker", "defender"):
        giver = next((g.spec for g in getattr(battle.request, role).groups if g.spec.mech_dice and not g.adjacent),
                     None)
        if giver is None:
            continue
        mechs = list(dict.fromkeys(s.name for s in getattr(battle.chain, role).specs if is_mech(s)))
        dice = plural(giver.mech_dice, "more die", "more dice")
        if not mechs:
            what = "this side has no mech fighting here"
        elif battle.request.ability == "space_combat":
            what = (f"each mech of this side fighting as a ship ({', '.join(mechs)}) rolls {dice} in every round that "
                    f"starts with {giver.name} alive; once it is destroyed, they roll their own dice")
        else:
            what = (f"each mech of this side ({', '.join(mechs)}) rolls {dice} in this ground combat (its combat value "
                    "above counts them)")
        steps.append(Step("42.1" if battle.request.ability != "space_combat" else "78.5",
                          f"{giver.name}: more dice for mechs",
                          f"{giver.name} ({role}): \"{card_sentence(giver, 'mech_dice')}\" (its card). Applied here: "
                          f"{what}.", "card"))
    return steps
