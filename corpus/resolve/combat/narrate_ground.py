"""The steps of a ground combat (42) and of an invasion (49): Bombardment, Space Cannon Defense, ground combat."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step, num, pct, plural
from .invasion import bombard_hits, bombardment_dice, defense_dice, shield_blocks, shields
from .markov import DEFENDER
from .narrate import assignment_step, dice_text, left_out, lineup, odds, result_step, roll_steps
from .narrate_cards import card_steps
from .narrate_mods import ability_proof_steps, fact_steps, modifier_steps, repair_steps
from .unit_text import card_sentence, unapplied_steps

if TYPE_CHECKING:
    from . import Battle


def ground_steps(battle: Battle, prelude: list[Step] | None = None) -> list[Step]:
    """A ground combat, rule 42."""
    steps = [lineup(battle, "ground force"), *left_out(battle, "ground"), *modifier_steps(battle),
             *fact_steps(battle), *unapplied_steps(battle)]
    if battle.request.ability == "invasion":
        steps += ability_proof_steps(battle)  # a ground combat alone has no unit ability rolls
    steps += (prelude or []) + roll_steps(battle, "42.1")
    steps.append(assignment_step(battle, "42.2"))
    steps += card_steps(battle)
    steps += repair_steps(battle)
    steps.append(Step("42.3", "Another round",
                      "While both sides still have ground forces on the planet, another round begins. A round in "
                      "which nothing changes is summed as a geometric series: exact, not simulated. "
                      f"Expected rounds: {num(battle.totals.rounds_expected)}."))
    steps.append(result_step(battle, "42.4c", "ground forces"))
    if battle.request.ability == "ground_combat":
        steps.append(Step("42.4d", "Draw", "If neither player has a ground force left, there is no winner."))
    return steps


def invasion_steps(battle: Battle) -> list[Step]:
    """An invasion, rule 49: the ground combat preceded by Bombardment and Space Cannon Defense."""
    prelude = _bombardment(battle)
    prelude.append(Step("49.2", "Commit ground forces",
                        f"The attacker commits all its ground forces to the planet: "
                        f"{_units(battle.chain.attacker)}."))
    prelude += _defense(battle)
    prelude.append(Step("49.4", "Ground combat",
                        "If both players have ground forces on the planet, they resolve a ground combat. "
                        f"P(no ground combat is needed) = {pct(battle.totals.rounds.get(0, 0.0))}.{_repelled(battle)}"))
    steps = ground_steps(battle, prelude)
    steps.append(Step("49.5", "Establish control",
                      "The attacker gains control of the planet if at least one of its ground forces is still there: "
                      f"P = {pct(_attacker_holds(battle))}. If a combat destroyed every unit of both sides, the "
                      "defender keeps the planet (49.5d)."))
    return steps


def _repelled(battle: Battle) -> str:
    """Space Cannon Defense that leaves the attacker no ground force: the defender keeps the planet (49.5)."""
    if not defense_dice(battle.request.attacker, battle.request.defender):
        return ""
    row = battle.totals.table.get(0, [0.0] * 6)
    return (" If Space Cannon Defense destroys every committed ground force, no ground combat is fought and the "
            "defender keeps the planet (49.5): the answer counts it as the defender's, never as a draw, even when "
            f"no defending ground force is left (P = {pct(row[DEFENDER] + battle.totals.held)}).")


def _units(side) -> str:
    """'2 × Infantry II, 1 × Mech'."""
    return ", ".join(f"{n} × {s.name}" for s, n in zip(side.specs, side.counts)) or "none"


def _bombardment(battle: Battle) -> list[Step]:
    """Bombardment of the planet (49.1, 15)."""
    att, dfn = battle.request.attacker, battle.request.defender
    if not any(g.spec.bombardment for g in att.groups):
        return []
    dice = bombardment_dice(att, dfn)
    if shield_blocks(att, dfn) and not dice:
        return [Step("15.1f", "Planetary Shield",
                     "The planet contains a unit with Planetary Shield and the attacker has no war sun here: "
                     "it cannot be bombarded, so no dice are rolled.")]
    defender = battle.chain.defender
    targets = sum(n for s, n in zip(defender.specs, defender.counts) if not s.ability_proof)
    dist = bombard_hits(att, dfn)
    destroyed = sum(min(k, targets) * p for k, p in enumerate(dist))
    # X-89 Bacterial Weapon ΩΩ: the 15.2 step destroys one ground force per hit counted, twice the hit results.
    twice = " (X-89 Bacterial Weapon ΩΩ: 2 per hit result)" if att.mods.doubles_hits else ""
    steps = [Step("49.1", "Bombardment", f"The attacker rolls {dice_text(dice)} against the planet ({odds(dice)})."),
             Step("15.1c", "Combat modifiers do not apply",
                  "Effects that modify combat rolls do not affect bombardment rolls."),
             Step("15.2", "Assign bombardment hits",
                  f"The defender destroys one ground force on the planet per hit{twice}; a mech may cancel a hit with "
                  f"Sustain Damage (87.4). Expected ground forces hit: {num(destroyed)} "
                  f"of {plural(targets, 'ground force')}."),
             Step("15.2a", "Excess hits", "Hits beyond the ground forces on the planet have no effect.")]
    if shield_blocks(att, dfn):
        steps.insert(0, _pierced(att))
    elif any(g.spec.planetary_shield for g in dfn.groups):
        steps.insert(0, _shield_lifted(att, dfn))
    return steps


def _pierced(att) -> Step:
    """The Dragon, Fred: its Bombardment ignores the Planetary Shield that stops the attacker's other units."""
    fred = next(g.spec for g in att.groups if g.spec.pierces and g.spec.bombardment is not None)
    others = list(dict.fromkeys(g.spec.name for g in att.groups
                                if g.spec.bombardment is not None and not g.spec.pierces))
    held = (f"the shield still stops the Bombardment of the attacker's other units ({', '.join(others)}), so only "
            f"{fred.name} rolls" if others else f"{fred.name} is the attacker's only unit with Bombardment")
    return Step("15.1f", f"{fred.name}: bombards through Planetary Shield",
                f"{fred.name} (attacker): \"{card_sentence(fred, 'pierces')}\" (its card). Applied here: the planet "
                f"contains a unit with Planetary Shield and the attacker has no war sun that removes it, but "
                f"{fred.name}'s Bombardment ignores it; {held}. The other planets its card names are not in this "
                "invasion.", "card")


