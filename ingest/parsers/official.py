"""Pages of an official-rule search site: one LRR rule, its sub-rules and metadata."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.model import Entry, Source
from ingest.errors import PageError
from ingest.lrr import parent_of, topic_for_title, topic_info
from ingest.normalize import clean, normalize
from ingest.parsers._decode import decode
from ingest.slugs import slugify

NAME = "official-rules"
# The page names no URL of its own; a local copy is cited by its rule id.
RULE_URL = "urn:lrr:rule:{rule}"
_HEADER = re.compile(r"^Official rule\s*·\s*(?P<expansion>[^·]*?)\s*·\s*Rule\s+(?P<rule>\d{1,3}\.\d{1,2})\s*$", re.M)
_META = re.compile(r"^(?P<key>Source|Expansion|Version|Reference):\s*(?P<value>.+)$")
_RELATED = re.compile(r"^Related\b.*\brulings$")
_STOP = ("View official source",)
_TOPICS_TAIL = re.compile(r"\s*RELATED TOPICS:\s*(?P<names>.*)$", re.S)
# A rule id inside the garbled snippets: "77.4This …", "77.52—ASSIGN" (77.5, step 2).
# Snippets are glued together ("…step.77.52—…"), so a period may precede an id.
_SNIPPET_ID = re.compile(r"(?<!\d)(\d{1,3})\.(\d{1,3})(?!\d)")
# Glued: "77.4This", "…of...77.6“end", "77.71—ROLL"; a sub-letter ("77.7d") is not glue.
_GLUED_ID = re.compile(r"(?<!\d)\d{1,3}\.\d{1,2}(?:[A-Z“\"]|\d[—–])")
_ANY_ID = re.compile(r"(?<![\w.])\d{1,3}\.\d{1,2}[a-z]?(?![\w.]*\d)")


@dataclass
class OfficialPage:
    """What one official-rule page says, before it becomes entries."""

    rule: str
    expansion: str
    heading: str = ""
    text: str = ""
    meta: dict[str, str] = field(default_factory=dict)
    related: str = ""


def sniff(location: str, data: bytes) -> bool:
    """True for a page with the "Official rule · … · Rule N.N" banner."""
    return bool(_HEADER.search(decode(data[:4096])))


def parse(location: str, data: bytes) -> list[Entry]:
    """The rule and its sub-rules a, b, c …, with refs to what the page relates."""
    page = read_page(location, decode(data))
    info = topic_info(page.rule)
    if info is None:
        raise PageError(location, f"rule {page.rule} belongs to no LRR topic (1-101); check the page banner")
    body, topics = split_related_topics(page.text)
    parts = split_subrules(body)
    for _, text in parts:
        if is_garbled(text):
            raise PageError(location, f"rule {page.rule} text looks garbled (merged PDF columns): {text[:60]}…")
    url = location if location.startswith(("http://", "https://")) else RULE_URL.format(rule=page.rule)
    source = Source(NAME, url, page.meta.get("Version", ""))
    refs = sorted(set(topic_refs(topics)) | (set(snippet_ids(page.related)) - {page.rule}))
    flags = [f"expansion:{slugify(page.expansion)}"] if page.expansion else []
    entries = []
    for order, (letter, text) in enumerate(parts, start=1):
        rule_id = page.rule + letter
        normalized = normalize(text, markup=False)
        entries.append(Entry(
            id=rule_id, kind="rule", topic=info.slug, title=rule_title(normalized.text),
            text=normalized.text, html=normalized.html, sources=[source],
            parent=parent_of(rule_id), number=rule_id, order=order,
            refs=refs if not letter else [], flags=list(flags),
        ))
    return entries


def read_page(location: str, text: str) -> OfficialPage:
    """Banner, heading, rule text, metadata and the related-rulings block."""
    header = _HEADER.search(text)
    if header is None:
        raise PageError(location, 'no "Official rule · … · Rule N.N" banner; is this an official-rule page?')
    page = OfficialPage(header["rule"], clean(header["expansion"]))
    lines = [clean(line) for line in text[header.end():].splitlines()]
    state = "heading"
    for n, line in enumerate(lines):
        if _RELATED.match(line):
            page.related = " ".join(lines[n + 1:])
            break
        meta = _META.match(line)
        if meta:
            page.meta[meta["key"]] = meta["value"]
        elif line == "Official rule text":
            state = "text"
        elif line in _STOP:
            state = "done"
        elif line and state == "heading" and not page.heading:
            page.heading = line
        elif line and state == "text":
            page.text = f"{page.text} {line}".strip()
    page.text = re.sub(rf"^{re.escape(page.rule)}(?!\d)\s*", "", page.text)
    if not page.text:
        raise PageError(location, f'rule {page.rule}: no text after "Official rule text"')
    return page


def split_related_topics(text: str) -> tuple[str, list[str]]:
    """Rule text without its "RELATED TOPICS: A, B" tail, and the names in it."""
    match = _TOPICS_TAIL.search(text)
    if match is None:
        return text, []
    names = [clean(name) for name in match["names"].split(",")]
    return text[:match.start()].strip(), [name for name in names if name]


def topic_refs(names: list[str]) -> list[str]:
    """Topic slugs for related-topic names ("Sustain" is cut short: Sustain Damage)."""
    refs = []
    for name in names:
        topic = topic_for_title(name)
        refs.append(topic.slug if topic else slugify(name))
    return refs


def split_subrules(text: str) -> list[tuple[str, str]]:
    """Split "… value. a If … b “Space … c …" into ("", main), ("a", …), ("b", …)."""
    parts: list[tuple[str, str]] = []
    letter, rest = "", text
    while True:
        nxt = chr(ord(letter or "`") + 1)
        # A sub-rule letter stands alone after a sentence end, before a capital or quote.
        marker = re.search(rf"(?<=[.!?”\"’)])\s+{nxt}\s+(?=[A-Z“\"‘(])", rest)
        if marker is None or nxt > "z":
            parts.append((letter, rest.strip()))
            return parts
        parts.append((letter, rest[:marker.start()].strip()))
        letter, rest = nxt, rest[marker.end():]


def snippet_ids(related: str) -> list[str]:
    """Rule ids the garbled related-rulings snippets start with (their text is dropped)."""
    ids = []
    for match in _SNIPPET_ID.finditer(related):
        topic, item = match.groups()
        if len(item) > 1 and related[match.end():match.end() + 1] in "—–":
            # "77.52—ASSIGN HITS" is rule 77.5 whose text starts "2—" (a step number);
            # a two-digit item right before a step dash would read short, which no seed has.
            item = item[:-1]
        if topic_info(topic) and len(item) <= 2 and int(item) >= 1:
            ids.append(f"{topic}.{item}")
    return sorted(set(ids), key=lambda r: tuple(int(p) for p in r.split(".")))


def is_garbled(text: str) -> bool:
    """True for text from merged PDF columns: rule ids glued to words, or many of them."""
    if _GLUED_ID.search(text):
        return True
    return len(_ANY_ID.findall(text)) >= 2 and ("..." in text or "…" in text)


def rule_title(text: str) -> str:
    """A short title: the lead before a colon ("STEP 1—ROLL DICE"), or the opening words."""
    lead, sep, _ = text.partition(":")
    if sep and len(lead) <= 60:
        return lead.strip()
    words = text.split()
    return " ".join(words[:10]) + ("…" if len(words) > 10 else "")
