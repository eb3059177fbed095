"""Space Cannon (offense, defense), Bombardment and Anti-Fighter Barrage rolls."""
from __future__ import annotations

from dataclasses import replace

from . import dice
from .errors import ResolveError
from .narrate import narrate
from .records import Excluded, Outcome, Rolled, RolledUnit
from .request import MAX_DICE, DiceRequest, Entry


def evaluate(request: DiceRequest) -> Outcome:
    """Resolve a checked dice request: who rolls, the distribution, the dice."""
    rolling, excluded = split_eligible(request)
    shield = shield_state(request, rolling)
    if shield == "blocked":
        outcome = Outcome(request, rolling, tuple(excluded), None, dice.distribution([]), shield)
        return replace(outcome, steps=tuple(narrate(outcome)))
    plasma = plasma_target(request, rolling, excluded)
    groups = [(entry.roll.value, entry.dice) for entry in rolling]
    if plasma is not None:
        groups.append((plasma.roll.value, 1))
    total = sum(count for _, count in groups)
    if total > MAX_DICE:
        raise ResolveError("units", f"{total} dice in all; at most {MAX_DICE}")
    outcome = Outcome(request, rolling, tuple(excluded), plasma, dice.distribution(groups), shield)
    outcome = replace(outcome, rolled=actual_dice(outcome))
    return replace(outcome, steps=tuple(narrate(outcome)))


def split_eligible(request: DiceRequest) -> tuple[tuple[Entry, ...], list[Excluded]]:
    """Entries that roll, and those the rules leave out (with the rule)."""
    rolling, excluded = [], []
    for entry in request.entries:
        reason = _exclusion(request.ability, entry)
        if reason is None:
            rolling.append(entry)
        else:
            excluded.append(reason)
    return tuple(rolling), excluded


def _exclusion(ability: str, entry: Entry) -> Excluded | None:
    """Why this entry does not roll for this ability, or None if it does."""
    unit = entry.unit
    if entry.adjacent and ability in ("bombardment", "anti_fighter_barrage"):
        raise ResolveError(f"{entry.field}.adjacent", "only Space Cannon can reach into an adjacent system (77.3c)")
    if ability == "space_cannon_defense":
        if entry.adjacent:
            return Excluded(entry, "77.7d", "is in an adjacent system; effects that let Space Cannon reach adjacent "
                                            "systems have no effect during Space Cannon Defense")
        if unit is not None and not unit.on_planet:
            return Excluded(entry, "77.7", "is a ship, not a unit on the invaded planet; only units there roll")
    if ability == "space_cannon" and entry.adjacent and unit is not None and not unit.deep_space_cannon:
        return Excluded(entry, "77.3c", "is in an adjacent system but has no upgrade or ability that lets it fire "
                                        "there (PDS II, Hel-Titan II, Loncara Ssodu and Indomitus have one)")
    return None


def shield_state(request: DiceRequest, rolling: tuple[Entry, ...]) -> str | None:
    """Planetary Shield: None (no shield), "blocked", or what removes it."""
    if request.ability != "bombardment" or not request.modifiers.planetary_shield:
        return None
    if request.modifiers.war_sun:
        return "War Sun"
    for entry in rolling:
        if entry.unit is not None and entry.unit.removes_planetary_shield:
            return entry.unit.name
    return "blocked"


def plasma_target(request: DiceRequest, rolling: tuple[Entry, ...], excluded: list[Excluded]) -> Entry | None:
    """The entry whose unit rolls the Plasma Scoring die (chosen before rolling)."""
    choice = request.modifiers.plasma_scoring
    if choice is None:
        return None
    if not rolling:
        raise ResolveError("modifiers.plasma_scoring", "no unit in this roll can take the extra die")
    if choice == "best":
        # The lowest value hits most often; ties go to the first listed.
        return min(rolling, key=lambda entry: entry.roll.value)
    for entry in rolling:
        if entry.index == choice:
            return entry
    if any(item.entry.index == choice for item in excluded):
        raise ResolveError("modifiers.plasma_scoring",
                           f"units[{choice}] does not roll, so it cannot take the extra die")
    raise ResolveError("modifiers.plasma_scoring", f"no units[{choice}]; give the index of a units entry")


def dice_order(outcome: Outcome) -> list[tuple[Entry, int, bool]]:
    """(entry, dice, is_plasma) in the order entered dice are read."""
    order = [(entry, entry.dice, False) for entry in outcome.rolling]
    if outcome.plasma is not None:
        order.append((outcome.plasma, 1, True))
    return order


def actual_dice(outcome: Outcome) -> Rolled | None:
    """Hits per unit for entered or seeded dice; None when only odds are asked."""
    request = outcome.request
    if request.rolls is None and request.seed is None:
        return None
    total = outcome.distribution.dice
    if request.rolls is not None:
        results, source = list(request.rolls), "entered"
        if len(results) != total:
            raise ResolveError("rolls", f"expected {total} die results (one per die, in the order of units, "
                                        f"the Plasma Scoring die last); got {len(results)}")
    else:
        results, source = dice.roll(request.seed, total), "seed"
    units, start = [], 0
    for entry, count, is_plasma in dice_order(outcome):
        chunk = tuple(results[start:start + count])
        start += count
        label = f"{entry.label} (Plasma Scoring die)" if is_plasma else entry.label
        hits = dice.count_hits(entry.roll.value, chunk)
        units.append(RolledUnit(entry.index, label, entry.roll.value, chunk, hits, is_plasma))
    return Rolled(source, tuple(units), request.seed)
