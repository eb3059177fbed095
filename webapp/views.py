"""Data functions shared by each HTML page and its JSON twin."""
from __future__ import annotations

import difflib
import re

from corpus.model import HOMEBREW_FLAG, Entry
from corpus.typed import rules_above
from webapp import urls
from webapp.catalog import PageView
from webapp.citation import SOURCE_NAMES, citation
from webapp.corpus_access import get_catalog, get_corpus
from corpus.names import fold

KIND_LABELS = {"rule": "Rule", "text": "Rule", "note": "Note", "faq": "FAQ", "question": "Open question",
               "topic": "Topic", "faction": "Faction", "card": "Card", "section": "Section", "page": "Page"}
SOURCE_LABELS = SOURCE_NAMES
AUTHORITY_LABELS = {"lrr": "LRR", "official-faq": "official", "community-note": "community",
                    "open-question": "open question", "card-text": "card text"}


def entry_dict(entry: Entry) -> dict:
    """An entry for JSON: every stored field, plus where to read it and its permalink."""
    data = entry.to_dict()
    data["homebrew"] = HOMEBREW_FLAG in entry.flags
    data["url"] = urls.entry_url(get_corpus(), entry.id)
    data["permalink"] = urls.permalink(entry.id)
    data["citation"] = citation(get_corpus(), entry)
    return data


def rule_dict(entry: Entry) -> dict:
    """One entry for /api/rules/<id>: the entry, its citation, and the rulings set beside it."""
    rulings = get_catalog().rulings_for(entry.id)
    return {"entry": entry_dict(entry), "citation": citation(get_corpus(), entry),
            "faqs": [entry_dict(r) for r in rulings if r.kind == "faq"],
            "questions": [entry_dict(r) for r in rulings if r.kind == "question"]}


def page_dict(view: PageView) -> dict:
    """A page for JSON: the page entry, its entries in order, and what surrounds them."""
    entries = [b.entry for b in view.blocks]
    entries += [f for b in view.blocks for f in b.faqs + b.questions] + view.faqs + view.questions
    return {"page": entry_dict(view.page), "entries": [entry_dict(e) for e in entries],
            "related": [page_link(p) for p in view.related],
            "referenced_by": [page_link(p) for p in view.referenced_by]}


def page_link(page: Entry) -> dict:
    """A short reference to a page: id, title, kind, number and URL."""
    return {"id": page.id, "title": page.title, "kind": page.kind, "number": page.number,
            "category": page.category, "url": urls.page_url(page)}


def page_view(slug: str) -> PageView:
    """The view of a page (UnknownIdError for an unknown slug)."""
    return get_catalog().page_view(slug)


def home_data() -> dict:
    """The index: topics by name and by LRR number, factions, cards and other pages."""
    corpus = get_corpus()
    topics = corpus.pages("topic")
    numbered = sorted((t for t in topics if (t.number or "").isdigit()), key=lambda t: int(t.number))
    return {"by_name": sorted(topics, key=lambda t: fold(t.title)), "by_number": numbered,
            "factions": sorted(corpus.pages("faction"), key=lambda p: fold(_bare(p.title))),
            "cards": corpus.pages("card"), "other": corpus.pages("page")}


def home_dict(data: dict) -> dict:
    """The index as JSON."""
    return {key: [page_link(p) for p in pages] for key, pages in data.items()}


def suggestions(words: str, limit: int = 5) -> list[dict]:
    """Pages and entries that a mistyped address or empty search may have meant."""
    text = " ".join(re.split(r"[\W_]+", words)).strip()
    if not text:
        return []
    corpus = get_corpus()
    results = corpus.search(text, limit=limit)
    ids = [found for found in map(corpus.lookup, rules_above(words)) if found]
    ids += ([results.jump] if results.jump else []) + [page for page, _ in results.groups]
    ids += [page.id for page in close_titles(text)]
    return entry_links(corpus, list(dict.fromkeys(i for i in ids if i in corpus.by_id))[:limit])


def entry_links(corpus, ids: list[str]) -> list[dict]:
    """Entries as links a page offers: id, title, kind and where to read each."""
    return [{"id": i, "title": corpus.by_id[i].title, "kind": corpus.by_id[i].kind, "url": urls.entry_url(corpus, i)}
            for i in ids]


def close_titles(text: str, limit: int = 3) -> list[Entry]:
    """Pages whose title is spelled like text ("spase canon" -> Space Cannon)."""
    pages = {fold(p.title): p for p in reversed(get_corpus().pages())}
    found = difflib.get_close_matches(fold(text), list(pages), n=limit, cutoff=0.72)
    return [pages[f] for f in found]


def _bare(title: str) -> str:
    """A faction title without its leading article, for sorting."""
    return title[4:] if title.lower().startswith("the ") else title
