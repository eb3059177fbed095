"""What a resolved battle comes to: outcome chances and expected survivors."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .capacity import end_of_combat

if TYPE_CHECKING:
    from . import Battle


def outcome(battle: Battle) -> dict[str, float]:
    """P(attacker wins), P(defender wins), P(draw), P(a retreat ends it)."""
    out = {"attacker": 0.0, "defender": 0.0, "draw": 0.0, "retreat": 0.0}
    for (joint, retreat, _), p in battle.totals.ended.items():
        a, d = (sum(n for n, _ in state) for state in battle.chain.states(joint))
        out["retreat" if retreat else "attacker" if a and not d else "defender" if d and not a else "draw"] += p
    return _held(out, battle.totals.held)


def _held(chances: dict, held: float) -> dict:
    """An invasion that ended with no ground forces before any ground combat is the defender's (49.5)."""
    if held:
        chances.update(draw=chances["draw"] - held, defender=chances["defender"] + held)
    return chances


def survivors(battle: Battle, role: str) -> list[dict]:
    """Expected units left per type (a retreating side keeps what 78.7b lets it take; fighters and ground forces in
    the space area beyond capacity are removed, before the combat and at its end, 16.3, with the expected number
    removed), beside the count that started; the ground forces in the space area come after the units that
    fought."""
    side = getattr(battle.chain, role)
    end = end_of_combat(battle, role)
    rows = [*zip(side.specs, side.counts, end.expected, end.removed),
            *((spec, n, value, gone) for (spec, n), value, gone in zip(side.cargo, end.cargo, end.cargo_removed))]
    if battle.opening:
        early = battle.opening.removed[role]
        rows = [(spec, count, value, gone + early.total(spec)) for spec, count, value, gone in rows]
    merged: dict[str, list] = {}
    for spec, count, value, gone in rows:
        # A ground force fighting as a ship (The Alastor, Z-Grav Eidolon) is a unit that fought and one in the space
        # area: one row.
        row = merged.setdefault(spec.name, [count, 0.0, 0.0])
        row[1:] = [row[1] + value, row[2] + gone]
    return [{"name": name, "count": count, "expected": value, **({"excess_removed": gone} if gone else {})}
            for name, (count, value, gone) in merged.items()]


def by_round(battle: Battle) -> list[dict]:
    """Round by round, cumulative: chances each way the combat has ended, P(still going), units expected left."""
    totals = battle.totals
    done = [0.0] * 6
    rows = []
    for round_no in sorted(set(totals.table) | set(totals.going)):
        done = [a + b for a, b in zip(done, totals.table.get(round_no, [0.0] * 6))]
        going, att_units, def_units = totals.going.get(round_no, (0.0, 0.0, 0.0))
        rows.append(_held({"round": round_no, "attacker": done[0], "defender": done[1], "draw": done[2],
                           "retreat": done[3], "ongoing": going, "attacker_units": done[4] + att_units,
                           "defender_units": done[5] + def_units}, totals.held))
    return rows
