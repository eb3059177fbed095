"""Rule-level ranking: the numbered LRR rule that answers, above the notes and FAQs beside it.

A player's question is usually answered by one rule (2.4, 8.22, 77.3c), but the notes and
rulings beside that rule repeat its words and outrank it. Two remedies, each with a fitted
weight in corpus.weights.Weights: a rule gains a share of the evidence of the entries under it,
and the best-matching rules are lifted into the first places when they match nearly as well (by
their words, or with sentence vectors by their meaning: corpus.meaning). Next, until the first
places hold three numbered rules, the best-ranked rules of the first few pages take the places of
the notes there (the best ruling stays, and a card's text the query names or that leads): a card
question usually turns on a rule too, and among the rules alone the ranking has the answering one in
its first three far more often than it has it in its first three hits overall. Then the rules in the
first places but the first hit are chosen again among the ranking's rules, by their place among them,
their closeness in meaning and their own words (reordered): the answering one often sat just below.
"""
from __future__ import annotations

from typing import Callable

from corpus.mentions import folded

ANSWERS = ("rule", "section")  # entries that answer: an LRR rule, a card's or ability's own text
KEPT = (*ANSWERS, "faq")  # ... and a ruling: a first hit of these keeps its place
RULE_DEPTH = 30  # rules of the ranking that may fill the first places' rule places (reordered)


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


def numbered(ranked: list[tuple[float, dict]], slot: int, pages: int, count: int = 1,
             named: frozenset[str] = frozenset()) -> list[tuple[float, dict]]:
    """The first slot + 1 hits made to hold `count` numbered rules: the best-ranked rules of the
    first `pages` pages (0: none), each in place of the last hit there that is neither an answer
    nor the best ruling there (a note, an open question, a page, a lesser ruling). First, when the first hit is a
    note or open question and its page has an answer among the hits, however far down, that answer
    goes first (a card's note, its card's text): the first page stays, led by its card's text or rule.

    The answers and the best ruling keep their places, but for a card's text the query does not
    name below another answer (named: folded titles): it came up by the words it shares with the
    question (eight riders below the ninth, Exploration Probe below the Circlet of the Void), and a
    rule is what such a question turns on. The hits keep the scores of the places they land in, so
    the scores stay in order.
    """
    order = _answer_first([fields for _, fields in ranked])
    if pages > 0 and len(order) > slot + 1:
        first = set(list(dict.fromkeys(f.get("topic", "") for f in order))[:pages])
        for _ in range(count):
            if not _one_rule(order, slot, first, count, named):
                break
    return list(zip([score for score, _ in ranked], order))


def _answer_first(order: list[dict]) -> list[dict]:
    """When the first hit is a note, an open question or a page, its page's answer moved first, however
    far down: a card's note gives way to that card's text, other entries to the page's best-ranked answer."""
    if not order or order[0].get("kind") in KEPT:
        return order
    lead = order[0]
    own = [f for f in order[1:] if f.get("kind") in ANSWERS and f.get("topic") == lead.get("topic")]
    # A card's note goes after that card's text, if it is a hit: another card of its page is another question.
    answer = next((f for f in own if f["id"] == lead.get("unit")), own[0] if own else None)
    return order if answer is None else [answer] + [f for f in order if f is not answer]


def _one_rule(order: list[dict], slot: int, first: set[str], count: int, named: frozenset[str]) -> bool:
    """Move one rule of the `first` pages into the head when it holds fewer than count (in place);
    False when there is none to move or no place for it."""
    head = order[:slot + 1]
    if sum(f.get("kind") == "rule" for f in head) >= count:
        return False
    ruling = next((f for f in head if f.get("kind") == "faq"), None)
    out = next((j for j in range(slot, 0, -1) if head[j].get("kind") not in ANSWERS and head[j] is not ruling), None)
    if out is None:
        out = next((j for j in range(slot, 0, -1) if _unasked_card_text(head, j, named)), None)
    rule = next((f for f in order[slot + 1:] if f.get("kind") == "rule" and f.get("topic") in first), None)
    if out is None or rule is None:
        return False
    # The rule takes the head's last place; the hit it displaces leads the rest.
    order[:] = [f for j, f in enumerate(head) if j != out] + [rule, head[out]] + [
        f for f in order[slot + 1:] if f is not rule]
    return True


