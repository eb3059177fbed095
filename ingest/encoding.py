"""Pages saved as UTF-16 or UTF-32 become UTF-8 before any parser sniffs them; a byte-order mark says which."""
from __future__ import annotations

import codecs
from dataclasses import replace

from ingest.errors import PageError
from ingest.pages import Page

# UTF-32 first: its little-endian mark starts with UTF-16's.
_MARKS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
          (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))
_SAMPLE = 4096  # bytes looked at to tell UTF-16 without a mark


def as_utf8(page: Page) -> Page:
    """The page in UTF-8 when a byte-order mark says UTF-16 or UTF-32; PageError for UTF-16 without one."""
    for mark, codec in _MARKS:
        if page.data.startswith(mark):
            return replace(page, data=_decoded(page, codec).encode("utf-8"))
    if _looks_utf16(page.data[:_SAMPLE]):
        raise PageError(page.location, "looks like UTF-16 text without a byte-order mark, which cannot be read "
                        "safely; save it as UTF-8 (or as UTF-16 with a byte-order mark)")
    return page


def _decoded(page: Page, codec: str) -> str:
    """The page's text in the codec its mark names; PageError when the bytes do not follow it."""
    try:
        return page.data.decode(codec.lower())
    except UnicodeDecodeError as exc:
        raise PageError(page.location, f"starts with a {codec} byte-order mark but is not valid {codec} "
                        f"at byte {exc.start}; save it again as UTF-8") from exc


def _looks_utf16(sample: bytes) -> bool:
    """Mostly-ASCII UTF-16: a zero in nearly every other byte, and on one side only."""
    even, odd = sample[0::2], sample[1::2]
    if len(odd) < 8:
        return False
    zeros = sorted((even.count(0) / len(even), odd.count(0) / len(odd)))
    return zeros[1] > 0.5 and zeros[0] < 0.05
