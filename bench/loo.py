"""Leave-one-out questions built from the corpus itself: every FAQ and open question, with the
page and rules it sits on, to be searched with that entry (and its copies) left out.

Split by a hash of the entry id: "train" (3 in 5, for fitting weights) and "held-out" (the rest).
Left out means: not a candidate, and not counted in its page's score. The index statistics
(document frequencies, lengths) still include it; that leak is one entry in five thousand.
"""
from __future__ import annotations

import hashlib
import re

from corpus import search
from corpus.mentions import folded
from corpus.model import ruling_parts
from corpus.names import words

KINDS = ("faq", "question")
RULE_KINDS = ("rule", "section")  # an LRR rule, or the text of the card or ability a ruling is about
TRAIN_SHARE = 3  # of every 5
# A follow-up in a thread ("If so, when do they do so?", "What about Salvage?") cannot be
# answered alone: it is asked with the question before it, as a player would have asked both.
FOLLOW_UP = re.compile(r"(and|or|but|also|so|then|if so|if not|what about|how about|in that case|"
                       r"does this|does that|is this|is that|can this|can that)\b", re.I)


def question_text(entry) -> str:
    """What a player would have asked: a FAQ's question, or the open question itself."""
    text = entry.text
    if entry.kind == "faq":
        text = ruling_parts(text)[0] or entry.title
    return text


def part(entry_id: str) -> str:
    """"train" or "held-out", fixed by the id alone."""
    digest = hashlib.sha256(entry_id.encode()).digest()[0]
    return "train" if digest % 5 < TRAIN_SHARE else "held-out"


def questions(corpus, kind: str | None = None, which: str | None = None) -> list[dict]:
    """Leave-one-out questions: q, pages (home or clarified), home, rules (the rules or sections it
    sits beside), exclude (ids), kind, part, and its strata: homed on a rules topic or on a card
    or faction page ("rules"/"cards"), and whether it names the page or card it is about."""
    copies: dict[str, list[str]] = {}
    for entry in corpus.entries:
        copies.setdefault(" ".join(words(entry.text)), []).append(entry.id)
    found, before = [], {}
    for entry in corpus.entries:
        if entry.kind not in KINDS:
            continue
        lead = before.get((entry.kind, entry.topic))
        if not FOLLOW_UP.match(question_text(entry)):
            before[(entry.kind, entry.topic)] = entry
        if (kind and entry.kind != kind) or (which and part(entry.id) != which):
            continue
        home = _pages(corpus, entry)
        if not home:
            continue
        # A FAQ shows beside every page it clarifies; landing on any of them answers it.
        pages = home | {r for r in entry.refs if r in corpus.by_id and corpus.by_id[r].is_page}
        # The rule or card/ability section the entry sits beside (ingest's FAQ homes), else any rule it names.
        beside = [*getattr(entry, "rules", ()), entry.parent, *entry.refs]
        rules = [r for r in beside if r and r in corpus.by_id and corpus.by_id[r].kind in RULE_KINDS]
        text = question_text(entry)
        if FOLLOW_UP.match(text):
            if lead is None:
                continue
            text = question_text(lead) + " " + text
        found.append({"id": entry.id, "kind": entry.kind, "part": part(entry.id), "q": text,
                      "pages": pages, "home": home, "rules": sorted(set(rules)),
                      "exclude": frozenset(copies[" ".join(words(entry.text))]),
                      "stratum": stratum(corpus, home), "named": names_its_own(corpus, text, home, rules)})
    return found


def stratum(corpus, home: set[str]) -> str:
    """"rules" for a question homed on LRR topics only, else "cards" (card and faction pages)."""
    return "rules" if all(corpus.by_id[p].kind == "topic" for p in home) else "cards"


def names_its_own(corpus, text: str, home: set[str], rules: list[str]) -> bool:
    """True when the question names its card or ability section, or its faction."""
    named = search.named_in(corpus.parser(), text)
    titles = {folded(corpus.by_id[r].title) for r in rules if corpus.by_id[r].kind == "section"}
    return bool(titles & named.titles or home & named.pages)


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
