"""Search quality on real player questions: topic and rule top-1, top-5 and MRR@10.

Usage: python bench/search_quality.py [--instance DIR] [--queries FILE] [--verbose]
It ingests nothing: it searches the corpus already built in the instance folder.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from corpus import Corpus
from ingest.slugs import page_slug

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MECATOL_SHARED") or REPO.parent / "shared")
LIMIT = 60  # enough hits to see ten distinct topics
@dataclass
class Score:
    """Running top-1, top-5 and reciprocal-rank sums for one level."""

    n: int = 0
    top1: int = 0
    top5: int = 0
    rr: float = 0.0
    misses: list[str] = field(default_factory=list)

    def add(self, rank: int | None, label: str) -> None:
        """Record the 1-based rank of the first relevant item (None: not in the top 10)."""
        self.n += 1
        self.top1 += rank == 1
        self.top5 += rank is not None and rank <= 5
        self.rr += 1 / rank if rank else 0.0
        if rank != 1:
            self.misses.append(f"rank {rank or '>10'}: {label}")

    def line(self, name: str) -> str:
        """One summary line."""
        n = max(self.n, 1)
        return (f"{name:6} n={self.n:3}  top-1 {self.top1 / n:.2f}  top-5 {self.top5 / n:.2f}  "
                f"MRR@10 {self.rr / n:.3f}")


def first_rank(items: list[str], relevant) -> int | None:
    """1-based rank of the first relevant item among the first ten."""
    return next((i for i, item in enumerate(items[:10], start=1) if relevant(item)), None)


def distinct_topics(hits) -> list[str]:
    """Topic slugs of the hits, first occurrence only, in rank order."""
    return list(dict.fromkeys(h.topic for h in hits))


def rule_hit(corpus: Corpus, hit_id: str, rules: list[str]) -> bool:
    """An entry answers a rule when its id is the rule, starts with it, or its parent is it."""
    entry = corpus.by_id.get(hit_id)
    parent = entry.parent if entry else None
    return any(hit_id == r or hit_id.startswith(r) or parent == r for r in rules)


def evaluate(corpus: Corpus, questions: list[dict]) -> tuple[Score, Score, list[float]]:
    """Search every question and score topics and rules."""
    topics, rules, times = Score(), Score(), []
    for q in questions:
        started = time.perf_counter()
        hits = corpus.search(q["q"], limit=LIMIT).hits
        times.append((time.perf_counter() - started) * 1000)
        expected = {page_slug(name) for name in q["expected_topics"]}
        found = distinct_topics(hits)
        topics.add(first_rank(found, expected.__contains__),
                   f"{q['q'][:70]!r} want {sorted(expected)} got {found[:5]}")
        if q.get("expected_rules"):
            ids = [h.id for h in hits]
            rank = first_rank(ids, lambda i: rule_hit(corpus, i, q["expected_rules"]))
            rules.add(rank, f"{q['q'][:70]!r} want {q['expected_rules']} got {ids[:5]}")
    return topics, rules, times


def warm_times(corpus: Corpus, questions: list[dict], rounds: int = 3) -> list[float]:
    """Milliseconds per search (limit 10) once every question has been searched before."""
    times = []
    for _ in range(rounds):
        for q in questions:
            started = time.perf_counter()
            corpus.search(q["q"])
            times.append((time.perf_counter() - started) * 1000)
    return sorted(times)


def main(argv: list[str] | None = None) -> int:
    """Print the figures; with --verbose, every question that missed rank 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path,
                        default=Path(os.environ.get("MECATOL_INSTANCE") or "instance"),
                        help="Folder holding the corpus (default: $MECATOL_INSTANCE or ./instance).")
    parser.add_argument("--queries", type=Path, default=SHARED / "queries/dev.jsonl",
                        help="JSON lines with q, expected_topics and expected_rules "
                             "(default: queries/dev.jsonl in $MECATOL_SHARED or ../shared).")
    parser.add_argument("--verbose", action="store_true", help="List the questions that missed rank 1.")
    args = parser.parse_args(argv)
    questions = [json.loads(line) for line in args.queries.read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    corpus = Corpus.load(args.instance)
    try:
        corpus.search("warm up")
        topics, rules, times = evaluate(corpus, questions)
        warm = warm_times(corpus, questions)
    finally:
        corpus.close()
    print(topics.line("topic"))
    print(rules.line("rule"))
    print(f"first search ms (limit {LIMIT}): median {statistics.median(times):.1f}  max {max(times):.1f}")
    print(f"warm search ms (limit 10): median {statistics.median(warm):.1f}  "
          f"p95 {warm[int(len(warm) * 0.95)]:.1f}")
    if args.verbose:
        for name, score in (("topic", topics), ("rule", rules)):
            print(f"\n{name} misses:")
            print("\n".join(f"  {m}" for m in score.misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
