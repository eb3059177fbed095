"""The capacity steps of a space combat (16): the space area over capacity as combat starts, and the excess
removed at its end (16.3c)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step, num, plural
from .assign import Side
from .capacity import end_of_combat, room
from .room import fit, passengers, ship_capacity

if TYPE_CHECKING:
    from . import Battle


def start_steps(battle: Battle) -> list[Step]:
    """A side whose fighters and ground forces in the space area already exceed its capacity: the rules have the
    player remove the excess before Space Cannon Offense, so the request is not a position the game allows."""
    steps = []
    for role in ("attacker", "defender"):
        side, extra = getattr(battle.chain, role), room(getattr(battle.request, role))
        state = side.initial()
        wanting = passengers(side, state)
        capacity = extra.capacity + ship_capacity(side, state)
        kept = fit(side, wanting, capacity, extra.allowance).kept
        over = sum(wanting.values()) - sum(kept.values())
        if over:
            steps.append(Step("16.3", "Over capacity as combat starts", _start_text(side, wanting, capacity,
                                                                                      extra.allowance, over)))
    return steps


def _start_text(side: Side, wanting: dict, capacity: int, allowance: int, over: int) -> str:
    """What is over capacity, what the rules want done, and what these odds do instead."""
    units = ", ".join(f"{n} × {spec.name}" for spec, n in wanting.items() if n)
    dock = f" (and a space dock's room for {plural(allowance, 'fighter')})" if allowance else ""
    pool = (" Fighter II beyond capacity may count against the fleet pool instead, which this answer does not know."
            if any(spec.pool_fighter for spec in wanting) else "")
    return (f"{side.role.capitalize()}: {units} in the space area, and its ships' capacity is {capacity}{dock} "
            f"(16.2). Capacity must be met before Space Cannon Offense (16.3 and its notes), so "
            f"{plural(over, 'unit')} of these cannot be there as the combat starts; the player chooses which "
            f"(16.3a).{pool} These odds fight with every ship listed: take the excess out of the request to see the "
            "combat the rules allow.")


def end_steps(battle: Battle) -> list[Step]:
    """Fighters and ground forces beyond capacity at the end of a space combat (16.3c), when a side has any."""
    parts, kept = [], 0.0
    for role in ("attacker", "defender"):
        end = end_of_combat(battle, role)
        side = getattr(battle.chain, role)
        gone = [*((s.name, n) for s, n in zip(side.specs, end.removed)),
                *((s.name, n) for (s, _), n in zip(side.cargo, end.cargo_removed))]
        parts += [f"{role}'s {num(n)} × {name}" for name, n in gone if n]
        kept += end.over_capacity
    if not parts and not kept:
        return []
    text = ("Fighters and ground forces in the space area do not count against capacity during combat; at the end "
            "of combat, any beyond the capacity of the ships left (and a space dock's room for fighters) are "
            "removed, the first in the side's destroy order first (16.3a lets the player choose; order says "
            "otherwise). ")
    if parts:
        text += (f"Expected removed: {', '.join(parts)}. The expected survivors are counted after this; the "
                 "chances of winning are not changed (a side that wins with fighters alone still wins). ")
    if kept:
        text += (f"Expected {plural(kept, 'fighter')} beyond capacity kept: Fighter II beyond capacity counts "
                 "against the fleet pool instead (its card), which this answer does not know. ")
    return [Step("16.3c", "Excess units removed", text.rstrip())]
