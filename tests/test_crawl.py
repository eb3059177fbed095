"""Live crawling over real HTTP, against a loopback server that serves the shared tirules mirror."""
from __future__ import annotations

import itertools
import json
import re
import socket
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest

from crawl_server import CrawlServer
from ingest.crawl import Fetcher, crawl_mediawiki, crawl_tirules, fetch_source
from ingest.crawl.tirules import topic_links
from ingest.errors import FetchError
from ingest.pages import Page
from shared import shared_dir

MIRROR = shared_dir() / "mirror" / "tirules"
INCLUDES = (b'<?php include "prefix.php"?>', b'<?php include "suffix.php"?>')


def mirror_pages() -> dict[str, bytes]:
    """URL path -> source of every R_/F_/C_ page in the mirror."""
    return {f"/{p.stem}": p.read_bytes() for p in sorted(MIRROR.glob("[RFC]_*.php"))}


def fast_fetcher(cache_dir, **options) -> Fetcher:
    """A fetcher without politeness pauses, so the suite stays quick."""
    return Fetcher(cache_dir, **{"delay": 0.0, "timeout": 5, "retries": 1, "backoff": 0.01, **options})


@pytest.fixture
def server():
    """A fresh loopback server per test."""
    with CrawlServer(MIRROR) as running:
        yield running


@pytest.fixture(scope="module")
def recrawl(tmp_path_factory):
    """Crawl the site twice with one cache directory; the server sees both crawls."""
    assert mirror_pages(), f"no R_/F_/C_ pages under {MIRROR}: set MECATOL_SHARED"
    cache = tmp_path_factory.mktemp("cache")
    with CrawlServer(MIRROR) as running:
        broken = []
        first = list(crawl_tirules(running.url("/"), fast_fetcher(cache), on_error=broken.append))
        hits_first = len(running.hits())
        again = fast_fetcher(cache)
        second = list(crawl_tirules(running.url("/"), again))
        yield {"server": running, "first": first, "second": second, "broken": broken,
               "fetcher": again, "second_hits": running.hits()[hits_first:]}


def test_crawl_yields_index_and_every_mirror_page(recrawl):
    paths = [urlsplit(page.url).path for page in recrawl["first"]]
    assert sorted(paths) == sorted(["/", *mirror_pages()])


def test_crawl_starts_with_the_index_at_its_url(recrawl):
    index = recrawl["first"][0]
    assert (index.location, index.url) == (recrawl["server"].url("/"),) * 2


def test_crawled_pages_are_the_full_rendered_page(recrawl):
    prefix, suffix = (MIRROR / "prefix.php").read_bytes(), (MIRROR / "suffix.php").read_bytes()
    sources = mirror_pages()
    for page in recrawl["first"][1:]:
        content = sources[urlsplit(page.url).path]
        for include in INCLUDES:
            content = content.replace(include, b"")
        assert page.data.startswith(prefix) and suffix in page.data and content.strip() in page.data, page.url


def test_broken_links_are_reported_and_skipped(recrawl):
    for error in recrawl["broken"]:
        assert "HTTP 404" in str(error)
        assert urlsplit(error.location).path not in mirror_pages()


def test_recrawl_yields_identical_pages_in_the_same_order(recrawl):
    assert recrawl["second"] == recrawl["first"]


def test_recrawl_asks_conditionally_and_gets_304s(recrawl):
    page_hits = [hit for hit in recrawl["second_hits"] if hit.path != "/robots.txt"]
    assert len(page_hits) == len(recrawl["first"]) + len(recrawl["broken"])
    assert sum(hit.status == 304 for hit in page_hits) == len(recrawl["first"])
    assert all(hit.conditional for hit in page_hits if hit.status != 404)


def test_recrawl_counts_cache_answers(recrawl):
    stats = recrawl["fetcher"].stats
    assert (stats.downloaded, stats.not_modified) == (0, len(recrawl["first"]))


