"""Time to resolve 100 dice of mixed values, end to end (request dict -> JSON answer).

Run: .venv/bin/python bench/resolve.py [--repeats 500]  (target: median < 5 ms)
"""
from __future__ import annotations

import argparse
import statistics
import time

from corpus.resolve import resolve

# 100 dice (the most a request may roll) over all ten values: ten binomials
# to convolve, the worst case; the seed adds the per-unit hit counting.
REQUEST = {
    "ability": "space_cannon",
    "units": [{"value": value, "dice": 10, "count": 1, "label": f"cannon {value}"} for value in range(1, 11)],
    "seed": 42,
}


def time_once() -> float:
    """Milliseconds for one resolve() of the 100-dice request."""
    started = time.perf_counter()
    resolve(REQUEST)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    """Resolve the request many times and print the median and p95."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=500, help="How many timed resolves.")
    args = parser.parse_args()
    resolve(REQUEST)  # warm up: the catalogue is read on first use
    times = sorted(time_once() for _ in range(args.repeats))
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    print(f"resolve 100 dice of 10 mixed values (seeded roll, full answer), {args.repeats} repeats")
    print(f"  median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms "
          "(target median < 5 ms)")


if __name__ == "__main__":
    main()
