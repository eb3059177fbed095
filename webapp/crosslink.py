"""Cross-linking: rule numbers, ability names and page titles in entry HTML become links.

Works on the stored, already sanitized HTML token by token: tags pass through
untouched, only text between tags is rewritten, and nothing inside a link is.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Callable

from webapp import names as namelib

# A tag, allowing ">" inside quoted attribute values.
TAG = re.compile(r"<(?:[^>\"']|\"[^\"]*\"|'[^']*')*>")
# "77.3", "rule 68.1d", "(77.7d)": the same shape ingest records as refs.
RULE_ID = re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,2}[a-z]{0,3})(?![\w.]*\d)")
_DATA_REF = re.compile(r"""data-ref\s*=\s*["']([^"'#]+)""")
_NAME_SPAN = re.compile(r"<(span class=\"sc\"|b|i)>$")

# Given a target id: (href, preview API URL), or None when it cannot be linked.
Resolver = Callable[[str], "tuple[str, str] | None"]


@dataclass
class Linker:
    """What can be linked in one corpus: rule ids, span names, title phrases, and where they live."""

    rule_ids: set[str]
    span_names: dict[str, str]
    phrase_names: dict[str, str]
    parents: dict[str, str] = field(default_factory=dict)
    phrases: re.Pattern | None = field(default=None, repr=False)

    @classmethod
    def from_corpus(cls, corpus) -> "Linker":
        """Precompute the names and patterns for a corpus (once per corpus version)."""
        pages = namelib.page_names(corpus)
        return cls(rule_ids={e.id for e in corpus.entries if e.kind == "rule"},
                   span_names=namelib.span_names(corpus), phrase_names=pages,
                   parents={e.id: e.parent for e in corpus.entries if e.parent},
                   phrases=namelib.phrase_pattern(pages))

    def link(self, source: str, entry, resolve: Resolver) -> str:
        """An entry's HTML with cross-links added; existing data-ref links get an href."""
        return _Pass(self, entry, resolve).run(source)


class _Pass:
    """One linking pass over one entry: remembers which names were linked already."""

    def __init__(self, linker: Linker, entry, resolve: Resolver):
        self.linker, self.entry_id, self.resolve = linker, entry.id, resolve
        # Links to the entry itself, its own page or what it sits under would only be noise.
        self.own = {entry.id, entry.topic} | _ancestors(entry.parent, linker.parents)
        self.seen: set[str] = set()
        self.out: list[str] = []

    def run(self, source: str) -> str:
        """Walk tags and text; keep a stack so a dropped <a> also drops its </a>."""
        tokens = _tokens(source)
        links: list[bool] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            if token.startswith("<a") and token[2:3] in (" ", ">"):
                kept = self._open_link(token)
                links.append(kept)
            elif token == "</a>":
                if links and links.pop():
                    self.out.append(token)
            elif token.startswith("<"):
                if not links and self._span(tokens, i):
                    i += 3
                    continue
                self.out.append(token)
            else:
                self.out.append(token if links else self._text(token))
            i += 1
        return "".join(self.out)

    def _open_link(self, tag: str) -> bool:
        """An existing link: give it a real href, or unwrap it when its target is unknown."""
        match = _DATA_REF.search(tag)
        ref = html.unescape(match.group(1)) if match else ""
        target = self.resolve(ref) if ref else None
        if target is None:
            return False
        self.seen.add(ref)
        self.out.append(_anchor_tag(ref, *target))
        return True

    def _span(self, tokens: list[str], i: int) -> bool:
        """<span class="sc">Space Cannon</span>, <b>…</b>, <i>…</i> naming a known thing: link it whole."""
        opening = _NAME_SPAN.match(tokens[i]) and i + 2 < len(tokens)
        if not opening or tokens[i + 1].startswith("<") or not tokens[i + 2].startswith("</"):
            return False
        target = self.linker.span_names.get(namelib.fold(html.unescape(tokens[i + 1])))
        link = self._target(target) if target else None
        if link is None:
            return False
        self.out.append(_anchor_tag(target, *link) + "".join(tokens[i:i + 3]) + "</a>")
        return True

    def _text(self, text: str) -> str:
        """Rule numbers and page titles in one text node."""
        found = [(m.start(), m.end(), m.group(1)) for m in RULE_ID.finditer(text)
                 if m.group(1) in self.linker.rule_ids and m.group(1) != self.entry_id]
        if self.linker.phrases is not None:
            found += self._phrases(text)
        if not found:
            return text
        pieces, last = [], 0
        for start, end, target in sorted(found):
            link = self.resolve(target) if start >= last else None
            if link is None:
                continue
            pieces += [text[last:start], _anchor_tag(target, *link), text[start:end], "</a>"]
            last = end
        return "".join(pieces) + text[last:]

    def _phrases(self, text: str) -> list[tuple[int, int, str]]:
        """Page titles in running text: the first mention of each, never the page itself."""
        found = []
        for match in self.linker.phrases.finditer(text):
            words = match.group(0)
            if " " not in words.strip() and not _acronym(words):
                continue
            target = self.linker.phrase_names.get(namelib.fold(words))
            if target and self._allowed(target):
                self.seen.add(target)
                found.append((match.start(), match.end(), target))
        return found

    def _target(self, target: str):
        """Resolve a name's target once per entry, skipping self-links."""
        if not self._allowed(target):
            return None
        self.seen.add(target)
        return self.resolve(target)

    def _allowed(self, target: str) -> bool:
        """Not yet linked in this entry, not the entry itself, not the page it is on."""
        return target not in self.seen and target not in self.own


def _ancestors(parent: str | None, parents: dict[str, str]) -> set[str]:
    """An entry's parent, grandparent… (bounded, in case the data has a cycle)."""
    found: set[str] = set()
    while parent and parent not in found and len(found) < 8:
        found.add(parent)
        parent = parents.get(parent)
    return found


def _acronym(word: str) -> bool:
    """One-word titles link in running text only as acronyms ("PDS"); "Ships" or "Move" would be noise."""
    return len(word) > 1 and word.isupper()


def _tokens(source: str) -> list[str]:
    """Split HTML into tags and the text between them (empty strings dropped)."""
    tokens, last = [], 0
    for match in TAG.finditer(source):
        if match.start() > last:
            tokens.append(source[last:match.start()])
        tokens.append(match.group(0))
        last = match.end()
    if last < len(source):
        tokens.append(source[last:])
    return tokens


def _anchor_tag(target: str, href: str, preview: str) -> str:
    """The opening tag of a cross-link; every attribute value escaped."""
    esc = lambda value: html.escape(value, quote=True)  # noqa: E731
    return (f'<a class="xref" href="{esc(href)}" data-ref="{esc(target)}" '
            f'data-preview="{esc(preview)}">')
