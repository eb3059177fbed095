"""The chances of each number of hits a roll produces: binomials for ordinary dice, convolved by group; the dice of
a unit ability's roll."""
from __future__ import annotations

import functools
from math import comb

from ..dice import convolve, hit_faces
from ..units import Roll


@functools.lru_cache(maxsize=8192)
def hit_distribution(groups: tuple[tuple[int, ...], ...]) -> tuple[float, ...]:
    """P(k hits) for (hit faces, dice) groups: a convolution of binomials; a group (hit faces, dice, hits added)
    has dice whose unmodified 9 or 10 adds hits (J.N.S. Hylarim), each die convolved in turn."""
    probs = [1.0]
    for faces, dice, *extra in groups:
        if extra:
            for _ in range(dice):
                probs = convolve(probs, _die(faces, extra[0]))
            continue
        probs = convolve(probs, binomial(dice, faces / 10))
    return tuple(probs)


def doubled(chances: tuple[float, ...]) -> tuple[float, ...]:
    """P(k hits) when each hit a roll produces counts as 2 (X-89 Bacterial Weapon ΩΩ): k's chance moves to 2k."""
    out = [0.0] * (2 * len(chances) - 1)
    out[::2] = chances
    return tuple(out)


def binomial(n: int, p: float) -> list[float]:
    """P(k successes) of n trials."""
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _die(faces: int, extra: int) -> list[float]:
    """P(k hits) of one die that hits on its top `faces` results and adds `extra` hits on an unmodified 9 or 10."""
    out = [0.0] * (2 + extra)
    for result in range(1, 11):
        out[(result > 10 - faces) + (extra if result >= 9 else 0)] += 0.1
    return out


def ability_dice(rolls: list[tuple[Roll, int]], extra: int, penalty: int = 0) -> tuple[tuple[int, int], ...]:
    """(hit faces, dice) of a unit-ability roll; extra dice go to the unit most likely to hit."""
    groups: dict[int, int] = {}
    for roll, count in rolls:
        faces = max(0, hit_faces(roll.value) - penalty)
        groups[faces] = groups.get(faces, 0) + roll.dice * count
    if extra and groups:
        best = max(groups)
        groups[best] += extra
    return tuple(sorted((f, n) for f, n in groups.items() if n))


Groups = tuple[tuple[int, int], ...]  # (hit faces, dice)


def split_dice(rolls: list[tuple[Roll, bool, int]], extra: int, penalty: int = 0) -> tuple[Groups, Groups]:
    """A unit-ability roll split in two, (roll, marked, count) each: the dice of units whose card marks them (Strike
    Wing Alpha II's culling barrage, Justicer Rail's aimed Space Cannon) and the others. Extra dice go to the unit
    most likely to hit, to a marked one when it is among those (the player gives them where they may do more)."""
    best = max((hit_faces(roll.value) for roll, _, _ in rolls), default=0)
    to_marked = any(marked and hit_faces(roll.value) == best for roll, marked, _ in rolls)
    return (ability_dice([(roll, n) for roll, marked, n in rolls if marked], extra if to_marked else 0, penalty),
            ability_dice([(roll, n) for roll, marked, n in rolls if not marked], 0 if to_marked else extra, penalty))
