"""The steps of the cards a side brings to a battle (and of unit cards that change it), each with what the resolver
applies here."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..dice import hit_faces
from ..steps import Step, num, plural
from .assign import Side, non_fighters
from .facts import FIELDS, asking_sentence, per_fact
from .hits import hit_distribution
from .markov import STATIONARY
from .modifiers import MODIFIERS, X89_OMEGA_OMEGA
from .narrate_techs import TECH_EFFECTS
from .space import offense_dice
from .stats import Spec
from .unit_text import card_sentence

if TYPE_CHECKING:
    from . import Battle


def modifier_rules(ability: str, role: str) -> dict[str, str]:
    """The rule each modifier's step cites, in this battle and for this side."""
    rules = {"unrelenting": "78.5", "fragile": "78.5", "morale_boost": "78.5", "duranium_armor": "87.3",
             "antimass_deflectors": "77.3", "graviton_laser_system": "77.5", "plasma_scoring": "77.3",
             "extra_die": "10.1", "assault_cannon": "78.2a", "no_space_cannon": "77.1",
             "non_euclidean_shielding": "87.6", "shields_holding": "78.6", "l4_disruptors": "49.3",
             "x89_bacterial_weapon": "15.2", X89_OMEGA_OMEGA: "42.2"}
    if ability != "space_combat":
        rules.update(unrelenting="42.1", fragile="42.1", morale_boost="42.1", plasma_scoring="15.1",
                     extra_die="15.1", antimass_deflectors="77.7", no_space_cannon="77.7")
    if ability == "invasion" and role == "defender":
        # The defender's extra die goes to its Space Cannon Defense; only the attacker bombards.
        rules.update(plasma_scoring="77.7", extra_die="77.7")
    if ability == "invasion" and role == "attacker":
        rules[X89_OMEGA_OMEGA] = "15.2"  # its Bombardment hits come first, doubled
    return rules


def modifier_steps(battle: Battle) -> list[Step]:
    """One step per card a side brings, quoting what the resolver applies."""
    steps = []
    for role in ("attacker", "defender"):
        req = getattr(battle.request, role)
        rules = modifier_rules(battle.request.ability, role)
        for key in sorted(req.mods.keys):
            mod = MODIFIERS[key]
            title, effect = mod.card, mod.effect
            if key == "morale_boost":
                round_no = req.mods.morale_round
                title, effect = f"{mod.card} (round {round_no})", f"+1 to this side's combat rolls in round {round_no}"
            elif key == "shields_holding":
                round_no = req.mods.round_of(key)
                title = f"{mod.card} (round {round_no})"
                effect = f"2 fewer hits from the opponent's combat roll in round {round_no}"
            elif key == "assault_cannon":
                effect = _assault_cannon(battle, role, effect)
            elif key in TECH_EFFECTS:
                effect = TECH_EFFECTS[key](battle, role)
            steps.append(Step(rules[key], title, f"{role.capitalize()}: {mod.text} Applied here: {effect}.", "card"))
        if req.mods.combat_modifier:
            steps.append(Step(rules["unrelenting"], "Combat modifier",
                              f"{role.capitalize()}: {req.mods.combat_modifier:+d} to each combat roll, as given "
                              "(never to Space Cannon, Anti-Fighter Barrage or Bombardment rolls)."))
    return steps


def _assault_cannon(battle: Battle, role: str, effect: str) -> str:
    """Assault Cannon needs 3 non-fighter ships in the system (its card); say so when the side has fewer."""
    side = getattr(battle.chain, role)
    ships = non_fighters(side, side.initial())
    if ships < 3:
        return (f"no effect, since this side has {plural(ships, 'non-fighter ship')} in the system and the card "
                "needs 3")
    other = battle.request.defender if role == "attacker" else battle.request.attacker
    # The engine counts the ships after Space Cannon Offense, which can leave fewer than 3.
    if offense_dice(other, getattr(battle.request, role)):
        effect += ", if 3 of this side's non-fighter ships survive Space Cannon Offense"
    return effect


def _units(battle: Battle) -> list[tuple[Side, Spec]]:
    """Each unit type in the battle with its side, attacker's first."""
    return [(side, spec) for side in (battle.chain.attacker, battle.chain.defender) for spec in side.specs]


def repair_steps(battle: Battle) -> list[Step]:
    """Units whose card repairs them at the start of each combat round (Arc Secundus, Eidolon Maximum)."""
    return [Step("87.3", "Repaired each round",
                 f"{spec.name} ({side.role}): \"{card_sentence(spec, 'repairs')}\" (its card). A damaged unit can use "
                 "Sustain Damage again once repaired by a game effect, so a single hit on it never lasts into the "
                 f"next round{_repaired_first(battle, spec)}.", "card")
            for side, spec in _units(battle) if spec.repairs]


def _repaired_first(battle: Battle, spec: Spec) -> str:
    """When a hit taken before round 1 is repaired: Space Cannon Offense can damage a ship that takes ability hits."""
    if battle.request.ability == "space_combat" and not spec.ability_proof:
        return "; it is repaired after Space Cannon Offense too, as round 1 starts"
    return ""


def ability_proof_steps(battle: Battle) -> list[Step]:
    """Units whose card keeps hits from unit abilities off them (Eidolon Maximum)."""
    return [Step("87.4a", "No hits from unit abilities",
                 f"{spec.name} ({side.role}): \"{card_sentence(spec, 'ability_proof')}\" (its card). Applied here: "
                 "hits from Space Cannon, Anti-Fighter Barrage and Bombardment go to this side's other units, and "
                 "those the other units cannot take are lost; as it cannot be hit by them, it cannot cancel them "
                 "with Sustain Damage either. Combat hits are assigned to it as usual.", "card")
            for side, spec in _units(battle) if spec.ability_proof]


