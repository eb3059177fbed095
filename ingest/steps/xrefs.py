"""Cross-references: the rule ids and pages each entry's text points to."""
from __future__ import annotations

import re

from corpus.model import Entry
from corpus import names

_DATA_REF = re.compile(r'data-ref="([^"#]+)')


def link_refs(entries: list[Entry]) -> list[Entry]:
    """Add to refs every existing rule id named in the text and every linked page.

    Refs to ids no entry has (a source's misspelt link, a rule from a page not
    ingested) are dropped, so every ref can be followed.
    """
    known = {e.id for e in entries}
    for entry in entries:
        found = set(names.rule_ids(entry.text)) | set(_DATA_REF.findall(entry.html))
        entry.refs = sorted(r for r in set(entry.refs) | found if r in known and r != entry.id)
    return entries
