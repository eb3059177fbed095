"""Numbered LRR rules of a tirules topic page, counted the way its CSS counts."""
from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

from corpus.model import Entry
from ingest.normalize import Text, normalize
from ingest.parsers.tirules_page import PageInfo, bullets, item_text, join, sub_label

# The topic number sits in the page's own style: content: '77.' counter(item …).
_TOPIC_NUMBER = re.compile(r"content:\s*['\"](\d+)\.['\"]\s*counter\(\s*item")
# A page may start its counter elsewhere: .lrr {counter-reset: item 1;}.
_RESET = re.compile(r"\.lrr\s*\{[^}]*counter-reset:\s*item(?:\s+(-?\d+))?")
# What any rule touching the list's counter must look like, to be read with certainty.
_LRR_BLOCK = re.compile(r"\.lrr\s*\{([^}]*)\}")
_RESET_ONLY = re.compile(r"^\s*counter-reset:\s*item(?:\s+-?\d+)?\s*;?\s*$")
_NUMBER_LINE = re.compile(r"content:[^;}]*counter\(\s*item")


def topic_number(doc: BeautifulSoup) -> str | None:
    """The LRR topic number from the page's style tags, if it has one."""
    for style in doc.find_all("style"):
        match = _TOPIC_NUMBER.search(_css(style))
        if match:
            return match.group(1)
    return None


def counter_start(doc: BeautifulSoup) -> int:
    """The value the item counter is reset to before the first rule."""
    start = 0
    for style in doc.find_all("style"):
        for match in _RESET.finditer(_css(style)):
            start = int(match.group(1) or 0)
    return start


def numbering_problem(doc: BeautifulSoup) -> str | None:
    """Why the page's numbered rules cannot be numbered from its CSS; None when they can (or it has none)."""
    lrr = doc.find("ol", class_="lrr")
    if lrr is None or lrr.find("li") is None:
        return None  # a Thunder's Edge placeholder: no rules to number
    css = [_css(style) for style in doc.find_all("style")]
    if topic_number(doc) is None:
        line = _first(_NUMBER_LINE, css)
        if line:
            return f"its rule numbers cannot be read from the <style> line ({line!r} is not content: 'NN.' counter(item))"
        return "its numbered rules have no rule numbers: the <style> line giving them (content: 'NN.' …) is missing"
    for text in css:
        for block in _LRR_BLOCK.finditer(text):
            if "counter" in block.group(1) and not _RESET_ONLY.match(block.group(1)):
                return f"the start of its rule counter cannot be read from the <style> line ({block.group(0)!r})"
    return None


def _first(pattern: re.Pattern, texts: list[str]) -> str | None:
    """The first match of a pattern in any of the texts."""
    for text in texts:
        match = pattern.search(text)
        if match:
            return match.group(0)
    return None


def _css(style: Tag) -> str:
    """A style element's text (stored as a plain string, which get_text skips)."""
    return "".join(str(part) for part in style.contents)


class _Counter:
    """Walks ol.lrr children in document order, numbering as the CSS does."""

    def __init__(self, info: PageInfo, number: str, start: int):
        self.info, self.number, self.item = info, number, start
        self.entries: list[Entry] = []
        self.last: Entry | None = None
        self.intro: Text | None = None

    def rule(self, li: Tag, heading: bool) -> None:
        """The next numbered rule (an li, or the li inside an h2 heading)."""
        self.item += 1
        rule_id = f"{self.number}.{self.item}"
        text = item_text(li)
        self.last = self._entry(rule_id, text, self.info.slug, heading)
        for nested in li.find_all("ol", recursive=False):
            self.subrules(nested)

    def subrules(self, ol: Tag) -> None:
        """Sub-rules a, b, c … (or i, ii, iii) of the last numbered rule."""
        if self.last is None:
            self.extra(normalize(ol))
            return
        roman = "roman" in (ol.get("class") or [])
        for index, li in enumerate(ol.find_all("li", recursive=False), start=1):
            rule_id = f"{self.last.id}{sub_label(index, roman)}"
            self._entry(rule_id, item_text(li), self.last.id, False)

    def extra(self, text: Text) -> None:
        """A paragraph or bullet list: part of the rule it follows, or the intro."""
        if self.last is None:
            self.intro = text if self.intro is None else join(self.intro, text)
        elif self.entries[-1] is self.last or self.entries[-1].kind == "text":
            into = self.entries[-1]
            merged = join(Text(into.text, into.html), text)
            into.text, into.html = merged.text, merged.html
        else:
            # After sub-rules ("To resolve a space combat…" after 78.2b): its own
            # unnumbered entry, so it reads after them as on the site, not inside 78.2.
            count = sum(1 for e in self.entries if e.kind == "text") + 1
            entry = self._entry(f"{self.info.slug}.text-{count}", text, self.info.slug, False)
            entry.kind, entry.number = "text", None

    def _entry(self, rule_id: str, text: Text, parent: str, heading: bool) -> Entry:
        """Record one rule entry in document order."""
        entry = Entry(
            id=rule_id, kind="rule", topic=self.info.slug, title=_title(text.text, heading),
            text=text.text, html=text.html, sources=[self.info.source], parent=parent,
            number=rule_id, order=len(self.entries) + 1, heading=heading,
        )
        self.entries.append(entry)
        return entry


def parse_rules(doc: BeautifulSoup, info: PageInfo, number: str) -> tuple[Text | None, list[Entry]]:
    """Rules of ol.lrr, plus any intro paragraphs found inside the list."""
    counter = _Counter(info, number, counter_start(doc))
    lrr = doc.find("ol", class_="lrr")
    for child in lrr.children if lrr else []:
        if not isinstance(child, Tag):
            continue
        if child.name == "li":
            counter.rule(child, heading=False)
        elif child.name == "h2":
            for li in child.find_all("li", recursive=False):
                counter.rule(li, heading=True)
        elif child.name == "ol":
            counter.subrules(child)
        elif child.name == "ul":
            counter.extra(bullets(child))
        elif child.name == "p":
            counter.extra(normalize(child))
    return counter.intro, counter.entries


def _title(text: str, heading: bool) -> str:
    """A short title: the heading itself, "Step 1 – Roll Dice", or the opening words."""
    if heading:
        return text
    lead, sep, _ = text.partition(":")
    if sep and len(lead) <= 60:
        return lead.strip()
    words = text.split()
    return " ".join(words[:10]) + ("…" if len(words) > 10 else "")
