"""FAQ links: the topics and rules each FAQ entry concerns, and the page it lives on."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from corpus.model import PAGE_KINDS, Entry
from ingest.lrr import topic_info

FALLBACK = "wiki/faq"
FALLBACK_TITLE, FALLBACK_TEXT = "Wiki FAQ", "Rulings collected on the Twilight Imperium wiki."
# One-word titles that questions use as plain rules vocabulary, not as a name.
GENERIC = frozenset({
    "abilities", "attach", "attacker", "capacity", "capture", "carrier", "combat", "control", "cost",
    "cruiser", "deals", "defender", "deploy", "destroyed", "destroyer", "dreadnought", "elimination",
    "exhausted", "fighter", "flagship", "infantry", "influence", "leaders", "mech", "modifiers", "move",
    "neighbors", "opponent", "planets", "purge", "readied", "reinforcements", "rerolls", "resources",
    "ships", "structures", "technology", "transactions", "transport", "units", "upgrade",
})
_RULE = re.compile(r"(?<![\w.])(\d{1,3})\.(\d{1,2})([a-z]{0,3})(?![\w.]*\d)")
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015"  # "-" first: safe inside [...]
_QUOTES = "'\u2018\u2019`"
_KIND_RANK = {"topic": 0, "faction": 1, "card": 2, "section": 3}


@dataclass(frozen=True)
class Target:
    """Something an FAQ can name: a page, or a section (ability, card) of one."""

    ref: str
    topic: str
    kind: str


def key(title: str) -> str:
    """Titles as compared: no case, dashes, apostrophes, leading "The" or plural "s"."""
    value = re.sub(f"[{_DASHES}]", " ", title.casefold())
    words = re.sub(f"[{_QUOTES}]", "", value).split()
    if words[:1] == ["the"] and len(words) > 1:
        words = words[1:]
    if words and len(words[-1]) > 3 and words[-1].endswith("s"):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def _pattern(title: str) -> str:
    """A regex for a title as prose writes it (any dash or apostrophe, plural ok)."""
    words = title.split()
    if words[0].casefold() == "the" and len(words) > 1:
        words = words[1:]
    text = " ".join(words)
    text = text[:-1] if len(words[-1]) > 3 and text.endswith("s") else text
    out = "".join(
        f"[{_DASHES}\\s]" if ch in _DASHES else f"[{_QUOTES}]?" if ch in _QUOTES
        else r"\s+" if ch == " " else re.escape(ch)
        for ch in text
    )
    body = out + "s?"
    # One-word names count only as written, capitalised; phrases in any case.
    return body if len(words) == 1 else f"(?i:{body})"


class Linker:
    """Title and rule lookups over the entries present, built once per run."""

    def __init__(self, entries: list[Entry]):
        self.pages = {e.id: e for e in entries if e.kind in PAGE_KINDS}
        self.ids = {e.id for e in entries}
        self.targets: dict[str, list[Target]] = {}
        for entry in entries:
            target = self._target(entry)
            if target is not None and key(entry.title):
                self.targets.setdefault(key(entry.title), []).append(target)
        names = sorted({e.title for e in entries if self._target(e) and self._nameable(e.title)},
                       key=lambda t: (-len(t), t))
        alternatives = "|".join(_pattern(t) for t in names)
        self.pattern = re.compile(rf"(?<![{_DASHES}\w])(?:{alternatives})(?![{_DASHES}\w])") if names else None

    def _target(self, entry: Entry) -> Target | None:
        """Source pages and their sections (not made-up pages, not wiki prose copies)."""
        if entry.kind in _KIND_RANK and entry.kind != "section":
            return Target(entry.id, entry.id, entry.kind)
        if entry.kind == "section" and not any(s.name == "wiki" for s in entry.sources):
            return Target(entry.id, entry.topic, "section")
        return None

    @staticmethod
    def _nameable(title: str) -> bool:
        """Whether prose naming this title means the thing (not a generic word)."""
        return bool(key(title)) and key(title) not in GENERIC

    def named(self, name: str | None) -> list[Target]:
        """Targets a heading or page title names ("Technology - Neural Motivator": each part)."""
        if not name:
            return []
        parts = [name] + [p for p in re.split(r"\s+[-–—:]\s+", name) if p != name]
        return [t for part in parts for t in self.targets.get(key(part), [])]

    def mentions(self, text: str) -> list[Target]:
        """Targets whose titles the text names, longest first, as whole words."""
        if self.pattern is None:
            return []
        found = []
        for match in self.pattern.finditer(text):
            words = key(match.group()).split()
            if len(words) == 1 and _sentence_start(text, match.start()):
                continue
            found += self.targets.get(" ".join(words), [])
        return found

    def rules(self, text: str) -> tuple[list[str], list[str]]:
        """Rule ids named in the text (that exist) and the pages of their topics."""
        ids, topics = [], []
        for match in _RULE.finditer(text):
            topic, item, sub = match.groups()
            info = topic_info(topic)
            if info is None or int(item) < 1:
                continue
            rule_id = f"{topic}.{item}{sub}"
            if rule_id in self.ids:
                ids.append(rule_id)
            if info.slug in self.pages:
                topics.append(info.slug)
        return ids, topics


def _sentence_start(text: str, start: int) -> bool:
    """True when a capitalised word is only capitalised because a sentence starts there."""
    before = text[:start].rstrip(" \"“‘'(")
    if text[:start].endswith(("“", '"')):
        return False
    return not before or before.endswith((".", "?", "!", ":", "\n"))


def link_faqs(entries: list[Entry]) -> list[Entry]:
    """Set refs and the home topic of every FAQ entry from what it names."""
    linker = Linker(entries)
    for entry in entries:
        if entry.kind == "faq":
            _link(entry, linker)
    return _drop_left_pages(entries) + _fallback_page(entries)


def _link(entry: Entry, linker: Linker) -> None:
    """Refs: named pages, sections and rules; topic: section, page, else most named."""
    page = entry.topic.removeprefix("wiki/")
    by_section = [t for t in linker.named(entry.section) if t.kind != "section"] or linker.named(entry.section)
    by_page = [Target(page, page, "topic")] if page in linker.pages else []
    mentioned = linker.mentions(entry.text)
    rule_ids, rule_topics = linker.rules(entry.text)
    # Rule numbers come first so that, on a tie, the rule's own topic wins.
    counts = Counter(rule_topics + [t.topic for t in mentioned])
    entry.topic = _best(by_section, counts) or _best(by_page, counts) or _most(counts) or _home(entry, linker)
    refs = {t.ref for t in by_section + by_page + mentioned} | set(rule_ids) | set(rule_topics)
    entry.refs = sorted(set(entry.refs) | refs)


def _best(candidates: list[Target], counts: Counter) -> str | None:
    """Among pages a name matches, the one the text names most (rules pages first on ties)."""
    if not candidates:
        return None
    return min(candidates, key=lambda t: (-counts[t.topic], _KIND_RANK.get(t.kind, 9), t.topic)).topic


def _most(counts: Counter) -> str | None:
    """The page named most often (first named on ties)."""
    return counts.most_common(1)[0][0] if counts else None


def _home(entry: Entry, linker: Linker) -> str:
    """The provisional page if it exists, else the shared wiki FAQ page."""
    return entry.topic if entry.topic in linker.pages or entry.topic == FALLBACK else FALLBACK


def _fallback_page(entries: list[Entry]) -> list[Entry]:
    """The shared wiki FAQ page, when an FAQ ended up there and no step made it yet."""
    used = any(e.topic == FALLBACK for e in entries if e.kind == "faq")
    if not used or any(e.id == FALLBACK for e in entries):
        return []
    return [Entry(id=FALLBACK, kind="page", topic=FALLBACK, title=FALLBACK_TITLE,
                  text=FALLBACK_TEXT, html=FALLBACK_TEXT, order=10_000)]


def _drop_left_pages(entries: list[Entry]) -> list[Entry]:
    """Drop made-up wiki/… pages that no entry lives on once the FAQs have moved."""
    used = {e.topic for e in entries if e.id != e.topic}
    return [e for e in entries
            if not (e.kind == "page" and e.id.startswith("wiki/") and e.id not in used)]
