"""The invasion before ground combat: Bombardment (49.1, 15) and Space Cannon Defense (49.3, 77.6-77.8)."""
from __future__ import annotations

from .assign import Side, State, denies_sustain
from .hits import ability_dice, doubled
from .markov import Chain, Joint, hit_distribution
from .request import Group, SideRequest
from .space import receive


def disabled(dfn: SideRequest) -> bool:
    """Disable: the defender's PDS units lose Planetary Shield and Space Cannon during this invasion."""
    return dfn.mods.has("no_space_cannon")


def shields(dfn: SideRequest) -> list[Group]:
    """The defender's units with Planetary Shield on the planet (not next door), less PDS that Disable strips."""
    return [g for g in dfn.groups if g.spec.planetary_shield and not g.adjacent and not (disabled(dfn) and g.spec.pds)]


def shield_blocks(att: SideRequest, dfn: SideRequest) -> bool:
    """Planetary Shield on the planet stops Bombardment unless a war sun (or the like) is there (15.1f, 65.3)."""
    return bool(shields(dfn)) and not any(g.spec.removes_planetary_shield for g in att.groups)


def bombardment_dice(att: SideRequest, dfn: SideRequest) -> tuple[tuple[int, int], ...]:
    """The attacker's bombardment dice (when the shield holds, only those of units whose card ignores it: The
    Dragon, Fred); combat modifiers do not apply (15.1c)."""
    blocked = shield_blocks(att, dfn)
    rolls = [(g.spec.bombardment, g.count) for g in att.groups
             if g.spec.bombardment is not None and (g.spec.pierces or not blocked)]
    return ability_dice(rolls, att.mods.extra_dice("bombardment"))


def bombard_hits(att: SideRequest, dfn: SideRequest) -> tuple[float, ...]:
    """P(k hits) of the attacker's Bombardment, each hit counted twice with X-89 Bacterial Weapon ΩΩ."""
    chances = hit_distribution(bombardment_dice(att, dfn))
    return doubled(chances) if att.mods.doubles_hits else chances


def defense_groups(dfn: SideRequest) -> list[Group]:
    """Units on the invaded planet that fire Space Cannon Defense (not ships, not from adjacent systems: 77.7d);
    Disable silences PDS units only, so a mech's Space Cannon (Indomitus) still fires."""
    return [g for g in dfn.groups
            if g.spec.space_cannon is not None and not g.spec.ship and not g.adjacent
            and not (disabled(dfn) and g.spec.pds)]


def barred(att: SideRequest) -> bool:
    """L4 Disruptors: during an invasion no unit uses Space Cannon against the attacker's units."""
    return att.mods.has("l4_disruptors")


def defense_dice(att: SideRequest, dfn: SideRequest, side: Side | None = None,
                 state: State | None = None) -> tuple[tuple[int, int], ...]:
    """The defender's Space Cannon Defense dice, the attacker's Antimass Deflectors applied (none against L4
    Disruptors). Ground forces that fire (Hel-Titans, Indomitus) count as many as survived the bombardment in
    `state`, if given."""
    if barred(att):
        return ()
    alive = {}
    if side is not None and state is not None:
        alive = {spec.name: n for spec, (n, _) in zip(side.specs, state)}
    rolls = []
    for g in defense_groups(dfn):
        if g.spec.name in alive:
            # The survivors of a ground force are counted once, however many entries listed it.
            rolls.append((g.spec.space_cannon, alive.pop(g.spec.name)))
        elif not (g.spec.ground and side is not None and state is not None
                  and any(s.name == g.spec.name for s in side.specs)):
            rolls.append((g.spec.space_cannon, g.count))
    penalty = 1 if att.mods.has("antimass_deflectors") else 0
    rolling = [(roll, n) for roll, n in rolls if n]
    return ability_dice(rolling, dfn.mods.extra_dice("space_cannon") if rolling else 0, penalty)


def infantry_lost(side: Side, before: State, after: State) -> bool:
    """True when at least 1 of the side's infantry was destroyed between two states."""
    return any(after[i][0] < before[i][0] for i in side.index(lambda s: s.klass == "infantry"))


def wipe_infantry(side: Side, state: State) -> State:
    """The state with every infantry of the side destroyed."""
    return tuple((0, 0) if spec.klass == "infantry" else pair for spec, pair in zip(side.specs, state))


def bombarded(chain: Chain, att: SideRequest, dfn: SideRequest) -> dict[State, float]:
    """The defender's ground forces after the attacker's Bombardment and, with X-89 Bacterial Weapon Ω, after the
    card: every infantry destroyed once Bombardment has destroyed at least 1 (the card's "may" taken as used)."""
    d = chain.defender.initial()
    after = receive(chain.defender, d, bombard_hits(att, dfn))
    if not att.mods.has("x89_bacterial_weapon"):
        return after
    out: dict[State, float] = {}
    for state, p in after.items():
        # The card triggers after all bombardment hits are assigned, Sustain Damage included (its notes).
        state = wipe_infantry(chain.defender, state) if infantry_lost(chain.defender, d, state) else state
        out[state] = out.get(state, 0.0) + p
    return out


def bacterial_odds(chain: Chain, att: SideRequest, dfn: SideRequest) -> tuple[float, float]:
    """X-89 Bacterial Weapon Ω: P(Bombardment destroys at least 1 of the defender's infantry), and the infantry the
    card is expected to destroy after it."""
    d, side = chain.defender.initial(), chain.defender
    chance = expected = 0.0
    for state, p in receive(side, d, bombard_hits(att, dfn)).items():
        if infantry_lost(side, d, state):
            chance += p
            expected += p * sum(n for spec, (n, _) in zip(side.specs, state) if spec.klass == "infantry")
    return chance, expected


def invasion_start(chain: Chain, att: SideRequest, dfn: SideRequest) -> dict[Joint, float]:
    """Ground forces' states when ground combat starts: bombardment (doubled by X-89 ΩΩ, followed by X-89 Ω) hits the
    defender's ground forces, then the Space Cannon Defense of what is left on the planet hits the attacker's."""
    a = chain.attacker.initial()
    out: dict[Joint, float] = {}
    for d_state, p in bombarded(chain, att, dfn).items():
        dice = defense_dice(att, dfn, chain.defender, d_state)
        # The attacker's ground forces have landed: a Moll Terminus of the defender's on the planet takes their
        # Sustain Damage away.
        hold = not denies_sustain(chain.defender, d_state)
        for a_state, q in receive(chain.attacker, a, hit_distribution(dice), sustain=hold).items():
            joint = chain.joint(a_state, d_state)
            out[joint] = out.get(joint, 0.0) + p * q
    return out
