"""What players say and the game terms it stands for (corpus/data/vocabulary.json): aliases, words
typed for a term ("afb"), and situations, a scene described without naming its rule ("his cruiser
is parked in my home system, can I still build there?" is a blockade).

A situation is several groups of phrases; when a query says one phrase of every group, it stands for
the situation's game terms, as an alias stands for its own. Every group is needed because each
alone is everyday talk: enemy ships, my home system and building are a blockade only together.
Its optional scene phrases are not needed, but when said with it they are scene too ("the dock" where
a tactical action moves nothing to build there).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from corpus.names import words

LONGEST = 8  # words in a situation's longest phrase


@dataclass(frozen=True)
class Alias:
    """Words players type and the game terms they stand for."""

    say: tuple[str, ...]
    means: tuple[str, ...]
    ambiguous: bool = False


@dataclass(frozen=True)
class Match:
    """An alias found in a query: where it starts and ends (word positions)."""

    start: int
    end: int
    alias: Alias


@dataclass(frozen=True)
class Situation:
    """Groups of phrases (word tuples) a query must all say, and the game terms they then stand for."""

    groups: tuple[tuple[tuple[str, ...], ...], ...]
    means: tuple[str, ...]
    scene: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def read(cls, data: dict) -> "Situation":
        """One situation from its JSON: {"all": [[phrase, ...], ...], "means": [term, ...]}, and
        optionally "scene": [phrase, ...]."""
        groups = tuple(tuple(tuple(words(p)) for p in group) for group in data["all"])
        scene = tuple(tuple(words(p)) for p in data.get("scene", ()))
        if any(len(phrase) > LONGEST for phrase in scene + tuple(p for group in groups for p in group)):
            raise ValueError(f"a situation's phrase is longer than {LONGEST} words: {data['all']}")
        return cls(groups, tuple(data["means"]), scene)

    def said_in(self, said: frozenset[tuple[str, ...]]) -> bool:
        """True when the phrases said (see phrases_in) hold a phrase of every group."""
        return all(any(phrase in said for phrase in group) for group in self.groups)


@functools.lru_cache(maxsize=256)  # a search reads one query's situations more than once
def phrases_in(text: str) -> frozenset[tuple[str, ...]]:
    """Every run of one to LONGEST words in a text: a phrase is said when it is among them."""
    said = words(text)
    return frozenset(tuple(said[i:i + n]) for n in range(1, LONGEST + 1) for i in range(len(said) - n + 1))


def told(situations: tuple[Situation, ...], text: str) -> tuple[list[str], set[str]]:
    """The game terms of every situation a text describes (in order, without repeats), and the words
    of the phrases that told them: the scene, not the ask."""
    said = phrases_in(text)
    fired = [s for s in situations if s.said_in(said)]
    scene = {w for s in fired for group in s.groups + (s.scene,) for phrase in group if phrase in said for w in phrase}
    return list(dict.fromkeys(m for s in fired for m in s.means)), scene


def situation_terms(situations: tuple[Situation, ...], text: str) -> list[str]:
    """The game terms of every situation a text describes, in order, without repeats."""
    return told(situations, text)[0]