def _shield_lifted(att, dfn) -> Step:
    """What lifts the defender's Planetary Shield: a war sun (65.3), a card that says so (Arc Secundus) or
    Disable, which takes it from PDS units."""
    lifter = next((g.spec for g in att.groups if g.spec.removes_planetary_shield), None)
    if lifter is None or not shields(dfn):
        return Step("65", "Planetary Shield lost",
                    "Disable: the defender's PDS units lose Planetary Shield and Space Cannon during this invasion, "
                    "so the planet may be bombarded.", "card")
    if lifter.klass == "war_sun":
        return Step("65.3", "War sun removes Planetary Shield",
                    f"{lifter.name} is in the system, so the defender's units are treated as not having "
                    "Planetary Shield; the planet may be bombarded (65.3b).")
    return Step("65", "Planetary Shield lost",
                f"{lifter.name}: other players' units in this system lose Planetary Shield (its card text), "
                "so the planet may be bombarded.")


def _defense(battle: Battle) -> list[Step]:
    """Space Cannon Defense against the committed ground forces (49.3, 77.6-77.8)."""
    dice = defense_dice(battle.request.attacker, battle.request.defender)
    if not dice:
        return []
    return [Step("49.3", "Space Cannon Defense",
                 f"The defender's units on the planet roll their Space Cannon against the committed ground forces: "
                 f"{dice_text(dice)} ({odds(dice)})."),
            Step("77.8", "Assign space cannon hits",
                 "The attacker destroys one of its ground forces on the planet per hit; a mech may cancel a hit "
                 "with Sustain Damage (87.4).")]


def _attacker_holds(battle: Battle) -> float:
    """P(the attacker has ground forces on the planet at the end); fighters committed with Matriarch go back to the
    space area after combat (its card), so they hold nothing."""
    specs, total = battle.chain.attacker.specs, 0.0
    for (joint, _, _), p in battle.totals.ended.items():
        if sum(n for spec, (n, _) in zip(specs, battle.chain.states(joint)[0]) if not spec.fighter):
            total += p
    return total
