"""Shared fixtures: the shared data folder and a corpus ingested from the real mirror."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from shared import shared_dir
from workers import ingest_in_turn, run_root

DATA = Path(__file__).parent / "data"
# The web and browser fixtures live in their own modules.
pytest_plugins = ["web_fixtures", "browser_fixtures"]


@pytest.fixture(scope="session", autouse=True)
def vector_cache(tmp_path_factory) -> Path:
    """One sentence-vector cache for the run (or $MECATOL_CACHE's): each text is encoded once, not per ingest or worker."""
    folder = os.environ.get("MECATOL_CACHE") or str(run_root(tmp_path_factory) / "vector-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MECATOL_CACHE", folder)  # subprocesses (`mecatol ingest`) inherit it too
        yield Path(folder)


@pytest.fixture(scope="session")
def shared() -> Path:
    """The read-only shared folder; its absence is an error, not a skip."""
    folder = shared_dir()
    if not (folder / "mirror" / "tirules").is_dir():
        pytest.fail(f"shared data not found at {folder}: set MECATOL_SHARED")
    return folder


@pytest.fixture(scope="session")
def mirror(shared: Path) -> Path:
    """The tirules mirror snapshot."""
    return shared / "mirror" / "tirules"


@pytest.fixture()
def small_source(tmp_path: Path, mirror: Path) -> Path:
    """A folder with a few real mirror pages (copied to tmp, never into the repo)."""
    folder = tmp_path / "src"
    folder.mkdir()
    for name in ("index.php", "R_space_cannon.php", "R_pds.php", "R_movement.php"):
        shutil.copy(mirror / name, folder / name)
    return folder


@pytest.fixture(scope="session")
def mirror_instance(mirror: Path, tmp_path_factory) -> Path:
    """An instance folder holding a corpus ingested from the whole mirror (built once)."""
    folder = tmp_path_factory.mktemp("mirror-instance")
    ingest_in_turn(tmp_path_factory, [str(mirror)], folder)
    return folder


@pytest.fixture(scope="session")
def mirror_corpus(mirror_instance: Path):
    """The loaded mirror corpus."""
    from corpus import Corpus

    corpus = Corpus.load(mirror_instance)
    yield corpus
    corpus.close()


@pytest.fixture(scope="session")
def default_instance(shared: Path, tmp_path_factory) -> tuple[Path, object]:
    """An instance built from the default sources (mirror, wiki FAQ, seeds) and its report."""
    from ingest.sources import DEFAULT_SOURCES

    folder = tmp_path_factory.mktemp("default-instance")
    report = ingest_in_turn(tmp_path_factory, [str(shared / name) for name in DEFAULT_SOURCES], folder)
    return folder, report


@pytest.fixture(scope="session")
def default_corpus(default_instance):
    """The loaded default corpus."""
    from corpus import Corpus

    corpus = Corpus.load(default_instance[0])
    yield corpus
    corpus.close()


@pytest.fixture(scope="session")
def raw_mirror_corpus(mirror_instance: Path):
    """The mirror's corpus searched without the query adapter (see raw_corpus)."""
    from corpus import Corpus

    corpus = Corpus.load(mirror_instance, adapted=False)
    yield corpus
    corpus.close()


@pytest.fixture(scope="session")
def raw_corpus(default_instance):
    """The default corpus searched without the query adapter: the rerank's mechanisms were built, and
    their tests' cases found, on the encoder's own query vectors."""
    from corpus import Corpus

    corpus = Corpus.load(default_instance[0], adapted=False)
    yield corpus
    corpus.close()
