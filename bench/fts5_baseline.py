"""A baseline for search speed: SQLite FTS5 with BM25 over the same entries, in memory.

    .venv/bin/python bench/fts5_baseline.py --instance DIR

bench/web.py imports `paired` to print the baseline beside /api/search in the same run: each
query goes to both back to back, so a busy machine slows both alike.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import statistics
import sys
import time
from pathlib import Path

from corpus.store import current_dir
from corpus.vocab import vocabulary
from ingest.sources import shared_dir

QUERIES = shared_dir() / "queries" / "dev.jsonl"
LIMIT = 10


def build(entries_file: Path) -> sqlite3.Connection:
    """An in-memory FTS5 table (title, text; porter stemming) of every entry of a corpus version."""
    db = sqlite3.connect(":memory:", check_same_thread=False)
    db.execute("CREATE VIRTUAL TABLE entries USING fts5(id UNINDEXED, title, text, tokenize='porter unicode61')")
    with open(entries_file, encoding="utf-8") as lines:
        rows = [(e["id"], e["title"], e["text"]) for e in map(json.loads, lines)]
    db.executemany("INSERT INTO entries VALUES (?, ?, ?)", rows)
    db.commit()
    return db


def match_expression(query: str) -> str:
    """The query's words ORed, each quoted so no input is read as FTS5 syntax; the stopwords
    Mecatol drops are dropped here too, so the baseline does the same work, not more."""
    stop = vocabulary().stopwords
    words = list(dict.fromkeys(w for w in re.findall(r"\w+", query.lower()) if w not in stop))
    return " OR ".join(f'"{w}"' for w in words) or '""'


def search(db: sqlite3.Connection, query: str) -> list[str]:
    """The ids of the best LIMIT entries by BM25 (title weighted twice the text)."""
    sql = "SELECT id FROM entries WHERE entries MATCH ? ORDER BY bm25(entries, 0, 2.0, 1.0) LIMIT ?"
    return [row[0] for row in db.execute(sql, (match_expression(query), LIMIT))]


def fts5_times(instance: Path, queries: list[str], rounds: int = 3) -> list[float]:
    """Milliseconds per FTS5 query, warm (every query run once before timing)."""
    db = build(current_dir(instance) / "entries.jsonl")
    for query in queries:
        search(db, query)
    times = []
    for _ in range(rounds):
        for query in queries:
            started = time.perf_counter()
            search(db, query)
            times.append((time.perf_counter() - started) * 1000)
    db.close()
    return times


def paired(instance: Path, queries: list[str], rounds: int = 3) -> dict[str, float]:
    """/api/search (through the test client) and FTS5 timed back to back per query; their p95s."""
    from urllib.parse import urlencode

    from webapp import create_app
    from webapp.corpus_access import close_app

    app = create_app({"INSTANCE": str(instance)})
    client = app.test_client()
    db = build(current_dir(instance) / "entries.jsonl")
    paths = [f"/api/search?{urlencode({'q': q})}" for q in queries]
    for path, query in zip(paths, queries):  # warm both
        client.get(path)
        search(db, query)
    api, fts = [], []
    for _ in range(rounds):
        for path, query in zip(paths, queries):
            api.append(_timed(lambda: client.get(path)))
            fts.append(_timed(lambda: search(db, query)))
    db.close()
    close_app(app)
    api_p95, fts_p95 = _p95(api), _p95(fts)
    return {"paired search p95 ms": api_p95, "fts5 p95 ms": fts_p95, "search/fts5 p95": api_p95 / fts_p95}


def _timed(call) -> float:
    """Milliseconds one call takes."""
    started = time.perf_counter()
    call()
    return (time.perf_counter() - started) * 1000


def _p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def main() -> None:
    """Print the baseline's median and p95."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("MECATOL_INSTANCE") or "instance"))
    parser.add_argument("--queries", type=Path, default=QUERIES, help="JSON lines with a 'q' field")
    args = parser.parse_args()
    with open(args.queries, encoding="utf-8") as lines:
        queries = [json.loads(line)["q"] for line in lines if line.strip()]
    times = sorted(fts5_times(args.instance, queries))
    print(f"fts5 bm25 ms: median {statistics.median(times):.2f}  p95 {times[int(len(times) * 0.95)]:.2f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import guard  # bench/guard.py: no corpus, or no questions file, is one line

    guard.run(main)
