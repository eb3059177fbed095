"""One side's states in the exact chain, numbered as they are met, with memoised rolls and hit assignments."""
from __future__ import annotations

from .assign import (Side, State, alive, counts_opponents, denies_sustain, dice_groups, non_fighters, repair,
                     round_end, steered_by, steering, take_hits, take_steered, wipes)
from .hits import doubled, hit_distribution

NEGLIGIBLE = 1e-18


class SideSpace:
    """One side's states, numbered, with memoised rolls and hit assignments."""

    def __init__(self, side: Side):
        self.side = side
        self.states: list[State] = []
        self.alive: list[int] = []
        self._ids: dict[State, int] = {}
        self._marginals: dict[tuple, list[tuple[int, float]]] = {}
        self._hits: dict[tuple[int, int, int], tuple[tuple, tuple[float, ...]]] = {}
        self._taken: dict[tuple[int, int, bool], int] = {}
        self._repairs = side.mods.has("duranium_armor")
        self._self_repairs = any(spec.repairs or spec.end_repairs for spec in side.specs)
        self.counts_opponents = counts_opponents(side)
        self._non_fighters: list[int] = []
        self.denies: list[bool] = []  # per state: a unit alive takes the opponent's Sustain Damage (Fourth Moon)
        self.wipes = any(spec.destroys_all for spec in side.specs)
        self._steers = any(spec.steers_hits for spec in side.specs)
        self.booms: set[int] = set()  # states numbered apart: no units left because Van Hauge took every ship

    def id(self, state: State) -> int:
        """The number of a state (numbered on first sight)."""
        found = self._ids.get(state)
        if found is None:
            found = self._ids[state] = len(self.states)
            self.states.append(state)
            self.alive.append(alive(state))
            self._non_fighters.append(non_fighters(self.side, state))
            self.denies.append(denies_sustain(self.side, state))
        return found

    def boom(self) -> int:
        """The number of the state with no units left because every ship in the system was destroyed (Van Hauge):
        numbered apart from the ordinary empty state, so the answer can tell the two ends apart."""
        if not self.booms:
            empty = tuple((0, 0) for _ in self.side.specs)
            self.booms.add(len(self.states))
            self.states.append(empty)
            self.alive.append(0)
            self._non_fighters.append(0)
            self.denies.append(False)
        return next(iter(self.booms))

    def hits(self, sid: int, modifier: int, opposing: int = 0) -> tuple[tuple, tuple[float, ...]]:
        """This side's combat dice in a state, and the chances of the hits they produce; `opposing` counts the
        opponent's non-fighter ships, for a unit whose dice are one per ship."""
        opposing = opposing if self.counts_opponents else 0
        found = self._hits.get((sid, modifier, opposing))
        if found is None:
            state = self.states[sid]
            if self._steers and steering(self.side, state):
                found = _steered_hits(self.side, state, modifier, opposing)
            else:
                groups = dice_groups(self.side, state, modifier, opposing)
                found = (groups, hit_distribution(groups))
                if self.side.doubles:
                    # Marked in the key too: the opponent memoises its losses by the dice that hit it.
                    found = ((DOUBLED, groups), doubled(found[1]))
            self._hits[sid, modifier, opposing] = found
        return found

    def non_fighters(self, sid: int) -> int:
        """Non-fighter ships alive in a state."""
        return self._non_fighters[sid]

    def marginal(self, sid: int, incoming: tuple[tuple, tuple[float, ...]],
                 sustain: bool = True) -> list[tuple[int, float]]:
        """Where this side's state goes under the opponent's dice (and the chances of their hits); `sustain` is
        False when the opponent's Fourth Moon takes Sustain Damage away."""
        groups, chances = incoming
        found = self._marginals.get((sid, groups, sustain))
        if found is None:
            out: dict[int, float] = {}
            for hits, p in (chances if steered(groups) else enumerate(chances)):
                if p:
                    nid = self.taken(sid, hits, sustain)
                    out[nid] = out.get(nid, 0.0) + p
            found = self._marginals[sid, groups, sustain] = _fold_negligible(out)
        return found

    def taken(self, sid: int, hits: int | tuple[int, int], sustain: bool = True) -> int:
        """The state after taking `hits` in an ordinary round (and a Duranium repair), as the next round starts;
        (steered, other) hits when the opponent's [0.0.1] steers some to non-fighter ships."""
        found = self._taken.get((sid, hits, sustain))
        if found is None:
            state = self.states[sid]
            if isinstance(hits, tuple):
                nxt = take_steered(self.side, state, hits, sustain)
            else:
                nxt = take_hits(self.side, state, hits, sustain=sustain)
            found = self._taken[sid, hits, sustain] = self.settle(sid, nxt)
        return found

    def settle(self, sid: int, nxt: State) -> int:
        """The number of the state a round's hits left from state `sid`, once what follows them is applied: Van
        Hauge's wipe, a Duranium repair, the end-of-round and the next round's start-of-round repairs."""
        state = self.states[sid]
        if self.wipes and wipes(self.side, state, nxt):
            return self.boom()
        if self._repairs:
            nxt = repair(self.side, state, nxt)
        if self._self_repairs:
            # This round's end-of-round repair, and the next round's start-of-round one applied now: nothing happens
            # in between, and a combat that ends here counts units alive, not damaged.
            nxt = round_end(self.side, nxt)
        return self.id(nxt)


STEERED = "steered"  # the first item of the dice key of a roll whose hits are (steered, other) pairs
DOUBLED = "doubled"  # the first item of the dice key of a roll whose hits count twice (X-89 Bacterial Weapon ΩΩ)


def steered(groups: tuple) -> bool:
    """True for the dice key of a roll some of whose hits go to non-fighter ships if able ([0.0.1])."""
    return bool(groups) and groups[0] == STEERED


def _steered_hits(side: Side, state: State, modifier: int, opposing: int) -> tuple[tuple, tuple]:
    """A roll of a side whose [0.0.1] is alive: the chances of each (steered, other) pair of hit counts, the
    flagship's and the dreadnoughts' dice apart from the rest."""
    mine = dice_groups(side, state, modifier, opposing, steered_by)
    rest = dice_groups(side, state, modifier, opposing, lambda spec: not steered_by(spec))
    pairs = tuple(((i, j), p * q) for i, p in enumerate(hit_distribution(mine))
                  for j, q in enumerate(hit_distribution(rest)) if p * q)
    return (STEERED, mine, rest), pairs


def _fold_negligible(chances: dict[int, float]) -> list[tuple[int, float]]:
    """Chances below NEGLIGIBLE join the likeliest outcome: far below the 1e-9 we answer to, and with
    many dice it spares following hit counts that practically never happen."""
    small = [k for k, p in chances.items() if p < NEGLIGIBLE]
    if small and len(small) < len(chances):
        likeliest = max(chances, key=chances.get)
        for k in small:
            chances[likeliest] += chances.pop(k)
    return list(chances.items())