def _unasked_card_text(head: list[dict], j: int, named: frozenset[str]) -> bool:
    """True for a card's text the query does not name, below another answer (a card's text or a rule)."""
    entry = head[j]
    if entry.get("kind") != "section" or folded(entry.get("title", "")) in named:
        return False
    return any(f.get("kind") in ANSWERS for f in head[:j])


def reordered(ranked: list[tuple[float, dict]], slot: int, first: dict[int, float],
              near: Callable[[list[dict]], list[float]], weigh: tuple[float, float, float],
              pages: int = 0) -> list[tuple[float, dict]]:
    """The numbered rules among the first slot + 1 hits (but the first hit) chosen again from the
    first RULE_DEPTH rules of the ranking, by their place among the rules, their closeness in meaning
    (near: hits -> their cosines, asked for these rules only), their own words' score (first:
    id(fields) -> score before evidence) and their score in the ranking, times the weights `weigh` (cosine, words, ranking; the place counts one); only rules of
    the first `pages` pages (0: any) may come up.

    The ranking puts a rule high by the evidence of its topic's notes, which a rule of another
    topic, closer to the question, lacks; among the rules alone, these weighed together, fitted on
    the written and leave-one-out questions (bench/fit_weights.py), pick the answering one more often.
    """
    head = ranked[:slot + 1]
    places = [j for j, (_, f) in enumerate(head) if j > 0 and f.get("kind") == "rule"]
    if not places or not any(weigh):
        return ranked
    kept = {f["id"] for j, (_, f) in enumerate(head) if j not in places}
    scale = (ranked[0][0] or 1.0, max(first.values(), default=0.0) or 1.0)
    candidates = [(n, pair) for n, pair in enumerate(_candidates(ranked, head, pages), start=1)
                  if pair[1]["id"] not in kept]
    cosines = near([pair[1] for _, pair in candidates])
    merits = [(_merit(n, pair, cosine, first, weigh, scale), n, pair[1])
              for (n, pair), cosine in zip(candidates, cosines)]
    chosen = [f for _, _, f in sorted(merits, key=lambda m: (-m[0], m[1]))[:len(places)]]
    if {f["id"] for f in chosen} == {head[j][1]["id"] for j in places}:
        return ranked
    # The chosen take the rule places in their order; the rules they displace lead the rest.
    fill = iter(chosen)
    order = [next(fill) if j in places else f for j, (_, f) in enumerate(head)]
    taken = {f["id"] for f in order}
    order += [f for j, (_, f) in enumerate(head) if j in places and f["id"] not in taken]
    order += [f for _, f in ranked[slot + 1:] if f["id"] not in taken]
    return list(zip([s for s, _ in ranked], order))


def _candidates(ranked: list[tuple[float, dict]], head: list[tuple[float, dict]],
                pages: int) -> list[tuple[float, dict]]:
    """The ranking's first RULE_DEPTH rules, those of pages after the first `pages` (0: none) left out
    unless in the head: a rule of a page further down would bring that page up past the others."""
    shown = set(list(dict.fromkeys(f.get("topic", "") for _, f in ranked))[:pages or None])
    in_head = {f["id"] for _, f in head}
    rules = [(s, f) for s, f in ranked if f.get("kind") == "rule"][:RULE_DEPTH]
    return [(s, f) for s, f in rules if f.get("topic", "") in shown or f["id"] in in_head]


def _merit(place: int, pair: tuple[float, dict], cosine: float, first: dict[int, float],
           weigh: tuple[float, float, float], scale: tuple[float, float]) -> float:
    """A rule's merit to fill a rule place of the head (scale: the first hit's score, the best first-stage score)."""
    (score, fields), (cos, words, ranking), (top, best) = pair, weigh, scale
    return 1 / place + cos * cosine + words * first.get(id(fields), 0.0) / best + ranking * score / top
