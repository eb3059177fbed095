"""Web errors: one JSON envelope for the API, one HTML error page for the rest.

Exceptions are converted here, at the edge, and nowhere else.
"""
from __future__ import annotations

import traceback
from pathlib import Path
from urllib.parse import quote

from flask import Flask, current_app, jsonify, redirect, render_template, request
from flask.globals import request_ctx
from werkzeug.exceptions import HTTPException, NotFound, SecurityError

from corpus import CorpusError, NoCorpusError, UnknownIdError

API_PREFIX = "/api/"
SUGGEST = "/suggest"


class WebError(Exception):
    """An error with an HTTP status and a message that says how to fix it."""

    status = 400

    def __init__(self, message: str, status: int | None = None, **extra):
        super().__init__(message)
        self.message = message
        self.status = status or self.status
        self.extra = extra


class BadParameter(WebError):
    """A query parameter out of range; the message and the envelope name it."""

    def __init__(self, name: str, problem: str):
        super().__init__(f"parameter {name!r} {problem}", 400, parameter=name)


class ConfigError(Exception):
    """instance/config.py could not be run or sets a value of the wrong kind; names the file and line."""

    def __init__(self, path: Path, reason: str, line: int | None = None):
        where = f"{path}, line {line}" if line else str(path)
        super().__init__(f"{where}: {reason}; fix the file (see the README's web settings) or remove it")

    @classmethod
    def raised(cls, path: Path, exc: BaseException) -> "ConfigError":
        """The error for an exception raised while running the file, at the line that raised it."""
        if isinstance(exc, SyntaxError):
            return cls(path, exc.msg, exc.lineno)
        frames = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == str(path)]
        return cls(path, f"{type(exc).__name__}: {exc}", frames[-1] if frames else None)


def error_body(message: str, status: int, **extra) -> dict:
    """The one error envelope: {"ok": false, "error": …, "status": …} plus details."""
    return {"ok": False, "error": message, "status": status, **extra}


def wants_json() -> bool:
    """API addresses get JSON errors, even ones that match no route; so do the address bar's completions,
    which a browser reads as JSON, never as a page."""
    return request.path.startswith(API_PREFIX) or request.path in (API_PREFIX.rstrip("/"), SUGGEST)


def respond(message: str, status: int, title: str, **extra):
    """The error as an envelope or as a page, whichever the address calls for."""
    if wants_json():
        return jsonify(error_body(message, status, **extra)), status
    if request_ctx.url_adapter is None:  # an untrusted Host: no URL can be built, so no page template
        return f"{status} {title}: {message}\n", status, {"Content-Type": "text/plain; charset=utf-8"}
    suggestions = extra.get("suggestions") or []
    html = render_template("error.html", title=title, message=message, status=status,
                           suggestions=suggestions, query=extra.get("query", ""))
    return html, status


def _not_found(message: str):
    """404 with pages the address may have meant, found by searching its words."""
    from webapp.views import suggestions  # needs the corpus, which may itself be missing

    target = _without_slash()
    if target:
        return redirect(target, 308)
    words = request.path.rsplit("/", 2)[-2:] if request.path else []
    query = " ".join(w for w in words if w not in ("rules", "r", "api", "topics"))
    try:
        found = suggestions(query)
    except CorpusError:
        found = []
    return respond(message, 404, "Not found", suggestions=found, query=query.replace("-", " "))


def _without_slash() -> str | None:
    """The address less a trailing slash (`/rules/space-cannon/`), when that one exists."""
    path = request.path
    if len(path) < 2 or not path.endswith("/"):
        return None
    return _if_routed(path.rstrip("/") or "/")


def _in_lower_case() -> str | None:
    """The address in lower case (`/Rules/Space-Cannon`), when that one exists: addresses are read in any
    letter case, the route's words as well as the id (every id and slug is lower case)."""
    path = request.path
    if request.method not in ("GET", "HEAD") or path.lower() == path:
        return None
    return _if_routed(path.lower())


def _if_routed(path: str) -> str | None:
    """`path` with the request's query string, when a route answers it."""
    try:
        current_app.url_map.bind("").match(path, method=request.method)
    except NotFound:
        return None
    except HTTPException:  # a redirect or 405 there still means the address exists
        pass
    query = request.query_string.decode("latin-1")
    path = quote(path, safe="/!$&'()*+,;=:@")  # request.path is decoded: a %0A must stay escaped in Location
    return f"{request.script_root}{path}?{query}" if query else f"{request.script_root}{path}"


def handle_http(exc: HTTPException):
    """Werkzeug's errors (404, 405, …) in our shape."""
    if exc.code == 404:
        target = _in_lower_case()  # only where no route matched: an unknown id in its route stays one 404
        if target:
            return redirect(target, 302)
        return _not_found(f"nothing at {request.path}; search for it instead")
    if isinstance(exc, SecurityError):  # the Host header is not one of TRUSTED_HOSTS
        return respond(f"{exc.description} Add the site's public name to TRUSTED_HOSTS in instance/config.py.",
                       400, "Unknown host")
    body, status, *headers = respond(exc.description or exc.name, exc.code or 500, exc.name)
    # Keep what the exception says in headers (a 405's Allow, a 401's WWW-Authenticate), not its body type.
    extra = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
    return body, status, {**(headers[0] if headers else {}), **extra}


def handle_unknown_id(exc: UnknownIdError):
    """An id or slug that no entry has."""
    return _not_found(f"{exc}; search for it instead")


def handle_no_corpus(exc: NoCorpusError):
    """No corpus yet: say which folder and what to run."""
    return respond(f"{exc}. Build it with `mecatol ingest --instance {exc.instance}`, then reload.",
                   503, "No rules loaded yet")


def handle_corpus(exc: CorpusError):
    """A broken or half-written corpus."""
    return respond(str(exc), 503, "Rules unavailable")


def handle_web(exc: WebError):
    """Our own errors: bad parameters and the like."""
    return respond(exc.message, exc.status, "Not found" if exc.status == 404 else "Bad request", **exc.extra)


def handle_unexpected(exc: Exception):
    """A bug: log it, and show a short message rather than a stack trace."""
    if isinstance(exc, HTTPException):
        return handle_http(exc)
    current_app.logger.exception("unhandled error on %s", request.path)
    return respond("internal error; it has been logged", 500, "Something went wrong")


def init_app(app: Flask) -> None:
    """Register the handlers, most specific first."""
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(UnknownIdError, handle_unknown_id)
    app.register_error_handler(NoCorpusError, handle_no_corpus)
    app.register_error_handler(CorpusError, handle_corpus)
    app.register_error_handler(WebError, handle_web)
    app.register_error_handler(Exception, handle_unexpected)
