"""Whole battles: exact outcomes of space combat, checked against hand-computed cases and invariants."""
from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, resolve


def side(*units, **extra) -> dict:
    """A side from (name, count) pairs."""
    return {"units": [{"name": name, "count": count} for name, count in units], **extra}


def space(attacker: dict, defender: dict, **extra) -> dict:
    """Resolve a space combat."""
    return resolve({"ability": "space_combat", "attacker": attacker, "defender": defender, **extra})


def test_one_fighter_each_is_a_geometric_series():
    # Each round: both miss with 0.8 * 0.8 = 0.64 and nothing changes; otherwise it ends.
    answer = space(side(("Fighter I", 1)), side(("Fighter I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(0.16 / 0.36, abs=1e-12)
    assert answer["outcome"]["defender"] == pytest.approx(0.16 / 0.36, abs=1e-12)
    assert answer["outcome"]["draw"] == pytest.approx(0.04 / 0.36, abs=1e-12)
    assert answer["rounds_expected"] == pytest.approx(1 / 0.36, abs=1e-12)
    assert answer["rounds"][0] == {"round": 1, "p": pytest.approx(0.36)}
    assert answer["rounds"][1]["p"] == pytest.approx(0.64 * 0.36)


def test_outcomes_and_rounds_sum_to_one():
    answer = space(side(("Dreadnought II", 2), ("Fighter II", 3)), side(("Cruiser II", 3), ("Destroyer II", 2)))
    assert sum(answer["outcome"].values()) == pytest.approx(1, abs=1e-12)
    assert sum(r["p"] for r in answer["rounds"]) + answer["rounds_beyond"] == pytest.approx(1, abs=1e-12)


def test_unknown_ability_field_names_it():
    with pytest.raises(ResolveError) as err:
        space(side(("Fighter I", 1)), side(("Fighter I", 1)), weather="rain")
    assert err.value.field == "weather"
