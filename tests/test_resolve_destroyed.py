"""Anti-Fighter Barrage and Bombardment report units destroyed, capped by the targets present (10.2a, 15.2a)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import ResolveError, resolve


def test_afb_hits_beyond_the_fighters_are_lost():
    # Two Destroyer II roll 6 dice at 50%: P(3 or more hits) = 42/64 = 21/32 destroys all three fighters.
    answer = resolve({"ability": "anti_fighter_barrage", "units": [{"name": "Destroyer II", "count": 2}], "targets": 3})
    gone = answer["destroyed"]
    assert gone["targets"] == 3
    assert [Fraction(p) for p in gone["exact"]["distribution"]] == [Fraction(1, 64), Fraction(6, 64),
                                                                     Fraction(15, 64), Fraction(42, 64)]
    assert Fraction(gone["exact"]["expected"]) == Fraction(81, 32) < Fraction(answer["exact"]["expected_hits"])
    assert "expected 2.531 destroyed" in next(s["text"] for s in answer["steps"] if s["rule"] == "10.2a")


def test_bombardment_against_more_ground_forces_than_dice():
    answer = resolve({"ability": "bombardment", "units": [{"name": "Dreadnought I"}], "targets": 4})
    assert answer["destroyed"]["distribution"] == pytest.approx([0.4, 0.6, 0, 0, 0])


def test_no_targets_means_nothing_destroyed():
    answer = resolve({"ability": "bombardment", "units": [{"name": "War Sun"}], "targets": 0})
    assert answer["destroyed"]["distribution"] == [1.0]
    assert answer["destroyed"]["expected"] == 0


def test_targets_only_for_abilities_that_destroy_a_kind_of_unit():
    with pytest.raises(ResolveError) as err:
        resolve({"ability": "space_cannon", "units": [{"name": "PDS I"}], "targets": 2})
    assert err.value.field == "targets"


def test_without_targets_the_answer_is_unchanged():
    answer = resolve({"ability": "anti_fighter_barrage", "units": [{"name": "Destroyer II"}]})
    assert "destroyed" not in answer
