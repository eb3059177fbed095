"""The invasion before ground combat: Bombardment (49.1, 15) and Space Cannon Defense (49.3, 77.6-77.8)."""
from __future__ import annotations

from .markov import Chain, Joint, hit_distribution
from .request import Group, SideRequest
from .space import ability_dice, product, receive


def shield_blocks(att: SideRequest, dfn: SideRequest) -> bool:
    """Planetary Shield on the planet stops Bombardment unless a war sun (or the like) is there (15.1f, 65.3)."""
    shielded = any(g.spec.planetary_shield for g in dfn.groups)
    return shielded and not any(g.spec.removes_planetary_shield for g in att.groups)


def bombardment_dice(att: SideRequest, dfn: SideRequest) -> tuple[tuple[int, int], ...]:
    """The attacker's bombardment dice (none when the shield holds); combat modifiers do not apply (15.1c)."""
    if shield_blocks(att, dfn):
        return ()
    rolls = [(g.spec.bombardment, g.count) for g in att.groups if g.spec.bombardment is not None]
    return ability_dice(rolls, att.mods.extra_dice("bombardment"))


def defense_groups(dfn: SideRequest) -> list[Group]:
    """Units on the invaded planet that fire Space Cannon Defense (not ships, not from adjacent systems: 77.7d)."""
    if dfn.mods.has("no_space_cannon"):
        return []
    return [g for g in dfn.groups
            if g.spec.space_cannon is not None and not g.spec.ship and not g.adjacent]


def defense_dice(att: SideRequest, dfn: SideRequest) -> tuple[tuple[int, int], ...]:
    """The defender's Space Cannon Defense dice, the attacker's Antimass Deflectors applied."""
    rolls = [(g.spec.space_cannon, g.count) for g in defense_groups(dfn)]
    penalty = 1 if att.mods.has("antimass_deflectors") else 0
    return ability_dice(rolls, dfn.mods.extra_dice("space_cannon") if rolls else 0, penalty)


def invasion_start(chain: Chain, att: SideRequest, dfn: SideRequest) -> dict[Joint, float]:
    """Ground forces' states when ground combat starts: bombardment hits the defender's, SCD the attacker's."""
    a, d = chain.attacker.initial(), chain.defender.initial()
    d_next = receive(chain.defender, d, hit_distribution(bombardment_dice(att, dfn)))
    a_next = receive(chain.attacker, a, hit_distribution(defense_dice(att, dfn)))
    return product(chain, a_next, d_next)
