"""The steps of each dice ability, citing the rule that governs each one.

Rule ids follow the tirules pages: each `ol.lrr > li` and `ol.lrr > h2 > li`
takes the next number, nested items take letters (77.3c, 15.2a, 10.1d).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .dice import hit_chance
from .steps import Step, labelled_roll, num, pct, plural, unit_line, verb

if TYPE_CHECKING:
    from .records import Outcome

ROLL_RULE = {
    "space_cannon": "77.3",
    "space_cannon_defense": "77.7",
    "bombardment": "15.1",
    "anti_fighter_barrage": "10.1",
}
ABILITY = {
    "space_cannon": "Space Cannon",
    "space_cannon_defense": "Space Cannon",
    "bombardment": "Bombardment",
    "anti_fighter_barrage": "Anti-Fighter Barrage",
}
NO_MODIFIERS = "Effects that reroll, modify or otherwise affect combat rolls do not affect {} rolls."
WAR_SUNS = ("War Sun", "Prototype War Sun I", "Prototype War Sun II")


def narrate(outcome: Outcome) -> list[Step]:
    """All steps for an outcome, in the order the rules apply them."""
    return _BUILDERS[outcome.request.ability](outcome)


def _offense(o: Outcome) -> list[Step]:
    """Space Cannon Offense, rules 77.1-77.5."""
    return [
        Step("77.1", "Any player may fire",
             "A player need not be the active player to use the Space Cannon of their units."),
        Step("77.2", "Space Cannon Offense",
             "After the Move Ships substep, beginning with the active player and going clockwise, each player may "
             "roll for the Space Cannon of each of their units in the active system." + _reach(o)),
        *_roll(o),
        *_adjacent_offense(o),
        *_excluded(o),
        *_plasma(o, "Only one extra die per space cannon roll, not one per unit."),
        Step("77.3d", "Combat modifiers do not apply", NO_MODIFIERS.format("space cannon")),
        *_rolled(o),
        Step("77.5", "Assign hits",
             "The targeted player chooses and destroys one of their ships in the active system for each hit. "
             + _odds(o)),
        Step("77.5a", "Whom a non-active player targets",
             "A player other than the active player must target the active player's ships."),
        Step("77.5b", "Whom the active player targets",
             "If the active player is rolling, they choose one player who has ships in the active system; "
             "that player takes all of these hits."),
        Step("87.4", "Sustain Damage",
             "Before destroying ships, the targeted player may use the Sustain Damage of a ship in the active system "
             "to cancel one hit each (87.1); space cannon hits can be cancelled this way."),
    ]


def _defense(o: Outcome) -> list[Step]:
    """Space Cannon Defense, rules 77.6-77.8."""
    return [
        Step("77.6", "Space Cannon Defense",
             "During the invasion, after ground forces are committed, players other than the active player may roll "
             "for the Space Cannon of their units on the invaded planet."),
        *_roll(o),
        *_excluded(o),
        *_plasma(o, "Plasma Scoring adds one die to each invaded planet's roll; this roll is for one planet."),
        Step("77.7c", "Combat modifiers do not apply", NO_MODIFIERS.format("space cannon")),
        *_rolled(o),
        Step("77.8", "Assign hits",
             "The active player chooses and destroys one of their ground forces on the planet for each hit. "
             + _odds(o)),
        Step("77.8a", "Same planet only",
             "Hits can only be assigned to units on the same planet as the units that rolled them."),
        Step("87.4", "Sustain Damage",
             "The active player may use the Sustain Damage of a mech committed to the planet to cancel one hit each "
             "(87.1)."),
    ]


def _bombardment(o: Outcome) -> list[Step]:
    """Bombardment, rule 15 (with 65 Planetary Shield)."""
    count = sum(entry.count for entry in o.request.entries)
    steps = [
        Step("15.1", "Choose planets, then roll",
             "The active player chooses which planet each unit with Bombardment will bombard, then rolls for them."),
        Step("15.1d", "Declare the planet first",
             f"The planet is declared before rolling; here {plural(count, 'unit')} "
             f"{verb(count, 'bombards', 'bombard')} one planet, and all of a "
             "unit's dice (a war sun's three) go to that one planet."),
    ]
    if o.request.modifiers.harrow:
        steps.append(Step("15.1e", "Harrow",
                          "The L1Z1X Harrow ability never hits the L1Z1X player's own ground forces."))
    if o.blocked:
        if o.request.modifiers.harrow:
            steps.append(Step("65.2", "Planetary Shield stops Harrow",
                              "Planetary Shield also prevents the L1Z1X player from using Harrow on this planet."))
        # The blocking step comes last: the answer's reason and rule are read from it.
        steps.append(Step("15.1f", "Planetary Shield",
                          "The planet contains a unit with Planetary Shield and no war sun of the bombarding player "
                          "is in the system, so it cannot be bombarded: no dice are rolled."))
        return steps
    return steps + [
        *_shield_removed(o),
        *_roll(o),
        *_plasma(o, "The extra die is rolled against the same planet as the unit that takes it."),
        Step("15.1c", "Combat modifiers do not apply", NO_MODIFIERS.format("bombardment")),
        *_rolled(o),
        Step("15.2", "Assign hits",
             f"The player who controls the planet chooses and destroys one of their ground forces there for each hit. "
             f"{_odds(o)}"),
        Step("15.2a", "Excess hits", "Hits beyond the number of ground forces on the planet have no effect."
             + _capped(o, "ground force")),
        Step("87.4", "Sustain Damage",
             "Mechs on the planet may use Sustain Damage to cancel one bombardment hit each (87.1)."),
    ]


def _afb(o: Outcome) -> list[Step]:
    """Anti-Fighter Barrage, rule 10."""
    return [
        Step("10", "First round only",
             "Anti-Fighter Barrage is rolled in the Anti-Fighter Barrage step of the first round of a space "
             "combat only."),
        *_roll(o),
        Step("10.1c", "Combat modifiers do not apply", NO_MODIFIERS.format("anti-fighter barrage")),
        Step("10.1d", "No fighters needed",
             "The barrage may be rolled even if no fighters are present; its hits can still trigger abilities."),
        *_rolled(o),
        Step("10.2", "Assign hits",
             f"The opponent chooses and destroys one of their fighters in the active system for each hit. {_odds(o)}"),
        Step("10.2a", "Excess hits", "Hits beyond the opponent's fighters in the active system have no effect."
             + _capped(o, "fighter")),
        Step("87.4a", "No Sustain Damage",
             "A non-fighter ship cannot use Sustain Damage against these hits: only fighters can be hit."),
    ]


def _roll(o: Outcome) -> list[Step]:
    """The roll itself, and the "(xY)" rule when a unit rolls several dice."""
    rule = ROLL_RULE[o.request.ability]
    ability = ABILITY[o.request.ability]
    lines = [unit_line(e.label, e.count, e.roll.text(), e.roll.value, e.roll.dice, ability) for e in o.rolling]
    text = "; ".join(lines) + "." if lines else "No unit rolls."
    steps = [Step(rule, "Roll dice", f"{text} One hit for each result equal to or greater than the value "
                                     "(a 0 on the die is 10).")]
    several = [e for e in o.rolling if e.roll.dice > 1]
    if several:
        names = ", ".join(f"{labelled_roll(e.label, ability, e.roll.text(), ' ')} rolls {e.roll.dice}" for e in several)
        steps.append(Step(f"{rule}b", "X (xY)", f"{names} dice per unit; a value without (xY) rolls one die."))
    return steps


def _reach(o: Outcome) -> str:
    """Mention adjacent systems when some units fire from there."""
    if any(entry.adjacent for entry in o.rolling):
        return " Units with a deep space cannon may also fire from adjacent systems."
    return ""


def _adjacent_offense(o: Outcome) -> list[Step]:
    """Rule 77.3c for each unit that fires from an adjacent system."""
    steps = []
    for entry in o.rolling:
        if entry.adjacent:
            why = ("its card or upgrade allows it" if entry.unit
                   else "it is assumed to have a PDS unit upgrade or an ability that allows it")
            steps.append(Step("77.3c", "Deep space cannon",
                              f"{entry.label} fires from an adjacent system because {why}; its hits are still "
                              "assigned to ships in the active system."))
    return steps


def _excluded(o: Outcome) -> list[Step]:
    """A step for each requested unit the rules leave out."""
    return [Step(item.rule, "Does not roll", f"{item.entry.label} {item.reason}.") for item in o.excluded]


def _plasma(o: Outcome, extra: str) -> list[Step]:
    """The Plasma Scoring die (an official FAQ ruling), if used."""
    if o.plasma is None:
        return []
    value = o.plasma.roll.value
    text = (f"Plasma Scoring gives one additional die to one unit's roll, chosen before rolling: {o.plasma.label} "
            f"rolls 1 extra die hitting on {value} or more ({pct(hit_chance(value))}). {extra}")
    return [Step(ROLL_RULE[o.request.ability], "Plasma Scoring", text, "official-faq")]


def _shield_removed(o: Outcome) -> list[Step]:
    """How a Planetary Shield is switched off, when one was declared."""
    if o.shield is None:
        return []
    if o.shield in WAR_SUNS:
        return [Step("65.3", "War sun removes Planetary Shield",
                     "A war sun is in the system, so other players' units there are treated as not having "
                     "Planetary Shield; the planet may be bombarded (65.3b).")]
    return [Step("65", "Planetary Shield lost",
                 f"{o.shield}: other players' units in this system lose Planetary Shield (its card text), "
                 "so the planet may be bombarded.")]


def _rolled(o: Outcome) -> list[Step]:
    """What the entered or seeded dice did."""
    if o.rolled is None:
        return []
    how = "Entered dice" if o.rolled.source == "entered" else f"Rolled with seed {o.rolled.seed}"
    parts = [f"{u.label} {', '.join(map(str, u.results))} → {plural(u.hits, 'hit')}" for u in o.rolled.units]
    text = f"{how}: {'; '.join(parts)}. Total: {plural(o.rolled.hits, 'hit')}."
    return [Step(ROLL_RULE[o.request.ability], "The dice", text)]


def _capped(o: Outcome, noun: str) -> str:
    """Units destroyed when the targets present are given."""
    if o.request.targets is None:
        return ""
    gone = o.destroyed()
    return (f" With {plural(gone.targets, noun)} present: expected {num(gone.expected)} destroyed, "
            f"P(all {plural(gone.targets, noun)} destroyed) = {pct(gone.probabilities[-1])}.")


def _odds(o: Outcome) -> str:
    """Odds sentence for the assign-hits step."""
    dist = o.distribution
    return (f"With {plural(dist.dice, 'die', 'dice')}: expected {plural(dist.expected(), 'hit')}, "
            f"P(at least one hit) = {pct(dist.at_least(1))}, P(no hit) = {pct(dist.probability(0))}.")


_BUILDERS = {
    "space_cannon": _offense,
    "space_cannon_defense": _defense,
    "bombardment": _bombardment,
    "anti_fighter_barrage": _afb,
}
