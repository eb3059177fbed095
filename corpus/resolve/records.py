"""Records of a resolved dice ability, and their JSON answer."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .dice import Distribution
from .request import DiceRequest, Entry
from .steps import Step

ANSWER_TITLES = {
    "space_cannon": "Space Cannon Offense",
    "space_cannon_defense": "Space Cannon Defense",
    "bombardment": "Bombardment",
    "anti_fighter_barrage": "Anti-Fighter Barrage",
}


@dataclass(frozen=True)
class Excluded:
    """A requested unit that does not roll, and the rule that says so."""

    entry: Entry
    rule: str
    reason: str


@dataclass(frozen=True)
class RolledUnit:
    """The dice one entry (or the Plasma Scoring die) rolled, and its hits."""

    index: int
    label: str
    value: int
    results: tuple[int, ...]
    hits: int
    plasma_scoring: bool = False


@dataclass(frozen=True)
class Rolled:
    """Actual dice: entered by the user or rolled from a seed."""

    source: str
    units: tuple[RolledUnit, ...]
    seed: int | None = None

    @property
    def hits(self) -> int:
        """Total hits rolled."""
        return sum(unit.hits for unit in self.units)

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        units = [
            {"index": u.index, "label": u.label, "value": u.value, "results": list(u.results),
             "hits": u.hits, "plasma_scoring": u.plasma_scoring}
            for u in self.units
        ]
        return {"source": self.source, "seed": self.seed, "units": units, "hits": self.hits}


@dataclass(frozen=True)
class Destroyed:
    """P(k units destroyed), k = 0..targets: the hit distribution with the excess hits folded in."""

    targets: int
    probabilities: tuple[Fraction, ...]

    @classmethod
    def of(cls, distribution: Distribution, targets: int) -> Destroyed:
        """Cap a hit distribution at the targets present."""
        probs = distribution.probabilities()
        below = [probs[k] if k < len(probs) else Fraction(0) for k in range(targets)]
        return cls(targets, (*below, sum(probs[targets:], Fraction(0))))

    @property
    def expected(self) -> Fraction:
        """Expected units destroyed."""
        return sum((k * p for k, p in enumerate(self.probabilities)), Fraction(0))

    def to_dict(self) -> dict:
        """Floats for display, exact fractions as strings."""
        return {"targets": self.targets, "distribution": [float(p) for p in self.probabilities],
                "expected": float(self.expected), "p_all": float(self.probabilities[-1]),
                "exact": {"distribution": [str(p) for p in self.probabilities], "expected": str(self.expected)}}


@dataclass(frozen=True)
class Outcome:
    """Everything a dice-ability answer says, in exact numbers."""

    request: DiceRequest
    rolling: tuple[Entry, ...]
    excluded: tuple[Excluded, ...]
    plasma: Entry | None
    distribution: Distribution
    # None, "blocked" (Planetary Shield holds) or the name of what removes it.
    shield: str | None = None
    rolled: Rolled | None = None
    steps: tuple[Step, ...] = ()

    @property
    def blocked(self) -> bool:
        """True when Planetary Shield prevents the bombardment."""
        return self.shield == "blocked"


    def to_dict(self) -> dict:
        """The JSON answer: floats for display, exact fractions as strings."""
        dist = self.distribution
        probabilities = dist.probabilities()
        at_least = [dist.at_least(k) for k in range(dist.dice + 1)]
        answer = {
            "ability": self.request.ability,
            "title": ANSWER_TITLES[self.request.ability],
            "blocked": self.blocked,
            "steps": [step.to_dict() for step in self.steps],
            "dice": dist.dice,
            "distribution": [float(p) for p in probabilities],
            "p_at_least": [float(p) for p in at_least],
            "expected_hits": float(dist.expected()),
            "p_at_least_one": float(dist.at_least(1)),
            "exact": {
                "distribution": [str(p) for p in probabilities],
                "p_at_least": [str(p) for p in at_least],
                "expected_hits": str(dist.expected()),
            },
            "units": [self._unit_dict(entry) for entry in self.request.entries],
            "plasma_scoring": None if self.plasma is None else {"index": self.plasma.index, "label": self.plasma.label},
        }
        if self.blocked:
            blocking = self.steps[-1]
            answer.update(reason=blocking.text, rule=blocking.rule)
        if self.rolled is not None:
            answer["rolled"] = self.rolled.to_dict()
        if self.request.targets is not None:
            answer["destroyed"] = self.destroyed().to_dict()
        return answer

    def destroyed(self) -> Destroyed:
        """Units destroyed: hits, capped by the targets present (10.2a, 15.2a)."""
        return Destroyed.of(self.distribution, self.request.targets or 0)

    def _unit_dict(self, entry: Entry) -> dict:
        """One requested entry: its roll and whether it takes part."""
        why = next((item for item in self.excluded if item.entry is entry), None)
        out = {
            "index": entry.index, "label": entry.label, "value": entry.roll.value,
            "dice": entry.roll.dice, "count": entry.count, "adjacent": entry.adjacent,
            "rolls": why is None and not self.blocked,
        }
        if why is not None:
            out.update(excluded_by=why.rule, reason=why.reason)
        return out
