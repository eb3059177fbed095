"""Combat rounds as an exact Markov chain over both sides' states.

A joint state is (attacker state, defender state). Each round both sides roll and
take hits, so a state moves to another with a product of the two sides' chances.
Units are never gained, so states only move "down" except for the round in which
nothing changes: that self-loop is summed in closed form (a geometric series),
V(s) = (e + sum over s' != s of P(s, s') V(s')) / (1 - P(s, s)). Duranium Armor
can undo damage, so states with the same units alive are then solved together
as a small linear system.
"""
from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field
from math import comb

from ..errors import ResolveError
from .assign import Side, State, alive, dice_groups, repair, take_hits

Joint = tuple[State, State]
# Layout of a value vector: outcome chances, expected rounds, then survivors per unit type.
ATTACKER, DEFENDER, DRAW, RETREAT, ROUNDS = range(5)
STATIONARY = 0  # the round number of an ordinary round (no one-round modifier; rounds count from 1)


@functools.lru_cache(maxsize=8192)
def hit_distribution(groups: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """P(k hits) for (hit faces, dice) groups: a convolution of binomials."""
    probs = [1.0]
    for faces, dice in groups:
        p = faces / 10
        binomial = [comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]
        out = [0.0] * (len(probs) + dice)
        for i, a in enumerate(probs):
            if a:
                for j, b in enumerate(binomial):
                    out[i + j] += a * b
        probs = out
    return tuple(probs)


@dataclass
class Chain:
    """The two sides of one combat and the memoised transitions of an ordinary round."""

    attacker: Side
    defender: Side
    _steps: dict = field(default_factory=dict, repr=False)
    _terminal: dict = field(default_factory=dict, repr=False)

    @property
    def width(self) -> int:
        """Length of a value vector."""
        return ROUNDS + 1 + len(self.attacker.specs) + len(self.defender.specs)

    def live(self, joint: Joint) -> bool:
        """True while both sides have units in the combat."""
        return alive(joint[0]) > 0 and alive(joint[1]) > 0

    def step(self, joint: Joint, round_no: int = STATIONARY) -> list[tuple[Joint, float]]:
        """Successor states of one round of rolling and assigning hits, with their chances."""
        if round_no == STATIONARY and joint in self._steps:
            return self._steps[joint]
        a, d = joint
        att_hits = hit_distribution(dice_groups(self.attacker, a, self.attacker.mods.combat(round_no)))
        def_hits = hit_distribution(dice_groups(self.defender, d, self.defender.mods.combat(round_no)))
        a_next = self._marginal(self.attacker, a, def_hits)
        d_next = self._marginal(self.defender, d, att_hits)
        out = [((x, y), p * q) for x, p in a_next.items() for y, q in d_next.items()]
        if round_no == STATIONARY:
            self._steps[joint] = out
        return out

    @staticmethod
    def _marginal(side: Side, state: State, incoming: tuple[float, ...]) -> dict[State, float]:
        """Where one side's state goes, given the chances of the hits it receives."""
        out: dict[State, float] = {}
        duranium = side.mods.has("duranium_armor")
        for hits, p in enumerate(incoming):
            if p:
                nxt = take_hits(side, state, hits)
                if duranium:
                    nxt = repair(side, state, nxt)
                out[nxt] = out.get(nxt, 0.0) + p
        return out

    def terminal(self, joint: Joint, retreat: bool = False) -> list[float]:
        """The value vector of a state where the combat has ended."""
        key = (joint, retreat)
        if key not in self._terminal:
            vec = [0.0] * (ROUNDS + 1)
            a, d = alive(joint[0]), alive(joint[1])
            vec[RETREAT if retreat else ATTACKER if a and not d else DEFENDER if d and not a else DRAW] = 1.0
            vec += [float(n) for n, _ in joint[0]] + [float(n) for n, _ in joint[1]]
            self._terminal[key] = vec
        return self._terminal[key]

    def solve(self, starts) -> dict[Joint, list[float]]:
        """Value vectors of ordinary rounds from every live state reachable from `starts`."""
        groups: dict[tuple, list[Joint]] = defaultdict(list)
        seen, stack = set(), [j for j in starts if self.live(j)]
        while stack:
            joint = stack.pop()
            if joint in seen:
                continue
            seen.add(joint)
            groups[_alive_key(joint)].append(joint)
            stack.extend(n for n, _ in self.step(joint) if n not in seen and self.live(n))
        values: dict[Joint, list[float]] = {}
        cycles = self.attacker.mods.has("duranium_armor") or self.defender.mods.has("duranium_armor")
        for key in sorted(groups, key=sum):
            members = groups[key]
            if cycles and len(members) > 1:
                self._solve_group(members, values)
                continue
            # Without repairs, damage only grows: the most damaged states depend on no others here.
            for joint in sorted(members, key=_damaged, reverse=True):
                values[joint] = self._closed_form(joint, values)
        return values

    def _value(self, joint: Joint, values: dict) -> list[float]:
        """A known value: solved, or terminal."""
        return values[joint] if self.live(joint) else self.terminal(joint)

    def _closed_form(self, joint: Joint, values: dict) -> list[float]:
        """V(s) with the self-loop summed as a geometric series."""
        acc = [0.0] * self.width
        acc[ROUNDS] = 1.0
        stay = 0.0
        for nxt, p in self.step(joint):
            if nxt == joint:
                stay += p
                continue
            for i, v in enumerate(self._value(nxt, values)):
                acc[i] += p * v
        if stay > 1 - 1e-12:
            raise ResolveError("attacker.combat_modifier", "with these modifiers neither side can ever score a "
                                                           "hit, so the combat would never end")
        scale = 1.0 / (1.0 - stay)
        return [x * scale for x in acc]

    def _solve_group(self, members: list[Joint], values: dict) -> None:
        """States that reach each other (repairs): solve (I - P) V = e + P_out V_out exactly."""
        index = {j: i for i, j in enumerate(members)}
        n, width = len(members), self.width
        matrix = [[0.0] * n for _ in range(n)]
        rhs = [[0.0] * width for _ in range(n)]
        for i, joint in enumerate(members):
            matrix[i][i] += 1.0
            rhs[i][ROUNDS] = 1.0
            for nxt, p in self.step(joint):
                if nxt in index:
                    matrix[i][index[nxt]] -= p
                else:
                    for k, v in enumerate(self._value(nxt, values)):
                        rhs[i][k] += p * v
        for joint, vec in zip(members, _gauss(matrix, rhs)):
            values[joint] = vec


def _alive_key(joint: Joint) -> tuple[int, ...]:
    """Units alive per type on both sides: it never grows."""
    return tuple(a for a, _ in joint[0]) + tuple(a for a, _ in joint[1])


def _damaged(joint: Joint) -> int:
    """Damaged units on both sides."""
    return sum(d for _, d in joint[0]) + sum(d for _, d in joint[1])


def _gauss(matrix: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """Solve matrix X = rhs (several right-hand sides) by elimination with partial pivoting."""
    n = len(matrix)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(matrix[r][col]))
        if abs(matrix[pivot][col]) < 1e-14:
            raise ResolveError("attacker", "these units can never finish the combat (every round undoes its hits)")
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        for row in range(col + 1, n):
            factor = matrix[row][col] / matrix[col][col]
            if factor:
                matrix[row] = [a - factor * b for a, b in zip(matrix[row], matrix[col])]
                rhs[row] = [a - factor * b for a, b in zip(rhs[row], rhs[col])]
    out = [[0.0] * len(rhs[0]) for _ in range(n)]
    for row in reversed(range(n)):
        acc = list(rhs[row])
        for col in range(row + 1, n):
            if matrix[row][col]:
                acc = [a - matrix[row][col] * b for a, b in zip(acc, out[col])]
        out[row] = [a / matrix[row][row] for a in acc]
    return out
