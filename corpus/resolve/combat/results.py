"""What a resolved battle comes to: outcome chances and expected survivors."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import Battle


def outcome(battle: Battle) -> dict[str, float]:
    """P(attacker wins), P(defender wins), P(draw), P(a retreat ends it)."""
    out = {"attacker": 0.0, "defender": 0.0, "draw": 0.0, "retreat": 0.0}
    for (joint, retreat), p in battle.totals.ended.items():
        a, d = (sum(n for n, _ in state) for state in battle.chain.states(joint))
        out["retreat" if retreat else "attacker" if a and not d else "defender" if d and not a else "draw"] += p
    return out


def survivors(battle: Battle, role: str) -> list[dict]:
    """Expected units left per type (a retreating side keeps its survivors), beside the count that started."""
    side = getattr(battle.chain, role)
    which = 0 if role == "attacker" else 1
    expected = [0.0] * len(side.specs)
    for (joint, _), p in battle.totals.ended.items():
        for i, (n, _) in enumerate(battle.chain.states(joint)[which]):
            expected[i] += p * n
    return [{"name": spec.name, "count": count, "expected": value}
            for spec, count, value in zip(side.specs, side.counts, expected)]
