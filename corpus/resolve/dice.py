"""Exact d10 arithmetic for "X (xY)" abilities: distributions, rolls, hits."""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .errors import ResolveError

FACES = 10


def hit_faces(value: int) -> int:
    """How many faces of a d10 hit on `value` or more (the 0 face is 10)."""
    return FACES + 1 - value


def hit_chance(value: int) -> Fraction:
    """Chance that one die hits on `value` or more."""
    return Fraction(hit_faces(value), FACES)


@dataclass(frozen=True)
class Distribution:
    """P(k hits), k = 0..dice, as integer weights over FACES ** dice.

    Integer weights keep the convolution exact and fast; Fractions are made
    only when a probability is asked for.
    """

    weights: tuple[int, ...]

    @property
    def dice(self) -> int:
        """Number of dice rolled."""
        return len(self.weights) - 1

    @property
    def total(self) -> int:
        """Number of equally likely outcomes (FACES ** dice)."""
        return FACES**self.dice

    def probability(self, hits: int) -> Fraction:
        """Exact P(exactly `hits` hits)."""
        if not 0 <= hits <= self.dice:
            return Fraction(0)
        return Fraction(self.weights[hits], self.total)

    def probabilities(self) -> list[Fraction]:
        """Exact P(0 hits), P(1 hit), … P(dice hits)."""
        return [Fraction(w, self.total) for w in self.weights]

    def at_least(self, hits: int) -> Fraction:
        """Exact P(at least `hits` hits)."""
        return Fraction(sum(self.weights[max(hits, 0):]), self.total)

    def expected(self) -> Fraction:
        """Exact expected number of hits."""
        return Fraction(sum(k * w for k, w in enumerate(self.weights)), self.total)


def binomial_weights(value: int, dice: int) -> list[int]:
    """Outcome counts for k hits among `dice` dice that each hit on `value`."""
    hit = hit_faces(value)
    miss = FACES - hit
    return [comb(dice, k) * hit**k * miss ** (dice - k) for k in range(dice + 1)]


def convolve(left: list, right: list) -> list:
    """Outcome counts (or chances) of the sum of two independent hit counts."""
    out = [0 * left[0]] * (len(left) + len(right) - 1)  # a zero of the inputs' kind: counts stay exact ints
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                out[i + j] += a * b
    return out


def distribution(groups: Iterable[tuple[int, int]]) -> Distribution:
    """Hit distribution of (value, dice) groups: a convolution of binomials."""
    by_value: Counter[int] = Counter()
    for value, dice in groups:
        by_value[value] += dice
    weights = [1]
    # Dice with the same value form one binomial, so at most ten convolutions.
    for value in sorted(by_value):
        weights = convolve(weights, binomial_weights(value, by_value[value]))
    return Distribution(tuple(weights))


_SEPARATORS = re.compile(r"[\s,;]+")


def parse_rolls(rolls: str | list) -> list[int]:
    """Die results from "3, 7, 10" or [3, 7, 10]; a 0 counts as 10."""
    if isinstance(rolls, str):
        tokens: list = [t for t in _SEPARATORS.split(rolls.strip()) if t]
    elif isinstance(rolls, list):
        tokens = list(rolls)
    else:
        raise ResolveError("rolls", 'give the dice as text ("3, 7, 10") or a list of numbers')
    if not tokens:
        raise ResolveError("rolls", "no die results given")
    return [_one_roll(index, token) for index, token in enumerate(tokens)]


def _one_roll(index: int, token) -> int:
    """One die result; the d10's 0 face is a 10."""
    field = f"rolls[{index}]"
    if isinstance(token, bool):
        raise ResolveError(field, "must be a number from 1 to 10 (0 counts as 10)")
    if isinstance(token, str):
        if not token.isdigit():
            raise ResolveError(field, f"{token!r} is not a die result; use 1-10 (0 counts as 10)")
        token = int(token)
    if not isinstance(token, int) or not 0 <= token <= FACES:
        raise ResolveError(field, "must be a number from 1 to 10 (0 counts as 10)")
    return token or FACES


def roll(seed: int, count: int) -> list[int]:
    """`count` d10 results from random.Random(seed), so a seed replays."""
    rng = random.Random(seed)
    return [rng.randint(1, FACES) for _ in range(count)]


def count_hits(value: int, results: Iterable[int]) -> int:
    """Hits among die results for an ability value."""
    return sum(1 for result in results if result >= value)
