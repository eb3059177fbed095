"""tirules index.php: topic order, LRR numbers and the Thunder's Edge marks."""
from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from corpus.model import Entry, Source
from ingest.normalize import normalize
from ingest.parsers.tirules_page import NAME, SITE, VERSION
from ingest.slugs import slug_for_link

# Index stubs carry only order, number and category; the merge step folds
# them into the entries of the pages themselves.
INDEX_FLAG = "index-stub"
_KIND_BY_FAMILY = {"factions": "faction", "cards": "card"}


def parse_index(doc: BeautifulSoup, location: str) -> list[Entry]:
    """One stub per page the index lists, in the index's order."""
    url = location if location.startswith(("http://", "https://")) else f"{SITE}/"
    source = Source(NAME, url, VERSION)
    stubs: list[Entry] = []
    number = 0
    for a in doc.select("ol a[href]"):
        slug = slug_for_link(a["href"])
        if not slug or any(s.id == slug for s in stubs):
            continue
        li = a.find_parent("li")
        te = li is not None and "te" in (li.get("class") or [])
        kind = _KIND_BY_FAMILY.get(slug.split("/")[0], "topic") if "/" in slug else "topic"
        if kind == "topic" and not te:
            number += 1  # li.te has counter-increment 0 in the index's CSS
        stubs.append(_stub(slug, kind, a, len(stubs) + 1, te, number, source))
    return stubs


def _stub(slug: str, kind: str, a: Tag, order: int, te: bool, number: int, source: Source) -> Entry:
    """A page as the index lists it."""
    title = normalize(a).text
    return Entry(
        id=slug, kind=kind, topic=slug, title=title, text="", html="", sources=[source],
        number=None if (te or kind != "topic") else str(number),
        category="Thunder's Edge" if te else None, order=order, flags=[INDEX_FLAG],
    )
