"""Wall time and peak memory of a full ingest of the default sources, with a cold and a warm vector cache.

Run: .venv/bin/python bench/ingest_speed.py [--runs 3] [--no-cold]  (targets, warm: < 10 s, < 300 MB)
The first ingest uses an empty sentence-vector cache (every entry encoded); the others reuse it.
With --no-cold there is no first ingest: the runs use your own cache ($MECATOL_CACHE or
~/.cache/mecatol), warm once you have ingested the default sources.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time


def one_run(instance: str, cache: str | None) -> tuple[float, float]:
    """Ingest once in a child process with this vector cache (None: the user's own); (seconds, peak
    RSS in MB of that child)."""
    started = time.perf_counter()
    env = {**os.environ, "MECATOL_CACHE": cache} if cache else None
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "mecatol", "ingest", "--quiet", "--instance", instance],
                                stdout=subprocess.DEVNULL, stderr=err, env=env)
        # wait4 gives this child's own peak (RUSAGE_CHILDREN would give the largest child so far).
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - started
        if proc.returncode not in (0, 1):
            err.seek(0)
            sys.exit(f"ingest failed: {err.read().decode(errors='replace').strip()}")
    return seconds, usage.ru_maxrss / 1024


def main() -> None:
    """Ingest the defaults a few times into fresh folders and print a summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="How many ingests to time with a warm cache.")
    parser.add_argument("--no-cold", action="store_true", help="No ingest with an empty vector cache: time the runs with your own cache.")
    args = parser.parse_args()
    # --no-cold: the runs use the user's own cache (None), so no empty one is made.
    with contextlib.nullcontext() if args.no_cold else tempfile.TemporaryDirectory() as cache:
        if cache:
            with tempfile.TemporaryDirectory() as instance:
                seconds, peak = one_run(instance, cache)
            print("full ingest of the default sources, cold vector cache (every entry encoded)")
            print(f"  wall time: {seconds:.2f} s, peak RSS: {peak:.0f} MB")
        times, peaks = [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as instance:
                seconds, peak = one_run(instance, cache)
            times.append(seconds)
            peaks.append(peak)
    print(f"full ingest of the default sources, warm vector cache, {args.runs} runs")
    print(f"  wall time: median {statistics.median(times):.2f} s, max {max(times):.2f} s (target < 10 s)")
    print(f"  peak RSS:  {max(peaks):.0f} MB (target < 300 MB)")


if __name__ == "__main__":
    main()
