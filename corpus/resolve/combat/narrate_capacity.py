"""The capacity steps of a space combat (16): the excess removed before Space Cannon Offense and again before the
combat (16.3 and its notes), and at its end (16.3c)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step, num, pct, plural
from .assign import Side
from .capacity import end_of_combat, room
from .room import fit, passengers, ship_capacity

if TYPE_CHECKING:
    from . import Battle


def start_steps(battle: Battle) -> list[Step]:
    """A side whose fighters and ground forces in the space area already exceed its capacity: the excess is removed
    before Space Cannon Offense (16.3 and its notes)."""
    steps = []
    for role in ("attacker", "defender"):
        side, extra = getattr(battle.chain, role), room(getattr(battle.request, role))
        state = side.initial()
        wanting = passengers(side, state)
        capacity = extra.capacity + ship_capacity(side, state)
        # Counted as if every unit over capacity had to go, so Fighter II that may stay is still told of.
        kept = fit(side, wanting, capacity, extra.allowance).kept
        if sum(wanting.values()) > sum(kept.values()):
            steps.append(Step("16.3", "Over capacity as combat starts",
                              _start_text(battle, side, wanting, capacity, extra.allowance)))
    return steps


def _start_text(battle: Battle, side: Side, wanting: dict, capacity: int, allowance: int) -> str:
    """What is over capacity, and what is removed before Space Cannon Offense."""
    units = ", ".join(f"{n} × {spec.name}" for spec, n in wanting.items() if n)
    dock = f" (and a space dock's room for {plural(allowance, 'fighter')})" if allowance else ""
    gone = battle.opening.removed[side.role].before
    text = (f"{side.role.capitalize()}: {units} in the space area, and its ships' capacity is {capacity}{dock} "
            "(16.2). Capacity must be met before Space Cannon Offense (16.3 and its notes): the excess is removed "
            f"first, the first in the side's destroy order first (16.3a lets the player choose; order says "
            f"otherwise). Removed: {_units(gone) or 'nothing'}.")
    if any(spec.pool_fighter for spec in wanting):
        text += (" Fighter II beyond capacity counts against the fleet pool instead (its card), which this answer "
                 "does not know: it stays and fights.")
    if not any(n for n, _ in battle.entering(side)):
        text += f" That leaves the {side.role} no ships: there is no space combat (78.1)."
    return text


def offense_steps(battle: Battle) -> list[Step]:
    """Ships with capacity destroyed by Space Cannon Offense: the excess they leave is removed before combat."""
    parts = []
    for role in ("attacker", "defender"):
        removed = battle.opening.removed[role]
        if removed.after_chance:
            parts.append(f"{role.capitalize()}: P(any removed) = {pct(removed.after_chance)}, expected removed "
                         f"{_units(removed.after)}.")
    if not parts:
        return []
    return [Step("16.3", "Capacity met before space combat",
                 "When Space Cannon Offense destroys ships with capacity, the fighters and ground forces beyond the "
                 "capacity left must be removed before space combat starts (16.3 and its notes), the first in the "
                 "side's destroy order first (16.3a lets the player choose; order says otherwise); these odds "
                 "follow each number of ships left, and a side left with no ships does not fight. "
                 + " ".join(parts))]


def _units(counts: dict) -> str:
    """'2 × Fighter I, 0.5 × Infantry II' from units per type."""
    return ", ".join(f"{num(n)} × {spec.name}" for spec, n in counts.items() if n)


def end_steps(battle: Battle) -> list[Step]:
    """Fighters and ground forces beyond capacity at the end of a space combat (16.3c), when a side has any."""
    parts, kept, left = [], 0.0, False
    retreating = battle.request.retreat[0] if battle.request.retreat else None
    for role in ("attacker", "defender"):
        end = end_of_combat(battle, role)
        side = getattr(battle.chain, role)
        gone = [*((s.name, n) for s, n in zip(side.specs, end.removed)),
                *((s.name, n) for (s, _), n in zip(side.cargo, end.cargo_removed))]
        parts += [f"{role}'s {num(n)} × {name}" for name, n in gone if n]
        kept += end.over_capacity
        left = left or (role == retreating and any(n for _, n in gone))
    if not parts and not kept:
        return []
    text = ("Fighters and ground forces in the space area do not count against capacity during combat; at the end "
            "of combat, any beyond the capacity of the ships left (and a space dock's room for fighters) are "
            "removed, the first in the side's destroy order first (16.3a lets the player choose; order says "
            "otherwise). ")
    if left:
        text += ("Those a retreating side's ships cannot carry away stay behind with no ship and are removed as it "
                 "leaves (78.7b, 16.3): they are counted here too. ")
    if parts:
        text += (f"Expected removed: {', '.join(parts)}. The expected survivors are counted after this; the "
                 "chances of winning are not changed (a side that wins with fighters alone still wins). ")
    if kept:
        text += (f"Expected {plural(kept, 'fighter')} beyond capacity kept: Fighter II beyond capacity counts "
                 "against the fleet pool instead (its card), which this answer does not know. ")
    return [Step("16.3c", "Excess units removed", text.rstrip())]
