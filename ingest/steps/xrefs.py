"""Cross-references: the rule ids and pages each entry's text points to."""
from __future__ import annotations

import re

from corpus.model import Entry

# "77.3", "rule 68.1d", "(77.7d)", "66.2i": a topic number, an item, sub-letters.
RULE_ID = re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,2}[a-z]{0,3})(?![\w.]*\d)")
_DATA_REF = re.compile(r'data-ref="([^"#]+)')


def link_refs(entries: list[Entry]) -> list[Entry]:
    """Add to refs every existing rule id named in the text and every linked page."""
    known = {e.id for e in entries}
    for entry in entries:
        found = [m for m in RULE_ID.findall(entry.text) if m in known and m != entry.id]
        found += [slug for slug in _DATA_REF.findall(entry.html) if slug in known]
        entry.refs = sorted(set(entry.refs) | set(found))
    return entries
