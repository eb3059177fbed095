"""Faction and leader/unit queries ("nekro flagship", "sol commander"): where does that section land?

Every faction page and every category it has a section of (hero, agent, commander, mech, flagship)
makes one query, the faction's short name and the word. Prints how often one of those sections is
the first hit, among the first three, and among the entries shown under the first page.

Run: .venv/bin/python bench/named_leaders.py [--instance DIR]
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

import guard  # bench/guard.py, beside this script
from corpus import Corpus

CATEGORIES = ("hero", "agent", "commander", "mech", "flagship")


def queries(corpus: Corpus) -> list[tuple[str, set[str]]]:
    """(query, the ids of the sections it means) for each faction and category it has."""
    found = []
    for faction in corpus.pages("faction"):
        short = faction.id.split("/")[-1].replace("-", " ")
        for category in CATEGORIES:
            meant = {e.id for e in corpus.entries if e.kind == "section" and e.topic == faction.id
                     and (e.category or "").lower() == category}
            if meant:
                found.append((f"{short} {category}", meant))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("MECATOL_INSTANCE", "instance")))
    corpus = Corpus.load(parser.parse_args().instance)
    first = three = group = 0
    asked = queries(corpus)
    for query, meant in asked:
        results = corpus.search(query)
        ids = [hit.id for hit in results.hits]
        first += bool(ids) and ids[0] in meant
        three += bool(meant & set(ids[:3]))
        group += bool(results.groups) and bool(meant & {hit.id for hit in results.groups[0][1]})
    print(f"{len(asked)} queries: the section first {first}, in the first three {three}, "
          f"under the first page {group}")
    corpus.close()


if __name__ == "__main__":
    guard.run(main)
