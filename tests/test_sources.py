"""Which sources `mecatol ingest` reads when none is given: $MECATOL_SOURCES, instance/sources.txt, the defaults."""
from __future__ import annotations

import pytest

from ingest.errors import SourceError
from ingest.sources import DEFAULT_SOURCES, default_sources, shared_dir


def test_env_list_is_split_on_commas_and_trimmed(tmp_path, monkeypatch):
    monkeypatch.setenv("MECATOL_SOURCES", "/data/tirules, /data/wiki ,,https://tirules.com/")
    assert default_sources(tmp_path) == ["/data/tirules", "/data/wiki", "https://tirules.com/"]


def test_sources_file_skips_comments_and_blank_lines(tmp_path, monkeypatch):
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    (tmp_path / "sources.txt").write_text("# mine\n/data/tirules\n\n  /data/wiki  \n", encoding="utf-8")
    assert default_sources(tmp_path) == ["/data/tirules", "/data/wiki"]


def test_a_relative_path_in_the_sources_file_is_read_from_its_folder(tmp_path, monkeypatch):
    # Not from wherever the command happens to run.
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    monkeypatch.chdir(tmp_path.parent)
    (tmp_path / "sources.txt").write_text("pages/tirules\nhttps://tirules.com/\n", encoding="utf-8")
    assert default_sources(tmp_path) == [str(tmp_path / "pages" / "tirules"), "https://tirules.com/"]


def test_env_wins_over_the_sources_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MECATOL_SOURCES", "/data/wiki")
    (tmp_path / "sources.txt").write_text("/data/tirules\n", encoding="utf-8")
    assert default_sources(tmp_path) == ["/data/wiki"]


def test_without_either_the_shared_snapshots_are_read(tmp_path, monkeypatch):
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    assert default_sources(tmp_path) == [str(shared_dir() / name) for name in DEFAULT_SOURCES]


def test_a_missing_shared_folder_names_the_setting(tmp_path, monkeypatch):
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    monkeypatch.setenv("MECATOL_SHARED", str(tmp_path / "nowhere"))
    with pytest.raises(SourceError, match="MECATOL_SHARED") as caught:
        default_sources(tmp_path)
    assert str(tmp_path / "nowhere") in str(caught.value)


def test_a_shared_folder_without_the_snapshots_names_what_is_missing_and_the_setting(tmp_path, monkeypatch):
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    (tmp_path / "shared" / "seeds").mkdir(parents=True)  # a folder that exists, but not the one meant
    monkeypatch.setenv("MECATOL_SHARED", str(tmp_path / "shared"))
    with pytest.raises(SourceError, match="MECATOL_SHARED") as caught:
        default_sources(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path / 'shared'}: has no mirror/tirules, mirror/wiki, mirror/asyncti4")


def test_a_sources_setting_that_lists_nothing_names_it(tmp_path, monkeypatch):
    monkeypatch.setenv("MECATOL_SOURCES", " , ")
    with pytest.raises(SourceError, match=r"^\$MECATOL_SOURCES: lists no source"):
        default_sources(tmp_path)


def test_a_sources_file_of_comments_only_names_the_file(tmp_path, monkeypatch):
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    (tmp_path / "sources.txt").write_text("# tirules only, later\n\n", encoding="utf-8")
    with pytest.raises(SourceError, match="lists no source") as caught:
        default_sources(tmp_path)
    assert str(tmp_path / "sources.txt") in str(caught.value)


@pytest.mark.parametrize("data, problem", [
    ("/data/café\n".encode("latin-1"), "is not UTF-8 text (byte 0xe9 at offset 9); save it as UTF-8"),
    ("/data/wiki\n".encode("utf-16"), "is not UTF-8 text (byte 0xff at offset 0)"),
])
def test_a_sources_file_that_is_not_utf8_names_the_file(tmp_path, monkeypatch, data, problem):
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    (tmp_path / "sources.txt").write_bytes(data)
    with pytest.raises(SourceError) as caught:
        default_sources(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path / 'sources.txt'}: {problem}")


def test_a_sources_file_saved_with_a_bom_is_read(tmp_path, monkeypatch):
    monkeypatch.delenv("MECATOL_SOURCES", raising=False)
    (tmp_path / "sources.txt").write_text("/data/tirules\n", encoding="utf-8-sig")
    assert default_sources(tmp_path) == ["/data/tirules"]
