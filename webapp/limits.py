"""Request limits, checked before anything is parsed: body size, JSON shape, parameter lengths.

Every refusal is a WebError (400, or 413 for a body too large) naming the field, so the
API answers in its envelope and no input, however large or deep, costs more than reading it.
"""
from __future__ import annotations

import json
import re

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from webapp.errors import BadParameter, WebError

# Parameters whose long values are cut rather than refused (see MAX_QUERY_CHARS).
CUT_PARAMS = frozenset({"q"})


def check_request() -> None:
    """Before any view: refuse an over-long body by its Content-Length, and over-long parameters."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is not None and (request.content_length or 0) > limit:
        raise RequestEntityTooLarge(f"the request body is larger than {limit} bytes (MAX_CONTENT_LENGTH)")
    most = current_app.config["MAX_FIELD_CHARS"]
    for name, value in request.args.items(multi=True):
        if name not in CUT_PARAMS and len(value) > most:
            raise BadParameter(name, f"is longer than {most} characters")


def whole_number(raw: str | None, name: str, low: int, high: int, default: int) -> int:
    """An ASCII whole number in [low, high] (no "١٠", "1_0", "+5" or " 5"); default when absent."""
    if raw is None or raw == "":
        return default
    if not re.fullmatch(r"[0-9]{1,9}", raw) or not low <= int(raw) <= high:
        raise BadParameter(name, f"must be a whole number from {low} to {high}")
    return int(raw)


def json_body():
    """The request's JSON value, checked for size, depth and field lengths; WebError naming the field.

    Its shape (an object with the right keys) is the reader's to check.
    """
    if not request.is_json:
        raise WebError("body: send a JSON object with Content-Type: application/json", 400, field="body")
    raw = _body()
    try:
        body = json.loads(raw)
    except RecursionError:
        raise WebError(_too_deep(), 400, field="body") from None
    except ValueError as exc:  # includes bytes that are not UTF-8
        raise WebError(f"body: is not valid JSON ({exc})", 400, field="body") from None
    _check_shape(body)
    return body


def _body() -> bytes:
    """The request's body; RequestEntityTooLarge (413) past MAX_CONTENT_LENGTH, however it is sent."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is None or request.content_length is not None or "wsgi.input_terminated" not in request.environ:
        return request.get_data(cache=True)  # Werkzeug refuses a Content-Length past the limit
    # A chunked body has no length to check first, and Werkzeug would cut it at the limit and
    # hand on what came; one byte more than the limit tells a body that is too large.
    raw = request.environ["wsgi.input"].read(limit + 1)
    if len(raw) > limit:
        raise RequestEntityTooLarge(f"the request body is larger than {limit} bytes (MAX_CONTENT_LENGTH)")
    return raw


def _check_shape(body) -> None:
    """Walk the parsed body without recursion: depth and string lengths within the limits."""
    most, deepest = current_app.config["MAX_FIELD_CHARS"], current_app.config["MAX_JSON_DEPTH"]
    stack = [("body", body, 1)]  # depth: the arrays and objects a value is or sits in, the body's own counting 1
    while stack:
        path, value, depth = stack.pop()
        if depth > deepest and isinstance(value, (dict, list)):
            raise WebError(_too_deep(), 400, field="body")
        if isinstance(value, str) and len(value) > most:
            raise WebError(f"{path}: is longer than {most} characters", 400, field=path)
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key) > most:
                    raise WebError(f"{path}: has a key longer than {most} characters", 400, field=path)
                stack.append((key if path == "body" else f"{path}.{key}", item, depth + 1))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item, depth + 1) for i, item in enumerate(value))


def _too_deep() -> str:
    """The message for a body nested too deeply."""
    return f"body: nested more than {current_app.config['MAX_JSON_DEPTH']} levels deep"


def init_app(app: Flask) -> None:
    """Check every request's size and parameters before its view runs."""
    app.before_request(check_request)
