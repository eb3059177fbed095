"""The standard library's HTML parser, made to read a stray "<![" as text rather than fail.

Ingest scans pages quickly with it (open containers, links, a wiki's marks) before or
beside the real parsers; Python 3.11's raises AssertionError on "<![" that opens no CDATA
or conditional section, such as a regular expression quoted in a plain-text page.
"""
from __future__ import annotations

from html.parser import HTMLParser


class TolerantParser(HTMLParser):
    """HTMLParser that reads a malformed "<![" as text, as browsers do."""

    def parse_marked_section(self, i: int, report: int = 1) -> int:
        """The marked section at i, or the three characters "<![" as text when it is none."""
        try:
            return super().parse_marked_section(i, report)
        except AssertionError:
            self.handle_data("<![")
            return i + 3