def test_cache_keeps_body_and_validators(server, tmp_path):
    fast_fetcher(tmp_path).get(server.url("/R_pds"))
    (meta_file,) = tmp_path.glob("*.json")
    meta = json.loads(meta_file.read_text())
    assert meta["etag"] and meta["last_modified"] and meta["final_url"] == server.url("/R_pds")
    assert meta_file.with_suffix(".body").read_bytes().startswith(b"<!DOCTYPE html>")


def test_robots_disallowed_url_is_refused_without_a_request(server, tmp_path):
    url = server.url("/R_secret")
    with pytest.raises(FetchError, match="disallowed by robots.txt") as caught:
        fast_fetcher(tmp_path).get(url)
    assert url in str(caught.value) and server.hits("/R_secret") == []


def test_robots_txt_is_read_once_per_host(server, tmp_path):
    fetcher = fast_fetcher(tmp_path)
    fetcher.get(server.url("/R_pds"))
    fetcher.get(server.url("/R_mechs"))
    assert len(server.hits("/robots.txt")) == 1


def test_crawl_skips_pages_robots_disallows(tmp_path):
    with CrawlServer(MIRROR, disallow=("/R_pds",)) as running:
        skipped = []
        pages = crawl_tirules(running.url("/"), fast_fetcher(tmp_path), skipped.append)
        paths = [urlsplit(page.url).path for page in pages]
        assert "/R_pds" not in paths and running.hits("/R_pds") == []
        assert any("disallowed by robots.txt" in str(error) for error in skipped)


def test_server_error_is_retried_then_succeeds(server, tmp_path):
    fetcher = fast_fetcher(tmp_path, retries=3)
    page = fetcher.get(server.url("/flaky"))
    assert page.data == b"recovered"
    assert [hit.status for hit in server.hits("/flaky")] == [503, 200] and fetcher.stats.retries == 1


def test_lasting_server_error_gives_up_after_bounded_retries(server, tmp_path):
    url = server.url("/down")
    with pytest.raises(FetchError, match=r"gave up after 3 attempts, last: HTTP 503") as caught:
        fast_fetcher(tmp_path, retries=2).get(url)
    assert url in str(caught.value) and len(server.hits("/down")) == 3


def test_too_many_requests_is_retried_and_then_says_to_slow_down(server, tmp_path):
    url = server.url("/busy")
    with pytest.raises(FetchError, match=r"gave up after 3 attempts, last: HTTP 429 .*longer --delay"):
        fast_fetcher(tmp_path, retries=2).get(url)
    assert len(server.hits("/busy")) == 3


def test_client_error_fails_at_once(server, tmp_path):
    url = server.url("/R_no_such_page")
    with pytest.raises(FetchError, match="HTTP 404") as caught:
        fast_fetcher(tmp_path, retries=3).get(url)
    assert url in str(caught.value) and len(server.hits("/R_no_such_page")) == 1


def test_slow_page_times_out_with_an_error_naming_the_url(server, tmp_path):
    url = server.url("/slow")
    with pytest.raises(FetchError, match="timed out after 0.2s") as caught:
        fast_fetcher(tmp_path, timeout=0.2, retries=1).get(url)
    assert url in str(caught.value) and len(server.hits("/slow")) == 2


def test_slow_page_loads_with_a_long_timeout(server, tmp_path):
    assert fast_fetcher(tmp_path, timeout=5).get(server.url("/slow")).data == b"finally"


def test_connection_failure_is_a_clear_error(tmp_path):
    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # robots.txt is asked for first, but the error names the page the user gave.
    expected = (rf"^http://127\.0\.0\.1:{port}/R_pds: cannot connect to host 127.0.0.1:{port}: .*check the URL "
                rf"or your network \(while reading http://127\.0\.0\.1:{port}/robots\.txt\)$")
    with pytest.raises(FetchError, match=expected):
        fast_fetcher(tmp_path).get(f"http://127.0.0.1:{port}/R_pds")


