"""Home: every entry belongs to a page that exists in the corpus."""
from __future__ import annotations


from corpus.model import PAGE_KINDS, Entry
from corpus.names import fold, fold_title

TITLE_PREFIX = "?"
# Pages made up for entries that belong to no source page.
SYNTHETIC = {
    "open-questions": ("Open Questions", "Questions the rules do not answer yet."),
    "wiki/faq": ("Wiki FAQ", "Rulings collected on the Twilight Imperium wiki."),
    "faq": ("Wiki FAQ", "Rulings collected on the Twilight Imperium wiki."),
}


def home_entries(entries: list[Entry]) -> list[Entry]:
    """Resolve "?kind:Title" topics to page slugs; unknown ones get a synthetic page."""
    titles = _title_index(entries)
    for entry in entries:
        if entry.topic.startswith(TITLE_PREFIX):
            entry.topic = _resolve(entry.topic[1:], titles) or _fallback(entry)
    return entries + _synthetic_pages(entries)


def _title_index(entries: list[Entry]) -> dict[tuple[str, str], str]:
    """(kind, folded title) -> slug for every page entry."""
    index: dict[tuple[str, str], str] = {}
    for entry in entries:
        if entry.kind in PAGE_KINDS:
            index.setdefault((entry.kind, fold(entry.title)), entry.id)
    return index


def _resolve(wanted: str, titles: dict[tuple[str, str], str]) -> str | None:
    """Slug for "kind:Title": the page of that title, else the one page of the same words (symbols aside:
    "The Firmament & The Obsidian" is "⚪ The Firmament ✖ The Obsidian"); a faction may be named by its
    short name too, but no other page by the start of its title (Production Biomes is not Production)."""
    kind, _, title = wanted.partition(":")
    folded = fold(title)
    if (kind, folded) in titles:
        return titles[(kind, folded)]
    same_words = {slug for (k, name), slug in titles.items() if k == kind and fold_title(name) == fold_title(title)}
    if len(same_words) == 1:
        return same_words.pop()
    for (k, name), slug in titles.items():
        if k == kind == "faction" and folded and (name.startswith(folded) or folded.startswith(name)):
            return slug
    return None


def _fallback(entry: Entry) -> str:
    """Questions with no page of their own are gathered on one page."""
    return "open-questions" if entry.kind == "question" else "wiki/faq"


def _synthetic_pages(entries: list[Entry]) -> list[Entry]:
    """Page entries for topics that entries use but no source page defines."""
    existing = {e.id for e in entries if e.kind in PAGE_KINDS}
    pages = []
    for slug in sorted({e.topic for e in entries} - existing):
        default = (slug.rsplit("/", 1)[-1].replace("-", " ").title(), "")
        title, text = SYNTHETIC.get(slug, default)
        pages.append(Entry(id=slug, kind="page", topic=slug, title=title, text=text,
                           html=text, order=10_000 + len(pages)))
    return pages
