"""Redirects over loopback HTTP: each hop is checked against the robots.txt of its target's host."""
from __future__ import annotations

import itertools
import socket
import subprocess
import sys

import pytest

from crawl_server import CrawlServer
from ingest.crawl.tirules import crawl_from
from ingest.errors import FetchError
from ingest.pages import Page
from shared import shared_dir
from test_crawl import fast_fetcher

MIRROR = shared_dir() / "mirror" / "tirules"
DISALLOWED = "which is disallowed by robots.txt (the site asks crawlers to leave it alone); not fetched"


@pytest.fixture
def server():
    """The site a crawl starts on; robots.txt disallows /R_secret."""
    with CrawlServer(MIRROR) as running:
        yield running


@pytest.fixture
def other():
    """A second host (another loopback port) whose robots.txt disallows /R_pds."""
    with CrawlServer(MIRROR, disallow=("/R_pds",)) as running:
        yield running


def refusal(start: str, target: str) -> str:
    """The one line a redirect to a disallowed target is reported with."""
    return f"{start}: HTTP 302 redirects to {target}, {DISALLOWED}"


def test_a_redirect_to_a_path_robots_disallows_is_refused_naming_both(server, tmp_path):
    start, target = server.url("/R_old"), server.url("/R_secret")
    server.redirects["/R_old"] = "/R_secret"
    with pytest.raises(FetchError) as caught:
        fast_fetcher(tmp_path).get(start)
    assert str(caught.value) == refusal(start, target)
    assert server.hits("/R_secret") == [] and fast_fetcher(tmp_path).cache.load(start) is None


def test_a_disallowed_target_after_several_hops_names_the_hops_between(server, tmp_path):
    server.redirects.update({"/R_old": "/R_older", "/R_older": "/R_secret"})
    with pytest.raises(FetchError) as caught:
        fast_fetcher(tmp_path).get(server.url("/R_old"))
    via = f"{server.url('/R_secret')} (by way of {server.url('/R_older')})"
    assert str(caught.value) == f"{server.url('/R_old')}: HTTP 302 redirects to {via}, {DISALLOWED}"


def test_a_start_url_redirecting_to_a_disallowed_page_is_one_line_and_exit_2(server, tmp_path):
    start = server.url("/R_old")
    server.redirects["/R_old"] = "/R_secret"
    done = subprocess.run([sys.executable, "-m", "mecatol", "ingest", start, "--instance", str(tmp_path / "inst"),
                           "--quiet", "--delay", "0"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (2, f"mecatol: {refusal(start, server.url('/R_secret'))}\n")
    assert server.hits("/R_secret") == []


def test_a_redirect_to_another_host_obeys_that_hosts_robots_txt(server, other, tmp_path):
    start, target = server.url("/R_away"), other.url("/R_pds")
    server.redirects["/R_away"] = target
    fetcher = fast_fetcher(tmp_path)
    with pytest.raises(FetchError) as caught:
        fetcher.get(start)
    assert str(caught.value) == refusal(start, target)
    assert [hit.path for hit in other.hits()] == ["/robots.txt"]  # read, and the page left alone
    assert fetcher.get(other.url("/R_mechs")).url == other.url("/R_mechs")
    assert len(other.hits("/robots.txt")) == 1  # read once per host, as for pages


def test_an_allowed_redirect_is_followed_hop_by_hop_in_each_hosts_turn(server, other, tmp_path):
    server.redirects.update({"/R_old": "/R_pds", "/R_far": other.url("/R_mechs")})
    fetcher = fast_fetcher(tmp_path, delay=0.1)
    near, far = fetcher.get(server.url("/R_old")), fetcher.get(server.url("/R_far"))
    assert (near.location, near.url) == (server.url("/R_old"), server.url("/R_pds"))
    assert (far.location, far.url) == (server.url("/R_far"), other.url("/R_mechs"))
    assert near.data.startswith(b"<!DOCTYPE html>") and far.data.startswith(b"<!DOCTYPE html>")
    assert [hit.path for hit in other.hits()] == ["/robots.txt", "/R_mechs"]
    # The per-host delay holds between a redirect and the request for its target too.
    for host in (server, other):
        times = [hit.at for hit in host.hits()]
        assert min(b - a for a, b in itertools.pairwise(times)) >= 0.1


def test_a_crawl_skips_a_link_that_redirects_to_a_disallowed_page(server, tmp_path):
    server.redirects["/R_old"] = "/R_secret"
    home = server.url("/")
    start = Page(home, b'<a href="/R_old">old</a> <a href="/R_secret">secret</a>', home)
    skipped = []
    pages = list(crawl_from(start, fast_fetcher(tmp_path), skipped.append))
    assert pages == [start] and server.hits("/R_secret") == []
    # Reported like a page robots.txt disallows itself, naming where the link led.
    assert [str(error) for error in skipped] == [
        refusal(server.url("/R_old"), server.url("/R_secret")),
        f"{server.url('/R_secret')}: disallowed by robots.txt (the site asks crawlers to leave it alone)",
    ]


def test_the_cache_never_serves_a_page_whose_redirect_target_became_disallowed(server, tmp_path):
    server.redirects["/R_old"] = "/R_pds"
    fast_fetcher(tmp_path).get(server.url("/R_old"))
    server.disallow = ("/R_secret", "/R_pds")
    with pytest.raises(FetchError) as caught:
        fast_fetcher(tmp_path).get(server.url("/R_old"))
    assert str(caught.value) == refusal(server.url("/R_old"), server.url("/R_pds"))
    assert len(server.hits("/R_pds")) == 1  # no conditional request, so no 304 to serve the copy by


def test_a_304_from_another_target_than_the_cached_ones_is_not_served_from_the_cache(server, tmp_path):
    # The same page at a new address answers the old copy's ETag with a 304; the copy's address is disallowed now.
    server.redirects["/R_old"] = "/R_pds.php"
    fast_fetcher(tmp_path).get(server.url("/R_old"))
    server.disallow, server.redirects["/R_old"] = ("/R_pds.php",), "/R_pds"
    page = fast_fetcher(tmp_path).get(server.url("/R_old"))
    assert page.url == server.url("/R_pds") and page.data.startswith(b"<!DOCTYPE html>")
    assert [hit.status for hit in server.hits("/R_pds")] == [304, 200]


def test_a_redirect_to_a_host_whose_robots_txt_cannot_be_read_is_not_followed(server, tmp_path):
    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        nowhere = f"http://127.0.0.1:{probe.getsockname()[1]}"
    server.redirects["/R_away"] = f"{nowhere}/R_pds"
    with pytest.raises(FetchError) as caught:
        fast_fetcher(tmp_path).get(server.url("/R_away"))
    assert str(caught.value).startswith(
        f"{server.url('/R_away')}: HTTP 302 redirects to {nowhere}/R_pds, which is not fetched: cannot connect")
    assert str(caught.value).endswith(f"(while reading {nowhere}/robots.txt)")


def test_a_chain_of_more_than_ten_redirects_is_given_up(server, tmp_path):
    server.redirects.update({f"/R_hop{n}": f"/R_hop{n + 1}" for n in range(11)})
    with pytest.raises(FetchError, match=r"redirects to \S+/R_hop11 \(by way of .*/R_hop10\), which is not followed: "
                       r"more than 10 redirects in a row; the site's redirect is broken"):
        fast_fetcher(tmp_path).get(server.url("/R_hop0"))
    assert server.hits("/R_hop11") == []
