"""What the technologies that change a ground combat or an invasion do in this battle, in numbers: L4 Disruptors,
X-89 Bacterial Weapon Ω (Codex I) and ΩΩ (Codex IV, the current card)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import pct, plural
from .invasion import bacterial_odds, bombard_hits, bombardment_dice, defense_groups
from .modifiers import X89_OMEGA, X89_OMEGA_OMEGA

if TYPE_CHECKING:
    from . import Battle


def _l4_disruptors(battle: Battle, role: str) -> str:
    """What L4 Disruptors keeps from firing: the defender's Space Cannon Defense against the attacker."""
    if role == "defender":
        return "no effect, since in an invasion only the defender's units use Space Cannon"
    fire = defense_groups(battle.request.defender)
    if not fire:
        return "no effect, since the defender has no unit with Space Cannon on the planet"
    names = ", ".join(dict.fromkeys(g.spec.name for g in fire))
    return (f"the defender's Space Cannon Defense ({names}) does not fire at the committed ground forces, so they all "
            "reach the ground combat")


def _x89(battle: Battle, role: str) -> str:
    """What X-89 Bacterial Weapon Ω does to this invasion, with the chance it is used."""
    att, dfn = battle.request.attacker, battle.request.defender
    defender = battle.chain.defender
    infantry = sum(n for spec, n in zip(defender.specs, defender.counts) if spec.klass == "infantry")
    if role == "defender":
        return "no effect, since only the attacker bombards"
    if not any(g.spec.bombardment is not None for g in att.groups):
        return "no effect, since none of this side's units has Bombardment"
    if not bombardment_dice(att, dfn):
        return ("no effect, since Planetary Shield stops the Bombardment, and the card needs Bombardment to have been "
                "used (the notes of rule 65, Planetary Shield)")
    if not infantry:
        return "no effect, since the defender has no infantry on the planet"
    chance, expected = bacterial_odds(battle.chain, att, dfn)
    return (f"the Bombardment destroys at least 1 of the defender's {plural(infantry, 'infantry', 'infantry')} with "
            f"P = {pct(chance)} (hits assigned as stated below: Sustain Damage first, then the destroy order); then "
            f"the card is used and destroys every infantry left on the planet, {plural(expected, 'infantry', 'infantry')}"
            " expected, before ground forces are committed; the defender's mechs stay")


def _x89_doubles(battle: Battle, role: str) -> str:
    """What X-89 Bacterial Weapon ΩΩ doubles here, and the planet it exhausts, which no odds here can show."""
    ground = _doubled_rolls(battle, role)
    if battle.request.ability != "invasion":
        return ground
    if role == "defender":
        return f"{ground}; only the attacker bombards, so this side doubles no Bombardment hit and exhausts no planet"
    return f"{_doubled_bombardment(battle)}; {ground}"


def _doubled_rolls(battle: Battle, role: str) -> str:
    """The ground combat half of ΩΩ: each hit counts twice, and Sustain Damage cancels hits one by one."""
    if not getattr(battle.chain, role).specs:
        return "this side has no ground force on the planet, so no ground combat hit of its is doubled"
    return ("each hit of this side's ground combat rolls counts as 2 hits, assigned like any others: a unit's Sustain "
            "Damage cancels only 1 of them (87.1; 2 with Non-Euclidean Shielding, 87.6), since effects that cancel "
            "hits count from the doubled number (the notes under the card); its rolls below give the hits expected")


def _doubled_bombardment(battle: Battle) -> str:
    """The Bombardment half of ΩΩ: the hits it doubles, and the exhausted planet the resolver cannot weigh."""
    att, dfn = battle.request.attacker, battle.request.defender
    if not any(g.spec.bombardment is not None for g in att.groups):
        return "none of this side's units has Bombardment, so no Bombardment hit is doubled and no planet exhausted"
    if not bombardment_dice(att, dfn):
        return ("Planetary Shield stops the Bombardment (15.1f), so no Bombardment hit is doubled and, with no "
                "Bombardment roll made, no planet exhausted")
    chances = bombard_hits(att, dfn)
    expected = sum(k * p for k, p in enumerate(chances))
    return (f"each Bombardment hit counts as 2, so the roll is expected to produce {plural(expected, 'hit')} instead "
            f"of {plural(expected / 2, 'hit')} (P(at least 2) = {pct(1 - chances[0])}); the card also exhausts the "
            "bombarded planet, hit or not (the notes under the card). The resolver does not model that: it changes "
            "only what the planet's owner can spend later (34.3), not this invasion's odds, and a planet the "
            "attacker takes comes exhausted anyway (49.5b)")


TECH_EFFECTS = {"l4_disruptors": _l4_disruptors, X89_OMEGA: _x89, X89_OMEGA_OMEGA: _x89_doubles}
