"""The web bench's HTTP tools: a server on a free port, a cheap keep-alive client, a load run, one GET."""
from __future__ import annotations

import http.client
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def start_server(instance: Path, workers: int = 1) -> tuple[subprocess.Popen, int]:
    """`mecatol serve` on a free port; returns the process and the port it reports."""
    mecatol = Path(sys.executable).with_name("mecatol")
    proc = subprocess.Popen([str(mecatol), "serve", "--port", "0", "--threads", "8", "--workers", str(workers),
                             "--instance", str(instance)], stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    match = re.search(r"http://[^ ]+:(\d+)/", line)
    if not match:
        proc.kill()
        raise SystemExit(f"mecatol serve did not start: {line.strip() or proc.stderr.read()}")
    # Keep reading the server's log: a full pipe would block it mid-request (waitress logs queue depth).
    threading.Thread(target=lambda: proc.stderr.read(), daemon=True).start()
    return proc, int(match.group(1))


class RawClient:
    """A keep-alive HTTP/1.1 client on a bare socket: on 2 cores the load generator shares the
    machine with the server, so it must cost far less per request than http.client does."""

    def __init__(self, port: int):
        self.port, self.sock, self.buffer = port, None, b""

    def get(self, request: bytes) -> int:
        """Send one pre-encoded request; read the whole answer; its status."""
        if self.sock is None:
            self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        self.sock.sendall(request)
        while b"\r\n\r\n" not in self.buffer:
            self._receive()
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        length = int(re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)[1])
        self.buffer = rest
        while len(self.buffer) < length:
            self._receive()
        self.buffer = self.buffer[length:]
        return int(head[9:12])

    def _receive(self) -> None:
        chunk = self.sock.recv(262144)
        if not chunk:
            raise ConnectionError("closed by the server")
        self.buffer += chunk

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
        self.sock, self.buffer = None, b""


def load(port: int, paths: list[str], clients: int, seconds: float) -> dict[str, float]:
    """`clients` threads, each with one keep-alive connection, cycling through `paths` for `seconds`."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    requests = [f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode() for path in paths]

    def worker(offset: int) -> None:
        conn = RawClient(port)
        mine, failed, i = [], 0, offset
        while time.monotonic() < stop:
            request = requests[i % len(requests)]
            i += 1
            started = time.perf_counter()
            try:
                failed += conn.get(request) != 200
            except (OSError, ValueError, TypeError):
                failed += 1
                conn.close()
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


def http_get(port: int, path: str, headers: dict | None = None) -> tuple[int, dict]:
    """One GET on a new connection: status and headers."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response.status, dict(response.getheaders())
    finally:
        conn.close()
