"""The steps of unit cards that change who may use Sustain Damage, Space Cannon or Anti-Fighter Barrage, where hits
go, what a ship's destruction does, or which units fight (Fourth Moon, Moll Terminus, Quetzecoatl, Iconoclast Omega,
[0.0.1], Van Hauge, The Alastor, Matriarch, Shield Paling, Valkyrie Exoskeleton, Exotrireme II, Strike Wing Alpha II,
Justicer Rail), with what the resolver applies; mech cards are in narrate_mechs."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step, num, pct, plural
from .assign import Side, steered_by
from .barrage import NINES
from .build import mustered
from .hits import ability_dice, binomial
from .narrate_mechs import mech_steps
from .space import aimed_offense, barrage_targets, cannon_rolls
from .stats import Spec
from .unit_text import card_sentence

if TYPE_CHECKING:
    from . import Battle


def card_steps(battle: Battle) -> list[Step]:
    """One step per unit type in the battle whose card of this kind the resolver applies."""
    steps = []
    for side, other in ((battle.chain.attacker, battle.chain.defender), (battle.chain.defender, battle.chain.attacker)):
        for spec in side.specs:
            if spec.denies_sustain:
                steps.append(_denies_sustain(battle, side, other, spec))
            if spec.blocks_space_cannon:
                steps.append(_blocks_space_cannon(battle, side, other, spec))
            if spec.destroys_all:
                steps.append(_destroys_all(battle, side, spec))
            if spec.steers_hits:
                steps.append(_steers_hits(battle, side, other, spec))
            if spec.musters:
                steps.append(_musters(side, spec))
            if spec.steadies:
                steps.append(_steadies(side, spec))
            if spec.strikes_back:
                steps.append(_strikes_back(battle, side, other, spec))
            if spec.trades_for:
                steps.append(_trades(battle, side, other, spec))
            if spec.culls and battle.request.ability == "space_combat":
                steps.append(_culls(battle, side, other, spec))
    return steps + mech_steps(battle) + _fighters_invade(battle) + _blocks_afb(battle) + _aims(battle)


def _listed(battle: Battle, role: str, field: str) -> Spec | None:
    """The first unit a side's request lists in the active system with a card ability (a Spec field)."""
    return next((g.spec for g in getattr(battle.request, role).groups if getattr(g.spec, field) and not g.adjacent),
                None)


def _quote(side: Side, spec: Spec, field: str) -> str:
    """'Fourth Moon (attacker): "…" (its card).'"""
    return f"{spec.name} ({side.role}): \"{card_sentence(spec, field)}\" (its card)."


def _denies_sustain(battle: Battle, side: Side, other: Side, spec: Spec) -> Step:
    """Fourth Moon (the opponent's ships) or Moll Terminus (the opponent's ground forces on its planet)."""
    if battle.request.ability == "space_combat":
        where = (f"the {other.role}'s ships cannot cancel hits with Sustain Damage, neither Space Cannon Offense hits "
                 "nor the hits of any combat round that starts with it alive (both sides assign hits at once, so it "
                 "still counts in the round it is destroyed); from the next round on, they can again")
    else:
        landed = (", nor Space Cannon Defense hits once they have landed" if battle.request.ability == "invasion"
                  and side.role == "defender" else "")
        where = (f"the {other.role}'s ground forces on the planet cannot cancel hits with Sustain Damage in any round "
                 f"of ground combat that starts with it alive{landed}; once it is destroyed, they can again")
    return Step("87.1", f"{spec.name}: no Sustain Damage for the {other.role}",
                f"{_quote(side, spec, 'denies_sustain')} Applied here: {where}.", "card")


def _blocks_space_cannon(battle: Battle, side: Side, other: Side, spec: Spec) -> Step:
    """Quetzecoatl: the opponent's Space Cannon Offense is not rolled against this side's ships."""
    req = getattr(battle.request, other.role)
    dice = sum(n for _, n in ability_dice(cannon_rolls(req.groups, req.mods), req.mods.extra_dice("space_cannon")))
    what = (f"the {other.role}'s Space Cannon Offense ({plural(dice, 'die', 'dice')}) is not rolled" if dice else
            f"the {other.role} has no Space Cannon that could fire here, so it changes nothing")
    return Step("77.1", f"{spec.name}: no Space Cannon against the {side.role}'s ships",
                f"{_quote(side, spec, 'blocks_space_cannon')} Applied here: {what}.", "card")


def _destroys_all(battle: Battle, side: Side, spec: Spec) -> Step:
    """Van Hauge: its destruction destroys every ship in the system, so the combat ends with no ships on either side."""
    wiped = battle.chain.wiped
    chance = sum(p for (joint, _, _), p in battle.totals.ended.items() if joint == wiped)
    return Step("78.10", f"{spec.name}: every ship goes with it",
                f"{_quote(side, spec, 'destroys_all')} Applied here: whenever it is destroyed (by Space Cannon "
                "Offense, Assault Cannon or a combat round), every ship of both sides in the system is destroyed at "
                "once and the combat ends with neither side holding ships, a draw; so the opponent never wins this "
                f"combat while it fights. P(the combat ends so) = {pct(chance)}.", "card")


