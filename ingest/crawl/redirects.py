"""Redirects taken one hop at a time, so each target is checked (robots.txt included) before it is asked for."""
from __future__ import annotations

import urllib.request
from email.message import Message
from typing import Callable
from urllib.parse import urldefrag

from ingest.crawl.urls import check_url
from ingest.errors import FetchError

# urllib's own limit: a longer chain is broken even if it never comes back to an address.
MAX_HOPS = 10
DISALLOWED = "which is disallowed by robots.txt (the site asks crawlers to leave it alone); not fetched"
_BROKEN = "the site's redirect is broken, pass the address the page really has"


class Redirect(Exception):
    """A redirect urllib would have followed, handed back with its target instead."""

    def __init__(self, code: int, reason: str, headers: Message, target: str):
        super().__init__(target)
        self.code, self.reason, self.headers, self.target = code, reason, headers, target


class HandBack(urllib.request.HTTPRedirectHandler):
    """Raises Redirect rather than following: urllib would take the hop unchecked, in the wrong host's turn."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        """Redirect with the target as urllib spells it (absolute, spaces and non-ASCII quoted)."""
        fp.close()
        raise Redirect(code, msg, headers, newurl)

    def http_error_302(self, req, fp, code, msg, headers):
        """As urllib's, but a target it cannot even parse ("http://[::1/x") is handed back as sent, for next_hop."""
        try:
            return super().http_error_302(req, fp, code, msg, headers)
        except ValueError:  # raised by urllib.parse before redirect_request is reached
            fp.close()
            raise Redirect(code, msg, headers, headers.get("location") or headers.get("uri", "")) from None

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def next_hop(chain: list[str], code: int, target: str) -> str:
    """The target as pages spell URLs, or FetchError when the redirect can never be followed."""
    # No retry mends these, and a loop caught here costs no round trip (urllib needed several).
    try:
        target = urldefrag(check_url(target)).url
    except FetchError as exc:
        problem = exc.reason.split(";")[0]  # what is wrong; the advice to the user does not apply here
    else:
        problem = "a redirect loop (this fetch has been there)" if target in chain else ""
        if not problem and len(chain) > MAX_HOPS:
            problem = f"more than {MAX_HOPS} redirects in a row"
    if problem:
        raise refused(chain, code, target, f"which is not followed: {problem}; {_BROKEN}")
    return target


def check_allowed(chain: list[str], code: int, target: str, allowed: Callable[[str], bool]) -> None:
    """FetchError naming both URLs when the target's robots.txt disallows it, or cannot be read."""
    try:
        ok = allowed(target)
    except FetchError as exc:
        why = f"which is not fetched: {exc.reason} (while reading {exc.location})"
        raise refused(chain, code, target, why) from None
    if not ok:
        raise refused(chain, code, target, DISALLOWED)


def refused(chain: list[str], code: int, target: str, why: str) -> FetchError:
    """One line naming the URL asked for, the target not taken (and any hops between), and why."""
    via = f" (by way of {', '.join(chain[1:])})" if len(chain) > 1 else ""
    return FetchError(chain[0], f"HTTP {code} redirects to {target}{via}, {why}")
