"""Properties every battle answer keeps, over generated fleets: chances sum to one, tables only grow."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.resolve import resolve

SHIPS = ["Fighter I", "Fighter II", "Destroyer II", "Cruiser I", "Carrier II", "Dreadnought II", "War Sun", "Flagship"]
GROUND = ["Infantry I", "Infantry II", "Mech"]
MODS = ["unrelenting", "fragile", "duranium_armor", "assault_cannon", "antimass_deflectors", "extra_die"]
INVASION_MODS = [m for m in MODS if m != "assault_cannon"]  # Assault Cannon is for space combat only


def fleets(names: list[str], mods_from: list[str] = MODS):
    """A side: one to three unit types, one to three of each, and up to two modifiers."""
    units = st.dictionaries(st.sampled_from(names), st.integers(1, 3), min_size=1, max_size=3)
    mods = st.lists(st.sampled_from(mods_from), max_size=2, unique=True).filter(
        lambda m: not {"unrelenting", "fragile"} <= set(m))
    return st.builds(lambda u, m: {"units": [{"name": n, "count": c} for n, c in u.items()], "modifiers": m},
                     units, mods)


def check(answer: dict) -> None:
    """The invariants of one answer."""
    assert sum(answer["outcome"].values()) == pytest.approx(1, abs=1e-9)
    assert all(p >= -1e-15 for p in answer["outcome"].values())
    assert sum(r["p"] for r in answer["rounds"]) + answer["rounds_beyond"] == pytest.approx(1, abs=1e-9)
    previous = None
    for row in answer["by_round"]:
        if previous is not None:
            for key in ("attacker", "defender", "draw", "retreat"):
                assert row[key] >= previous[key] - 1e-12
            assert row["ongoing"] <= previous["ongoing"] + 1e-12
        previous = row
    for role in ("attacker", "defender"):
        for unit in answer["survivors"][role]:
            assert -1e-12 <= unit["expected"] <= unit["count"] + 1e-12


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fleets(SHIPS + ["PDS II"]), fleets(SHIPS + ["PDS I"]), st.sampled_from([None, 1, 2]))
def test_space_combat_invariants(attacker, defender, retreat_round):
    for fleet, pds in ((attacker, "PDS II"), (defender, "PDS I")):
        if not any(u["name"] != pds for u in fleet["units"]):  # no space combat without ships on both sides
            fleet["units"].append({"name": "Cruiser I", "count": 1})
    body = {"ability": "space_combat", "attacker": attacker, "defender": defender}
    if retreat_round:
        body["retreat"] = {"side": "defender", "round": retreat_round}
    check(resolve(body))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fleets(GROUND + ["Dreadnought II"], INVASION_MODS), fleets(GROUND + ["PDS II"], INVASION_MODS))
def test_invasion_invariants(attacker, defender):
    if not any(u["name"] in GROUND for u in attacker["units"]):
        attacker["units"].append({"name": "Infantry II", "count": 1})
    check(resolve({"ability": "invasion", "attacker": attacker, "defender": defender}))
