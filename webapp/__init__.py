"""Mecatol's web app: rules pages, search, and their JSON twins."""
from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from flask import Flask

DEFAULTS = {
    "INSTANCE": "instance",        # folder holding the corpus; $MECATOL_INSTANCE overrides
    "SEARCH_LIMIT": 10,            # hits per search unless ?limit= says otherwise
    "MAX_SEARCH_LIMIT": 100,       # the largest ?limit= accepted
    "MAX_QUERY_CHARS": 1000,       # longer queries are cut, not refused (corpus.typed.MAX_QUERY)
    "TYPEAHEAD_LIMIT": 8,          # hits under the box while typing
    "SEND_FILE_MAX_AGE_DEFAULT": 86400,  # static files; their URLs carry a content hash
    "CACHE_MAX_AGE": 300,          # seconds a proxy or browser may keep a page or JSON answer
    "MAX_CONTENT_LENGTH": 100_000,  # bytes of request body; more is refused with 413 unread
    "MAX_FIELD_CHARS": 200,        # longest parameter or JSON string (except q, which is cut)
    "MAX_JSON_DEPTH": 16,          # most arrays and objects nested in a JSON body
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
    except (Exception, SystemExit) as exc:  # the file is the user's own Python: whatever it raises is theirs to fix
        from webapp.errors import ConfigError
        raise ConfigError.raised(instance / "config.py", exc) from None
    check_settings(app.config, instance / "config.py")
    app.config.from_mapping(test_config)
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    from webapp import api, caching, corpus_access, errors, hosts, limits, pages, resolver, security, widget

    hosts.init_app(app)  # first: no other hook sees an untrusted Host
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


def check_settings(config, path: Path) -> None:
    """Each web setting is of its default's kind, so a slip in config.py is named at start, not a 500 later."""
    from webapp.errors import ConfigError

    for name, default in DEFAULTS.items():
        value = config[name]
        if name == "SEND_FILE_MAX_AGE_DEFAULT" and (value is None or isinstance(value, timedelta)):
            continue  # Flask's own setting, which also takes these
        if isinstance(default, int):
            least = 0 if name in ("CACHE_MAX_AGE", "SEND_FILE_MAX_AGE_DEFAULT") else 1
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ConfigError(path, f"{name} must be a whole number of at least {least}, not {value!r}")
        elif isinstance(default, list):
            if not isinstance(value, (list, tuple)) or not all(isinstance(host, str) for host in value):
                raise ConfigError(path, f"{name} must be a list of host names, not {value!r}")
        elif name == "SERVER_NAME" and not (value is None or isinstance(value, str)):
            raise ConfigError(path, f"{name} must be a host name or None, not {value!r}")
    for name in ("SEARCH_LIMIT", "TYPEAHEAD_LIMIT"):  # the type-ahead and /suggest ask /api/search for theirs
        if config[name] > config["MAX_SEARCH_LIMIT"]:
            raise ConfigError(path, f"{name} must be at most MAX_SEARCH_LIMIT ({config['MAX_SEARCH_LIMIT']}, "
                                    f"the most hits a search may ask for), not {config[name]!r}")
