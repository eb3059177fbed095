"""Combat rounds as an exact Markov chain over both sides' states.

Each side's states (alive and damaged units per type) are numbered as they are met,
so a joint state is a pair of small ints. In a round both sides roll and take hits,
so a state moves with the product of the two sides' chances. Units are never gained,
so states only move "down", except in a round where nothing changes: that self-loop
is summed in closed form (a geometric series), N(s) = inflow(s) / (1 - P(s, s)),
where N(s) is the expected number of rounds fought in state s. Duranium Armor can
undo damage, so states with the same units alive are then solved together as a
small linear system. A Valkyrie Exoskeleton ties one side's losses to the other's, so a
round's moves are then built jointly (retort.py), still exact.
"""
from __future__ import annotations

from collections import defaultdict

from ..errors import ResolveError
from .assign import Side, State, wipes
from .gauss import gauss
from .hits import hit_distribution  # noqa: F401 (the battle modules import it from here)
from .retort import Retorts, strikes_back
from .sides import STEERED, SideSpace, steered

# A joint state is one int: the attacker's state number in the high bits, the defender's in the low.
Joint = int
SHIFT = 16
MASK = (1 << SHIFT) - 1
Moves = tuple[list[tuple[int, float]], list[tuple[int, float]]]
Onward = tuple[list[tuple[int, float]], list[tuple[int, float]], float]
# The most moves between states one request may follow (about two seconds of work): a 10-ship battle
# needs some 50,000, a 46-unit end-game battle 2.7 million.
MAX_MOVES = 3_000_000
ATTACKER, DEFENDER, DRAW, RETREAT = range(4)  # outcome positions in a round's table row
STATIONARY = 0  # the round number of an ordinary round (no one-round modifier; rounds count from 1)


def _cancel(incoming: tuple[tuple, tuple[float, ...]], cancelled: int) -> tuple[tuple, tuple[float, ...]]:
    """The hits a side receives when it cancels some before assigning them (Shields Holding)."""
    if not cancelled:
        return incoming
    groups, chances = incoming
    if steered(groups):
        # The steered hits ([0.0.1]'s) are cancelled first: they are the ones that must go to non-fighter ships.
        out: dict[tuple[int, int], float] = defaultdict(float)
        for (mine, rest), p in chances:
            out[max(0, mine - cancelled), max(0, rest - max(0, cancelled - mine))] += p
        return (STEERED, groups, cancelled), tuple(out.items())
    return (groups, cancelled), (sum(chances[:cancelled + 1]), *chances[cancelled + 1:])


