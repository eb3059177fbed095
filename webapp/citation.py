"""Citations and source labels for people: what "copy" gives and what provenance shows."""
from __future__ import annotations

from urllib.parse import unquote

from corpus import Corpus
from corpus.model import Entry, Source
from webapp import urls

# What each source is, in words (never a file or parser name).
SOURCE_NAMES = {"tirules": "tirules.com", "tirules-text": "tirules.com (text copy)",
                "official-rules": "official rules site", "wiki": "Twilight Imperium wiki",
                "tirules-questions": "tirules.com open questions", "asyncti4": "AsyncTI4 card data"}
_SAVED = ", saved copy"
_RULE_SOURCES = ("tirules", "official-rules", "tirules-text")


def source_label(source: Source | dict) -> str:
    """"tirules.com, LRR 2.0", "tirules.com, LRR 2.0 (an older saved copy)", "Twilight Imperium wiki"."""
    name, version = (source.name, source.version) if isinstance(source, Source) else (
        source.get("name", ""), source.get("version", ""))
    label = SOURCE_NAMES.get(name, name.replace("-", " "))
    if _SAVED in version:
        return f"{label}, {version.split(_SAVED)[0]} (an older saved copy)"
    return f"{label}, {version}" if version else label


def source_labels(sources) -> list[str]:
    """Each source's label; two alike (a ruling on two wiki pages) also name their page:
    "Twilight Imperium wiki (Space Cannon)"."""
    labels = [source_label(s) for s in sources]
    return [f"{label} ({_page_name(s.url)})" if labels.count(label) > 1 and _page_name(s.url) else label
            for label, s in zip(labels, sources)]


def _page_name(url: str) -> str:
    """The page a URL names, in words: ".../wiki/Space_Cannon" -> "Space Cannon"."""
    return unquote(url.split("#")[0].rstrip("/").rsplit("/", 1)[-1]).replace("_", " ") if "/" in url else ""


def edition(entry: Entry) -> str:
    """The rules edition an entry's wording is from ("LRR 2.0"), without any copy detail."""
    ranked = sorted((_RULE_SOURCES.index(s.name), s.version.split(_SAVED)[0]) for s in entry.sources
                    if s.name in _RULE_SOURCES and s.version)
    if not ranked:
        return "LRR"
    version = ranked[0][1]
    return version if version.startswith("LRR") else f"LRR {version}"


def citation(corpus: Corpus, entry: Entry) -> str:
    """The exact text "copy" puts on the clipboard: the entry's own words and its permalink only.

    77.7d (Space Cannon, LRR 2.0): "…" — https://host/r/77.7d
    Q: … A: … — Twilight Imperium wiki, https://host/r/faq.…
    """
    link = urls.permalink(entry.id, external=True)
    page = corpus.by_id.get(entry.topic)
    title = page.title if page is not None else entry.topic
    text = " ".join(entry.whole_text.split())
    if entry.kind == "faq":
        origin = SOURCE_NAMES.get(entry.sources[0].name, "FAQ") if entry.sources else "FAQ"
        return f"{text} — {origin}, {link}"
    if entry.kind == "question":
        return f"Open question ({title}): \"{text}\" — {link}"
    if entry.kind == "note":
        return f"{title}, note {entry.number} (community note): \"{text}\" — {link}"
    if entry.kind == "section":
        body = "" if text == entry.title else f': "{text}"'
        return f"{entry.title} ({title}){body} — {link}"
    if entry.is_page:
        return f"{title}: \"{text}\" — {link}" if text else f"{title} — {link}"
    label = f"{entry.number} ({title}, {edition(entry)})" if entry.number else f"{title} ({edition(entry)})"
    return f"{label}: \"{text}\" — {link}"
