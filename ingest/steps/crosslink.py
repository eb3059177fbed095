"""Cross-links, resolved once at ingest: rule numbers, names and titles in entry HTML become
<a class="xref" data-ref="ID"> references. The web app only maps a stored ref to its URL.

Works on the stored, sanitized HTML token by token: tags pass through, only text
between tags is rewritten, nothing inside a link is, and a source link to an id
no entry has is unwrapped.
"""
from __future__ import annotations

import html
import re

from corpus.model import Entry
from corpus import names
from ingest.steps.linker import Linker

# A tag, allowing ">" inside quoted attribute values.
TAG = re.compile(r"<(?:[^>\"']|\"[^\"]*\"|'[^']*')*>")
_DATA_REF = re.compile(r"""data-ref\s*=\s*["']([^"'#]+)""")
_NAME_SPAN = re.compile(r"<(span class=\"sc\"|b|i)>$")
LINKED_KINDS = ("topic", "faction", "card", "rule", "text", "section", "note", "faq", "question")


def crosslink(entries: list[Entry]) -> list[Entry]:
    """Rewrite every entry's HTML with its cross-links (one Linker for the whole corpus)."""
    linker = Linker(entries)
    parents = {e.id: e.parent for e in entries if e.parent}
    for entry in entries:
        if entry.kind in LINKED_KINDS and entry.html:
            entry.html = _Pass(linker, entry, parents).run(entry.html)
        if entry.kind == "faq":  # its question is shown as its own line ("Q: Does 63.3 …"), apart from its answer
            linked = _Pass(linker, entry, parents).run(html.escape(entry.title, quote=False))
            entry.title_html = linked if "<a " in linked else ""
    return entries


class _Pass:
    """One linking pass over one entry: remembers which names were linked already."""

    def __init__(self, linker: Linker, entry: Entry, parents: dict[str, str]):
        self.linker, self.entry = linker, entry
        # Links to the entry itself, its own page or what it sits under would only be noise.
        self.own = {entry.id, entry.topic} | _ancestors(entry.parent, parents)
        # A ruling is also shown beside its rules, on their pages.
        self.own |= {linker.by_id[r].topic for r in entry.rules if r in linker.by_id}
        self.home = {entry.topic}
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
                links.append(self._open_link(token))
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
        """A source link: keep it when its target exists (external links too), else unwrap it."""
        match = _DATA_REF.search(tag)
        if match is None:
            self.out.append(tag)
            return True
        ref = html.unescape(match.group(1))
        if ref not in self.linker.by_id:
            return False
        self.seen.add(ref)
        self.out.append(anchor(ref))
        return True

    def _span(self, tokens: list[str], i: int) -> bool:
        """<span class="sc">Space Cannon</span>, <b>…</b>, <i>…</i> naming a known thing: link it whole."""
        opening = _NAME_SPAN.match(tokens[i]) and i + 2 < len(tokens)
        if not opening or tokens[i + 1].startswith("<") or not tokens[i + 2].startswith("</"):
            return False
        name = html.unescape(tokens[i + 1])
        after = html.unescape(_plain(tokens[i + 3:i + 6]))
        before = html.unescape(_plain(self.out[-3:]))
        text = before + name + after
        candidates = self.linker.targets.get(names.fold(name), [])
        target = self.linker.choose(candidates, text, len(before), len(before) + len(name), self.home)
        # On its own page a name still links when another page has the same title
        # (91.1's "Technology strategy card"), so the reader sees which one is meant.
        ambiguous = target is not None and len({t.ref for t in candidates}) > 1 and target.ref == self.entry.topic
        if target is None or not (self._allowed(target.ref) or (ambiguous and target.ref not in self.seen)):
            return False
        self.seen.add(target.ref)
        self.out.append(anchor(target.ref) + "".join(tokens[i:i + 3]) + "</a>")
        return True

    def _text(self, text: str) -> str:
        """Rule numbers and page titles in one text node."""
        plain = html.unescape(text)
        if plain != text:  # escaped text: positions differ, so link rule numbers only
            return self._rules_only(text)
        found = [(m.start(), m.end(), m.group(1)) for m in names.RULE_ID.finditer(text)
                 if m.group(1) in self.linker.by_id and m.group(1) != self.entry.id]
        for mention in self.linker.mentions(text, self.home):
            ref = mention.target.ref
            if " " in names.fold(mention.words) or mention.words.isupper():
                if self._allowed(ref):
                    self.seen.add(ref)
                    found.append((mention.start, mention.end, ref))
        return _wrap(text, found)

    def _rules_only(self, text: str) -> str:
        """Rule numbers in a text node that holds escaped characters."""
        found = [(m.start(), m.end(), m.group(1)) for m in names.RULE_ID.finditer(text)
                 if m.group(1) in self.linker.by_id and m.group(1) != self.entry.id]
        return _wrap(text, found)

    def _allowed(self, target: str) -> bool:
        """Not yet linked in this entry, not the entry itself, not the page it is on."""
        return target not in self.seen and target not in self.own


def anchor(target: str) -> str:
    """The opening tag of a stored cross-reference."""
    return f'<a class="xref" data-ref="{html.escape(target, quote=True)}">'


def _wrap(text: str, found: list[tuple[int, int, str]]) -> str:
    """Wrap the found spans of one text node in anchors (overlaps: the first wins)."""
    pieces, last = [], 0
    for start, end, target in sorted(found):
        if start < last:
            continue
        pieces += [text[last:start], anchor(target), text[start:end], "</a>"]
        last = end
    return "".join(pieces) + text[last:]


def _plain(tokens: list[str]) -> str:
    """The text of a few tokens, tags dropped (context for telling same-named things apart)."""
    return "".join(t for t in tokens if not t.startswith("<"))


def _ancestors(parent: str | None, parents: dict[str, str]) -> set[str]:
    """An entry's parent, grandparent… (bounded, in case the data has a cycle)."""
    found: set[str] = set()
    while parent and parent not in found and len(found) < 8:
        found.add(parent)
        parent = parents.get(parent)
    return found


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
