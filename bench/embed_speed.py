"""Sentence-encoder speed: the whole corpus (what a cold ingest pays) and one query at a time.

Run: .venv/bin/mecatol ingest --instance /tmp/q && .venv/bin/python bench/embed_speed.py --instance /tmp/q [--every 1]
Targets: a query in a few ms (search p95 stays <= 15 ms); the bulk encode as fast as torch's (34 s measured by the lead).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

import guard  # bench/guard.py, beside this script
from corpus import Corpus, embed
from ingest.sources import shared_dir


def questions(path: Path) -> list[str]:
    """The players' questions of a JSON lines file (queries/dev.jsonl by default), as typed into a search box."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["q"] for line in lines if line.strip()]


def main() -> None:
    """Encode every --every-th entry's text in one call, then each dev question and a short one alone."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("MECATOL_INSTANCE") or "instance"),
                        help="Instance folder to read (default: $MECATOL_INSTANCE or ./instance).")
    parser.add_argument("--every", type=int, default=1, help="Encode every n-th entry (1: all of them).")
    parser.add_argument("--queries", type=Path, default=shared_dir() / "queries" / "dev.jsonl",
                        help="JSON lines with a 'q' field (default: queries/dev.jsonl in $MECATOL_SHARED or ../shared).")
    args = parser.parse_args()
    asked = questions(args.queries)  # before the slow part: a missing file fails at once
    corpus = Corpus.load(args.instance)
    titles = embed.entry_titles(corpus.entries)
    texts = [embed.embed_text(entry, titles) for entry in corpus.entries][::args.every]
    started = time.perf_counter()
    encoder = embed.Encoder(embed.model_path())
    print(f"model loaded in {time.perf_counter() - started:.2f} s")
    tokens = sum(len(ids) for ids in encoder.token_ids(texts))
    started = time.perf_counter()
    encoder.encode(texts)
    seconds = time.perf_counter() - started
    print(f"bulk: {len(texts)} entries, {tokens} word pieces in {seconds:.1f} s ({tokens / seconds:.0f} per s)")
    for label, queries in (("dev questions", asked), ("'pds2'", ["pds2"] * 50)):
        times = []
        for query in queries * 3:
            started = time.perf_counter()
            encoder.encode([query])
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        print(f"query, {label}: median {statistics.median(times):.1f} ms, "
              f"p95 {times[int(len(times) * 0.95)]:.1f} ms ({len(times)} encodes)")


if __name__ == "__main__":
    guard.run(main)
