"""Browser test fixtures: the app served by waitress and a headless Debian Chromium (Playwright)."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"



def needs_chromium():
    """Marks for a browser test module: the browser mark, and a skip naming the missing package."""
    return [pytest.mark.browser,
            pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium not installed at /usr/bin/chromium "
                               "(apt-get install chromium)")]


@pytest.fixture(scope="module")
def base_url(web_app):
    """The app served by waitress on a free port, as `mecatol serve` would."""
    import waitress
    from waitress import wasyncore

    server = waitress.create_server(web_app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    # Close every socket from inside the server's own loop: closing them from this thread while the
    # browser still holds keep-alive connections let the loop select() on a closed descriptor (EBADF).
    server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map, ignore_all=True))
    thread.join(timeout=5)
    server.task_dispatcher.shutdown()


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module."""
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    yield chromium
    chromium.close()
    playwright.stop()


def tab_in(browser, base_url, **options):
    """A page in a fresh context of its own (Playwright's new_context options), relative URLs resolved
    against the server; yields it and closes the context."""
    context = browser.new_context(base_url=base_url, **options)
    tab = context.new_page()
    tab.set_default_timeout(5000)
    yield tab
    context.close()


@pytest.fixture
def page(browser, base_url):
    """A fresh page, allowed to use the clipboard, with relative URLs resolved against the server."""
    yield from tab_in(browser, base_url, permissions=["clipboard-read", "clipboard-write"])
