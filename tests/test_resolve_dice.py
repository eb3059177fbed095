"""Exact d10 arithmetic of corpus.resolve.dice."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.resolve import dice
from corpus.resolve.errors import ResolveError


@pytest.mark.parametrize(("value", "chance"), [(1, F(1)), (5, F(3, 5)), (6, F(1, 2)), (9, F(1, 5)), (10, F(1, 10))])
def test_hit_chance_counts_faces_from_value_to_ten(value, chance):
    assert dice.hit_chance(value) == chance


def test_two_dice_at_five_match_the_issue():
    dist = dice.distribution([(5, 2)])
    assert dist.probabilities() == [F(4, 25), F(12, 25), F(9, 25)]


def test_mixed_values_convolve():
    # 6 hits half the time, 5 three times in five: P0 = 1/2 * 2/5.
    dist = dice.distribution([(6, 1), (5, 1)])
    assert dist.probabilities() == [F(1, 5), F(1, 2), F(3, 10)]


def test_expected_hits_is_the_sum_of_chances():
    dist = dice.distribution([(6, 1), (5, 1), (3, 3)])
    assert dist.expected() == F(1, 2) + F(3, 5) + 3 * F(4, 5)


def test_at_least_sums_the_tail():
    dist = dice.distribution([(5, 3)])
    assert (dist.at_least(0), dist.at_least(2), dist.at_least(4)) == (F(1), F(81, 125), F(0))


def test_no_dice_is_certain_zero_hits():
    assert dice.distribution([]).probabilities() == [F(1)]


def _brute_force(values: list[int]) -> list[F]:
    """Enumerate every face combination: the slow, obviously right answer."""
    counts = [0] * (len(values) + 1)
    for faces in itertools.product(range(1, 11), repeat=len(values)):
        counts[sum(face >= value for face, value in zip(faces, values))] += 1
    return [F(c, 10 ** len(values)) for c in counts]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=1, max_size=4))
def test_distribution_matches_enumeration(values):
    assert dice.distribution([(v, 1) for v in values]).probabilities() == _brute_force(values)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 10), st.integers(1, 10)), min_size=1, max_size=10))
def test_distribution_sums_to_one(groups):
    assert sum(dice.distribution(groups).probabilities()) == 1


@pytest.mark.parametrize(
    ("text", "results"), [("3, 7, 10", [3, 7, 10]), ("3 7 0", [3, 7, 10]), ("1;2,,3", [1, 2, 3]), ([4, 0], [4, 10])]
)
def test_parse_rolls_reads_text_or_list_and_zero_is_ten(text, results):
    assert dice.parse_rolls(text) == results


def test_parse_rolls_names_the_bad_die():
    with pytest.raises(ResolveError, match=r"^rolls\[1\]: "):
        dice.parse_rolls("3, 11")


def test_seeded_roll_replays_random_random():
    rng = random.Random(42)
    assert dice.roll(42, 5) == [rng.randint(1, 10) for _ in range(5)]


def test_count_hits_uses_value_or_more():
    assert dice.count_hits(5, [4, 5, 10]) == 2
