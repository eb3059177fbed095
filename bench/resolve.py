"""Time to resolve 100 dice of mixed values, and whole space combats of 10 ships a side, end to end.

Run: .venv/bin/python bench/resolve.py [--repeats 500] [--battle-repeats 20]
(targets: dice median < 5 ms; a 10-ship-per-side space combat < 50 ms)
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


def fleet(*units) -> dict:
    """A side from (name, count) pairs."""
    return {"units": [{"name": name, "count": count} for name, count in units]}


# Ten ships a side: a typical mixed fight (with PDS and AFB), and the heavy cases for the exact chain.
BATTLES = {
    "mixed fleets, PDS, AFB": (fleet(("Dreadnought II", 2), ("Carrier II", 2), ("Cruiser II", 2), ("Fighter II", 4)),
                               fleet(("War Sun", 1), ("Dreadnought I", 1), ("Destroyer II", 2), ("Cruiser I", 1),
                                     ("Fighter I", 5), ("PDS II", 1))),
    "10 Dreadnought II each": (fleet(("Dreadnought II", 10)), fleet(("Dreadnought II", 10))),
    # Fighters need capacity, or they are removed before the combat (16.3): two Carrier II hold eight.
    "2 Carrier II + 8 Fighter I each": (fleet(("Carrier II", 2), ("Fighter I", 8)),
                                        fleet(("Carrier II", 2), ("Fighter I", 8))),
    "5 War Suns + 5 Flagships a side": (fleet(("War Sun", 5), ("Flagship", 5)),
                                        fleet(("War Sun", 5), ("Dreadnought II", 5))),
}


def time_once(request: dict) -> float:
    """Milliseconds for one resolve()."""
    started = time.perf_counter()
    resolve(request)
    return (time.perf_counter() - started) * 1000


def cpu_once(request: dict) -> float:
    """CPU milliseconds of this process for one resolve()."""
    started = time.process_time()
    resolve(request)
    return (time.process_time() - started) * 1000


def summary(times: list[float]) -> str:
    """Median, p95 and max of sorted timings."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    return f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms"


def main() -> None:
    """Resolve each request many times and print the median and p95."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=500, help="How many timed resolves of the dice request.")
    parser.add_argument("--battle-repeats", type=int, default=20, help="How many timed resolves of each battle.")
    args = parser.parse_args()
    resolve(REQUEST)  # warm up: the catalogue is read on first use
    times = [time_once(REQUEST) for _ in range(args.repeats)]
    print(f"resolve 100 dice of 10 mixed values (seeded roll, full answer), {args.repeats} repeats")
    print(f"  {summary(times)} (target median < 5 ms)")
    print(f"space combat, 10 ships a side, exact (full answer with steps), {args.battle_repeats} repeats each;")
    print("  wall time, then this process's CPU time (steadier on a shared machine)")
    for name, (attacker, defender) in BATTLES.items():
        request = {"ability": "space_combat", "attacker": attacker, "defender": defender}
        times = [time_once(request) for _ in range(args.battle_repeats)]
        cpu = [cpu_once(request) for _ in range(args.battle_repeats)]
        print(f"  {name}: {summary(times)}; CPU median {statistics.median(cpu):.2f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
