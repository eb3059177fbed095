"""`mecatol serve`: the web app under gunicorn, one process per core and threads in each.

gunicorn's master binds the socket and loads the app once (preload), then forks the
workers; each worker opens the read-only corpus itself on its first request (whoosh's
file handles must not be shared across a fork) and notices a re-ingest on its own.

The threaded worker is gunicorn's `gthread`, with one change: a connection that sends
nothing, or pauses in the middle of its request, for `timeout` seconds is dropped like an idle
keep-alive one, so idle sockets cannot hold every slot (gthread alone waits forever). The limit is
per pause, not per request: bounding a client that drips bytes is the reverse proxy's job.
"""
from __future__ import annotations

import errno
import os
import selectors
import socket
import sys
import time
from dataclasses import dataclass
from functools import partial

from gunicorn.app.base import BaseApplication
from gunicorn.workers.gthread import TConn, ThreadWorker


@dataclass(frozen=True)
class ServeOptions:
    """What `mecatol serve` was asked for; the defaults are the safe ones."""

    host: str = "127.0.0.1"
    port: int = 5000
    workers: int = os.cpu_count() or 1
    threads: int = 8
    connections: int = 1000   # open connections per worker, idle ones included
    timeout: int = 10         # seconds a connection may stay silent, before or within a request


class _Conn(TConn):
    """A connection whose blocking reads and writes give up after the worker's timeout."""

    def __init__(self, cfg, sock, client, server, timeout: float):
        super().__init__(cfg, sock, client, server)
        self.read_timeout = timeout

    def init(self):
        super().init()
        self.sock.settimeout(self.read_timeout)  # a half-sent request cannot hold a thread for ever


class TimeoutWorker(ThreadWorker):
    """gthread whose new connections join the keep-alive queue, so silent ones time out."""

    def accept(self, server, listener):
        try:
            sock, client = listener.accept()
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        conn = _Conn(self.cfg, sock, client, server, self.cfg.keepalive)
        self.nr_conns += 1
        # Queued like a kept-alive connection (same timeout, so the queue stays in expiry
        # order): murder_keepalived() closes it if it says nothing in time, and
        # on_client_socket_readable() takes it off the queue once it speaks.
        conn.initialized = True
        conn.timeout = time.time() + self.cfg.keepalive
        with self._lock:
            self._keep.append(conn)
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_client_socket_readable, conn))


class Server(BaseApplication):
    """gunicorn running the Flask app built by `load_app`, configured from ServeOptions."""

    def __init__(self, load_app, options: ServeOptions, announce):
        self.load_app, self.options, self.announce = load_app, options, announce
        super().__init__()

    def load_config(self):
        """Settings from the options; gunicorn's own command line is not read."""
        opts = self.options
        settings = {
            "bind": f"{opts.host}:{opts.port}" if ":" not in opts.host else f"[{opts.host}]:{opts.port}",
            "workers": opts.workers,
            "threads": opts.threads,
            "worker_class": TimeoutWorker,
            "worker_connections": opts.connections,
            # gunicorn's most (its default is 4,094): a query of MAX_QUERY_CHARS accented letters
            # is 6,000 bytes URL-encoded, and the app promises to cut a long query, not refuse it.
            "limit_request_line": 8190,
            "keepalive": opts.timeout,
            "timeout": max(30, opts.timeout * 3),  # a worker silent this long is restarted
            "graceful_timeout": 10,
            "preload_app": True,
            "loglevel": "warning",
            "errorlog": "-",
            "accesslog": None,
            "when_ready": self._ready,
        }
        for key, value in settings.items():
            self.cfg.set(key, value)

    def load(self):
        """The WSGI app (built once, in the master, before the workers fork)."""
        return self.load_app()

    def _ready(self, arbiter) -> None:
        """Say where we listen, once the socket is bound (port 0 picks a free one)."""
        host, port = arbiter.LISTENERS[0].sock.getsockname()[:2]
        self.announce(host, port)
        sys.stderr.flush()


def serve(load_app, options: ServeOptions, announce) -> None:
    """Run until stopped (Ctrl-C or SIGTERM stop the workers gracefully); OSError if the port is taken."""
    check_address(options.host, options.port)
    Server(load_app, options, announce).run()


def check_address(host: str, port: int) -> None:
    """Fail at once, as one clear OSError, when the address cannot be bound (gunicorn would retry, then exit 1)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise OSError(exc.errno, f"cannot listen on {host}:{port}: {exc.strerror}") from None
