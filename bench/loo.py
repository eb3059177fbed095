"""Leave-one-out questions built from the corpus itself: every FAQ and open question, with the
page and rules it sits on, to be searched with that entry (and its copies) left out.

Split by a hash of the entry id: "train" (3 in 5, for fitting weights) and "held-out" (the rest).
Left out means: not a candidate, and not counted in its page's score. The index statistics
(document frequencies, lengths) still include it; that leak is one entry in five thousand.
"""
from __future__ import annotations

import hashlib

from corpus.names import words

KINDS = ("faq", "question")
RULE_KINDS = ("rule", "section")  # an LRR rule, or the text of the card or ability a ruling is about
TRAIN_SHARE = 3  # of every 5


def question_text(entry) -> str:
    """What a player would have asked: a FAQ's question, or the open question itself."""
    text = entry.text
    if entry.kind == "faq":
        text = text.split("\nA:", 1)[0].removeprefix("Q:").strip() or entry.title
    return text


def part(entry_id: str) -> str:
    """"train" or "held-out", fixed by the id alone."""
    digest = hashlib.sha256(entry_id.encode()).digest()[0]
    return "train" if digest % 5 < TRAIN_SHARE else "held-out"


def questions(corpus, kind: str | None = None, which: str | None = None) -> list[dict]:
    """Leave-one-out questions: q, pages (home or clarified), home, rules (the rules or sections it
    sits beside), exclude (ids), kind, part."""
    copies: dict[str, list[str]] = {}
    for entry in corpus.entries:
        copies.setdefault(" ".join(words(entry.text)), []).append(entry.id)
    found = []
    for entry in corpus.entries:
        if entry.kind not in KINDS or (kind and entry.kind != kind) or (which and part(entry.id) != which):
            continue
        home = _pages(corpus, entry)
        if not home:
            continue
        # A FAQ shows beside every page it clarifies; landing on any of them answers it.
        pages = home | {r for r in entry.refs if r in corpus.by_id and corpus.by_id[r].is_page}
        # The rule or card/ability section the entry sits beside (ingest's FAQ homes), else any rule it names.
        beside = [*getattr(entry, "rules", ()), entry.parent, *entry.refs]
        rules = [r for r in beside if r and r in corpus.by_id and corpus.by_id[r].kind in RULE_KINDS]
        found.append({"id": entry.id, "kind": entry.kind, "part": part(entry.id), "q": question_text(entry),
                      "pages": pages, "home": home, "rules": sorted(set(rules)),
                      "exclude": frozenset(copies[" ".join(words(entry.text))])})
    return found


def _pages(corpus, entry) -> set[str]:
    """The page an entry sits on; on a made-up page (the wiki FAQ list, open questions), the
    pages it names instead."""
    page = corpus.by_id.get(entry.topic)
    if page is not None and page.kind != "page":
        return {page.id}
    named = {r for r in entry.refs if r in corpus.by_id and corpus.by_id[r].is_page}
    slug = entry.id.split(".")[1] if entry.id.count(".") >= 2 else ""
    if slug in corpus.by_id and corpus.by_id[slug].is_page and corpus.by_id[slug].kind != "page":
        named.add(slug)
    return named
