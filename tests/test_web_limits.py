"""Limits and hostile input: body size, JSON of any shape, field lengths, strict numbers, Host headers."""
from __future__ import annotations

import pytest

from webapp import create_app
from webapp.corpus_access import close_app

TEN_MB = 10_000_000


def post_json(client, data: bytes | str):
    """POST raw bytes to the resolver as JSON."""
    return client.post("/api/resolve", data=data, content_type="application/json")


@pytest.mark.parametrize("path", ["/api/resolve", "/api/search?q=pds"])
def test_ten_megabyte_body_is_a_413_envelope(client, path):
    response = client.post(path, data=b"x" * TEN_MB, content_type="application/json") if path == "/api/resolve" \
        else client.open(path, method="GET", data=b"x" * TEN_MB)
    assert response.status_code == 413
    assert response.json["ok"] is False and response.json["status"] == 413
    assert "MAX_CONTENT_LENGTH" in response.json["error"]


def test_large_body_is_refused_unread(app):
    """The Content-Length alone decides: a body that would raise if read is never read."""
    class Exploding:
        def read(self, *args):
            raise AssertionError("the body was read")

    environ = {"CONTENT_LENGTH": str(TEN_MB), "CONTENT_TYPE": "application/json", "wsgi.input": Exploding()}
    response = app.test_client().post("/api/resolve", environ_overrides=environ)
    assert response.status_code == 413


@pytest.mark.parametrize("depth", [1_000, 19_000])
@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deeply_nested_json_is_a_400(client, depth, opener):
    response = post_json(client, opener * depth)
    assert response.status_code == 400
    assert response.json["field"] == "body" and "nested" in response.json["error"]


@pytest.mark.parametrize("inside", ["", "1", '"x"'])
def test_nesting_counts_arrays_and_objects_up_to_the_limit(client, inside):
    limit = client.application.config["MAX_JSON_DEPTH"]
    at_limit = post_json(client, '{"ability":' + "[" * (limit - 1) + inside + "]" * (limit - 1) + "}")
    over = post_json(client, '{"ability":' + "[" * limit + inside + "]" * limit + "}")
    assert at_limit.status_code == 400 and "nested" not in at_limit.json["error"]  # refused for its shape
    assert over.status_code == 400 and "nested" in over.json["error"]


@pytest.mark.parametrize("data", [
    "", "nul", b"\xff\xfe\x00", "[]", "1", '"x"', "null", "true", "1e999", "NaN", "[" * 17 + "]" * 17,
    '{"ability": {"x": 1}}', '{"ability": "space_cannon", "units": "PDS"}', '{"ability": "space_cannon", '
    '"units": [[[]]]}', '{"ability": "space_cannon", "units": [{"name": null}]}', "9" * 5000,
])
def test_json_of_any_shape_is_a_400_not_a_500(client, data):
    response = post_json(client, data)
    assert response.status_code == 400, response.json
    assert response.json["ok"] is False and response.json["field"]


def test_long_json_string_is_refused_before_parsing_it(client):
    body = {"ability": "bombardment", "units": [{"name": "Dreadnought II"}], "rolls": "5" * 50_000}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 400
    assert response.json["field"] == "rolls" and "longer than 200" in response.json["error"]


def test_long_field_names_its_place(client):
    response = client.post("/api/resolve", json={"ability": "space_cannon", "units": [{"value": "5" * 300}]})
    assert response.status_code == 400 and response.json["field"] == "units[0].value"


def test_long_parameter_is_a_400_naming_it(client):
    response = client.get("/api/search?q=pds&kind=" + "x" * 300)
    assert response.status_code == 400 and response.json["parameter"] == "kind"


def test_long_query_is_cut_not_refused(client):
    response = client.get("/api/search?q=" + "pds+" * 3000)
    assert response.status_code == 200 and len(response.json["query"]) <= client.application.config["MAX_QUERY_CHARS"]


@pytest.mark.parametrize("limit", ["١٠", "1_0", "+5", " 5", "5 ", "5.0", "0x10", "１０", "-1", "99999999999999"])
def test_limit_must_be_plain_ascii_digits(client, limit):
    response = client.get("/api/search", query_string={"q": "pds", "limit": limit})
    assert response.status_code == 400
    assert response.json["parameter"] == "limit" and "limit" in response.json["error"]


def test_plain_limit_is_accepted(client):
    assert len(client.get("/api/search?q=pds&limit=3").json["results"]) == 3


