"""The steps of a space combat, each citing the rule (or card) that governs it, with this battle's numbers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step, num, pct, plural
from .assign import Side, State, dice_groups, non_fighters
from .markov import STATIONARY, hit_distribution
from .narrate_cards import card_steps
from .narrate_capacity import end_steps, offense_steps, start_steps
from .narrate_mods import ability_proof_steps, fact_steps, modifier_steps, repair_steps, roll_card_steps
from .results import outcome
from .retreat import removed_on_retreat
from .space import afb_dice, offense_dice
from .unit_text import unapplied_steps

if TYPE_CHECKING:
    from . import Battle


def space_steps(battle: Battle) -> list[Step]:
    """Space combat, rule 78, with Space Cannon Offense (77) before it."""
    req = battle.request
    steps = [lineup(battle, "ship"), *left_out(battle, "space"), *start_steps(battle), *modifier_steps(battle),
             *fact_steps(battle), *unapplied_steps(battle)]
    steps += space_cannon_steps(battle) + ability_proof_steps(battle) + offense_steps(battle)
    if battle.totals.rounds.get(0, 0.0) >= 1 - 1e-12:  # no opening leaves both sides ships: no round to tell of
        return steps + [result_step(battle, "78.10", "ships")] + end_steps(battle)
    steps.append(assignment_step(battle, "78.6"))
    steps += card_steps(battle)
    steps += repair_steps(battle)
    steps += afb_steps(battle)
    if req.retreat:
        steps += retreat_steps(battle)
    steps += roll_card_steps(battle) + roll_steps(battle, "78.5")
    steps.append(Step("78.8", "Another round",
                      "While both sides still have ships, another round begins with the Announce Retreats step. "
                      + rounds_text(battle)))
    steps.append(result_step(battle, "78.10", "ships"))
    return steps + end_steps(battle)


def lineup(battle: Battle, noun: str) -> Step:
    """Who fights: each side's units with their combat values."""
    parts = []
    for side in (battle.chain.attacker, battle.chain.defender):
        units = ", ".join(f"{n} × {s.name} (combat {s.combat_text}{', Sustain Damage' if s.sustain else ''})"
                          for s, n in zip(side.specs, side.counts)) or f"no {noun}s"
        parts.append(f"{side.role.capitalize()}: {units}.")
    rule, title = ("78.5", "The fleets") if noun == "ship" else ("42.1", "The ground forces")
    return Step(rule, title, " ".join(parts))


def left_out(battle: Battle, arena: str) -> list[Step]:
    """Units listed that do not fight here, and why."""
    steps = []
    for role in ("attacker", "defender"):
        side = getattr(battle.chain, role)
        fighting = {s.name for s in side.specs}
        for group in getattr(battle.request, role).groups:
            if group.adjacent:
                steps.append(_adjacent(role, group.spec.name, battle.request.ability))
                continue
            if group.spec.name in fighting:
                continue
            if arena == "space":
                why = ("is a ground force: only ships roll and take hits in a space combat; it is taken to be in "
                       "the space area, where it needs capacity (16.2)" if group.spec.ground and not group.spec.structure
                       else "is not a ship: it does not roll or take hits in a space combat")
                steps.append(Step("78.5", "Does not fight", f"{role.capitalize()}'s {group.spec.name} {why}."))
            elif not group.spec.ground:
                steps.append(Step("42.1", "Does not fight",
                                  f"{role.capitalize()}'s {group.spec.name} is not a ground force on the planet: "
                                  "it does not roll or take hits in ground combat."))
    return steps


def _adjacent(role: str, name: str, ability: str) -> Step:
    """A unit in a neighbouring system: it may reach the active system with Space Cannon Offense, nothing more."""
    who = f"{role.capitalize()}'s {name} is in an adjacent system"
    if ability == "space_combat":
        return Step("77.3c", "Fires from an adjacent system",
                    f"{who}: it fires Space Cannon Offense into the active system but does not roll or take hits "
                    "in the space combat.")
    if ability == "invasion":
        return Step("77.7d", "In an adjacent system",
                    f"{who}, not on the planet: it does not roll or take hits in ground combat, and Space Cannon "
                    "Defense cannot be fired from adjacent systems.")
    return Step("42.1", "Does not fight",
                f"{who}, not on the planet: it does not roll or take hits in ground combat.")


