"""A ground combat round with a Valkyrie Exoskeleton: each Sustain Damage one uses produces 1 hit against the
opponent's ground forces (its card), so what a side loses depends on the hits it took as well as those it dealt,
and a round's moves are joint, not the product of each side's own.

The round stays exact: both sides' dice are independent, so each pair of rolled hit counts has the product of their
chances; given the pair, the round is deterministic. The rolled hits are assigned as usual, then the hits the
Valkyries produced go to the other side as a further assignment (they come after the Sustain Damage that produced
them), and so on while a Valkyrie on the other side cancels one of them in turn.
"""
from __future__ import annotations

from collections import defaultdict

from .assign import Side, State, assign_hits
from .sides import SideSpace


def strikes_back(side: Side) -> bool:
    """True when a unit of the side produces a hit whenever it uses Sustain Damage (Valkyrie Exoskeleton)."""
    return any(spec.strikes_back for spec in side.specs)


class Retorts:
    """Joint round moves of two sides of a ground combat, one with a Valkyrie Exoskeleton."""

    def __init__(self, att: SideSpace, dfn: SideSpace):
        self.att, self.dfn = att, dfn
        self._taken: dict[tuple[str, int, int, bool], tuple[State, int]] = {}

    def round(self, a: int, d: int, to_att: tuple[float, ...], to_dfn: tuple[float, ...], att_sustain: bool,
              dfn_sustain: bool) -> dict[tuple[int, int], float]:
        """Chance of each pair of next states from states (a, d), given the chances of each number of hits each
        side takes from the other's dice; `*_sustain`: False while the opponent's Moll Terminus takes it away."""
        out: dict[tuple[int, int], float] = defaultdict(float)
        for h, ph in enumerate(to_att):
            if not ph:
                continue
            a_state, back_a = self._take(self.att, a, h, att_sustain)
            for k, pk in enumerate(to_dfn):
                if not pk:
                    continue
                d_state, back_d = self._take(self.dfn, d, k, dfn_sustain)
                a_end, d_end = self._exchange(a_state, d_state, back_a, back_d, att_sustain, dfn_sustain)
                out[self.att.settle(a, a_end), self.dfn.settle(d, d_end)] += ph * pk
        return out

    def _take(self, space: SideSpace, sid: int, hits: int, sustain: bool) -> tuple[State, int]:
        """A side's state after the rolled hits, and the hits its Valkyries produce by cancelling some."""
        key = (space.side.role, sid, hits, sustain)
        found = self._taken.get(key)
        if found is None:
            found = self._taken[key] = assign_hits(space.side, space.states[sid], hits, sustain=sustain)
        return found

    def _exchange(self, a: State, d: State, back_a: int, back_d: int, att_sustain: bool,
                  dfn_sustain: bool) -> tuple[State, State]:
        """Both states once the Valkyries' hits are assigned, and those that cancelling them produce in turn (it
        ends: each use of Sustain Damage takes an undamaged Valkyrie)."""
        while back_a or back_d:
            a, more_a = _struck(self.att.side, a, back_d, att_sustain)
            d, more_d = _struck(self.dfn.side, d, back_a, dfn_sustain)
            back_a, back_d = more_a, more_d
        return a, d


def _struck(side: Side, state: State, hits: int, sustain: bool) -> tuple[State, int]:
    """A Valkyrie's hits are hits from a unit ability: a unit that cannot be assigned those (Eidolon Maximum) is
    passed over."""
    return assign_hits(side, state, hits, side.index(lambda s: not s.ability_proof), sustain)
