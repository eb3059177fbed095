"""Wall time and peak memory of a full ingest of the default sources.

Run: .venv/bin/python bench/ingest_speed.py [--runs 3]  (targets: < 10 s, < 300 MB)
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def one_run(instance: str) -> tuple[float, float]:
    """Ingest once in a child process; (seconds, peak RSS in MB of that child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "mecatol", "ingest", "--quiet", "--instance", instance],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if proc.returncode not in (0, 1):
        sys.exit(f"ingest failed: {proc.stderr.strip()}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of children is the largest child so far: runs are compared, not summed.
    return seconds, max(peak, before) / 1024


def main() -> None:
    """Ingest the defaults a few times into fresh folders and print a summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="How many ingests to time.")
    args = parser.parse_args()
    times, peaks = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as instance:
            seconds, peak = one_run(instance)
        times.append(seconds)
        peaks.append(peak)
    print(f"full ingest of the default sources, {args.runs} runs")
    print(f"  wall time: median {statistics.median(times):.2f} s, max {max(times):.2f} s (target < 10 s)")
    print(f"  peak RSS:  {max(peaks):.0f} MB (target < 300 MB)")


if __name__ == "__main__":
    main()
