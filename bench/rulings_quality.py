"""Rulings beside their rule: the FAQs' `rules` scored against labels made by reading the rule texts.

Usage: python bench/rulings_quality.py [--instance DIR] [--labels FILE] [--strict] [--verbose]
It ingests nothing: it reads the corpus already built in the instance folder.

bench/data/ruling_labels.jsonl has, for each wiki FAQ, the rules and card or ability sections it
clarifies (`rules`, most central first) and ids that would not be wrong beside it (`acceptable`),
labelled by three helpers, one third each (`labeller`), who read the rule texts and never our output.
Recall: of the FAQs with a label, those given a right id. Precision: of all ids given, the right ones.
An id is right when it is labelled or acceptable (--strict: labelled only), or is a numbered rule's
parent or child of a labelled one (77.3 for 77.3c, 77.3c for 77.3), as issue 9 counts it.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import guard  # noqa: E402

from corpus import Corpus  # noqa: E402
from ingest.steps.rule_match import NUMBERED  # noqa: E402

LABELS = Path(__file__).resolve().parent / "data" / "ruling_labels.jsonl"


def nested(a: str, b: str) -> bool:
    """Two numbered rule ids, one under the other (15.1 and 15.1e; not 15.1 and 15.10)."""
    short, long_ = sorted((a, b), key=len)
    return (a != b and bool(NUMBERED.match(short)) and long_.startswith(short)
            and not long_[len(short)].isdigit())


def is_right(given: str, label: dict) -> bool:
    """A given id is labelled, acceptable, or a parent or child of a labelled numbered rule."""
    return given in label["rules"] or given in label["acceptable"] or any(nested(given, r) for r in label["rules"])


def score(given: dict[str, list[str]], labels: list[dict], verbose: bool = False) -> str:
    """One line: recall, precision, and the same for the numbered LRR rules alone."""
    with_rule = hit = ids = right = lrr_only = lrr_hit = lrr_ids = lrr_right = 0
    for label in labels:
        ours = given.get(label["id"], [])
        for ref in ours:
            ok = is_right(ref, label)
            ids, right = ids + 1, right + ok
            if NUMBERED.match(ref):
                lrr_ids, lrr_right = lrr_ids + 1, lrr_right + ok
            if verbose and not ok:
                print(f"  wrong: {label['id']} {ref} (labelled {label['rules']})")
        if label["rules"]:
            found = any(is_right(ref, label) for ref in ours)
            with_rule, hit = with_rule + 1, hit + found
            if all(NUMBERED.match(r) for r in label["rules"]):
                lrr_only, lrr_hit = lrr_only + 1, lrr_hit + found
            if verbose and not found:
                print(f"  missed: {label['id']} (labelled {label['rules']}, given {ours})")
    return (f"recall {hit}/{with_rule} = {hit / max(with_rule, 1):.2f}  precision {right}/{ids} = "
            f"{right / max(ids, 1):.2f}  (labelled with LRR rules only: {lrr_hit}/{lrr_only} given a right "
            f"one; numbered rule ids given: {lrr_right}/{lrr_ids} right)")


def main() -> int:
    """Print the scores, all labels and each labeller's third."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("MECATOL_INSTANCE", "instance")))
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--verbose", action="store_true", help="list each wrong id and each missed FAQ")
    parser.add_argument("--strict", action="store_true", help="only labelled ids are right, not the acceptable ones")
    args = parser.parse_args()
    labels = [json.loads(line) for line in args.labels.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.strict:
        labels = [{**label, "acceptable": []} for label in labels]
    corpus = Corpus.load(args.instance)
    given = {e.id: list(e.rules) for e in corpus.entries if e.kind == "faq"}
    unknown = [label["id"] for label in labels if label["id"] not in given]
    if unknown:
        print(f"{len(unknown)} labelled FAQs are not in this corpus (e.g. {unknown[0]}); they count as given nothing")
    print(f"{'all':12} {score(given, labels, args.verbose)}")
    for labeller in sorted({label["labeller"] for label in labels}):
        part = [label for label in labels if label["labeller"] == labeller]
        print(f"{f'labeller {labeller}':12} {score(given, part)}")
    return 0


if __name__ == "__main__":
    guard.run(main)