@pytest.mark.parametrize("url", ["ftp://example.org/R_pds", "R_pds"])
def test_non_http_url_is_refused(url, tmp_path):
    with pytest.raises(FetchError, match="not an http"):
        fast_fetcher(tmp_path).get(url)


@pytest.mark.parametrize("url, problem", [
    ("https://[::1", "Invalid IPv6 URL"), ("http://127.0.0.1:abc/", "Port could not be cast"),
    ("http://127.0.0.1:70000/", "Port out of range"), ("http:///R_pds", "with a host name"),
    ("http://127.0.0.1/R pds", "cannot hold spaces"),
])
def test_malformed_url_is_refused_without_a_request(url, problem, tmp_path):
    fetcher = fast_fetcher(tmp_path)
    with pytest.raises(FetchError, match=re.escape(problem)):
        fetcher.get(url)
    assert (fetcher.stats.requests, fetcher.stats.retries) == (0, 0)


def test_a_malformed_link_is_no_topic_link():
    page = Page("https://tirules.com/", b'<a href="http://[::1">x</a> <a href="/R_pds">PDS</a>', "https://tirules.com/")
    assert topic_links(page) == ["https://tirules.com/R_pds"]


def test_requests_to_one_host_are_spaced_by_the_delay(server, tmp_path):
    fetcher = fast_fetcher(tmp_path, delay=0.05)
    urls = [server.url(path) for path in list(mirror_pages())[:6]]
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(fetcher.get, urls))
    times = sorted(hit.at for hit in server.hits())
    assert len(times) == 7 and min(b - a for a, b in itertools.pairwise(times)) >= 0.05


def test_user_agent_names_the_project(server, tmp_path):
    fast_fetcher(tmp_path).get(server.url("/R_pds"))
    assert all(hit.user_agent.startswith("Mecatol/") for hit in server.hits())


def test_mediawiki_pages_come_as_api_json(server, tmp_path):
    pages = list(crawl_mediawiki(server.url("/api.php"), ["FAQ", "Space Cannon"], fast_fetcher(tmp_path)))
    assert [p.url for p in pages] == [server.url("/wiki/FAQ"), server.url("/wiki/Space_Cannon")]
    assert all("mw-parser-output" in json.loads(p.data)["parse"]["text"] for p in pages)


def test_mediawiki_missing_title_names_the_title(server, tmp_path):
    with pytest.raises(FetchError, match="'No Such Page': API error missingtitle"):
        list(crawl_mediawiki(server.url("/api.php"), ["No Such Page"], fast_fetcher(tmp_path)))


@pytest.mark.parametrize(
    "path, title",
    [
        ("/api.php", "FAQ"),
        ("/wiki/Space_Cannon", "Space Cannon"),
        ("/w/index.php?title=Space_Cannon", "Space Cannon"),
    ],
)
def test_fetch_source_recognises_a_wiki(server, tmp_path, path, title):
    (page,) = fetch_source(server.url(path), tmp_path, fetcher=fast_fetcher(tmp_path))
    assert json.loads(page.data)["parse"]["title"] == title


def test_fetch_source_crawls_other_sites_as_tirules(server, tmp_path):
    pages = fetch_source(server.url("/"), tmp_path, fetcher=fast_fetcher(tmp_path))
    index, first_topic = itertools.islice(pages, 2)
    pages.close()
    assert [index.url, first_topic.url] == [server.url("/"), topic_links(index)[0]]


def test_a_wiki_page_that_cannot_be_read_is_named_by_its_own_url(server, tmp_path):
    # The reader typed the /wiki/ page; the api.php address it was read through comes second.
    api = server.url("/w/api.php")  # no wiki answers there: 404
    with pytest.raises(FetchError) as caught:
        list(crawl_mediawiki(api, ["FAQ"], fast_fetcher(tmp_path)))
    assert caught.value.location == server.url("/wiki/FAQ")
    assert "HTTP 404" in caught.value.reason and f"read through {api}?" in caught.value.reason
