"""Mecatol's web app: rules pages, search, and their JSON twins."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

DEFAULTS = {
    "INSTANCE": "instance",        # folder holding the corpus; $MECATOL_INSTANCE overrides
    "SEARCH_LIMIT": 10,            # hits per search unless ?limit= says otherwise
    "MAX_SEARCH_LIMIT": 100,       # the largest ?limit= accepted
    "MAX_QUERY_CHARS": 300,        # longer queries are cut, not refused
    "TYPEAHEAD_LIMIT": 8,          # hits under the box while typing
    "SEND_FILE_MAX_AGE_DEFAULT": 86400,  # static files; their URLs carry a content hash
    "CACHE_MAX_AGE": 300,          # seconds a proxy or browser may keep a page or JSON answer
    "MAX_CONTENT_LENGTH": 100_000,  # bytes of request body; more is refused with 413 unread
    "MAX_FIELD_CHARS": 200,        # longest parameter or JSON string (except q, which is cut)
    "MAX_JSON_DEPTH": 16,          # deepest nesting of a JSON body
    "TRUSTED_HOSTS": ["localhost", "127.0.0.1", "::1"],  # Host headers answered; others get 400
    "SERVER_NAME": None,           # the public host name, used in absolute URLs when set
}


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: defaults, then the instance folder's config.py, then test_config."""
    test_config = test_config or {}
    instance = Path(test_config.get("INSTANCE") or os.environ.get("MECATOL_INSTANCE")
                    or DEFAULTS["INSTANCE"]).absolute()
    app = Flask(__name__, instance_path=str(instance), instance_relative_config=True)
    app.config.from_mapping(DEFAULTS, INSTANCE=str(instance))
    try:
        app.config.from_pyfile("config.py", silent=True)
    except Exception as exc:  # the file is the user's own Python: whatever it raises is theirs to fix
        from webapp.errors import ConfigError
        raise ConfigError(instance / "config.py", exc) from None
    app.config.from_mapping(test_config)
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    from webapp import api, caching, corpus_access, errors, limits, pages, resolver, security, widget

    corpus_access.init_app(app)
    errors.init_app(app)
    limits.init_app(app)
    caching.init_app(app)
    security.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(resolver.bp)
    app.register_blueprint(widget.bp)
    return app
