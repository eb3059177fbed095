"""Rule-level ranking: the numbered LRR rule that answers, above the notes and FAQs beside it.

A player's question is usually answered by one rule (2.4, 8.22, 77.3c), but the notes and
rulings beside that rule repeat its words and outrank it. Two remedies, each with a fitted
weight in corpus.search.Weights: a rule gains a share of the evidence of the entries under it,
and the best-matching rules are lifted into the first places when they match nearly as well.
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


def lift(ranked: list[tuple[float, dict]], first: dict[int, float], floor: float, slot: int,
         count: int = 1) -> list[tuple[float, dict]]:
    """The best-matching answers (rules, card texts) moved up so the first slot + 1 hits hold count.

    first maps id(fields) to the entry's own score (before any topic evidence); an answer is
    lifted only when it scores at least floor times the best of the hits it would pass. The lifted
    answers take the last places of the head; the scores stay where they were, so they stay in order.
    """
    head = ranked[:slot + 1]
    # The first hit keeps its place: it decides which page comes first, and a lifted answer
    # from another page would change that.
    others = [j for j, (_, f) in enumerate(head) if f.get("kind") not in ANSWERS and j > 0]
    need = min(count - sum(f.get("kind") in ANSWERS for _, f in head), len(others))
    if need <= 0 or len(ranked) <= slot + 1:
        return ranked
    bar = floor * max(first.get(id(f), 0.0) for _, f in head)
    pool = [(first.get(id(f), 0.0), i) for i, (_, f) in enumerate(ranked[slot + 1:], start=slot + 1)
            if f.get("kind") in ANSWERS]
    best = sorted(pool, key=lambda p: (-p[0], p[1]))[:need]
    chosen = sorted(i for score, i in best if score >= bar)
    if not chosen:
        return ranked
    # The head keeps its answers and its best other hits; the hits that make room follow it.
    kept = [f for _, f in head]
    out = set(others[len(others) - len(chosen):])
    order = ([f for j, f in enumerate(kept) if j not in out] + [ranked[i][1] for i in chosen]
             + [f for j, f in enumerate(kept) if j in out]
             + [f for i, (_, f) in enumerate(ranked[slot + 1:], start=slot + 1) if i not in chosen])
    return [(score, fields) for (score, _), fields in zip(ranked, order)]

