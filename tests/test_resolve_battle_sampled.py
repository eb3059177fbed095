"""The exact battle engine against an independent, seeded Monte Carlo simulation written from the rules
(tests/sampled_battles.py says what it plays): outcome chances, rounds and survivors within SIGMAS standard errors."""
from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np
import pytest

from corpus.resolve import resolve
from corpus.resolve.units import load
from sampled_battles import (GROUND, INVASION, OUTCOMES, ROLES, SEED, SPACE, TRIALS, Sampled, ground_battle,
                             space_battle)

SIGMAS = 4.5


@dataclass(frozen=True)
class Case:
    """A battle to check; units as "2 Cruiser I", "… next door" for Space Cannon from an adjacent system;
    `order`: the attacker's unit types it destroys first (a space combat's)."""

    id: str
    ability: str
    attacker: tuple[str, ...]
    defender: tuple[str, ...]
    retreat: tuple[str, int] | None = None
    order: tuple[str, ...] = ()

    def units(self, role: str) -> list[tuple[str, int, bool]]:
        """A side's (name, count, adjacent) entries."""
        split = [text.split(" ", 1) for text in getattr(self, role)]
        return [(name.removesuffix(" next door"), int(n), name.endswith(" next door")) for n, name in split]

    def request(self) -> dict:
        """The engine's request."""
        body = {"ability": self.ability, **{role: {"units": [
            {"name": n, "count": c, **({"adjacent": True} if adj else {})} for n, c, adj in self.units(role)]}
            for role in ROLES}}
        if self.order:
            body["attacker"]["order"] = list(self.order)
        return {**body, "retreat": {"side": self.retreat[0], "round": self.retreat[1]}} if self.retreat else body

    def sample(self, trials: int = TRIALS) -> Sampled:
        """The battle sampled, from the case's own seed."""
        rng = np.random.default_rng([SEED, zlib.crc32(self.id.encode())])
        att, dfn = (tuple((load().get(n, role), c, adj) for n, c, adj in self.units(role)) for role in ROLES)
        if self.ability == SPACE:
            return space_battle(rng, att, dfn, self.retreat, trials, self.order)
        return ground_battle(rng, att, dfn, self.ability == INVASION, trials)


