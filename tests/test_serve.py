"""`mecatol serve` as deployed: gunicorn workers, idle and slow sockets, big bodies, a corpus swap."""
from __future__ import annotations

import http.client
import re
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from web_fixtures import publish_tiny


@contextmanager
def serving(instance: Path, *options: str):
    """`mecatol serve` on a free port; yields the port, stops the server after."""
    cmd = [sys.executable, "-m", "mecatol", "serve", "--port", "0", "--instance", str(instance), *options]
    with subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True) as proc:
        try:
            line = proc.stderr.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            assert found, f"mecatol serve did not start: {line}{proc.stderr.read() if proc.poll() else ''}"
            threading.Thread(target=proc.stderr.read, daemon=True).start()  # a full pipe would block it
            yield int(found[1])
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def get(port: int, path: str, headers: dict | None = None, timeout: float = 10) -> tuple[int, dict, bytes]:
    """One GET on a new connection: status, headers, body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def idle_sockets(port: int, count: int) -> list[socket.socket]:
    """Connections that never send a byte."""
    return [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(count)]


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """True when the server closes the socket within the time given."""
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def worker_pids(parent: int) -> list[int]:
    """Processes whose parent is `parent` (read from /proc)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            children.append(int(stat.parent.name))
    return children


@pytest.fixture(scope="module")
def served(web_instance):
    """The mirror corpus served by two workers, for the tests that only read."""
    with serving(web_instance, "--workers", "2", "--threads", "4") as port:
        yield port


def test_serves_pages_and_api_with_two_workers(served):
    status, headers, body = get(served, "/api/search?q=space+cannon")
    assert status == 200 and b'"77.' in body
    assert headers["Server"].startswith("gunicorn")
    assert get(served, "/rules/space-cannon")[0] == 200


def test_two_worker_processes_run(web_instance):
    cmd = [sys.executable, "-m", "mecatol", "serve", "--port", "0", "--workers", "2", "--instance", str(web_instance)]
    with subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True) as proc:
        try:
            assert "2 workers" in proc.stderr.readline()
            time.sleep(1)
            assert len(worker_pids(proc.pid)) == 2
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def test_conditional_get_over_http_is_a_304(served):
    _, headers, _ = get(served, "/rules/space-cannon")
    status, again, body = get(served, "/rules/space-cannon", {"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b"" and again["ETag"] == headers["ETag"]


def test_ten_megabyte_body_is_refused_quickly(served):
    body = b"x" * 10_000_000
    conn = http.client.HTTPConnection("127.0.0.1", served, timeout=10)
    started = time.perf_counter()
    try:
        conn.putrequest("POST", "/api/resolve")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Content-Length", str(len(body)))
        conn.endheaders()
        try:
            conn.send(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer and close before reading it all, which is the point
        response = conn.getresponse()
        status, text = response.status, response.read()
    finally:
        conn.close()
    assert status == 413 and b"MAX_CONTENT_LENGTH" in text
    assert time.perf_counter() - started < 2  # generous on a shared machine; bench/web.py reports it


def post_chunked(port: int, path: str, body: bytes) -> tuple[int, bytes]:
    """One POST whose body is sent in chunks, with no Content-Length: status and body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("POST", path, body=iter([body[i:i + 8192] for i in range(0, len(body), 8192)]),
                     headers={"Content-Type": "application/json"}, encode_chunked=True)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_chunked_body_past_the_limit_is_a_413_not_a_cut_one(served):
    # Werkzeug cuts a body without Content-Length at MAX_CONTENT_LENGTH and parses the rest;
    # valid JSON padded past the limit must be refused, not read as broken JSON.
    body = b'{"ability": "space_cannon", "units": [{"name": "PDS II", "count": 2}]}'
    status, text = post_chunked(served, "/api/resolve", body + b" " * 150_000)
    assert status == 413 and b"MAX_CONTENT_LENGTH" in text
    status, text = post_chunked(served, "/api/resolve", body)
    assert status == 200 and b'"expected_hits"' in text


def test_a_query_of_max_query_chars_accented_letters_is_answered(served):
    # 1,000 "é" are 6,000 bytes once URL-encoded: past gunicorn's default request line (4,094),
    # which would refuse with its own HTML page a query the app promises to cut and answer.
    status, headers, body = get(served, "/api/search?q=" + "%C3%A9" * 1000)
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert b'"ok": true' in body or b'"ok":true' in body


def test_101_idle_sockets_do_not_take_the_server_offline(served):
    idle = idle_sockets(served, 101)
    try:
        status, _, _ = get(served, "/api/search?q=pds", timeout=5)
    finally:
        for sock in idle:
            sock.close()
    assert status == 200


def test_idle_sockets_past_the_limit_are_closed_after_the_timeout(web_instance):
    with serving(web_instance, "--workers", "1", "--connections", "20", "--threads", "2", "--timeout", "2") as port:
        idle = idle_sockets(port, 30)
        try:
            started = time.monotonic()
            status, _, _ = get(port, "/api/topics", timeout=15)
            waited = time.monotonic() - started
            assert status == 200 and waited < 10
            assert closed_by_server(idle[0], within=5)
        finally:
            for sock in idle:
                sock.close()


def test_a_request_sent_too_slowly_is_dropped(web_instance):
    with serving(web_instance, "--workers", "1", "--threads", "1", "--timeout", "2") as port:
        slow = socket.create_connection(("127.0.0.1", port), timeout=10)
        try:
            slow.sendall(b"GET /api/topics HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
            assert closed_by_server(slow, within=8)
            assert get(port, "/api/topics", timeout=5)[0] == 200  # its only thread is free again
        finally:
            slow.close()


def test_every_worker_picks_up_a_new_corpus(tmp_path):
    publish_tiny(tmp_path)
    with serving(tmp_path, "--workers", "2", "--threads", "2") as port:
        before = {get(port, "/rules/space-cannon")[1]["ETag"] for _ in range(12)}
        publish_tiny(tmp_path, extra=" Now with more words.")
        after = [get(port, "/rules/space-cannon") for _ in range(12)]
    assert len(before) == 1
    assert all(status == 200 and b"Now with more words." in body for status, _, body in after)
    assert {headers["ETag"] for _, headers, _ in after}.isdisjoint(before)


def test_a_taken_port_is_one_line_and_exit_2(web_instance):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "mecatol", "serve", "--port", str(port), "--instance",
                               str(web_instance)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == f"mecatol: [Errno 98] cannot listen on 127.0.0.1:{port}: Address already in use"


def test_a_broken_instance_config_is_one_line_naming_it_and_exit_2(tmp_path):
    publish_tiny(tmp_path)
    (tmp_path / "config.py").write_text("SEARCH_LIMIT = 5\nTRUSTED_HOSTS = [\"rules.example.org\"\n",
                                        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mecatol", "serve", "--port", "0", "--instance", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith(f"mecatol: {tmp_path / 'config.py'}, line 2: ")
    assert len(done.stderr.strip().splitlines()) == 1
