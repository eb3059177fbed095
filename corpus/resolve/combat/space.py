"""Before and in the first round: Space Cannon Offense (77), Assault Cannon, Anti-Fighter Barrage (10, 78.3)."""
from __future__ import annotations

from collections import defaultdict
from itertools import product as each_pair

from ..units import Roll
from .assign import Side, State, cheapest, denies_sustain, destroy_one, round_start, soak, take_hits
from .barrage import NINES, UNSPLIT, Given, barrage_hits, cull_load, cull_state, culling_dice, infantry
from .hits import Groups, ability_dice, binomial, split_dice
from .markov import Chain, Joint, hit_distribution
from .modifiers import SideMods
from .request import Group, SideRequest
from .room import Load


def cannon_rolls(groups: tuple[Group, ...], mods: SideMods) -> list[tuple[Roll, int]]:
    """The Space Cannon rolls a side makes against ships (none if it cannot use Space Cannon)."""
    if mods.has("no_space_cannon"):
        return []
    return [(g.spec.space_cannon, g.count) for g in groups if g.spec.space_cannon is not None]


def offense_dice(req: SideRequest, target: SideRequest) -> tuple[tuple[int, int], ...]:
    """A side's Space Cannon Offense dice, Antimass Deflectors of the target applied; none against a side with
    Quetzecoatl in the system."""
    if cannon_blocked(target):
        return ()
    return ability_dice(cannon_rolls(req.groups, req.mods), req.mods.extra_dice("space_cannon"),
                        1 if target.mods.has("antimass_deflectors") else 0)


def aimed_offense(req: SideRequest, target: SideRequest) -> tuple[Groups, Groups]:
    """A side's Space Cannon Offense dice whose hits must go to non-fighter ships if able (all of them with Graviton
    Laser System; Justicer Rail's), and the others; an extra die as hits.split_dice gives it."""
    if req.mods.has("graviton_laser_system"):
        return offense_dice(req, target), ()
    if cannon_blocked(target) or req.mods.has("no_space_cannon"):
        return (), ()
    rolls = [(g.spec.space_cannon, g.spec.aims, g.count) for g in req.groups if g.spec.space_cannon is not None]
    return split_dice(rolls, req.mods.extra_dice("space_cannon"), 1 if target.mods.has("antimass_deflectors") else 0)


def cannon_blocked(target: SideRequest) -> Group | None:
    """The unit of a side in the active system whose card keeps other players' Space Cannon off the side's ships."""
    return next((g for g in target.groups if g.spec.blocks_space_cannon and not g.adjacent), None)


def receive(side: Side, state: State, hits_dist, graviton: bool = False, fighters_only: bool = False,
            sustain: bool = True) -> dict[State, float]:
    """Where a side's state goes under hits from a unit ability (Space Cannon, AFB, Bombardment); a unit that
    cannot be assigned such hits (Eidolon Maximum) is passed over, and hits left with no other unit are lost;
    `sustain` is False when the opponent's Fourth Moon or Moll Terminus takes Sustain Damage away."""
    out: dict[State, float] = {}
    for hits, p in enumerate(hits_dist):
        if not p:
            continue
        if fighters_only:
            nxt = take_hits(side, state, hits, side.index(lambda s: s.fighter), sustain=False)
        elif graviton:
            nxt = _graviton(side, state, hits, sustain)
        else:
            # Ground forces that fight as ships (for The Alastor, or a Z-Grav Eidolon by its card) are not ships yet:
            # the combat has not started.
            nxt = take_hits(side, state, hits, side.index(lambda s: not s.ability_proof and not s.joins), sustain)
        out[nxt] = out.get(nxt, 0.0) + p
    return out


def _graviton(side: Side, state: State, hits: int, sustain: bool = True) -> State:
    """Graviton Laser System: hits go to non-fighter ships while there are any, then to fighters."""
    others = side.index(lambda s: not s.fighter and not s.ability_proof and not s.joins)
    room = soak(side, state, others, sustain)
    state = take_hits(side, state, min(hits, room), others, sustain)
    return take_hits(side, state, max(0, hits - room), side.index(lambda s: s.fighter))


def product(chain: Chain, a_next: dict[State, float], d_next: dict[State, float]) -> dict[Joint, float]:
    """Joint chances of two independent sides' states."""
    return {chain.joint(x, y): p * q for x, p in a_next.items() for y, q in d_next.items()}


def space_cannon_offense(chain: Chain, att: SideRequest, dfn: SideRequest, a: State,
                         d: State) -> tuple[dict[State, float], dict[State, float]]:
    """Each side's states after both sides' Space Cannon Offense (rolled together, then assigned: 77.3-77.5),
    from the states `a` and `d` the sides enter it with; the sides' dice are independent."""
    a_next = _under_fire(chain.attacker, a, aimed_offense(dfn, att), not denies_sustain(chain.defender, d))
    d_next = _under_fire(chain.defender, d, aimed_offense(att, dfn), not denies_sustain(chain.attacker, a))
    return a_next, d_next


def _under_fire(side: Side, state: State, dice: tuple[Groups, Groups], sustain: bool) -> dict[State, float]:
    """Where a side's state goes under the opponent's Space Cannon Offense: the hits that must go to non-fighter
    ships are assigned first, to those ships while any is left (as for [0.0.1]'s), then the others as usual."""
    aimed, free = dice
    out: dict[State, float] = defaultdict(float)
    for middle, p in receive(side, state, hit_distribution(aimed), graviton=True, sustain=sustain).items():
        for after, q in receive(side, middle, hit_distribution(free), sustain=sustain).items():
            out[after] += p * q
    return dict(out)


