"""Which Host headers are answered: the names of TRUSTED_HOSTS, in any letter case, IPv6 literals included.

Flask hands TRUSTED_HOSTS to werkzeug, whose check matches no IPv6 literal ("[::1]:5000" is never
"::1") and no other letter case ("LOCALHOST"); so the app checks the header itself, before any view.
"""
from __future__ import annotations

import re

from flask import Flask, current_app, request
from werkzeug.exceptions import SecurityError

# A host name or IPv4 address, or an IPv6 literal in brackets; then an optional port.
_HOST = re.compile(r"(?P<name>[a-z0-9.-]+|\[[a-f0-9:.]+\])(?::(?P<port>\d{1,5}))?", re.ASCII)


def host_name(header: str) -> str | None:
    """The name a Host header gives, lower case, an IPv6 literal without brackets; None if malformed."""
    match = _HOST.fullmatch(header.strip().lower())
    if match is None or (match["port"] and not 1 <= int(match["port"]) <= 65535):
        return None
    return match["name"].strip("[]")


def is_trusted(header: str, trusted) -> bool:
    """Whether the header names one of the trusted hosts (".example.org" also answers its subdomains)."""
    name = host_name(header)
    if name is None:
        return False
    for ref in trusted:
        ref = ref.lower().strip("[]")
        if name == ref.lstrip(".") or (ref.startswith(".") and name.endswith(ref)):
            return True
    return False


def check_host() -> None:
    """Refuse a request whose Host header is not trusted (a 400 naming it, from webapp.errors)."""
    header = request.host  # the Host header, or the server's address when a client sends none
    if not is_trusted(header, current_app.config["ANSWERED_HOSTS"]):
        raise SecurityError(f"Host {header!r} is not trusted.")


def init_app(app: Flask) -> None:
    """Check hosts ourselves, first of every request; Flask's own check is turned off (see above)."""
    app.config["ANSWERED_HOSTS"] = tuple(app.config["TRUSTED_HOSTS"])
    app.config["TRUSTED_HOSTS"] = None
    app.before_request(check_host)
