"""Web test fixtures: an app over a corpus ingested from the real mirror, plus a tiny built one.

conftest.py registers this module as a plugin, so every test module can use its fixtures.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from corpus import index, store
from corpus.model import Entry, Source
from ingest.steps.crosslink import crosslink
from shared import shared_dir
from workers import ingest_in_turn
from webapp import create_app
from webapp.corpus_access import close_app


@pytest.fixture(scope="session")
def web_instance(tmp_path_factory) -> Path:
    """An instance folder with the tirules mirror ingested once for the whole session."""
    mirror = shared_dir() / "mirror" / "tirules"
    if not mirror.is_dir():
        pytest.fail(f"shared mirror not found at {mirror}: set MECATOL_SHARED")
    folder = tmp_path_factory.mktemp("web-instance")
    ingest_in_turn(tmp_path_factory, [str(mirror)], folder)
    return folder


@pytest.fixture(scope="session")
def web_app(web_instance: Path):
    """One app for the session, so pages rendered once stay cached between tests."""
    app = create_app({"TESTING": True, "INSTANCE": str(web_instance)})
    yield app
    close_app(app)


@pytest.fixture
def app(web_app):
    """The app over the mirror corpus."""
    return web_app


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()


@pytest.fixture(scope="session")
def default_client(default_instance):
    """A test client for an app over the default sources (card text and faction sheets included)."""
    app = create_app({"TESTING": True, "INSTANCE": str(default_instance[0])})
    yield app.test_client()
    close_app(app)


@pytest.fixture
def runner(app):
    """A CLI runner for the app."""
    return app.test_cli_runner()


def tiny_entries(extra: str = "") -> list[Entry]:
    """A hand-built corpus: two topics, rules that cite each other, a note, an FAQ, a question."""
    src = [Source("test", "https://example.org/rules")]
    return [
        Entry("pds", "topic", "pds", "PDS", "A PDS is a structure.", "A PDS is a structure.", src,
              number="65", order=1, refs=["space-cannon"]),
        Entry("65.1", "rule", "pds", "PDS rule", "Each PDS has Space Cannon.",
              'Each PDS has <span class="sc">Space Cannon</span>.', src, parent="pds", number="65.1", order=1),
        Entry("space-cannon", "topic", "space-cannon", "Space Cannon", "Units shoot." + extra,
              "Units shoot." + extra, src, number="77", category="Unit Ability", order=2),
        Entry("77.3", "rule", "space-cannon", "Roll dice", "Roll dice; see 65.1 and 99.9.",
              "Roll dice; see 65.1 and 99.9.", src, parent="space-cannon", number="77.3", order=1),
        Entry("77.7d", "rule", "space-cannon", "Adjacent", "No effect during defense (77.3).",
              "No effect during defense (77.3). A PDS in an <b>active system</b>.", src,
              parent="space-cannon", number="77.7d", order=2),
        Entry("space-cannon.note-1", "note", "space-cannon", "A note", "As 77.3 says, a PDS fires.",
              "As 77.3 says, a <a class=\"xref\" data-ref=\"pds\">PDS</a> fires.", src,
              parent="space-cannon", number="I", order=3, authority="community-note"),
        Entry("faq.units.abc123", "faq", "pds", "Can a PDS fire twice?", "Q: Can a PDS fire twice?\nA: No.",
              "No, see 77.3.", src, order=9, authority="official-faq", refs=["77.3", "pds"], rules=["77.3"]),
        Entry("question.space-cannon.1", "question", "space-cannon", "Does it work?", "Does it work?",
              "Does it work?", src, order=9, authority="open-question"),
    ]


def publish_tiny(instance: Path, extra: str = "") -> Path:
    """Publish the tiny corpus into an instance folder (a new version each call)."""
    entries = crosslink(tiny_entries(extra))  # as ingest stores them: references resolved
    return store.publish(instance, entries, {"counts": {}}, index.build)


@pytest.fixture
def tiny_app(tmp_path: Path):
    """An app over the tiny corpus, closed after the test."""
    publish_tiny(tmp_path)
    app = create_app({"TESTING": True, "INSTANCE": str(tmp_path)})
    yield app
    close_app(app)
