"""Web benchmarks: search API and page latency in-process, page weight, and a bounded load test.

    .venv/bin/python bench/web.py --instance /tmp/webdev [--seconds 20] [--clients 20]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parent.parent
QUERIES = REPO.parent / "shared" / "queries" / "dev.jsonl"
TARGETS = {"search p95 ms": 15.0, "page p95 ms": 20.0, "space cannon KB": 150.0, "search/fts5 p95": 3.0}


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def timed(call) -> float:
    """Milliseconds one call takes."""
    started = time.perf_counter()
    call()
    return (time.perf_counter() - started) * 1000


def questions(path: Path) -> list[str]:
    """The dev questions (the "q" of each JSON line)."""
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line)["q"] for line in lines if line.strip()]


def in_process(instance: Path, queries: list[str], rounds: int) -> dict[str, float]:
    """Search API and topic page latency through the test client, after one warm-up pass."""
    from webapp import create_app
    from webapp.corpus_access import close_app, get_corpus

    app = create_app({"INSTANCE": str(instance)})
    client = app.test_client()
    with app.test_request_context():
        pages = get_corpus().pages()
    page_paths = [client.get(f"/api/topics/{p.id}").json["page"]["url"] for p in pages]
    search = [f"/api/search?{urlencode({'q': q})}" for q in queries]
    for path in search + page_paths:  # warm: index open, pages cross-linked once
        client.get(path)
    search_ms = [timed(lambda: client.get(p)) for _ in range(rounds) for p in search]
    page_ms = [timed(lambda: client.get(p)) for _ in range(rounds) for p in page_paths]
    weight = page_weight(client, "/rules/space-cannon")
    close_app(app)
    return {"search p50 ms": statistics.median(search_ms), "search p95 ms": percentile(search_ms, .95),
            "page p50 ms": statistics.median(page_ms), "page p95 ms": percentile(page_ms, .95),
            "space cannon KB": weight / 1000}


def page_weight(client, path: str) -> int:
    """Bytes of a page plus every script and stylesheet it links."""
    with client.get(path) as response:
        html = response.get_data(as_text=True)
    weight = len(html.encode())
    for asset in sorted(set(re.findall(r'(?:src|href)="(/static/[^"]+)"', html))):
        with client.get(asset) as response:
            weight += len(response.data)
    return weight


def start_server(instance: Path) -> tuple[subprocess.Popen, int]:
    """`mecatol serve` on a free port; returns the process and the port it reports."""
    mecatol = Path(sys.executable).with_name("mecatol")
    proc = subprocess.Popen([str(mecatol), "serve", "--port", "0", "--threads", "8", "--instance", str(instance)],
                            stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    match = re.search(r":(\d+)/\s*$", line)
    if not match:
        proc.kill()
        raise SystemExit(f"mecatol serve did not start: {line.strip() or proc.stderr.read()}")
    # Keep reading the server's log: a full pipe would block it mid-request (waitress logs queue depth).
    threading.Thread(target=lambda: proc.stderr.read(), daemon=True).start()
    return proc, int(match.group(1))


def load(port: int, queries: list[str], clients: int, seconds: float) -> dict[str, float]:
    """`clients` threads, each with one keep-alive connection, hitting /api/search for `seconds`."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def worker(offset: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        mine, failed, i = [], 0, offset
        while time.monotonic() < stop:
            path = "/api/search?" + urlencode({"q": queries[i % len(queries)], "limit": 10})
            i += 1
            started = time.perf_counter()
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
                failed += response.status != 200
            except (OSError, http.client.HTTPException):
                failed += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            mine.append((time.perf_counter() - started) * 1000)
        conn.close()
        with lock:
            latencies.extend(mine)
            errors[0] += failed

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    return {"load requests/s": len(latencies) / elapsed, "load p50 ms": statistics.median(latencies),
            "load p99 ms": percentile(latencies, .99), "load errors": errors[0], "load requests": len(latencies)}


def table(rows: dict[str, float]) -> str:
    """The figures as a small aligned table, with targets where there are some."""
    lines = [f"{'measure':<18} {'value':>10}  target"]
    for name, value in rows.items():
        target = f"<= {TARGETS[name]:g}" if name in TARGETS else ""
        lines.append(f"{name:<18} {value:>10.1f}  {target}")
    return "\n".join(lines)


def main() -> None:
    """Run everything and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("MECATOL_INSTANCE") or "instance"))
    parser.add_argument("--queries", type=Path, default=QUERIES, help="JSON lines with a 'q' field")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes over queries and pages")
    parser.add_argument("--seconds", type=float, default=20.0, help="load test duration")
    parser.add_argument("--clients", type=int, default=20, help="concurrent load-test clients")
    args = parser.parse_args()
    queries = questions(args.queries)
    rows = in_process(args.instance, queries, args.rounds)
    from fts5_baseline import fts5_times  # beside this script: the same queries through SQLite FTS5

    rows["fts5 p95 ms"] = percentile(fts5_times(args.instance, queries, args.rounds), .95)
    rows["search/fts5 p95"] = rows["search p95 ms"] / rows["fts5 p95 ms"]
    proc, port = start_server(args.instance)
    try:
        rows.update(load(port, queries, args.clients, args.seconds))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(table(rows))


if __name__ == "__main__":
    main()