@pytest.mark.parametrize("path", ["/opensearch.xml", "/r/77.7d", "/api/search?q=pds", "/search?q=pds"])
def test_untrusted_host_is_refused_not_reflected(client, path):
    response = client.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "evil.example" not in response.headers.get("Location", "")
    assert b"//evil.example" not in response.data


@pytest.mark.parametrize("host, status", [
    ("[::1]:5329", 200), ("[::1]", 200), ("LOCALHOST:5322", 200), ("127.0.0.1", 200),
    ("[::2]:5329", 400), ("localhost:99999", 400), ("local host", 400), ("evil.example", 400),
])
def test_trusted_hosts_are_matched_in_any_case_and_as_ipv6_literals(client, host, status):
    # TRUSTED_HOSTS holds "::1" and "localhost": a browser sends "[::1]:5329", or the name in capitals.
    assert client.get("/opensearch.xml", headers={"Host": host}).status_code == status


def test_trusted_host_gets_its_name_in_absolute_urls(client):
    body = client.get("/opensearch.xml", headers={"Host": "127.0.0.1:5000"}).get_data(as_text=True)
    assert 'template="http://127.0.0.1:5000/search?q={searchTerms}"' in body


def test_server_name_is_used_for_absolute_urls(web_instance):
    app = create_app({"TESTING": True, "INSTANCE": str(web_instance), "SERVER_NAME": "rules.example.org",
                      "TRUSTED_HOSTS": ["rules.example.org"]})
    body = app.test_client().get("/opensearch.xml", headers={"Host": "rules.example.org"}).get_data(as_text=True)
    close_app(app)
    assert 'template="http://rules.example.org/search?q={searchTerms}"' in body


@pytest.mark.parametrize("line, named", [
    ('SEARCH_LIMIT = "ten"', "SEARCH_LIMIT"),
    ("MAX_QUERY_CHARS = None", "MAX_QUERY_CHARS"),
    ("MAX_SEARCH_LIMIT = 0", "MAX_SEARCH_LIMIT"),
    ('TRUSTED_HOSTS = "rules.example.org"', "TRUSTED_HOSTS"),
    ("SERVER_NAME = 443", "SERVER_NAME"),
    ("MAX_SEARCH_LIMIT = 5", "SEARCH_LIMIT"),  # the default 10 hits would be more than any ?limit= may ask
    # The box's own requests and /suggest ask for TYPEAHEAD_LIMIT hits: above the most, every one was a 400.
    ("TYPEAHEAD_LIMIT = 500", "TYPEAHEAD_LIMIT"),
    ('SEND_FILE_MAX_AGE_DEFAULT = "x"', "SEND_FILE_MAX_AGE_DEFAULT"),  # was a 500 on every static file
    ("SEND_FILE_MAX_AGE_DEFAULT = -1", "SEND_FILE_MAX_AGE_DEFAULT"),
])
def test_a_mistyped_setting_in_config_py_is_named_at_start(tmp_path, line, named):
    from webapp.errors import ConfigError

    (tmp_path / "config.py").write_text(f"{line}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"^{tmp_path / 'config.py'}: {named} must be"):
        create_app({"INSTANCE": str(tmp_path)})


def test_well_typed_settings_in_config_py_are_taken(tmp_path):
    (tmp_path / "config.py").write_text('SEARCH_LIMIT = 3\nCACHE_MAX_AGE = 0\nTRUSTED_HOSTS = ("rules.example.org",)\n'
                                        'SERVER_NAME = "rules.example.org"\n', encoding="utf-8")
    app = create_app({"INSTANCE": str(tmp_path)})
    assert app.config["SEARCH_LIMIT"] == 3 and app.config["CACHE_MAX_AGE"] == 0


@pytest.mark.parametrize("value", ["0", "None", "timedelta(hours=2)"])
def test_flask_kinds_of_static_file_lifetime_are_taken(tmp_path, value):
    (tmp_path / "config.py").write_text(f"from datetime import timedelta\nSEND_FILE_MAX_AGE_DEFAULT = {value}\n",
                                        encoding="utf-8")
    assert create_app({"INSTANCE": str(tmp_path)}).config["SEND_FILE_MAX_AGE_DEFAULT"] == eval(
        value, {"timedelta": __import__("datetime").timedelta})


def test_a_config_py_that_exits_is_named_with_its_line(tmp_path):
    from webapp.errors import ConfigError

    (tmp_path / "config.py").write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"^{tmp_path / 'config.py'}, line 2: SystemExit: 3"):
        create_app({"INSTANCE": str(tmp_path)})