def dice_text(dice: tuple[tuple[int, int], ...]) -> str:
    """'3 dice hitting on 5-10, 2 dice hitting on 10' from (hit faces, dice) groups."""
    parts = []
    for faces, count, *extra in sorted(dice, reverse=True):
        hits = "never" if faces == 0 else f"on {11 - faces}-10" if faces < 10 else "on any result"
        more = f" (an unmodified 9 or 10 adds {plural(extra[0], 'hit')})" if extra else ""
        parts.append(f"{plural(count, 'die', 'dice')} hitting {hits}{more}")
    return ", ".join(parts)


def odds(dice: tuple[tuple[int, int], ...]) -> str:
    """Expected hits and P(at least one) of a roll."""
    dist = hit_distribution(dice)
    expected = sum(k * p for k, p in enumerate(dist))
    return f"expected {plural(expected, 'hit')}, P(at least one) = {pct(1 - dist[0])}"


def space_cannon_steps(battle: Battle) -> list[Step]:
    """Space Cannon Offense before combat (77.2-77.5)."""
    req = battle.request
    rolls = [(r, offense_dice(r, o)) for r, o in ((req.attacker, req.defender), (req.defender, req.attacker))]
    rolls = [(r, dice) for r, dice in rolls if dice]
    if not rolls:
        return []
    lines = [f"{r.role.capitalize()} rolls {dice_text(dice)} ({odds(dice)})" for r, dice in rolls]
    ended = battle.totals.rounds.get(0, 0.0)
    return [
        Step("77.2", "Space Cannon Offense",
             "Before combat, each player may roll for the Space Cannon of their units in the active system "
             f"(and of units that can reach it from adjacent systems, 77.3c): {'; '.join(lines)}."),
        Step("77.3d", "Combat modifiers do not apply",
             "Effects that modify combat rolls do not affect space cannon rolls; combat_modifier is not applied."),
        Step("77.5", "Assign Space Cannon hits",
             "Each player destroys one of their ships for each hit, after cancelling hits with Sustain Damage "
             f"(87.4). P(a side has no ships left, so there is no combat) = {pct(ended)}."),
    ]


def assignment_step(battle: Battle, rule: str) -> Step:
    """How each side assigns hits (87.1 first, then the destroy order)."""
    parts = [f"{s.role.capitalize()}: {order_text(s)}" for s in (battle.chain.attacker, battle.chain.defender)]
    return Step(rule, "Assign hits",
                "Each side cancels hits with Sustain Damage on every unit that has it first (87.1: the unit is "
                "damaged, not destroyed), then destroys units "
                f"in this order. {' '.join(parts)}")


def order_text(side: Side) -> str:
    """'Fighter II, then Cruiser II, … (cheapest first)'."""
    names = ", then ".join(s.name for s in side.specs) or "nothing to destroy"
    why = "as given by order" if side.ordered_by == "order" else "cheapest first, ties by the worse combat value"
    return f"{names} ({why})."


def afb_steps(battle: Battle) -> list[Step]:
    """Anti-Fighter Barrage in the first round (78.3, 10)."""
    chain = battle.chain
    rolls = [(side, afb_dice(side, battle.entering(side), other))
             for side, other in ((chain.attacker, chain.defender), (chain.defender, chain.attacker))]
    rolls = [(side, dice) for side, dice in rolls if dice]
    if not rolls:
        return []
    lines = []
    for side, dice in rolls:
        other = chain.defender if side is chain.attacker else chain.attacker
        fighters = sum(n for s, (n, _) in zip(other.specs, battle.entering(other)) if s.fighter)
        dist = hit_distribution(dice)
        destroyed = sum(min(k, fighters) * p for k, p in enumerate(dist))
        lines.append(f"{side.role.capitalize()} rolls {dice_text(dice)} against {plural(fighters, 'fighter')}: "
                     f"expected {plural(destroyed, 'fighter')} destroyed")
    return [
        Step("78.3", "Anti-Fighter Barrage (round 1 only)",
             f"{'; '.join(lines)} (with the fleets as they enter combat)."),
        Step("10.2a", "Excess hits", "Hits beyond the opponent's fighters have no effect; only fighters can be "
                                     "hit, so Sustain Damage cannot cancel them (87.4a)."),
        Step("78.3a", "Combat may end at once",
             "If a side has no ships left after the barrage, the combat ends before any combat roll."),
    ]


