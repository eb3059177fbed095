"""Explanation steps: each cites the rule that governs it, with this scenario's numbers."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .dice import hit_chance, hit_faces


@dataclass(frozen=True)
class Step:
    """One step of a resolution: the governing rule, a title, the explanation."""

    rule: str
    title: str
    text: str
    # How much weight the ruling carries (corpus.model.AUTHORITIES).
    authority: str = "lrr"

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"rule": self.rule, "title": self.title, "text": self.text, "authority": self.authority}


def pct(value: Fraction | float) -> str:
    """A probability as a short percentage: 3/5 -> "60%", 1/1000 -> "0.1%"; what is not certain never
    reads as certain: 1 - 1/10**6 -> ">99.99%", 1/10**6 -> "<0.01%"."""
    text = f"{float(value) * 100:.2f}".rstrip("0").rstrip(".")
    if text == "0" and value > 0:
        return "<0.01%"
    if text == "100" and value < 1:
        return ">99.99%"
    return f"{text}%"


def num(value: Fraction) -> str:
    """A number with at most three decimals: 6/5 -> "1.2"."""
    text = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return text or "0"


def plural(count: int | float | Fraction, word: str, many: str | None = None) -> str:
    """"1 die", "3 dice"; an expected value as shown: "1 hit", "1.8 hits"."""
    text = num(count)
    # The word agrees with the number as printed: 0.9996 shows as "1", so "1 hit".
    return f"{text} {word if text == '1' else (many or word + 's')}"


def verb(count: int, one: str, many: str) -> str:
    """The verb that agrees with a count: "1 unit bombards", "2 units bombard"."""
    return one if count == 1 else many


def hit_range(value: int) -> str:
    """Faces that hit: "5-10 (6 of 10 faces)", or "10 (1 of 10 faces)"."""
    faces = f"{hit_faces(value)} of 10 faces"
    return f"10 ({faces})" if value == 10 else f"{value}-10 ({faces})"


def labelled_roll(label: str, title: str, roll_text: str, sep: str = ": ") -> str:
    """"PDS II: Space Cannon 5"; a value typed without a unit name ("Space Cannon 5 (x3)") is said once."""
    roll = f"{title} {roll_text}"
    return roll if label == roll else f"{label}{sep}{roll}"


def unit_line(label: str, count: int, roll_text: str, value: int, dice: int, title: str) -> str:
    """"2 × PDS II: Space Cannon 5, 1 die each, hits on 5-10 (60% per die)"."""
    each = "each" if count > 1 else ""
    return (
        f"{count} × {labelled_roll(label, title, roll_text)}, {plural(dice, 'die', 'dice')}{' ' + each if each else ''}, "
        f"hits on {hit_range(value)}, {pct(hit_chance(value))} per die"
    )
