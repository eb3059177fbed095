"""The one search: what a query returns, for the CLI, the web pages, the API and the type-ahead.

Ranked hits (corpus.search), then: a jump target named by the query moved to the top with its
real score, near-copies collapsed into one hit with a count, page titles completing a short
query, a spelling suggestion, and the hits grouped by page.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from corpus import search
from corpus.search import Hit, Only, Parser, Weights
from corpus.names import fold_title, words

COMPLETE_WORDS = 3  # queries this short also get pages whose title starts with them
GROUP_HITS = 3  # entries shown under each page
MIN_GROUPS = 5  # pages on the first screen, unless the query names one page
TITLE_CUTOFF = 0.72  # how alike a title must be spelled to be offered for a query that found nothing


@dataclass
class Results:
    """Hits for one query, with the query as understood."""

    query: str
    hits: list[Hit] = field(default_factory=list)
    did_you_mean: str | None = None
    jump: str | None = None
    groups: list[tuple[str, list[Hit]]] = field(default_factory=list)

    def to_dict(self) -> dict:
        """Plain dict for JSON: the flat ranked list and the same hits by page."""
        return {"query": self.query, "jump": self.jump, "did_you_mean": self.did_you_mean,
                "results": [h.to_dict() for h in self.hits],
                "groups": [{"page": page, "title": hits[0].page, "hits": [h.to_dict() for h in hits]}
                           for page, hits in self.groups]}


@dataclass(frozen=True)
class Ask:
    """One search request: the cleaned query, how many hits, filters, and evaluation knobs."""

    text: str
    limit: int
    only: Only = Only()
    weights: Weights = search.WEIGHTS
    exclude: frozenset[int] = frozenset()  # doc numbers left out (leave-one-out evaluation)


def find(corpus, searcher, parser: Parser, ask: Ask) -> Results:
    """Run one search over a loaded corpus (corpus.Corpus) and its open searcher."""
    text = parser.known.joined(ask.text)
    results = Results(query=ask.text)
    results.jump = jump_target(corpus, parser, text)
    ranked, request = search.ranked(searcher, parser, text, ask.only, ask.limit, ask.weights, ask.exclude)
    fixed = parser.known.corrected(text)
    if fixed:
        better, better_request = search.ranked(searcher, parser, fixed, ask.only, ask.limit, ask.weights,
                                               ask.exclude)
        if better and (not ranked or better[0][0] > ranked[0][0]):
            # The spelling that finds more is what the player meant: show its hits, and say so.
            results.did_you_mean = fixed
            ranked, request = better, better_request
            results.jump = results.jump or jump_target(corpus, parser, fixed)
    items = _jump_first(corpus, results.jump, collapsed(ranked, parser.copies), ranked, text, ask.only)
    if ask.only.source is None:  # title completions are pages, whatever their sources
        items += completions(corpus, text, ask.only.kind, {f["id"] for _, f, _ in items}, ask.limit - len(items))
    made: dict[str, Hit] = {}

    def hit(item) -> Hit:
        score, fields, count = item
        if fields["id"] not in made:
            made[fields["id"]] = search.make_hit(fields, score, request.marks, count)
        return made[fields["id"]]

    results.hits = [hit(item) for item in items[:ask.limit]]
    # Open questions on the made-up page stay in the flat list but form no group of their own.
    pages = max(MIN_GROUPS, len({h.topic for h in results.hits if not unanswered(h.to_dict(), parser.known.loose)}))
    shown = [i for i in items if not unanswered(i[1], parser.known.loose)]
    results.groups = [(page, [hit(i) for i in group]) for page, group in grouped(shown, pages)]
    if not results.hits and not results.did_you_mean:
        results.did_you_mean = close_title(corpus, text)
    return results


def collapsed(ranked, copies: dict[str, str]) -> list[tuple[float, dict, int]]:
    """The ranked hits as (score, fields, count): each near-copy of a hit counts on it instead."""
    kept: list[list] = []
    first: dict[str, list] = {}
    for score, fields in ranked:
        key = copies.get(fields["id"])
        if key is not None and key in first:
            first[key][2] += 1
            continue
        item = [score, fields, 1]
        kept.append(item)
        if key is not None:
            first[key] = item
    return [tuple(item) for item in kept]


def unanswered(fields: dict, loose: frozenset[str]) -> bool:
    """True for an open question on the page made up to gather them: not a page a player wants."""
    return fields.get("kind") == "question" and fields.get("topic") in loose


def grouped(items: list, pages: int) -> list[tuple[str, list]]:
    """Hits by page, pages in the order of their best hit, at most GROUP_HITS under each."""
    groups: dict[str, list] = {}
    for item in items:
        topic = item[1]["topic"]
        if topic in groups or len(groups) < pages:
            bucket = groups.setdefault(topic, [])
            if len(bucket) < GROUP_HITS:
                bucket.append(item)
    return list(groups.items())


def jump_target(corpus, parser: Parser, text: str) -> str | None:
    """An id the query names exactly: a rule id, a page title, a player's name for one, or a
    section by its kind ("nekro flagship", "alliance pn")."""
    rule = search.as_rule_id(text)
    if rule and rule in corpus.by_id:
        return rule
    if rule and rule.isdigit():
        return next((e.id for e in corpus.pages("topic") if e.number == rule), None)
    named = parser.known.page_named(text)
    return named or (parser.names.jump(text) if parser.names else None)


def _jump_first(corpus, jump: str | None, items: list, ranked, text: str, only: Only) -> list:
    """The hits with the jump target moved (or added) to the top, with its own score."""
    if jump is None:
        return items
    target = corpus.by_id[jump]
    if not only.allows({"kind": target.kind, "source": ",".join(s.name for s in target.sources)}):
        return items
    found = next((item for item in items if item[1]["id"] == jump), None)
    if found is None:
        score = next((s for s, f in ranked if f["id"] == jump), max([i[0] for i in items], default=1.0))
        found = (score, _fields(corpus, target), 1)
    return [found] + [item for item in items if item[1]["id"] != jump]


def _fields(corpus, entry) -> dict:
    """The stored fields of an entry, as the index would give them."""
    page = corpus.by_id.get(entry.topic, entry).title
    return {"id": entry.id, "kind": entry.kind, "topic": entry.topic, "title": entry.title,
            "text": entry.text, "page": page}


def completions(corpus, query: str, kind: str | None, seen: set[str], room: int) -> list:
    """Pages whose title starts with a short query, so "spa" already finds Space Cannon."""
    if room <= 0 or len(query.split()) > COMPLETE_WORDS or (kind and kind not in ("topic", "faction", "card")):
        return []
    prefix = " ".join(words(query))
    if not prefix:
        return []
    pages = [p for p in corpus.pages(kind) if p.id not in seen
             and any(f.startswith(prefix) for f in (" ".join(words(p.title)), fold_title(p.title)))]
    return [(0.0, _fields(corpus, p), 1) for p in pages[:room]]


def close_title(corpus, text: str) -> str | None:
    """A page title spelled like the query ("spase canon" -> Space Cannon), when nothing matched."""
    pages = {fold_title(p.title): p for p in reversed(corpus.pages())}
    found = difflib.get_close_matches(fold_title(text), list(pages), n=1, cutoff=TITLE_CUTOFF)
    return pages[found[0]].title if found else None
