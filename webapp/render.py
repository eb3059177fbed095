"""Turning stored HTML into safe output: cross-link, then sanitize with exactly our tags."""
from __future__ import annotations

import functools
import html
import re

import nh3
from markupsafe import Markup

from corpus import Corpus
from corpus.model import Entry
from webapp import urls

# Everything entry HTML may contain after cross-linking, and nothing else.
ENTRY_TAGS = {"a", "b", "i", "span", "mark", "br"}
ENTRY_ATTRIBUTES = {"a": {"class", "href", "data-ref", "data-preview"},
                    "span": {"class"}, "mark": {"class"}}
SNIPPET_TAGS = {"mark"}
# A reference ingest stored: <a class="xref" data-ref="77.3">; only its URLs are added here.
_STORED_REF = re.compile(r'<a class="xref" data-ref="([^"]+)">')


@functools.cache
def _entry_cleaner() -> nh3.Cleaner:
    """The sanitizer for entry HTML (built on first use, not at import)."""
    return nh3.Cleaner(tags=ENTRY_TAGS, attributes=ENTRY_ATTRIBUTES, link_rel=None,
                       url_schemes=set(), strip_comments=True)


@functools.cache
def _snippet_cleaner() -> nh3.Cleaner:
    """The sanitizer for search snippets: <mark> only."""
    return nh3.Cleaner(tags=SNIPPET_TAGS, attributes={}, link_rel=None, url_schemes=set())


def clean_entry_html(source: str) -> Markup:
    """Entry HTML reduced to our tags and attributes; only relative links survive."""
    return Markup(_entry_cleaner().clean(source))


def clean_snippet(source: str) -> Markup:
    """A whoosh snippet with nothing but <mark> left."""
    return Markup(_snippet_cleaner().clean(source))


def body_html(entry: Entry) -> str:
    """The HTML to show under an entry's heading: an h2 rule's title is already the heading."""
    source = entry.html or html.escape(entry.text)
    if entry.heading:
        # The title may stand alone (58.8 Ability Movement) or be a link the linker made (90.16).
        first, _, rest = source.partition("<br>")
        if Markup(first).striptags() == entry.title.strip():
            return rest
    return source


class Renderer:
    """Entry HTML with its stored references given URLs, sanitized; computed once per entry."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self._cache: dict[str, Markup] = {}
        self._targets: dict[str, tuple[str, str] | None] = {}

    def html(self, entry: Entry) -> Markup:
        """The entry's body, its references mapped to URLs, sanitized (cached; needs a request context)."""
        cached = self._cache.get(entry.id)
        if cached is None:
            cached = self._cache[entry.id] = clean_entry_html(self.urls_for_refs(body_html(entry)))
        return cached

    def question(self, entry: Entry) -> Markup:
        """An FAQ's question, with the cross-links ingest stored for it (cached; needs a request context)."""
        key = f"{entry.id}#question"  # no entry id has a "#"
        if key not in self._cache:
            linked = entry.title_html and clean_entry_html(self.urls_for_refs(entry.title_html))
            self._cache[key] = linked or Markup.escape(entry.title)
        return self._cache[key]

    def urls_for_refs(self, source: str) -> str:
        """Give each stored reference its page URL and preview URL (an unknown id keeps no href)."""
        def tag(match: re.Match) -> str:
            ref = html.unescape(match.group(1))
            target = self.target(ref)
            if target is None:
                return match.group(0)
            esc = lambda value: html.escape(value, quote=True)  # noqa: E731
            return (f'<a class="xref" href="{esc(target[0])}" data-ref="{esc(ref)}" '
                    f'data-preview="{esc(target[1])}">')
        return _STORED_REF.sub(tag, source)

    def target(self, entry_id: str) -> tuple[str, str] | None:
        """(page URL at the anchor, preview API URL) for an id, None when unknown."""
        if entry_id not in self._targets:
            known = entry_id in self.corpus.by_id
            self._targets[entry_id] = ((urls.entry_url(self.corpus, entry_id), urls.api_entry_url(entry_id))
                                       if known else None)
        return self._targets[entry_id]

    def url(self, entry_id: str) -> str:
        """Where an entry is read (cached), for anchors and pills."""
        return self.target(entry_id)[0]

    def clarifies(self, entry: Entry, limit: int = 8) -> list[tuple[str, str, str]]:
        """(label, URL, preview URL) for what a ruling concerns: the rules it sits beside, then pages."""
        beside = [self.corpus.by_id[r] for r in entry.rules if r in self.corpus.by_id]
        rules = [(r.number or r.title, *self.target(r.id)) for r in beside]
        refs = [self.corpus.by_id[r] for r in entry.refs if r in self.corpus.by_id and r not in entry.rules]
        rules += [(r.id, *self.target(r.id)) for r in refs if r.kind == "rule"]
        # A card page may share its title with a rules topic ("Action Cards"): say which is which.
        pages = [(p.title + (" (card notes)" if p.kind == "card" else ""), *self.target(p.id))
                 for p in refs if p.is_page]
        return (rules + pages)[:limit]
