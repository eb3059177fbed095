"""HTTP caching: ETag from the corpus version and the code, Cache-Control, 304 on a conditional GET."""
from __future__ import annotations

import re

import pytest

from web_fixtures import publish_tiny
from webapp import create_app
from webapp.corpus_access import close_app

CACHED = ["/", "/rules/space-cannon", "/search?q=pds", "/api/search?q=pds", "/api/topics/space-cannon",
          "/api/rules/77.7d", "/opensearch.xml", "/api/resolve/catalogue?ability=space_cannon", "/r/77.7d"]


@pytest.mark.parametrize("path", CACHED)
def test_answers_carry_an_etag_and_a_lifetime(client, path):
    response = client.get(path)
    assert response.status_code in (200, 302)
    assert re.fullmatch(r'"[0-9a-f]{20}"', response.headers["ETag"])
    assert response.headers["Cache-Control"] == "public, max-age=300"


@pytest.mark.parametrize("path", CACHED)
def test_conditional_get_is_a_304_without_a_body(client, path):
    etag = client.get(path).headers["ETag"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag


def test_an_address_with_no_page_is_a_404_whatever_the_client_sends(client):
    etag = client.get("/rules/space-cannon").headers["ETag"]
    for path in ("/rules/does-not-exist", "/api/rules/does-not-exist"):
        assert client.get(path, headers={"If-None-Match": etag}).status_code == 404


def test_a_304_for_an_address_answered_before_renders_nothing(app, client):
    from flask import template_rendered

    rendered = []

    def record(sender, template, context, **extra):
        rendered.append(template.name)

    etag = client.get("/rules/space-cannon?seen=yes").headers["ETag"]
    with template_rendered.connected_to(record, app):
        again = client.get("/rules/space-cannon?seen=yes", headers={"If-None-Match": etag})
        first_time = client.get("/rules/pds?seen=no", headers={"If-None-Match": etag})  # same ETag, new address
    assert (again.status_code, first_time.status_code) == (304, 304) and rendered == ["page.html"]


def test_answers_with_other_links_have_another_etag(client):
    # The OpenSearch description and citations carry absolute links: a cache must not mix them.
    plain, secure = (client.get("/opensearch.xml", base_url=base) for base in ("http://localhost", "https://localhost"))
    assert plain.data != secure.data and plain.headers["ETag"] != secure.headers["ETag"]
    again = client.get("/opensearch.xml", base_url="https://localhost", headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 200 and b"https://localhost/" in again.data


def test_a_stale_etag_gets_the_full_answer(client):
    response = client.get("/rules/space-cannon", headers={"If-None-Match": '"0123456789abcdef0123"'})
    assert response.status_code == 200 and b"Space Cannon" in response.data


def test_static_files_answer_conditional_gets(client):
    page = client.get("/rules/space-cannon").get_data(as_text=True)
    asset = re.search(r'href="(/static/style\.css\?v=[0-9a-f]+)"', page)[1]
    with client.get(asset) as first:
        assert first.status_code == 200 and "max-age=86400" in first.headers["Cache-Control"]
        assert "public" in first.headers["Cache-Control"]
    with client.get(asset, headers={"If-None-Match": first.headers["ETag"]}) as again:
        assert again.status_code == 304


@pytest.mark.parametrize("method, path, status", [
    ("get", "/api/search?q=pds&limit=0", 400), ("get", "/rules/no-such-page", 404),
    ("post", "/api/resolve", 400), ("get", "/api/nothing", 404), ("get", "/static/nope.css", 404),
])
def test_errors_and_posts_are_not_cached(client, method, path, status):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response.headers["Cache-Control"] == "no-store" and "ETag" not in response.headers


def test_a_new_corpus_changes_the_etag(tmp_path):
    publish_tiny(tmp_path)
    app = create_app({"TESTING": True, "INSTANCE": str(tmp_path)})
    client = app.test_client()
    before = client.get("/rules/space-cannon").headers["ETag"]
    publish_tiny(tmp_path, extra=" Now with more words.")
    after = client.get("/rules/space-cannon", headers={"If-None-Match": before})
    close_app(app)
    assert after.status_code == 200 and after.headers["ETag"] != before
    assert b"Now with more words." in after.data
