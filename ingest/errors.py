"""Ingest errors: each names the file or URL involved and how to fix it."""
from __future__ import annotations


class IngestError(Exception):
    """Base class; str() is one line fit for the terminal."""


class SourceError(IngestError):
    """A source (file, directory, URL) could not be read at all."""

    def __init__(self, location: str, reason: str):
        super().__init__(f"{location}: {reason}")
        self.location = location
        self.reason = reason


class PageError(IngestError):
    """One page could not be parsed; the others are still ingested."""

    def __init__(self, location: str, reason: str):
        super().__init__(f"{location}: {reason}")
        self.location = location
        self.reason = reason


class FetchError(SourceError):
    """A URL could not be fetched (DNS, connection, HTTP status, robots.txt)."""


class PartialPageError(PageError):
    """Parts of one page could not be read: each is reported, and the rest of the page is still ingested."""

    def __init__(self, location: str, problems: list[str], entries: list):
        super().__init__(location, "; ".join(problems))
        self.problems = [PageError(location, problem) for problem in problems]
        self.entries = entries