def _steers_hits(battle: Battle, side: Side, other: Side, spec: Spec) -> Step:
    """[0.0.1]: its hits and its side's dreadnoughts' go to the opponent's non-fighter ships while it is alive."""
    dice = sum(n * s.combat.dice for s, (n, _) in zip(side.specs, battle.entering(side)) if steered_by(s))
    return Step("78.6", f"{spec.name}: hits to non-fighter ships",
                f"{_quote(side, spec, 'steers_hits')} Applied here: in every round that starts with it alive, the "
                f"hits of its dice and of this side's dreadnoughts ({plural(dice, 'die', 'dice')} as the combat "
                f"starts) are assigned first, to the {other.role}'s non-fighter ships, Sustain Damage cancelling them "
                "as usual; only those that find no non-fighter ship left go to fighters. The other hits follow the "
                f"{other.role}'s order. Once it is destroyed, the dreadnoughts' hits are assigned as usual.", "card")


def _fighters_invade(battle: Battle) -> list[Step]:
    """Matriarch: the invader's fighters are committed to the planet as ground forces, and go back after combat."""
    side, matriarch = battle.chain.attacker, _listed(battle, "attacker", "fighters_invade")
    if battle.request.ability != "invasion" or matriarch is None:
        return []
    fighters = sum(n for spec, n in zip(side.specs, side.counts) if spec.fighter)
    return [Step("49.2", f"{matriarch.name}: fighters invade",
                 f"{matriarch.name} (attacker): \"{card_sentence(matriarch, 'fighters_invade')}\" (its card). Applied "
                 f"here: all {plural(fighters, 'fighter')} of the attacker's are committed with the ground forces: "
                 "they take Space Cannon Defense hits, roll their combat value and are assigned hits in the ground "
                 "combat like ground forces (first in the destroy order, being cheapest). They return to the space "
                 "area after combat, so they do not hold the planet: control counts the other ground forces only "
                 "(49.5).", "card")]


def _musters(side: Side, spec: Spec) -> Step:
    """The Alastor: its side's ground forces in the space area fight the combat as ships."""
    joined = [f"{n} × {s.name}" for s, n in zip(side.specs, side.counts) if mustered(s)]
    what = (f"all of this side's ground forces in the space area ({', '.join(joined)}) fight this combat as ships "
            "from its start: they roll their combat value and are assigned hits, right after the fighters in the "
            "destroy order, being as cheap, and still need capacity at its end (16.3c). Space Cannon Offense comes "
            "before the combat starts, so it cannot hit them, and if it destroys The Alastor they do not fight"
            if joined else "this side has no ground forces in the space area, so it changes nothing")
    return Step("78.2", f"{spec.name}: ground forces fight as ships",
                f"{_quote(side, spec, 'musters')} Applied here: {what}.", "card")


def _steadies(side: Side, spec: Spec) -> Step:
    """Shield Paling: Fragile does not touch its side's infantry while it is on the planet."""
    what = ("this side's infantry roll without Fragile's -1 in every round that starts with it alive; its other "
            "units keep it" if side.mods.has("fragile") else "this side does not bring Fragile, so it changes nothing")
    return Step("42.1", f"{spec.name}: infantry not Fragile", f"{_quote(side, spec, 'steadies')} Applied here: {what}.",
                "card")


def _blocks_afb(battle: Battle) -> list[Step]:
    """Iconoclast Omega: the opponent's Anti-Fighter Barrage is not rolled against this side's units."""
    steps = []
    for side, other in ((battle.chain.attacker, battle.chain.defender), (battle.chain.defender, battle.chain.attacker)):
        giver = _listed(battle, side.role, "blocks_afb")
        if giver is None or battle.request.ability != "space_combat":
            continue
        dice = sum(n * s.anti_fighter_barrage.dice for s, n in zip(other.specs, other.counts)
                   if s.anti_fighter_barrage is not None)
        what = (f"the {other.role}'s Anti-Fighter Barrage ({plural(dice, 'die', 'dice')}) is not rolled" if dice
                else f"the {other.role} has no Anti-Fighter Barrage here, so it changes nothing")
        steps.append(Step("10.1", f"{giver.name}: no Anti-Fighter Barrage against the {side.role}",
                          f"{giver.name} ({side.role}): \"{card_sentence(giver, 'blocks_afb')}\" (its card). Applied "
                          f"here: {what}.", "card"))
    return steps


def _strikes_back(battle: Battle, side: Side, other: Side, spec: Spec) -> Step:
    """Valkyrie Exoskeleton: each Sustain Damage it uses in a ground combat round produces 1 hit back."""
    before = (" Sustain Damage it uses against Bombardment or Space Cannon Defense comes before the ground combat, so "
              "it produces none." if battle.request.ability == "invasion" else "")
    denier = next((s.name for s in other.specs if s.denies_sustain), None)
    denied = (f" While the {other.role}'s {denier} is alive, it cannot use Sustain Damage, so it produces none."
              if denier else "")
    return Step("87.1", f"{spec.name}: a hit for each Sustain Damage",
                f"{_quote(side, spec, 'strikes_back')} Applied here: in each round of ground combat, every time one "
                f"of the {side.role}'s {spec.name} units cancels a hit with Sustain Damage, the {other.role} is "
                "assigned 1 more hit after that round's rolled hits; it can cancel that hit with Sustain Damage as "
                f"usual (and a {spec.name} of its own that does so hits back in turn).{denied}{before}", "card")


