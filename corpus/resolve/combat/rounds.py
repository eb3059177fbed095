"""Run a combat from its opening states to the end: the first rounds one by one, the rest solved exactly."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .markov import ROUNDS, STATIONARY, Chain, Joint

Step = Callable[[Joint], list[tuple[Joint, float]]]
# The distribution of rounds is followed round by round until this little chance is left.
TAIL = 1e-12
MAX_ROUNDS_LISTED = 200


@dataclass
class Totals:
    """Chance-weighted sums over every way the combat can end."""

    width: int
    vector: list[float] = field(default_factory=list)
    rounds: dict[int, float] = field(default_factory=dict)
    tail: float = 0.0

    def __post_init__(self):
        self.vector = [0.0] * self.width

    def add(self, value: list[float], weight: float, rounds_before: int = 0) -> None:
        """Add a value vector reached with chance `weight` after `rounds_before` rounds."""
        for i, v in enumerate(value):
            self.vector[i] += weight * v
        self.vector[ROUNDS] += weight * rounds_before

    def ended(self, round_no: int, weight: float) -> None:
        """Chance that the combat ended after exactly `round_no` rounds."""
        self.rounds[round_no] = self.rounds.get(round_no, 0.0) + weight


def run(chain: Chain, start: dict[Joint, float], first_round: Step | None = None, special_rounds: int = 1,
        retreat_round: int | None = None) -> Totals:
    """Totals of a combat from its opening states (some may already be over: 0 rounds)."""
    totals = Totals(chain.width)
    mass = _settle(chain, totals, start, 0, None)
    last_special = max(special_rounds, retreat_round or 0)
    round_no = 0
    while mass and round_no < last_special:
        round_no += 1
        step = first_round if round_no == 1 and first_round else (lambda j, r=round_no: chain.step(j, r))
        mass = _settle(chain, totals, _advance(mass, step), round_no, retreat_round)
    if not mass:
        return totals
    values = chain.solve(mass)
    for joint, weight in mass.items():
        totals.add(values[joint], weight, round_no)
    _follow_rounds(chain, totals, mass, round_no)
    return totals


def _advance(mass: dict[Joint, float], step: Step) -> dict[Joint, float]:
    """One round from every live state."""
    out: dict[Joint, float] = {}
    for joint, weight in mass.items():
        for nxt, p in step(joint):
            out[nxt] = out.get(nxt, 0.0) + weight * p
    return out


def _settle(chain: Chain, totals: Totals, mass: dict[Joint, float], round_no: int,
            retreat_round: int | None) -> dict[Joint, float]:
    """Book the states where the combat ended (or a retreat happens); return the live ones."""
    live = {}
    for joint, weight in mass.items():
        if chain.live(joint) and round_no != retreat_round:
            live[joint] = weight
            continue
        retreat = chain.live(joint)
        totals.add(chain.terminal(joint, retreat), weight, round_no)
        totals.ended(round_no, weight)
    return live


def _follow_rounds(chain: Chain, totals: Totals, mass: dict[Joint, float], round_no: int) -> None:
    """The distribution of rounds after the special ones, round by round, until the rest is negligible."""
    while mass and sum(mass.values()) > TAIL and round_no < MAX_ROUNDS_LISTED:
        round_no += 1
        nxt = _advance(mass, lambda j: chain.step(j, STATIONARY))
        mass = {}
        for joint, weight in nxt.items():
            if chain.live(joint):
                mass[joint] = weight
            else:
                totals.ended(round_no, weight)
    totals.tail = sum(mass.values())