class Chain:
    """The two sides of one combat and the memoised transitions of an ordinary round."""

    def __init__(self, attacker: Side, defender: Side):
        self.attacker, self.defender = attacker, defender
        self.att, self.dfn = SideSpace(attacker), SideSpace(defender)
        self._wipe = self.att.wipes or self.dfn.wipes  # a Van Hauge in the combat
        # A Valkyrie Exoskeleton in a ground combat: a round's moves are joint (retort.py).
        self._retorts = Retorts(self.att, self.dfn) if strikes_back(attacker) or strikes_back(defender) else None
        self._moves: dict[Joint, Moves] = {}
        self._onward: dict[Joint, Onward] = {}
        self._summary: dict[Joint, tuple] = {}
        self._count = 0  # moves built so far, against MAX_MOVES

    def joint(self, a: State, d: State) -> Joint:
        """The number of two sides' states (the attacker's in the high bits)."""
        return (self.att.id(a) << SHIFT) | self.dfn.id(d)

    def states(self, joint: Joint) -> tuple[State, State]:
        """The two sides' states of a joint state."""
        return self.att.states[joint >> SHIFT], self.dfn.states[joint & MASK]

    def live(self, joint: Joint) -> bool:
        """True while both sides have units in the combat."""
        return self.att.alive[joint >> SHIFT] > 0 and self.dfn.alive[joint & MASK] > 0

    def moves(self, joint: Joint, round_no: int = STATIONARY) -> Moves:
        """Each side's next states and chances after one round; they combine as a product."""
        if round_no != STATIONARY and self._ordinary(round_no):
            round_no = STATIONARY
        found = self._moves.get(joint) if round_no == STATIONARY else None
        if found is None:
            a, d = joint >> SHIFT, joint & MASK
            att_hits, def_hits = self._rolls(joint, round_no)
            # The opponent's Fourth Moon alive as the round starts takes Sustain Damage away in this round's
            # assignment: both sides assign hits at once, so one destroyed in this round still counts.
            found = ([(x << SHIFT, p) for x, p in self.att.marginal(a, def_hits, not self.dfn.denies[d])],
                     self.dfn.marginal(d, att_hits, not self.att.denies[a]))
            if round_no == STATIONARY:
                self._moves[joint] = found
        return found

    def _rolls(self, joint: Joint, round_no: int) -> tuple[tuple, tuple]:
        """Both sides' combat dice in a round and the chances of their hits, less those a one-round card cancels."""
        a, d = joint >> SHIFT, joint & MASK
        # Dice counted per opposing ship are counted as the round starts, before any hit is assigned.
        att_hits = self.att.hits(a, self.attacker.mods.combat(round_no), self.dfn.non_fighters(d))
        def_hits = self.dfn.hits(d, self.defender.mods.combat(round_no), self.att.non_fighters(a))
        if round_no != STATIONARY:
            att_hits = _cancel(att_hits, self.defender.mods.cancels(round_no))
            def_hits = _cancel(def_hits, self.attacker.mods.cancels(round_no))
        return att_hits, def_hits

    def _joint_moves(self, joint: Joint, round_no: int = STATIONARY) -> list[tuple[Joint, float]]:
        """A round's next joint states when a Valkyrie Exoskeleton ties one side's losses to the other's."""
        if round_no != STATIONARY and self._ordinary(round_no):
            round_no = STATIONARY
        a, d = joint >> SHIFT, joint & MASK
        att_hits, def_hits = self._rolls(joint, round_no)
        moved = self._retorts.round(a, d, def_hits[1], att_hits[1], not self.dfn.denies[d], not self.att.denies[a])
        return [((x << SHIFT) | y, p) for (x, y), p in moved.items()]

    def onward(self, joint: Joint) -> Onward:
        """An ordinary round's moves: to other live states, to final states, and the chance to stay."""
        found = self._onward.get(joint)
        if found is None:
            live, final = self._split(joint)
            stay = next((p for target, p in live if target == joint), 0.0)
            if stay:
                live = [pair for pair in live if pair[0] != joint]
            if self._wipe:
                final = self._wiped(final)
            self._count += len(live) + len(final)
            if self._count > MAX_MOVES:
                raise ResolveError("attacker.units", f"this battle can unfold in more than {MAX_MOVES:,} ways from "
                                                     "state to state, too many to solve exactly here; try fewer units")
            found = self._onward[joint] = (live, final, stay)
        return found

    def _split(self, joint: Joint) -> tuple[list[tuple[Joint, float]], list[tuple[Joint, float]]]:
        """An ordinary round's moves to live states and to final ones (a side has no units left)."""
        if self._retorts is not None:
            moved = self._joint_moves(joint)
            return [m for m in moved if self.live(m[0])], [m for m in moved if not self.live(m[0])]
        a_next, d_next = self.moves(joint)
        att_alive, dfn_alive = self.att.alive, self.dfn.alive
        a_live = [(x, p) for x, p in a_next if att_alive[x >> SHIFT]]
        a_dead = [(x, p) for x, p in a_next if not att_alive[x >> SHIFT]]
        d_live = [(y, q) for y, q in d_next if dfn_alive[y]]
        d_dead = [(y, q) for y, q in d_next if not dfn_alive[y]]
        live = [(x | y, p * q) for x, p in a_live for y, q in d_live]
        final = [(x | y, p * q) for x, p in a_live for y, q in d_dead]
        return live, final + [(x | y, p * q) for x, p in a_dead for y, q in d_next]

    def final_summary(self, joint: Joint) -> tuple[float, ...]:
        """Chances that an ordinary round ends the combat (attacker, defender, draw) and the units then left."""
        found = self._summary.get(joint)
        if found is None:
            out = [0.0] * 6
            for target, p in self.onward(joint)[1]:
                a, d = self.att.alive[target >> SHIFT], self.dfn.alive[target & MASK]
                out[ATTACKER if a else DEFENDER if d else DRAW] += p
                out[4] += p * a
                out[5] += p * d
            found = self._summary[joint] = tuple(out)
        return found

    def _ordinary(self, round_no: int) -> bool:
        """True when no one-round modifier (Morale Boost) applies in this round."""
        return all(side.mods.combat(round_no) == side.mods.combat(STATIONARY) and not side.mods.cancels(round_no)
                   for side in (self.attacker, self.defender))

    def step(self, joint: Joint, round_no: int = STATIONARY) -> list[tuple[Joint, float]]:
        """Successor states of one round of rolling and assigning hits, with their chances."""
        if self._retorts is not None:
            return self._joint_moves(joint, round_no)
        a_next, d_next = self.moves(joint, round_no)
        out = [(x | y, p * q) for x, p in a_next for y, q in d_next]
        return self._wiped(out) if self._wipe else out

    @property
    def wiped(self) -> Joint:
        """The joint state after Van Hauge's destruction took every ship in the system: no units on either side."""
        return (self.att.boom() << SHIFT) | self.dfn.boom()

    def _wiped(self, moves: list[tuple[Joint, float]]) -> list[tuple[Joint, float]]:
        """Moves in which a side's Van Hauge was destroyed end with every ship of both sides destroyed (its card)."""
        return [(self.wiped if (t >> SHIFT) in self.att.booms or (t & MASK) in self.dfn.booms else t, p)
                for t, p in moves]

    def destroyed(self, before: tuple[State, State], after: tuple[State, State]) -> Joint:
        """The joint state once units are destroyed outside a combat round (Space Cannon Offense, Assault Cannon):
        no ships on either side when a Van Hauge went."""
        if wipes(self.attacker, before[0], after[0]) or wipes(self.defender, before[1], after[1]):
            return self.wiped
        return self.joint(*after)

    def absorb(self, mass: dict[Joint, float]) -> tuple[dict[Joint, float], float]:
        """Where ordinary rounds from live states end (chance per final state), and the expected rounds."""
        inflow: dict[Joint, float] = defaultdict(float, mass)
        ended: dict[Joint, float] = defaultdict(float)
        rounds = 0.0
        for group in self._groups(mass):
            if len(group) > 1:
                self._solve_group(group, inflow)
            single = len(group) == 1
            for joint in group:
                live, final, stay = self.onward(joint)
                visits = self._visits(inflow[joint], stay) if single else inflow[joint]
                rounds += visits
                for target, p in live:
                    if single or target not in group:
                        inflow[target] += visits * p
                for target, p in final:
                    ended[target] += visits * p
        return dict(ended), rounds

    @staticmethod
    def _visits(inflow: float, stay: float) -> float:
        """Expected rounds in a state: its inflow over the chance of leaving it (the geometric series)."""
        if stay > 1 - 1e-12:
            raise ResolveError("attacker.combat_modifier", "with these modifiers neither side can ever score a "
                                                           "hit, so the combat would never end")
        return inflow / (1.0 - stay)

    def _groups(self, mass) -> list[list[Joint]]:
        """Live states reachable from `mass`, in an order where every state comes after all that lead to it."""
        seen = {j for j in mass if self.live(j)}
        frontier = set(seen)
        while frontier:
            reached: set[Joint] = set()
            for joint in frontier:
                reached.update([target for target, _ in self.onward(joint)[0]])
            frontier = reached - seen
            seen |= frontier
        repairs = self.attacker.mods.has("duranium_armor") or self.defender.mods.has("duranium_armor")
        by_alive: dict[tuple, list[Joint]] = defaultdict(list)
        for joint in seen:
            by_alive[self._alive_key(joint)].append(joint)
        groups = []
        for key in sorted(by_alive, key=sum, reverse=True):
            members = sorted(by_alive[key], key=self._damaged)
            groups.extend([members] if repairs and len(members) > 1 else [[m] for m in members])
        return groups

    def _alive_key(self, joint: Joint) -> tuple[int, ...]:
        """Units alive per type on both sides: it never grows."""
        a, d = self.states(joint)
        return tuple(n for n, _ in a) + tuple(n for n, _ in d)

    def _damaged(self, joint: Joint) -> int:
        """Damaged units on both sides: without repairs, it only grows while the units alive stay."""
        a, d = self.states(joint)
        return sum(n for _, n in a) + sum(n for _, n in d)

    def _solve_group(self, group: list[Joint], inflow: dict) -> None:
        """States that reach each other (repairs): visits N solve N = inflow + N Q within the group."""
        index = {j: i for i, j in enumerate(group)}
        n = len(group)
        matrix = [[1.0 if r == c else 0.0 for c in range(n)] for r in range(n)]
        for i, joint in enumerate(group):
            for nxt, p in self.step(joint):
                if nxt in index:
                    matrix[index[nxt]][i] -= p
        for joint, visits in zip(group, gauss(matrix, [inflow[j] for j in group])):
            inflow[joint] = visits
