"""Run a combat from its opening states to the end: the first rounds one by one, the rest solved exactly."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from .assign import State
from .markov import ATTACKER, DEFENDER, DRAW, MASK, RETREAT, SHIFT, Chain, Joint
from .retreat import retreat_state
from .room import Load

Step = Callable[[Joint], list[tuple[Joint, float]]]
# A choice made after round 1 (Exotrireme II's trade): the joint state after it, and the sides that made it.
Choice = Callable[[Joint], tuple[Joint, tuple[str, ...]]]
# The distribution of rounds is followed round by round until this little chance is left.
TAIL = 1e-12
MAX_ROUNDS_LISTED = 200
# A state this unlikely is not followed further (its chance joins "rounds_beyond").
NEGLIGIBLE = 1e-16


@dataclass
class Totals:
    """How a combat ends: chance per final state (and whether by retreat, and each side's ground forces in the
    space area: None for the request's), rounds expected and by number. Runs from several openings add up here."""

    ended: dict[tuple[Joint, bool, tuple[Load, Load] | None], float] = field(default_factory=dict)
    rounds_expected: float = 0.0
    rounds: dict[int, float] = field(default_factory=dict)
    tail: float = 0.0
    # Round -> chances of ending that round (attacker, defender, draw, retreat) and the units left in those ends.
    table: dict[int, list[float]] = field(default_factory=dict)
    # Round -> (chance, attacker units, defender units) of the combats still going after it.
    going: dict[int, tuple[float, float, float]] = field(default_factory=dict)
    # An invasion's chance of ending before ground combat with no ground forces on either side: the defender's.
    held: float = 0.0
    # Per side, the chance that it destroyed its Exotrireme II after round 1 to destroy the opponent's ships.
    traded: dict[str, float] = field(default_factory=dict)
    # Per side, the expected units of each type (in its state's order) that its retreat left behind, with no ship
    # to carry them, and so removed (78.7b, 16.3): the booked end states no longer have them.
    left_behind: dict[str, list[float]] = field(default_factory=dict)

    def row(self, round_no: int) -> list[float]:
        """The table row of a round."""
        return self.table.setdefault(round_no, [0.0] * 6)

    def still_going(self, chain: Chain, round_no: int, mass: dict[Joint, float]) -> None:
        """Record the combats that go on after a round (added to those of other openings' runs)."""
        units = [(w, chain.att.alive[j >> SHIFT], chain.dfn.alive[j & MASK]) for j, w in mass.items()]
        before = self.going.get(round_no, (0.0, 0.0, 0.0))
        self.going[round_no] = (before[0] + sum(w for w, _, _ in units), before[1] + sum(w * a for w, a, _ in units),
                                before[2] + sum(w * d for w, _, d in units))

    def end(self, joint: Joint, weight: float, retreat: bool = False, loads: tuple[Load, Load] | None = None) -> None:
        """Chance of ending in a final state."""
        key = (joint, retreat, loads)
        self.ended[key] = self.ended.get(key, 0.0) + weight

    def leave(self, role: str, before: State, after: State, weight: float) -> None:
        """Chance-weighted units a side's retreat left behind: what `before` has and `after` lacks."""
        row = self.left_behind.setdefault(role, [0.0] * len(before))
        for i, ((n, _), (k, _)) in enumerate(zip(before, after)):
            row[i] += weight * (n - k)

    def after(self, round_no: int, weight: float) -> None:
        """Chance that the combat ended after exactly `round_no` rounds."""
        self.rounds[round_no] = self.rounds.get(round_no, 0.0) + weight
        self.rounds_expected += round_no * weight


def run(chain: Chain, start: dict[Joint, float], first_round: Step | None = None, special_rounds: int = 1,
        retreat: tuple[str, int] | None = None, totals: Totals | None = None,
        loads: tuple[Load, Load] | None = None, after_first: Choice | None = None) -> Totals:
    """Totals of a combat from its opening states (some may already be over: 0 rounds); `retreat`: the side
    that announces one and the round; `loads`: both sides' ground forces in the space area in these openings
    (their totals are added to `totals`); `after_first`: a choice made after round 1 in the combats still going."""
    totals = Totals() if totals is None else totals
    mass = _settle(chain, totals, start, 0, None, loads)
    last_special = max(special_rounds, retreat[1] if retreat else 0)
    round_no = 0
    while mass and round_no < last_special:
        round_no += 1
        step = first_round if round_no == 1 and first_round else (lambda j, r=round_no: chain.step(j, r))
        mass = _advance(mass, step)
        # A side that retreats at the end of round 1 has left the system: no choice "after the round" is made.
        if round_no == 1 and after_first is not None and not (retreat and retreat[1] == 1):
            mass = _chosen(chain, totals, mass, after_first)
        mass = _settle(chain, totals, mass, round_no, retreat, loads)
    if not mass:
        return totals
    ended, rounds = chain.absorb(mass)
    for joint, weight in ended.items():
        totals.end(joint, weight, loads=loads)
    # Rounds already fought by the live mass, plus the expected ordinary rounds still to come.
    totals.rounds_expected += round_no * sum(mass.values()) + rounds
    _follow_rounds(chain, totals, mass, round_no)
    return totals


def _chosen(chain: Chain, totals: Totals, mass: dict[Joint, float], choice: Choice) -> dict[Joint, float]:
    """The states after a choice made in the combats still going, and the chance each side made it."""
    out: dict[Joint, float] = {}
    for joint, weight in mass.items():
        if chain.live(joint):
            joint, made = choice(joint)
            for role in made:
                totals.traded[role] = totals.traded.get(role, 0.0) + weight
        out[joint] = out.get(joint, 0.0) + weight
    return out


def _advance(mass: dict[Joint, float], step: Step) -> dict[Joint, float]:
    """One round from every live state."""
    out: dict[Joint, float] = {}
    for joint, weight in mass.items():
        for nxt, p in step(joint):
            out[nxt] = out.get(nxt, 0.0) + weight * p
    return out


def _settle(chain: Chain, totals: Totals, mass: dict[Joint, float], round_no: int,
            retreat: tuple[str, int] | None, loads: tuple[Load, Load] | None) -> dict[Joint, float]:
    """Book the states where the combat ended (or a retreat happens); return the live ones."""
    live = {}
    retreating = retreat is not None and round_no == retreat[1]
    for joint, weight in mass.items():
        if chain.live(joint) and not retreating:
            live[joint] = weight
            continue
        if chain.live(joint):
            left = _retreated(chain, joint, retreat[0], loads)
            which = 0 if retreat[0] == "attacker" else 1
            totals.leave(retreat[0], chain.states(joint)[which], chain.states(left)[which], weight)
            joint = left
        # A retreat is an outcome only when some unit got away; with none left, the opponent wins (78.10).
        gone = chain.live(joint)
        totals.end(joint, weight, gone, loads)
        totals.after(round_no, weight)
        a, d = chain.att.alive[joint >> SHIFT], chain.dfn.alive[joint & MASK]
        row = totals.row(round_no)
        row[RETREAT if gone else ATTACKER if a and not d else DEFENDER if d and not a else DRAW] += weight
        row[4] += weight * a
        row[5] += weight * d
    totals.still_going(chain, round_no, live)
    return live


def _retreated(chain: Chain, joint: Joint, role: str, loads: tuple[Load, Load] | None) -> Joint:
    """The joint state once `role` has retreated: what 78.7b lets it take along (the rest removed)."""
    a, d = chain.states(joint)
    att_load, def_load = loads or (None, None)
    if role == "attacker":
        return chain.joint(retreat_state(chain.attacker, a, att_load), d)
    return chain.joint(a, retreat_state(chain.defender, d, def_load))


def _follow_rounds(chain: Chain, totals: Totals, mass: dict[Joint, float], round_no: int) -> None:
    """The distribution of rounds after the special ones, round by round, until the rest is negligible."""
    while mass and sum(mass.values()) > TAIL and round_no < MAX_ROUNDS_LISTED:
        round_no += 1
        nxt: dict[Joint, float] = defaultdict(float)
        row = totals.row(round_no)
        for joint, weight in mass.items():
            if weight < NEGLIGIBLE:
                totals.tail += weight
                continue
            live, final, stay = chain.onward(joint)
            for i, value in enumerate(chain.final_summary(joint)):
                row[i] += weight * value
            nxt[joint] += weight * stay
            for target, p in live:
                nxt[target] += weight * p
        mass = nxt
        totals.rounds[round_no] = totals.rounds.get(round_no, 0.0) + sum(row[:4])
        totals.still_going(chain, round_no, mass)
    totals.tail += sum(mass.values())
