"""Rule-level ranking: the numbered LRR rule that answers, above the notes and FAQs beside it.

A player's question is usually answered by one rule (2.4, 8.22, 77.3c), but the notes and
rulings beside that rule repeat its words and outrank it. Two remedies, each with a fitted
weight in corpus.weights.Weights: a rule gains a share of the evidence of the entries under it,
and the best-matching rules are lifted into the first places when they match nearly as well (by
their words, or with sentence vectors by their meaning: corpus.meaning). Last, when the first places
still hold no numbered rule (a card's text and its notes fill them), the best-ranked rule of the
first few pages takes the place of a note there: a card question usually turns on one rule too.
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


def lexical_pool(ranked: list[tuple[float, dict]], first: dict[int, float], floor: float,
                 slot: int) -> list[dict]:
    """The answers after the first slot + 1 hits that match at least floor times the best of those
    hits by their own score (first: id(fields) -> score before topic evidence), best first."""
    head = ranked[:slot + 1]
    if not head:
        return []
    bar = floor * max(first.get(id(f), 0.0) for _, f in head)
    pool = [(first.get(id(f), 0.0), i) for i, (_, f) in enumerate(ranked[slot + 1:], start=slot + 1)
            if f.get("kind") in ANSWERS]
    return [ranked[i][1] for score, i in sorted(pool, key=lambda p: (-p[0], p[1])) if score >= bar]


def lift(ranked: list[tuple[float, dict]], pool: list[dict], slot: int, count: int = 1) -> list[tuple[float, dict]]:
    """Answers from pool (best first; hits or not) moved up so the first slot + 1 hits hold count.

    The lifted answers take the last places of the head, in the order they were ranked (an
    answer that was no hit after them); the scores stay where they were, so they stay in order.
    """
    head = ranked[:slot + 1]
    # The first hit keeps its place: it decides which page comes first, and a lifted answer
    # from another page would change that.
    others = [j for j, (_, f) in enumerate(head) if f.get("kind") not in ANSWERS and j > 0]
    need = min(count - sum(f.get("kind") in ANSWERS for _, f in head), len(others))
    if need <= 0 or len(ranked) <= slot + 1:
        return ranked
    position = {f["id"]: i for i, (_, f) in enumerate(ranked)}
    in_head = {f["id"] for _, f in head}
    chosen = list({f["id"]: f for f in pool if f["id"] not in in_head}.values())[:need]  # each once
    if not chosen:
        return ranked
    chosen.sort(key=lambda f: position.get(f["id"], len(ranked)))
    # The head keeps its answers and its best other hits; the hits that make room follow it.
    out = set(others[len(others) - len(chosen):])
    lifted = {f["id"] for f in chosen}
    order = ([f for j, (_, f) in enumerate(head) if j not in out] + chosen
             + [f for j, (_, f) in enumerate(head) if j in out]
             + [f for _, f in ranked[slot + 1:] if f["id"] not in lifted])
    # An answer that was no hit takes the score of the place it lands in.
    scores = sorted([s for s, _ in ranked] + [head[-1][0]] * (len(order) - len(ranked)), reverse=True)
    return list(zip(scores, order))


def numbered(ranked: list[tuple[float, dict]], slot: int, pages: int) -> list[tuple[float, dict]]:
    """The best-ranked numbered rule of the first `pages` pages moved into the first slot + 1 hits
    when they hold none, in place of the last of them that is no answer (a note, a ruling, a page).

    The first hit and the answers there keep their places, so a card's text is never pushed
    out; the rule takes the score of the place it lands in, so the scores stay in order.
    """
    head = [fields for _, fields in ranked[:slot + 1]]
    if pages <= 0 or len(head) < slot + 1 or any(f.get("kind") == "rule" for f in head):
        return ranked
    out = next((j for j in range(slot, 0, -1) if head[j].get("kind") not in ANSWERS), None)
    if out is None:
        return ranked
    first = set(list(dict.fromkeys(f.get("topic", "") for _, f in ranked))[:pages])
    rule = next((f for _, f in ranked[slot + 1:] if f.get("kind") == "rule" and f.get("topic") in first), None)
    if rule is None:
        return ranked
    order = ([f for j, f in enumerate(head) if j != out] + [rule, head[out]]
             + [f for _, f in ranked[slot + 1:] if f is not rule])
    return list(zip([score for score, _ in ranked], order))
