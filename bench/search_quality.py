"""Search quality: the dev questions and the leave-one-out questions (train and held-out parts),
topic level (top-1, top-5, MRR@10) and rule level (top-1, rule in top-3, top-5, MRR@10); the FAQ
questions also against the numbered rules their labels name (bench/data/ruling_labels.jsonl), and
a sample of open questions likewise (bench/data/question_labels.jsonl, a check not fitted on); and
the written player questions' two parts (bench/written.py).

Usage: python bench/search_quality.py [--instance DIR] [--queries FILE] [--skip-loo] [--verbose] [--words-only]
       [--weight NAME=VALUE ...]
It ingests nothing: it searches the corpus already built in the instance folder.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fit_adapter  # noqa: E402  (for the last set its fit reads)
import guard  # noqa: E402
import loo  # noqa: E402  (bench/loo.py, beside this script)
import written  # noqa: E402

from corpus import Corpus, search  # noqa: E402
from ingest.steps.rule_match import NUMBERED  # noqa: E402
from ingest.slugs import page_slug  # noqa: E402
from ingest.sources import shared_dir  # noqa: E402

SHARED = shared_dir()
LABELS = Path(__file__).resolve().parent / "data" / "ruling_labels.jsonl"
# Open questions labelled the same way, a check only: the weights are never fitted on it.
QUESTION_LABELS = Path(__file__).resolve().parent / "data" / "question_labels.jsonl"
LIMIT = 60  # enough hits to see ten distinct topics
API_LIMIT = 10  # the hits /api/search gives by default
# Leave-one-out strata: all; by kind; by home (an LRR rules topic, or a card or faction page); and
# among rules-homed questions, those naming no card or faction, as most players' questions.
# "all" is every question: its LRR rule line counts every one beside a numbered LRR rule (the set the
# weights are fitted on, a few dozen per part), where each stratum's line counts only its own.
STRATA = {
    "all": lambda q: True,
    "faq": lambda q: q["kind"] == "faq",
    "question": lambda q: q["kind"] == "question",
    "rules-homed": lambda q: q["stratum"] == "rules",
    "rules-homed unnamed": lambda q: q["stratum"] == "rules" and not q["named"],
    "card-homed": lambda q: q["stratum"] == "cards",
}


@dataclass
class Score:
    """Running top-1, top-3, top-5 and reciprocal-rank sums for one level."""

    n: int = 0
    top1: int = 0
    top3: int = 0
    top5: int = 0
    rr: float = 0.0
    misses: list[str] = field(default_factory=list)

    def add(self, rank: int | None, label: str) -> None:
        """Record the 1-based rank of the first relevant item (None: not in the top 10)."""
        self.n += 1
        self.top1 += rank == 1
        self.top3 += rank is not None and rank <= 3
        self.top5 += rank is not None and rank <= 5
        self.rr += 1 / rank if rank else 0.0
        if rank != 1:
            self.misses.append(f"rank {rank or '>10'}: {label}")

    def line(self, name: str) -> str:
        """One summary line."""
        n = max(self.n, 1)
        return (f"{name:38} n={self.n:3}  top-1 {self.top1 / n:.2f}  top-3 {self.top3 / n:.2f}  "
                f"top-5 {self.top5 / n:.2f}  MRR@10 {self.rr / n:.3f}")


def first_rank(items: list[str], relevant) -> int | None:
    """1-based rank of the first relevant item among the first ten."""
    return next((i for i, item in enumerate(items[:10], start=1) if relevant(item)), None)


def rule_hit(corpus: Corpus, hit_id: str, rules: list[str]) -> bool:
    """An entry answers a rule when its id starts with it (not 77.71 for 77.7: 77.7d, or a card
    section's notes), or its parent is it."""
    entry = corpus.by_id.get(hit_id)
    parent = entry.parent if entry else None
    return any(under(hit_id, r) or parent == r for r in rules)


def under(hit_id: str, rule: str) -> bool:
    """True when an id is the rule or an entry under it by id (77.7d, a note of a card's text), not
    another number that starts alike (77.71 for 77.7)."""
    return hit_id.startswith(rule) and not hit_id[len(rule):len(rule) + 1].isdigit()


def dev_questions(path: Path) -> list[dict]:
    """The dev questions, in the leave-one-out questions' shape (nothing left out)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            q = json.loads(line)
            found.append({"q": q["q"], "pages": {page_slug(n) for n in q["expected_topics"]},
                          "rules": q.get("expected_rules") or [], "exclude": frozenset()})
    return found


def evaluate(corpus: Corpus, questions: list[dict], limit: int = LIMIT,
             **search_args) -> tuple[Score, Score, Score, Score, list[float]]:
    """Search every question and score pages (the hits' groups, in order), home pages, rules (or
    sections) and numbered LRR rules alone, among the first `limit` hits."""
    topics, homes, rules, lrr, times = Score(), Score(), Score(), Score(), []
    for q in questions:
        started = time.perf_counter()
        hits = corpus.search(q["q"], limit=limit, exclude=q["exclude"], **search_args).hits
        times.append((time.perf_counter() - started) * 1000)
        found = list(dict.fromkeys(h.topic for h in hits))
        topics.add(first_rank(found, q["pages"].__contains__),
                   f"{q['q'][:70]!r} want {sorted(q['pages'])} got {found[:5]}")
        if q.get("home"):
            homes.add(first_rank(found, q["home"].__contains__), "")
        if q["rules"]:
            ids = [h.id for h in hits]
            rank = first_rank(ids, lambda i: rule_hit(corpus, i, q["rules"]))
            rules.add(rank, f"{q['q'][:70]!r} want {q['rules']} got {ids[:5]}")
            numbered = [r for r in q["rules"] if r not in corpus.by_id or corpus.by_id[r].kind == "rule"]
            if numbered:  # every question beside a numbered LRR rule, that rule alone
                lrr.add(first_rank(ids, lambda i: rule_hit(corpus, i, numbered)), "")
    return topics, homes, rules, lrr, times


def labelled(asked: list[dict], path: Path = LABELS) -> list[dict]:
    """The questions among these whose labels (bench/data/ruling_labels.jsonl for FAQs) name numbered
    LRR rules, those rules as their answers: a rule-level set read from the rule texts, not from ingest."""
    text = path.read_text(encoding="utf-8")
    rules = {label["id"]: [r for r in label["rules"] if NUMBERED.match(r)]
             for label in map(json.loads, text.splitlines())}
    return [{**q, "rules": rules[q["id"]]} for q in asked if rules.get(q["id"])]


def after_the_fit(asked: list[dict]) -> list[dict]:
    """The written questions of sets after the shipped adapter's fit (fit_adapter.Settings.last_set), both
    parts: unread by every fit, and about every topic, as players' questions are (bench/README)."""
    return [q for q in asked if q["set"] > fit_adapter.Settings().last_set]


def warm_times(corpus: Corpus, questions: list[dict], rounds: int = 3) -> list[float]:
    """Milliseconds per search (limit 10) once every question has been searched before."""
    times = []
    for _ in range(rounds):
        for q in questions:
            started = time.perf_counter()
            corpus.search(q["q"])
            times.append((time.perf_counter() - started) * 1000)
    return sorted(times)


def report(corpus: Corpus, name: str, questions: list[dict], verbose: bool, **search_args) -> list[float]:
    """Print one set's topic and rule lines; returns the search times."""
    topics, homes, rules, lrr, times = evaluate(corpus, questions, **search_args)
    print(topics.line(f"{name} topic"))
    if any(q.get("home", q["pages"]) != q["pages"] for q in questions):
        print(homes.line(f"{name} home page"))
    if rules.n:
        print(rules.line(f"{name} rule"))  # loo: the LRR rule or card/ability section beside it
    if lrr.n and lrr.n != rules.n:
        print(lrr.line(f"{name} LRR rule"))
    if verbose:
        print("\n".join(f"    {m}" for m in topics.misses + rules.misses))
    return times


def changed(weights: search.Weights, setting: str) -> tuple[str, float | int]:
    """("rule_slot", 3) from "rule_slot=3", typed as the weight is; SystemExit naming a bad one."""
    name, _, value = setting.partition("=")
    current = getattr(weights, name.strip(), None)
    if current is None or not value.strip():
        raise SystemExit(f"--weight {setting!r}: give NAME=VALUE, NAME one of corpus.weights.Weights' fields")
    try:
        return name.strip(), type(current)(value.strip())
    except ValueError:
        raise SystemExit(f"--weight {setting!r}: {value.strip()!r} is not a {type(current).__name__}") from None


def main(argv: list[str] | None = None) -> int:
    """Print the figures; with --verbose, every question that missed rank 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path,
                        default=Path(os.environ.get("MECATOL_INSTANCE") or "instance"),
                        help="Folder holding the corpus (default: $MECATOL_INSTANCE or ./instance).")
    parser.add_argument("--queries", type=Path, default=SHARED / "queries/dev.jsonl",
                        help="JSON lines with q, expected_topics and expected_rules "
                             "(default: queries/dev.jsonl in $MECATOL_SHARED or ../shared).")
    parser.add_argument("--skip-loo", action="store_true", help="Only the dev questions.")
    parser.add_argument("--verbose", action="store_true", help="List the questions that missed rank 1.")
    parser.add_argument("--words-only", action="store_true",
                        help="Rank by words alone (Weights.semantic 0), as a corpus without sentence vectors does.")
    parser.add_argument("--weight", action="append", default=[], metavar="NAME=VALUE",
                        help="Search with one weight of corpus.weights.Weights changed (repeatable).")
    args = parser.parse_args(argv)
    weights = dataclasses.replace(search.WEIGHTS, semantic=0.0) if args.words_only else search.WEIGHTS
    weights = dataclasses.replace(weights, **dict(changed(weights, w) for w in args.weight))
    corpus = Corpus.load(args.instance)
    try:
        corpus.search("warm up")
        if not args.skip_loo:
            asked_written = written.questions(corpus)  # read once: each question's strata take a while
            for which in ("train", "held-out"):
                asked = loo.questions(corpus, which=which)
                for name, keep in STRATA.items():
                    report(corpus, f"loo {which} {name}", [q for q in asked if keep(q)], args.verbose,
                           weights=weights)
                report(corpus, f"loo {which} all, first {API_LIMIT} hits", asked, False, limit=API_LIMIT,
                       weights=weights)
                for title, path in (("labelled LRR rule", LABELS), ("labelled question LRR rule", QUESTION_LABELS)):
                    rules = evaluate(corpus, labelled(asked, path), weights=weights)[2]
                    print(rules.line(f"loo {which} {title}"))
                report(corpus, f"written {which}", [q for q in asked_written if q["part"] == which], args.verbose,
                       weights=weights)
            report(corpus, f"written after set {fit_adapter.Settings().last_set}",
                   after_the_fit(asked_written), args.verbose, weights=weights)
        dev = dev_questions(args.queries)
        times = report(corpus, "dev", dev, args.verbose, weights=weights)
        # A player sees /api/search's first ten hits (SEARCH_LIMIT), not sixty: its pages, as they come.
        report(corpus, f"dev, first {API_LIMIT} hits", dev, False, limit=API_LIMIT, weights=weights)
        warm = warm_times(corpus, dev)
    finally:
        corpus.close()
    print(f"first search ms (limit {LIMIT}): median {statistics.median(times):.1f}  max {max(times):.1f}")
    print(f"warm search ms (limit 10): median {statistics.median(warm):.1f}  "
          f"p95 {warm[int(len(warm) * 0.95)]:.1f}")
    return 0


if __name__ == "__main__":
    guard.run(main)
