"""Checks on a page's bytes before any parser reads them: too large to be a page, binary, or cut off.

A separate step (not inside the parsers) so that every format gets the same checks.
"""
from __future__ import annotations

import re

from ingest.bundles import is_bundle
from ingest.encoding import as_utf8
from ingest.errors import PageError
from ingest.pages import Page, too_large
from ingest.scan import TolerantParser

# The outer containers a complete document closes; a page cut off mid-way leaves one open.
# Inner ones (ol, li, div) are left open by sloppy but complete pages, so they are not counted.
CONTAINERS = frozenset({"html", "body", "article", "main"})
# Control bytes no text page holds (tab, line breaks and form feed are text): binary data spliced into a
# page would otherwise reach a rule's text as "ÿþÿþ".
_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0e-\x1f\x7f]")


class _Balance(TolerantParser):
    """Counts containers opened and closed."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.open: dict[str, int] = {}

    def handle_starttag(self, tag, attrs):
        if tag in CONTAINERS:
            self.open[tag] = self.open.get(tag, 0) + 1

    def handle_endtag(self, tag):
        if tag in CONTAINERS:
            self.open[tag] = self.open.get(tag, 0) - 1


def unclosed(data: bytes) -> dict[str, int]:
    """Containers the document opens more often than it closes (a plain-text page has none)."""
    balance = _Balance()
    balance.feed(data.decode("utf-8", "replace"))
    balance.close()
    return {tag: n for tag, n in sorted(balance.open.items()) if n > 0}


def check_page(page: Page) -> Page:
    """The page in UTF-8, or PageError naming it when it is too large, in an unsafe encoding, binary, or looks
    cut off."""
    if is_bundle(page.data):
        return page  # JSON files, each checked for size as it was packed (ingest.pages)
    error = too_large(page.location, len(page.data))
    if error:
        raise error
    if not page.data.strip():
        raise PageError(page.location, "it is empty" + (" but for blank space" if page.data else " (0 bytes)"))
    page = as_utf8(page)
    binary = _CONTROL.search(page.data)
    if binary:
        count = len(_CONTROL.findall(page.data))
        raise PageError(page.location, f"{count} control byte(s), the first (0x{binary.group()[0]:02x}) at byte "
                        f"{binary.start()} of its UTF-8 text: binary data, not a page (a damaged download or copy?)")
    left = unclosed(page.data)
    if left:
        tags = ", ".join(f"<{tag}>" + (f" ×{n}" if n > 1 else "") for tag, n in left.items())
        raise PageError(page.location, f"the document ends with {tags} still open: it looks cut off "
                        "(a truncated download or copy); fetch or copy it again")
    return page