CASES = [
    Case("cruisers-vs-destroyers", SPACE, ("3 Cruiser I",), ("2 Destroyer I",)),
    Case("dreadnoughts-sustain", SPACE, ("2 Dreadnought I",), ("3 Cruiser II",)),
    Case("destroyer-ii-afb", SPACE, ("1 Carrier I", "3 Fighter I"), ("2 Destroyer II",)),
    Case("war-sun", SPACE, ("1 War Sun",), ("2 Dreadnought II", "2 Fighter II")),
    Case("fighter-ii-under-afb", SPACE, ("1 Carrier II", "4 Fighter II"), ("3 Destroyer II", "1 Cruiser I")),
    Case("pds-i-offense-on-sustain", SPACE, ("1 Dreadnought II", "2 Destroyer I"),
         ("1 Carrier I", "3 Fighter I", "1 PDS I")),
    Case("offense-sinks-the-carrier", SPACE, ("1 Carrier I", "4 Fighter I"), ("1 Cruiser I", "2 PDS II"),
         order=("Carrier I",)),
    Case("fighter-ii-beyond-capacity", SPACE, ("1 Cruiser II", "3 Fighter II"), ("2 Destroyer I", "1 Cruiser I")),
    Case("space-dock-allowance", SPACE, ("2 Cruiser II",), ("1 Space Dock I", "1 Destroyer I", "4 Fighter I")),
    Case("flagship", SPACE, ("1 Flagship",), ("3 Cruiser I",)),
    Case("defender-retreats-in-round-2", SPACE, ("3 Cruiser I",),
         ("1 Carrier I", "1 Destroyer I", "3 Fighter I"), retreat=("defender", 2)),
    Case("attacker-retreats-in-round-1", SPACE, ("1 Carrier I", "1 Destroyer I", "3 Fighter I"),
         ("2 Cruiser I",), retreat=("attacker", 1)),
    Case("pds-ii-next-door", SPACE, ("2 Dreadnought I",), ("1 Destroyer I", "2 PDS II next door")),
    Case("ground-forces-in-space", SPACE, ("1 Carrier I", "2 Fighter I", "2 Infantry I"), ("2 Destroyer II",)),
    Case("fighter-ii-takes-no-room", SPACE, ("1 Carrier I", "2 Fighter II", "2 Fighter I", "2 Infantry I"),
         ("2 Destroyer II",)),
    Case("fighter-i-goes-first", SPACE, ("1 Carrier II", "2 Fighter I", "2 Fighter II"), ("3 Destroyer I",)),
    Case("eidolons-become-ships", SPACE, ("1 Carrier I", "1 Destroyer I", "2 Eidolon"), ("2 Cruiser II", "1 PDS I")),
    Case("visz-el-vir-and-z-grav-eidolons", SPACE, ("1 Visz El Vir", "2 Z-Grav Eidolon"), ("4 Cruiser I",),
         order=("Visz El Vir",)),
    Case("infantry", GROUND, ("3 Infantry I",), ("2 Infantry II",)),
    Case("mechs-sustain", GROUND, ("2 Mech",), ("4 Infantry I",)),
    Case("mixed-ground", GROUND, ("1 Mech", "2 Infantry II"), ("1 Mech", "1 Infantry I")),
    Case("bombardment-on-a-mech", INVASION, ("2 Dreadnought I", "3 Infantry I"), ("2 Infantry I", "1 Mech")),
    Case("war-sun-lifts-the-shield", INVASION, ("1 War Sun", "2 Infantry II"), ("2 Infantry I", "1 PDS I")),
    Case("shield-holds-defense-on-mechs", INVASION, ("2 Dreadnought II", "2 Mech"), ("1 Infantry II", "2 PDS II")),
    Case("no-bombardment", INVASION, ("1 Carrier I", "4 Infantry I"), ("1 Infantry I", "1 PDS I")),
]


def mismatch(what: str, exact: float, values: np.ndarray, spread: float | None = None, step: float = 0.0) -> str:
    """A line when the sampled mean is further than SIGMAS standard errors from the exact figure; the spread is the
    sample's unless given. An end with a chance below SIGMAS² / n may never be drawn, so a sample's spread gets that
    much slack, times the `step` such an end changes the value by."""
    n = len(values)
    spread = values.std() if spread is None else spread
    limit = SIGMAS * spread / np.sqrt(n) + step * SIGMAS ** 2 / n + 1e-9
    mean = values.mean()
    return "" if abs(mean - exact) <= limit else f"{what}: engine {exact:.5f}, sampled {mean:.5f} (±{limit:.5f})"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_engine_matches_the_sampled_battle(case: Case):
    answer = resolve(case.request())
    run = case.sample()
    n = len(run.outcome)
    # An outcome's spread is the engine's own (a Bernoulli of its chance), so one the engine rules out never occurs.
    lines = [mismatch(f"P({key})", p, run.outcome == OUTCOMES.index(key), np.sqrt(max(0.0, p * (1 - p))), p > 0)
             for key, p in answer["outcome"].items()]
    lines.append(mismatch("rounds", answer["rounds_expected"], run.rounds, step=1))
    for role, s in zip(ROLES, run.sides):
        names = [u.name for u in s.units]
        for unit in answer["survivors"][role]:
            left = s.alive[:, names.index(unit["name"])] if unit["name"] in names else np.zeros(n)
            lines.append(mismatch(f"{role} {unit['name']} left", unit["expected"], left, step=unit["count"]))
    assert not any(lines), "\n".join(line for line in lines if line)
