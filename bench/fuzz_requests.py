"""Fuzzed requests across every endpoint of a running server: search, pages, /r/, the API, resolve with any JSON.

Used by bench/web.py; the figure that matters is "fuzz 5xx", which must be 0.
"""
from __future__ import annotations

import http.client
import json
import random
import threading
from collections import Counter
from urllib.parse import quote, urlencode

NASTY = ['"unbalanced', "a*", "*", "?", "foo:bar", "(((", ")", "AND OR NOT", "77.7d OR", "space^3", "[a TO z]",
         "~", "\\", "'", "<script>alert(1)</script>", "%", "&q=1", "\u202e\u200b\ufeff", "\x00\x01\x1f", "ℌ𝔢𝔩𝔩𝔬 ﬁ",
         "👾", "x" * 500, "77.7d", "pds", "space cannon", "..", "/", "%2F", "١٠", "1_0", "-1", "0", "99999"]
WORDS = ["ability", "units", "name", "value", "dice", "count", "modifiers", "rolls", "producers", "build",
         "plasma_scoring", "faction", "space_cannon", "bombardment", "production", "PDS II", "War Sun"]
PREFIXES = ["/r/", "/rules/", "/factions/", "/cards/", "/pages/", "/api/rules/", "/api/topics/"]


def text(rng: random.Random) -> str:
    """A string: nasty, a word, random code points, or a mix."""
    pick = rng.random()
    if pick < 0.3:
        return rng.choice(NASTY)
    if pick < 0.5:
        return rng.choice(WORDS)
    if pick < 0.8:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
                       for _ in range(rng.randrange(0, 20)))
    return " ".join(rng.choice(NASTY + WORDS) for _ in range(rng.randrange(1, 5)))


def value(rng: random.Random, depth: int = 0):
    """Any JSON value, nested a few levels."""
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 3, 10, 11, 100, 101, 2**40, 1.5, -0.0, 1e308])
    if kind in (3, 4):
        return text(rng)
    if kind in (5, 6):
        return {rng.choice(WORDS + [text(rng)]): value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}
    return [value(rng, depth + 1) for _ in range(rng.randrange(0, 5))]


def request(rng: random.Random) -> tuple[str, str, bytes | None, dict]:
    """One random request: method, path, body, headers."""
    headers = {}
    if rng.random() < 0.05:
        headers["If-None-Match"] = rng.choice(['"x"', "*", text(rng).encode("ascii", "ignore").decode() or '"y"'])
    pick = rng.random()
    if pick < 0.3:
        args = {"q": text(rng)}
        for key in ("limit", "kind", "source"):
            if rng.random() < 0.3:
                args[key] = text(rng)
        return "GET", rng.choice(["/search", "/api/search"]) + "?" + urlencode(args), None, headers
    if pick < 0.6:
        return "GET", rng.choice(PREFIXES) + quote(text(rng), safe="/"), None, headers
    if pick < 0.65:
        path = rng.choice(["/", "/api/topics", "/opensearch.xml", "/api/openapi.json",
                           "/api/resolve/catalogue?" + urlencode({"ability": text(rng)})])
        return "GET", path, None, headers
    if rng.random() < 0.1:
        body = rng.choice([b"[" * 5000, b"{" * 3, b"\xff\xfe", b"", b"nul", b'{"a":' * 2000])
    else:
        body = json.dumps(value(rng)).encode()
    headers["Content-Type"] = rng.choice(["application/json"] * 9 + ["text/plain"])
    return "POST", "/api/resolve", body, headers


def fuzz(port: int, total: int, clients: int = 20, seed: int = 12) -> dict[str, float]:
    """Send `total` fuzzed requests from `clients` threads; count statuses (5xx and failures must be 0)."""
    statuses: Counter = Counter()
    lock = threading.Lock()
    share = [total // clients + (1 if n < total % clients else 0) for n in range(clients)]

    def worker(n: int) -> None:
        rng = random.Random(seed * 1000 + n)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        seen: Counter = Counter()
        for _ in range(share[n]):
            method, path, body, headers = request(rng)
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                seen[response.status] += 1
                if response.getheader("Connection", "").lower() == "close":
                    conn.close()
            except (OSError, http.client.HTTPException):
                seen["failed"] += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        conn.close()
        with lock:
            statuses.update(seen)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    fives = sum(n for status, n in statuses.items() if isinstance(status, int) and status >= 500)
    print("fuzz statuses:", dict(sorted(statuses.items(), key=str)))
    return {"fuzz requests": sum(statuses.values()), "fuzz 5xx": fives, "fuzz failed": statuses["failed"]}
