"""Per-corpus derived data for pages: FAQ placement, related and referencing pages, page views."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from corpus import Corpus
from corpus.model import Entry
from corpus.names import fold
from webapp.render import Renderer

BLOCK_KINDS = ("rule", "text", "section", "note")


@dataclass
class Block:
    """One entry shown on a page: its nesting depth and the rulings (FAQs, open questions) beside it."""

    entry: Entry
    depth: int
    faqs: list[Entry] = field(default_factory=list)
    questions: list[Entry] = field(default_factory=list)
    missing_from: list[dict] = field(default_factory=list)
    # ruling id -> the rule or card it clarifies, when that is not this entry: rulings on 77.7 follow
    # 77.7d, the last rule under it, and a player must not read them as about 77.7d.
    about: dict[str, str] = field(default_factory=dict)


@dataclass
class PageView:
    """Everything a page shows, in order; the HTML page and its JSON twin both read this."""

    page: Entry
    blocks: list[Block]
    faqs: list[Entry]
    questions: list[Entry]
    related: list[Entry]
    referenced_by: list[Entry]

    @property
    def show_intro(self) -> bool:
        """The page's own text, unless it only repeats the first rule (13 Attacker keeps its intro as 13)."""
        text = self.page.text.strip()
        return bool(text) and not (self.blocks and self.blocks[0].entry.text.strip() == text)

    @cached_property
    def _section_ids(self) -> dict[str, str]:
        """Each section's folded title and id, the first of a title kept."""
        return {fold(b.entry.title): b.entry.id for b in reversed(self.blocks) if b.entry.kind == "section"}

    def section_id(self, name: str) -> str | None:
        """The id of the section titled name on this page, if any: a faction sheet links its cards to them."""
        return self._section_ids.get(fold(name))

    @property
    def bare_sections(self) -> set[str]:
        """Sections with nothing under them: the source lists the card or ability, with no notes yet."""
        following = [*self.blocks[1:], None]
        return {b.entry.id for b, after in zip(self.blocks, following)
                if b.entry.kind == "section" and b.entry.authority != "card-text"
                and b.entry.text.strip() == b.entry.title.strip() and not (b.faqs or b.questions)
                and (after is None or after.entry.kind == "section")}