def _trades(battle: Battle, side: Side, other: Side, spec: Spec) -> Step:
    """Exotrireme II: destroyed after round 1 to destroy up to 2 ships, if the request's destroy_exotrireme says so."""
    field = f"{side.role}.destroy_exotrireme"
    if getattr(battle.request, side.role).sacrifice == "never":
        what = (f"{field} is \"never\" (the default), so this side keeps it and these odds leave the trade out; "
                f"set it to \"after_first_round\" to make the trade after round 1")
    else:
        chance = battle.totals.traded.get(side.role, 0.0)
        what = (f"{field} is \"after_first_round\": after round 1, if the combat goes on, this side destroys its "
                f"{spec.name} units one by one while the {other.role} has ships left, each destroying "
                f"{spec.trades_for} of the {other.role}'s ships. The player picks them: the last in the {other.role}'s "
                "destroy order (its most valuable), a sound one before a damaged one; they are destroyed, not hit, "
                "so Sustain Damage cannot save them. It does so even when that leaves it no ships; with a retreat at "
                f"the end of round 1 there is no trade. P(the trade is made) = {pct(chance)}")
    return Step("78.8", f"{spec.name}: destroyed to destroy {spec.trades_for} ships",
                f"{_quote(side, spec, 'trades_for')} Applied here: {what}.", "card")


def _culls(battle: Battle, side: Side, other: Side, spec: Spec) -> Step:
    """Strike Wing Alpha II: each 9 or 10 of its side's barrage also destroys 1 of the opponent's infantry there."""
    which = 0 if side.role == "attacker" else 1
    expected, dice = 0.0, 0
    for loads, start in battle.opening.starts.items():
        for joint, p in start.items():
            rolled, targets = barrage_targets(battle.chain, loads, joint)[which]
            dice = max(dice, rolled)
            expected += p * sum(q * min(k, targets) for k, q in enumerate(binomial(rolled, NINES)))
    names = [s.name for s, n in other.cargo if n and s.klass == "infantry"]
    names += [s.name for s, n in zip(other.specs, other.counts) if n and s.joins and s.klass == "infantry"]
    if not names:
        what = f"the {other.role} has no infantry in the space area, so it changes nothing"
    elif not dice:
        what = f"no Anti-Fighter Barrage of the {side.role}'s is rolled against the {other.role}, so it changes nothing"
    else:
        what = (f"in round 1's Anti-Fighter Barrage, each die of the {side.role}'s {spec.name} units that shows 9 or "
                f"10 (a hit as well) also destroys 1 of the {other.role}'s infantry in the space area, fighting as "
                "ships for The Alastor or not, whether or not there are fighters to hit; the player picks the most "
                f"valuable first (the last in the {other.role}'s destroy order). They are destroyed, not hit. These "
                f"odds follow each number of 9s and 10s, exactly: expected {num(expected)} "
                f"{' or '.join(dict.fromkeys(names))} destroyed")
    return Step("10.1", f"{spec.name}: its barrage destroys infantry",
                f"{_quote(side, spec, 'culls')} Applied here: {what}.", "card")


def _aims(battle: Battle) -> list[Step]:
    """Justicer Rail: its Space Cannon Offense hits go to the opponent's non-fighter ships while any is left."""
    steps = []
    for role, other in (("attacker", "defender"), ("defender", "attacker")):
        req = getattr(battle.request, role)
        giver = next((g.spec for g in req.groups if g.spec.aims), None)
        if giver is None:
            continue
        dice = sum(n for _, n in aimed_offense(req, getattr(battle.request, other))[0])
        if battle.request.ability != "space_combat":
            what = ("its Space Cannon can hit only ground forces, no ship, so it changes nothing" if
                    battle.request.ability == "invasion" else "it does not fire in a ground combat")
        elif not dice:
            what = f"no Space Cannon Offense of the {role}'s is rolled against the {other}, so it changes nothing"
        else:
            whose = ("of all the Space Cannon Offense dice (Graviton Laser System does the same for them all)"
                     if req.mods.has("graviton_laser_system") else f"of the Space Cannon Offense dice of {giver.name}")
            what = (f"the hits {whose}, {plural(dice, 'die', 'dice')}, are assigned first, to the {other}'s "
                    "non-fighter ships while any is left, Sustain Damage cancelling them as usual; only those that "
                    f"find none go to fighters. The {role}'s other Space Cannon hits follow, as the {other} chooses "
                    "(its destroy order)")
        steps.append(Step("77.5", f"{giver.name}: hits to non-fighter ships",
                          f"{giver.name} ({role}): \"{card_sentence(giver, 'aims')}\" (its card). Applied here: "
                          f"{what}.", "card"))
    return steps
