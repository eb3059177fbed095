"""Restated rules: wiki prose that repeats LRR rules becomes provenance on those rules."""
from __future__ import annotations

import re
from collections import defaultdict

from corpus.model import Entry
from corpus.names import comparable
from corpus.snippets import sentences
from ingest.steps.merge import VARIANT_FLAG

# Share of a wiki line's words that a rule must contain for the line to be that rule.
CONTAINED = 0.85
MIN_WORDS = 5
_BREAK = re.compile(r"<br\s*/?>")


def merge_restated(entries: list[Entry]) -> list[Entry]:
    """Fold each wiki line that restates a rule of its topic into that rule's sources.

    Lines that restate nothing stay in their section; a section left empty goes.
    """
    rules = defaultdict(list)
    for entry in entries:
        if entry.kind in ("rule", "topic") and not _from_wiki(entry):
            rules[entry.topic].append((entry, _words(entry.text)))
    kept = []
    for entry in entries:
        if entry.kind == "section" and _from_wiki(entry) and rules.get(entry.topic):
            entry = _fold(entry, rules[entry.topic])
        if entry is not None:
            kept.append(entry)
    return kept


def _from_wiki(entry: Entry) -> bool:
    """Entries whose only source is the wiki."""
    return bool(entry.sources) and all(s.name == "wiki" for s in entry.sources)


def _words(text: str) -> set[str]:
    """Words of a text as compared across sources."""
    return set(comparable(text).split())


def _fold(section: Entry, rules: list[tuple[Entry, set[str]]]) -> Entry | None:
    """Move matched lines into rule provenance; return what is left of the section."""
    lines, marks = section.text.split("\n"), _BREAK.split(section.html)
    if len(lines) != len(marks):
        return section  # cannot keep text and markup in step: leave the section whole
    left = [(line, mark) for line, mark in zip(lines, marks) if not _attach(section, line, rules)]
    if not left:
        return None
    section.text = "\n".join(line for line, _ in left)
    section.html = "<br>".join(mark for _, mark in left)
    return section


def _attach(section: Entry, line: str, rules: list[tuple[Entry, set[str]]]) -> bool:
    """Add the section's source to the rule this line restates, if one does, or to the rule each of its
    sentences restates, if each does (a line of the wiki can run a rule and its sub-rule together, 77.8 and 77.8a)."""
    text = line.lstrip("• ")
    rule = _restated(text, rules)
    if rule is not None:
        _credit(section, text, rule)
        return True
    parts = [text[start:end].strip() for start, end in sentences(text)]
    found = [_restated(part, rules) for part in parts] if len(parts) > 1 else [None]
    if None in found:
        return False
    for part, rule in zip(parts, found):
        _credit(section, part, rule)
    return True


def _restated(text: str, rules: list[tuple[Entry, set[str]]]) -> Entry | None:
    """The rule that holds nearly all of a text's words, if one does."""
    words = _words(text)
    if len(words) < MIN_WORDS:
        return None
    share, rule = max(((len(words & w) / len(words), r) for r, w in rules), key=lambda pair: pair[0])
    return rule if share >= CONTAINED else None


def _credit(section: Entry, text: str, rule: Entry) -> None:
    """The section's source joins the rule's; a wording the rule does not hold is kept as a variant."""
    rule.sources = sorted(set(rule.sources) | set(section.sources))
    if comparable(text) not in comparable(rule.text):
        variant = {"source": section.sources[0].to_dict(), "text": text}
        if variant not in rule.variants:
            rule.variants.append(variant)
        if VARIANT_FLAG not in rule.flags:
            rule.flags.append(VARIANT_FLAG)