class Catalog:
    """One corpus version plus what the web pages derive from it, computed once per version."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self.renderer = Renderer(corpus)
        self.source_names = sorted({s.name for e in corpus.entries for s in e.sources})
        self._rulings = _rulings_by_page(corpus)
        self._beside = _rulings_by_rule(corpus)
        self._views: dict[str, PageView] = {}

    def rulings_for(self, entry_id: str) -> list[Entry]:
        """The FAQs and open questions set beside one rule or section, in corpus order."""
        return self._beside.get(entry_id, [])

    @property
    def folder(self):
        """The corpus version's folder (what the instance symlink points at)."""
        return self.corpus.folder

    def page_view(self, slug: str) -> PageView:
        """The view of one page (UnknownIdError if slug is not a page), cached."""
        view = self._views.get(slug)
        if view is None:
            view = self._views[slug] = self._build(slug)
        return view

    def _build(self, slug: str) -> PageView:
        """Assemble a page: blocks in document order, rulings beside the rules they clarify."""
        entries = self.corpus.topic(slug)
        page = entries[0]
        blocks = [Block(e, self._depth(e)) for e in entries[1:] if e.kind in BLOCK_KINDS]
        _copies_lacking(page, blocks)
        after = self._last_descendants(blocks)
        loose: dict[str, list[Entry]] = {"faq": [], "question": []}
        for ruling, anchors in self._rulings.get(slug, ()):
            anchor = next((a for a in anchors if a in after), None)
            if anchor is not None:
                target = after[anchor]
                (target.faqs if ruling.kind == "faq" else target.questions).append(ruling)
                if target.entry.id != anchor:
                    target.about[ruling.id] = self._label(anchor)
            elif ruling.topic == slug or not anchors:  # its home, or a page of a card it names
                loose[ruling.kind].append(ruling)
        return PageView(page, blocks, loose["faq"], loose["question"], self._related(page),
                        self._referencing(slug, entries))

    def _label(self, entry_id: str) -> str:
        """How a page names a rule (its number) or a card or ability (its title)."""
        entry = self.corpus.by_id[entry_id]
        return entry.number or entry.title

    def _last_descendants(self, blocks: list[Block]) -> dict[str, Block]:
        """id -> the last block of that entry and everything under it, where its FAQs go."""
        after: dict[str, Block] = {}
        for block in blocks:  # document order: a later descendant overwrites an earlier one
            entry_id: str | None = block.entry.id
            for _ in range(8):  # a bounded walk: a parent cycle in bad data cannot hang a page
                if not entry_id or entry_id == block.entry.topic:
                    break
                after[entry_id] = block
                parent = self.corpus.by_id.get(entry_id)
                entry_id = parent.parent if parent else None
        return after

    def _depth(self, entry: Entry) -> int:
        """How deep an entry sits below its page (0 for 77.1, 1 for 77.3a, 1 for note III.α)."""
        depth, parent = 0, entry.parent
        while parent and parent != entry.topic and depth < 4:
            found = self.corpus.by_id.get(parent)
            if found is None or found.kind == "section":
                break
            depth, parent = depth + 1, found.parent
        return depth

    def _related(self, page: Entry) -> list[Entry]:
        """Pages the topic lists as related (its refs that are pages, unknown ones dropped)."""
        pages = [self.corpus.by_id.get(ref) for ref in page.refs if ref != page.id]
        return [p for p in pages if p is not None and p.is_page]

    def _referencing(self, slug: str, entries: list[Entry]) -> list[Entry]:
        """Pages whose text links to this page or to one of its entries."""
        found: set[str] = set()
        for entry in entries:
            for ref in self.corpus.referenced_by(entry.id):
                found.add(self.corpus.by_id[ref].topic)
        found.discard(slug)
        pages = [self.corpus.by_id[t] for t in found if t in self.corpus.by_id]
        return sorted(pages, key=lambda p: (p.kind != "topic", p.order, p.title))


def _rulings_by_page(corpus: Corpus) -> dict[str, list[tuple[Entry, list[str]]]]:
    """page slug -> [(ruling, ids on that page it clarifies)]: its home page, each page of its rules,
    and each page of a card or ability it names but is not set beside (listed there, beside no rule)."""
    found: dict[str, list[tuple[Entry, list[str]]]] = defaultdict(list)
    for ruling in (e for e in corpus.entries if e.kind in ("faq", "question")):
        anchors: dict[str, list[str]] = {ruling.topic: []}
        for ref in ruling.rules:
            target = corpus.by_id.get(ref)
            if target is not None:
                anchors.setdefault(target.topic, []).append(ref)
        for ref in ruling.refs:
            target = corpus.by_id.get(ref)
            if target is not None and target.kind == "section":
                anchors.setdefault(target.topic, [])
        for page, ids in anchors.items():
            found[page].append((ruling, ids))
    return dict(found)


def _rulings_by_rule(corpus: Corpus) -> dict[str, list[Entry]]:
    """rule or section id -> the rulings that clarify it."""
    found: dict[str, list[Entry]] = defaultdict(list)
    for ruling in (e for e in corpus.entries if e.kind in ("faq", "question")):
        for ref in ruling.rules:
            found[ref].append(ruling)
    return dict(found)


def _copies_lacking(page: Entry, blocks: list[Block]) -> None:
    """Mark each entry that a copy of the page lacks (an older saved copy without notes VI, VII)."""
    lacking = [v for v in page.variants if "missing" in v]
    for block in blocks:
        block.missing_from = [v["source"] for v in lacking if block.entry.id in v["missing"]]
