"""Rule-level ranking: the numbered LRR rule that answers, above the notes and FAQs beside it.

A player's question is usually answered by one rule (2.4, 8.22, 77.3c), but the notes and
rulings beside that rule repeat its words and outrank it. Two remedies, each with a fitted
weight in corpus.search.Weights: a rule gains a share of the evidence of the entries under it,
and the best-matching rule is lifted into the first places when it matches nearly as well.
"""
from __future__ import annotations

ANSWERS = ("rule", "section")  # entries that answer: an LRR rule, a card's or ability's own text


def rule_of(entries) -> dict[str, str]:
    """Entry id -> the numbered rule it is, clarifies (a ruling's first rule) or sits under."""
    by_id = {e.id: e for e in entries}
    found: dict[str, str] = {}
    for entry in entries:
        clarified = [r for r in entry.rules if r in by_id and by_id[r].kind == "rule"][:1]
        node, steps = (by_id[clarified[0]] if clarified else entry), 0
        while node is not None and node.kind != "rule" and steps < 8:  # steps: no loop on bad data
            node, steps = by_id.get(node.parent or ""), steps + 1
        if node is not None and node.kind == "rule":
            found[entry.id] = node.id
    return found


def evidence(weighted: list[tuple[float, dict]], rules: dict[str, str], decay: float,
             depth: int) -> dict[str, float]:
    """Rule id -> the decayed scores of the entries under it (not its own), best first."""
    under: dict[str, float] = {}
    seen: dict[str, int] = {}
    for score, fields in weighted:
        rule = rules.get(fields["id"])
        if rule is None or rule == fields["id"]:
            continue
        rank = seen[rule] = seen.get(rule, -1) + 1
        if rank < depth:
            under[rule] = under.get(rule, 0.0) + score * decay ** rank
    return under


def lift(ranked: list[tuple[float, dict]], first: dict[int, float], floor: float,
         slot: int) -> list[tuple[float, dict]]:
    """The best-matching rule moved up to place slot when no rule is above it.

    first maps id(fields) to the entry's first-stage score; the rule must match at least floor
    times the best of the entries it would pass.
    """
    if len(ranked) <= slot + 1 or any(f.get("kind") in ANSWERS for _, f in ranked[:slot + 1]):
        return ranked
    rules = [(first.get(id(f), 0.0), i) for i, (_, f) in enumerate(ranked) if f.get("kind") in ANSWERS]
    if not rules:
        return ranked
    best, where = max(rules, key=lambda pair: (pair[0], -pair[1]))
    if best < floor * max(first.get(id(f), 0.0) for _, f in ranked[:slot + 1]):
        return ranked
    # It takes the score of the hit it passes, so the scores stay in order.
    lifted = (ranked[slot][0], ranked[where][1])
    return ranked[:slot] + [lifted] + ranked[slot:where] + ranked[where + 1:]