def retreat_steps(battle: Battle) -> list[Step]:
    """A planned retreat (78.4, 78.7)."""
    role, round_no = battle.request.retreat
    chance = outcome(battle)["retreat"]
    return [
        Step("78.4", "Announce a retreat",
             f"The {role} announces a retreat in round {round_no}; it still rolls and assigns hits that round."),
        Step("78.7", "Retreat",
             f"At the end of round {round_no}, if both sides still have ships, the {role} retreats and the combat "
             f"ends (P = {pct(chance)}); if its opponent has no ships left, the combat simply ends (78.7a)."),
        Step("78.7b", "What retreats", _what_retreats(getattr(battle.chain, role))),
    ]


def _what_retreats(side: Side) -> str:
    """Which of the retreating side's units leave (78.7b), with this battle's unit names."""
    carried = removed_on_retreat(side)
    if not carried:
        return (f"The {side.role}'s ships all have a move value: every one left retreats to a single adjacent "
                "system.")
    return (f"The {side.role}'s ships with a move value retreat to a single adjacent system. {', '.join(carried)} "
            "(no move value) can only be transported: as many go as those ships' capacity carries (16.2), and the "
            "others are removed (the first in its destroy order first). If nothing can leave, the opponent wins "
            "(78.10).")


def roll_steps(battle: Battle, rule: str) -> list[Step]:
    """The combat roll of each side, with its modifiers: round 1's dice, and the round a one-round card changes."""
    chain = battle.chain
    steps = []
    for side, other in ((chain.attacker, chain.defender), (chain.defender, chain.attacker)):
        if not side.specs:
            continue  # an undefended planet: no one there rolls
        opposing = non_fighters(other, other.initial())
        first, state = side.mods.combat(1), battle.entering(side)
        dice = dice_groups(side, state, first, opposing)
        text = f"{_roll_text(side, state, first, opposing)}; at the start, {odds(dice)}.{_doubled(side, dice)}"
        boosted = side.mods.morale_round
        if boosted == 1:
            text = (f"In round 1: {text} From round 2: "
                    f"{_roll_text(side, state, side.mods.combat(STATIONARY), opposing)}.")
        elif boosted is not None:
            text += f" In round {boosted}: {_roll_text(side, state, side.mods.combat(boosted), opposing)}."
        steps.append(Step(rule, f"{side.role.capitalize()} rolls",
                          f"One die per unit (more for units with several burst icons, {rule}a). "
                          f"{text}{_per_ship(side)}"))
    return steps


def _doubled(side: Side, dice: tuple[tuple[int, int], ...]) -> str:
    """The hits a side's roll counts when X-89 Bacterial Weapon ΩΩ doubles them, or ""."""
    if not side.doubles:
        return ""
    expected = sum(k * p for k, p in enumerate(hit_distribution(dice)))
    return (f" X-89 Bacterial Weapon ΩΩ counts each hit twice: {plural(2 * expected, 'hit')} expected, always an even "
            "number.")


def _roll_text(side: Side, state: State, modifier: int, opposing: int) -> str:
    """"2 dice hitting on 4-10 (+1 applied to each die)" for a side with the units of `state`."""
    dice = dice_groups(side, state, modifier, opposing)
    extra = f" ({modifier:+d} applied to each die)" if modifier else ""
    return f"{dice_text(dice) or 'no dice'}{extra}"


def _per_ship(side: Side) -> str:
    """The card text behind dice counted per opposing ship (Salai Sai Corian), when a side has such a unit."""
    names = [s.name for s in side.specs if s.per_opponent_ship]
    if not names:
        return ""
    return (f" {', '.join(names)} rolls one die for each of the opponent's non-fighter ships (its card), counted "
            "again at the start of every round.")


def rounds_text(battle: Battle) -> str:
    """Expected rounds and the closed form of the rounds that change nothing."""
    totals = battle.totals
    first = totals.rounds.get(1, 0.0)
    return (f"A round in which nothing changes leaves the state as it was, so its repeats are summed as a geometric "
            f"series: exact, not simulated. Expected rounds: {num(totals.rounds_expected)}; P(over after round 1) "
            f"= {pct(first + totals.rounds.get(0, 0.0))}.")


def result_step(battle: Battle, rule: str, noun: str) -> Step:
    """Who wins, with the survivors."""
    out = outcome(battle)
    text = (f"The side with {noun} left wins: attacker {pct(out['attacker'])}, defender {pct(out['defender'])}, "
            f"draw (neither has {noun} left, no winner) {pct(out['draw'])}")
    if battle.request.ability == "space_combat" and battle.request.retreat:
        text += f", retreat {pct(out['retreat'])}"
    return Step(rule, "Result", text + ".")