def assault_cannon(chain: Chain, joint: Joint) -> Joint:
    """Each side with Assault Cannon and 3+ non-fighter ships makes the other destroy one (its cheapest)."""
    a, d = before = chain.states(joint)
    sides = ((chain.attacker, a, chain.defender, d), (chain.defender, d, chain.attacker, a))
    hits = [_non_fighters(own, s) >= 3 and own.mods.has("assault_cannon") for own, s, _, _ in sides]
    if hits[0]:
        d = _lose_non_fighter(chain.defender, d)
    if hits[1]:
        a = _lose_non_fighter(chain.attacker, a)
    return chain.destroyed(before, (a, d))


def _non_fighters(side: Side, state: State) -> int:
    """Non-fighter ships alive."""
    return sum(state[i][0] for i in side.index(lambda s: not s.fighter))


def _lose_non_fighter(side: Side, state: State) -> State:
    """Destroy the cheapest non-fighter ship, if any."""
    i = cheapest(side, state, lambda s: not s.fighter)
    return state if i is None else destroy_one(state, i)


def afb_dice(side: Side, state: State, target: Side) -> tuple[tuple[int, int], ...]:
    """A side's Anti-Fighter Barrage dice from its ships alive now (combat modifiers do not apply, 10.1c); none
    against a side with Iconoclast Omega in the system."""
    if target.afb_proof:
        return ()
    rolls = [(s.anti_fighter_barrage, state[i][0]) for i, s in enumerate(side.specs)
             if s.anti_fighter_barrage is not None and state[i][0]]
    return ability_dice(rolls, side.mods.extra_dice("anti_fighter_barrage") if rolls else 0)


def first_round(chain: Chain, given: Given = UNSPLIT):
    """Round 1 of a space combat: start-of-combat effects, AFB (78.3), then the usual roll; `given`: how many 9s and
    10s each side's barrage dice that destroy infantry show (split), those infantry fighting as ships destroyed."""
    def step(joint: Joint) -> list[tuple[Joint, float]]:
        joint = assault_cannon(chain, joint)
        if not chain.live(joint):
            return [(joint, 1.0)]
        a, d = chain.states(joint)
        # Round 1 starts: a ship damaged by Space Cannon Offense that repairs itself each round is repaired.
        a, d = round_start(chain.attacker, a), round_start(chain.defender, d)
        a_hits = barrage_hits(chain.defender, d, chain.attacker, given[1])
        d_hits = barrage_hits(chain.attacker, a, chain.defender, given[0])
        # The barrage hits only fighters, so the infantry its 9s and 10s destroy can go first.
        a, d = cull_state(chain.attacker, a, given[1]), cull_state(chain.defender, d, given[0])
        a_next = receive(chain.attacker, a, a_hits, fighters_only=True)
        d_next = receive(chain.defender, d, d_hits, fighters_only=True)
        out = []
        for nxt, p in product(chain, a_next, d_next).items():
            # 78.3a: if a side has no ships left after the barrage, the combat ends at once.
            if not chain.live(nxt):
                out.append((nxt, p))
            else:
                out.extend((n, p * q) for n, q in chain.step(nxt, 1))
        return out
    return step


def split(chain: Chain, loads: tuple[Load, Load],
          start: dict[Joint, float]) -> dict[tuple[tuple[Load, Load], Given], dict[Joint, float]]:
    """The openings of a space combat by what its barrage will do to infantry in the space area (barrage.py): per
    pair of loads left and 9s and 10s rolled, the chance of each opening state."""
    out: dict = defaultdict(lambda: defaultdict(float))
    for joint, p in start.items():
        for key, q in culls(chain, loads, joint).items():
            out[key][joint] += p * q
    return {key: dict(part) for key, part in out.items()}


def barrage_targets(chain: Chain, loads: tuple[Load, Load], joint: Joint) -> tuple[tuple[int, int], ...]:
    """From an opening state, per side (the attacker, the defender): its barrage dice that destroy infantry with a 9
    or 10, and the opponent's infantry in the space area then; none when no round 1 comes."""
    after = assault_cannon(chain, joint) if chain.live(joint) else joint  # the barrage comes after it, in round 1
    if not chain.live(after):
        return (0, 0), (0, 0)
    a, d = chain.states(after)
    return ((culling_dice(chain.attacker, a, chain.defender), infantry(chain.defender, d, loads[1])),
            (culling_dice(chain.defender, d, chain.attacker), infantry(chain.attacker, a, loads[0])))


def culls(chain: Chain, loads: tuple[Load, Load], joint: Joint) -> dict[tuple[tuple[Load, Load], Given], float]:
    """From one opening state: the chance of each (loads left, 9s and 10s per side) of the barrage to come; not
    split for a side without culling dice or with no infantry of the opponent's to destroy."""
    chances = [dict(enumerate(binomial(dice, NINES))) if dice and targets else {None: 1.0}
               for dice, targets in barrage_targets(chain, loads, joint)]
    if chances == [{None: 1.0}] * 2:
        return {(loads, UNSPLIT): 1.0}
    out: dict = defaultdict(float)
    for (ka, p), (kd, q) in each_pair(chances[0].items(), chances[1].items()):
        left = (cull_load(chain.attacker, loads[0], kd), cull_load(chain.defender, loads[1], ka))
        out[left, (ka, kd)] += p * q
    return dict(out)
