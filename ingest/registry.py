"""Which parser reads a page: the first whose sniff() recognises its content."""
from __future__ import annotations

import importlib
from types import ModuleType

from corpus.model import Entry
from ingest.errors import PageError
from ingest.pages import Page

# Most specific first: a tirules page source would also look like HTML.
PARSER_MODULES = (
    "ingest.parsers.asyncti4",
    "ingest.parsers.tirules",
    "ingest.parsers.questions",
    "ingest.parsers.official",
    "ingest.parsers.wiki",
    "ingest.parsers.plaintext",
)


def parsers() -> list[ModuleType]:
    """The parser modules, in detection order."""
    return [importlib.import_module(name) for name in PARSER_MODULES]


def parser_for(page: Page) -> ModuleType:
    """The parser for a page, or PageError naming it when none recognises it."""
    for module in parsers():
        if module.sniff(page.location, page.data):
            return module
    raise PageError(page.location, "unrecognised format (not a tirules page, wiki page, "
                    "official-rule page, plain-text rules page, questions file or AsyncTI4 data folder)")


def parse_page(page: Page) -> list[Entry]:
    """Entries of one page; any parser failure becomes a PageError naming the page."""
    module = parser_for(page)
    try:
        return module.parse(page.url or page.location, page.data)
    except PageError:
        raise
    except Exception as exc:  # a parser bug must not sink the whole ingest
        raise PageError(page.location, f"{module.NAME} parser failed: {type(exc).__name__}: {exc}") from exc