def roll_card_steps(battle: Battle) -> list[Step]:
    """Ships whose card changes combat rolls: C'morran N'orr's bonus to the others, J.N.S. Hylarim's extra hits."""
    steps = []
    for side, spec in _units(battle):
        if spec.boosts_others:
            steps.append(Step("78.5", f"{spec.name}: +{spec.boosts_others} to the other ships",
                              _boost(side, spec), "card"))
        if spec.extra_hits:
            steps.append(Step("78.5d", f"{spec.name}: extra hits", _extra_hits(side, spec), "card"))
    return steps


def _boost(side: Side, spec: Spec) -> str:
    """C'morran N'orr's card and what the chain does with it."""
    return (f"{spec.name} ({side.role}): \"{card_sentence(spec, 'boosts_others')}\" (its card). Applied here: "
            f"+{spec.boosts_others} to each combat roll of this side's other ships, fighters included, in every round "
            "that starts with it alive; not to its own rolls, nor to Space Cannon or Anti-Fighter Barrage (77.3d, "
            "10.1c).")


def _extra_hits(side: Side, spec: Spec) -> str:
    """J.N.S. Hylarim's card, with the hits one of its dice is expected to produce at this side's modifier."""
    faces = max(0, min(10, hit_faces(spec.combat.value) + side.mods.combat(STATIONARY)))
    expected = sum(k * p for k, p in enumerate(hit_distribution(((faces, 1, spec.extra_hits),))))
    return (f"{spec.name} ({side.role}): \"{card_sentence(spec, 'extra_hits')}\" (its card). Applied here: each of its "
            f"dice that shows 9 or 10 before modifiers produces {spec.extra_hits} hits besides its own, so a die is "
            f"expected to produce {plural(expected, 'hit')} (without the card: {num(faces / 10)}).")


def fact_steps(battle: Battle) -> list[Step]:
    """Units whose card's bonus to their own combat rolls asks a fact on the table (Iconoclast's relic fragment):
    what the side's request gives and what is applied, once per unit type and side."""
    rule = "78.5" if battle.request.ability == "space_combat" else "42.1"
    steps = []
    for role in ("attacker", "defender"):
        req, fighting = getattr(battle.request, role), {s.name for s in getattr(battle.chain, role).specs}
        specs = {g.spec.name: g.spec for g in req.groups if g.spec.asks and not g.adjacent}
        for spec in specs.values():
            quote = f"{role.capitalize()}'s {spec.name}: \"{asking_sentence(spec.card_text, spec.asks)}\" (its card)."
            if FIELDS[spec.asks].repairs:
                idle = "" if spec.name in fighting else " It does not fight in this battle, so nothing changes."
                title, applied = _repair(battle, spec, role, req.fact(spec.asks))
                steps.append(Step("87.3", title, f"{quote} Applied here: {applied}.{idle}", "card"))
                continue
            value, per = req.fact(spec.asks), per_fact(spec.card_text, spec.asks)
            title = f"{spec.name}: +{spec.own_bonus} to its combat rolls" if spec.own_bonus else \
                f"{spec.name}: no bonus to its combat rolls"
            idle = "" if spec.name in fighting else " It rolls no combat dice in this battle, so nothing changes."
            steps.append(Step(rule, title, f"{quote} Applied here: {_fact_text(f'{role}.{spec.asks}', value, per)}."
                              f"{idle}", "card"))
    return steps


def _repair(battle: Battle, spec: Spec, role: str, value: bool | None) -> tuple[str, str]:
    """The title and what is applied for a unit whose card repairs it at the end of every combat round with a fact on
    the table (Heaven's Eye)."""
    fact, field = FIELDS[spec.asks], f"{role}.{spec.asks}"
    if value is None:
        applied = (f"{field} is not given, so these odds leave the repair out; give {field} (true when {fact.asks}) "
                   "to apply it")
    elif not value:
        applied = f"{field} is false, so no repair"
    else:
        # Unlike a repair as each round starts (Arc Secundus), none comes between Space Cannon Offense and round 1.
        before = (", though a hit from Space Cannon Offense lasts through round 1"
                  if battle.request.ability == "space_combat" and not spec.ability_proof else "")
        applied = (f"{field} is true ({fact.asks}), so it is repaired at the end of every combat round: a damaged "
                   f"unit can use Sustain Damage again once repaired, so a single hit on it never lasts into the next "
                   f"round{before}")
    title = f"{spec.name}: repaired at the end of every combat round" if spec.end_repairs else \
        f"{spec.name}: not repaired each round"
    return title, applied


def _fact_text(field: str, value: bool | int | None, per: int) -> str:
    """What the fact given (or not) makes of the card's bonus."""
    fact = FIELDS[field.split(".")[1]]
    rolls = "each of its combat rolls in every round, with the side's other modifiers (never to unit ability rolls)"
    if value is None:
        give = f"the number of {fact.asks}" if fact.count else f"true when {fact.asks}"
        return (f"{field} is not given, so these odds leave the bonus out; give {field} ({give}) to apply "
                f"+{per}{' for each' if fact.count else ''}")
    if not value:
        return f"{field} is {_json(value)}, so no bonus"
    if fact.count:
        return f"{field} is {value} ({fact.asks}), so +{per} × {value} = +{per * value} to {rolls}"
    return f"{field} is true ({fact.asks}), so +{per} to {rolls}"


def _json(value: bool | int) -> str:
    """A request value as the JSON request writes it."""
    return str(value).lower() if isinstance(value, bool) else str(value)
