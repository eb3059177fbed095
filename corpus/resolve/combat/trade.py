"""Exotrireme II after a round of space combat: its side may destroy it to destroy up to 2 ships in the system (its
card; Twilight's Fall's Exotrireme says the same). The request's destroy_exotrireme says when: "never" (the default)
or "after_first_round". Given a state the trade is deterministic, so the odds stay exact.
"""
from __future__ import annotations

from collections.abc import Callable

from .assign import Side, State, destroy_one
from .markov import Chain, Joint
from .request import BattleRequest

# The round after which a side that chose "after_first_round" makes the trade.
TRADE_ROUND = 1


def traders(req: BattleRequest) -> tuple[str, ...]:
    """The sides that destroy their Exotrireme II after the first round, the attacker first (the active player)."""
    return tuple(role for role in ("attacker", "defender") if getattr(req, role).sacrifice == "after_first_round")


def trade(chain: Chain, roles: tuple[str, ...]) -> Callable[[Joint], tuple[Joint, tuple[str, ...]]]:
    """The joint state once the sides in `roles` made the trade, and the sides that did (had one alive)."""
    def after(joint: Joint) -> tuple[Joint, tuple[str, ...]]:
        a, d = before = chain.states(joint)
        done = []
        for role in roles:
            if role == "attacker":
                a, d, went = _trade(chain.attacker, a, chain.defender, d)
            else:
                d, a, went = _trade(chain.defender, d, chain.attacker, a)
            done += [role] if went else []
        # A Van Hauge destroyed so takes every ship in the system with it.
        return chain.destroyed(before, (a, d)), tuple(done)
    return after


def _trade(side: Side, mine: State, other: Side, theirs: State) -> tuple[State, State, bool]:
    """One side's Exotrireme IIs, one by one while the opponent has ships left: each is destroyed (a damaged one
    first: the player keeps the sound one) and destroys up to 2 of the opponent's ships."""
    went = False
    while any(n for n, _ in theirs):
        exo = next((i for i, (spec, (n, _)) in enumerate(zip(side.specs, mine)) if n and spec.trades_for), None)
        if exo is None:
            break
        mine, went = destroy_one(mine, exo), True
        for _ in range(side.specs[exo].trades_for):
            theirs = _destroy_best(theirs)
    return mine, theirs, went


def _destroy_best(state: State) -> State:
    """The player picks the ships to destroy: the opponent's last in its destroy order (its most valuable), a sound
    one before a damaged one (it would take two hits); no Sustain Damage against it, as it is not a hit."""
    for i in reversed(range(len(state))):
        alive, damaged = state[i]
        if alive:
            fixed = list(state)
            fixed[i] = (alive - 1, damaged if alive > damaged else damaged - 1)
            return tuple(fixed)
    return state
