"""The one search: what a query returns, for the CLI, the web pages, the API and the type-ahead.

Ranked hits (corpus.search), then: a jump target named by the query moved to the top with its
real score, near-copies collapsed into one hit with a count, page titles completing a short
query, a spelling suggestion, the flat list spread over pages (corpus.grouping: the first three
hits as ranked, then two a page before the other pages' first ones), and the hits grouped by page.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace

from corpus import search
from corpus.grouping import MIN_GROUPS, grouped, spread, unanswered
from corpus.mentions import Named
from corpus.search import Hit, Only, Parser, Weights
from corpus.labels import copies_named, hit_label, lead_in, page_label
from corpus.names import fold_title, words
from corpus.snippets import stem

COMPLETE_WORDS = 3  # queries this short also get pages and cards whose title starts with them
UPDATED = "Ω"  # the mark of a card's updated version (Codices), dropped by fold_title
SAME_FIRST = 5  # a respelling must find its new word among this many first hits to be offered
# Words that ask how a named card is played, not about a rule of its own ("when can i play X").
ASKING = frozenset("play plays played playing work works resolve resolves".split())
TITLE_CUTOFF = 0.72  # how alike a title must be spelled to be offered for a query that found nothing


@dataclass
class Results:
    """Hits for one query, with the query as understood."""

    query: str
    hits: list[Hit] = field(default_factory=list)
    did_you_mean: str | None = None
    jump: str | None = None
    groups: list[tuple[str, list[Hit]]] = field(default_factory=list)
    page_labels: dict[str, str] = field(default_factory=dict)  # each group's page -> page_label()

    def to_dict(self) -> dict:
        """Plain dict for JSON: the flat ranked list and the same hits by page."""
        return {"query": self.query, "jump": self.jump, "did_you_mean": self.did_you_mean,
                "results": [h.to_dict() for h in self.hits],
                "groups": [{"page": page, "title": hits[0].page, "label": self.page_labels.get(page, ""),
                            "hits": [h.to_dict() for h in hits]} for page, hits in self.groups]}


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
    ranked, request = _ranked(corpus, searcher, parser, ask, text, results.jump)
    fixed = parser.known.corrected(text)
    if fixed:
        jump = results.jump or jump_target(corpus, parser, fixed)
        better, better_request = _ranked(corpus, searcher, parser, ask, fixed, jump)
        if better and (not ranked or better[0][0] > ranked[0][0]) and _found(fixed, text, better):
            # The spelling that finds more is what the player meant: show its hits, and say so.
            results.did_you_mean = fixed
            ranked, request = better, better_request
            results.jump = jump
    like: dict[str, list[str]] = {}
    items = collapsed(ranked, parser.copies, like)
    items = _first(corpus, [results.jump] if results.jump else parser.known.looked_up_rules(text), items,
                   ranked, ask.only)
    if results.jump is None:
        items = _named_first(corpus, parser, text, items, ask.only)
    if ask.only.source is None:  # title completions are pages and cards, whatever their sources
        done = completions(corpus, parser, text, ask.only.kind, ask.limit)
        items = completed(items, done, typing(parser, text, done), results.jump)
    made: dict[str, Hit] = {}

    def hit(item) -> Hit:
        score, fields, count = item
        if fields["id"] not in made:
            found = search.make_hit(fields, score, request.marks, count)
            made[fields["id"]] = replace(found, label=hit_label(corpus, fields["id"]),
                                         lead=lead_in(corpus, fields["id"]),
                                         like=copies_named(corpus, fields["id"], like.get(fields["id"], ())))
        return made[fields["id"]]

    items = spread(items, corpus.by_id[results.jump].topic if results.jump in corpus.by_id else None)
    results.hits = [hit(item) for item in items[:ask.limit]]
    # Open questions on the made-up page stay in the flat list but form no group of their own ...
    pages = max(MIN_GROUPS, len({h.topic for h in results.hits if not unanswered(h.to_dict(), parser.known.loose)}))
    # ... unless they are all there is (a filter to open questions): a page of no groups would show nothing.
    shown = [i for i in items if not unanswered(i[1], parser.known.loose)] or items
    results.groups = [(page, [hit(i) for i in group]) for page, group in grouped(shown, pages)]
    results.page_labels = {page: page_label(corpus, page) for page, _ in results.groups}
    if not results.hits and not results.did_you_mean:
        results.did_you_mean = close_title(corpus, text)
    return results


def _found(fixed: str, text: str, better: list) -> bool:
    """True when a word the respelling changed is in one of its first hits: "can i delay my vote"
    read as "relay" still finds only voting rules (delay is English the rules never use), so it
    is no better, however its scores fall."""
    changed = {stem(w) for w in words(fixed)} - {stem(w) for w in words(text)}
    return any(changed & {stem(w) for w in words(f"{fields.get('title', '')} {fields.get('text', '')}")}
               for _, fields in better[:SAME_FIRST])


def collapsed(ranked, copies: dict[str, str],
              like: dict[str, list[str]] | None = None) -> list[tuple[float, dict, int]]:
    """The ranked hits as (score, fields, count): each near-copy of a hit counts on it instead (and
    is listed in like, by the id of the hit it counts on, when given)."""
    kept: list[list] = []
    first: dict[str, list] = {}
    for score, fields in ranked:
        key = copies.get(fields["id"])
        if key is not None and key in first:
            first[key][2] += 1
            if like is not None:
                like.setdefault(first[key][1]["id"], []).append(fields["id"])
            continue
        item = [score, fields, 1]
        kept.append(item)
        if key is not None:
            first[key] = item
    return [tuple(item) for item in kept]


def _ranked(corpus, searcher, parser: Parser, ask: Ask, text: str, jump: str | None):
    """A query's candidates best first, and its request, weighed as a query about one card is when it is one."""
    got = search.gathered(searcher, parser, text, ask.only, ask.limit, ask.exclude, search.near_for(ask.weights))
    weights = _weights_for(ask.weights, _one_card(corpus, parser, text, jump, got.named))
    return search.ordered(parser, got, weights), got.request


def _weights_for(weights: Weights, one_card: bool) -> Weights:
    """The rerank's weights for a query; one about a single card keeps the card's own notes under its
    text, with no numbered rule pulled in beside it ("sabotage" brought Elimination's 33.10a)."""
    return replace(weights, lrr_pages=0) if one_card else weights


def _one_card(corpus, parser: Parser, text: str, jump: str | None, named: Named) -> bool:
    """True when a query names one card or ability alone ("sabotage", its jump a section) or says
    nothing else but how it is played ("when can i play sabotage")."""
    entry = corpus.by_id.get(jump) if jump else None
    if entry is not None and entry.kind == "section":
        return True
    titles = named.titles
    if len(titles) != 1:
        return False
    named = set(words(next(iter(titles))))
    stop = parser.known.vocabulary.stopwords
    return all(w in ASKING for w in words(text) if w not in stop and w not in named)


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


def _first(corpus, ids: list[str], items: list, ranked, only: Only) -> list:
    """The hits with the entries a query names (a jump target, rules it quotes) moved (or added)
    to the top in that order, each with its own score, else the best score."""
    targets = [corpus.by_id[i] for i in ids if i in corpus.by_id]
    targets = [e for e in targets if _allowed(only, e)]
    if not targets:
        return items
    scores = {f["id"]: s for s, f in ranked}
    best = max([i[0] for i in items], default=1.0)
    own = {item[1]["id"]: item for item in items}
    head = [own.get(e.id) or (scores.get(e.id, best), _fields(corpus, e), 1) for e in targets]
    chosen = {e.id for e in targets}
    return head + [item for item in items if item[1]["id"] not in chosen]


def _named_first(corpus, parser: Parser, text: str, items: list, only: Only) -> list:
    """The hits with the sections a whole query names first, when it names several ("nekro
    hero": both Nekro heroes), each scored as a jump is. They keep the ranking's order, those it
    lacks after it; an update's marks (Z'eu Ω) fold away, so the ones with as many as typed lead."""
    named = [corpus.by_id[ref] for ref in (parser.names.named_whole(text) if parser.names else ())]
    named = [e for e in named if _allowed(only, e)]
    if len(named) < 2:
        return items
    scores = {f["id"]: s for s, f, _ in items}
    named.sort(key=lambda e: (e.title.count(UPDATED) != text.count(UPDATED), e.id not in scores, -scores.get(e.id, 0)))
    return completed(items, [(0.0, _fields(corpus, e), 1) for e in named], True, None)


def _allowed(only: Only, entry) -> bool:
    """True when an entry passes the kind and source filters, as its stored fields would."""
    return only.allows({"kind": entry.kind, "source": ",".join(s.name for s in entry.sources)})


def _fields(corpus, entry) -> dict:
    """The stored fields of an entry, as the index would give them."""
    page = corpus.by_id.get(entry.topic, entry).title
    return {"id": entry.id, "kind": entry.kind, "topic": entry.topic, "title": entry.title,
            "text": entry.text, "page": page}


def completions(corpus, parser: Parser, query: str, kind: str | None, room: int) -> list:
    """Pages, then cards and abilities, whose title starts with a short query ("spa" -> Space Cannon,
    "sab" -> Sabotage)."""
    prefix = fold_title(query)
    if room <= 0 or not prefix or len(query.split()) > COMPLETE_WORDS:
        return []
    found = []
    for title, ref in parser.known.titles.items():  # pages first, in page order, then sections
        entry = corpus.by_id.get(ref)
        if entry is not None and _starts(title, prefix) and (kind is None or entry.kind == kind):
            found.append((0.0, _fields(corpus, entry), 1))
            if len(found) == room:
                break
    return found


def _starts(title: str, prefix: str) -> bool:
    """A folded title starts with a folded query, or each of the query's words starts the title's
    word in its place ("grav dri": Gravity Drive)."""
    if title.startswith(prefix):
        return True
    said, words = prefix.split(), title.split()
    return 1 < len(said) <= len(words) and all(w.startswith(p) for p, w in zip(said, words))


def _mid_title(query: str, done: list) -> bool:
    """A query of several words that ends partway through a word of a completion's title ("plasma sc":
    Plasma Scoring), whatever that part of a word means alone ("sc": strategy card)."""
    said = fold_title(query).split()
    return len(said) > 1 and any(len(words) >= len(said) and words[len(said) - 1] != said[-1]
                                 for words in (fold_title(f["title"]).split() for _, f, _ in done))


def typing(parser: Parser, query: str, done: list) -> bool:
    """True while the query's last word is still being typed: it is no word of the corpus ("sab",
    "nekr"), no player's word ("po") and no whole word of a completion's title, or it ends a query
    of several words partway through a title's word ("plasma sc", "space do"). A word the corpus
    has ("win", "space") is whole, though titles start with it (The Winnu)."""
    last = query.lower().split()[-1:]
    if not done or not last:
        return False
    if _mid_title(query, done):
        return True
    if (last[0],) in parser.known.vocabulary.aliases:
        return False
    if last[0] in parser.known.lexicon.counts or last[0] in parser.known.indexed:
        return False
    return all(fold_title(last[0]) not in fold_title(f["title"]).split() for _, f, _ in done)


def completed(items: list, done: list, first: bool, jump: str | None) -> list:
    """The hits with the completions, each entry once: the completions first (after a jump) while a
    word is being typed ("sab" has no hits of its own), else after the hits."""
    ids = {f["id"] for _, f, _ in items}
    if not first:
        # After the hits, scored as the last of them (as a jump with no hits is, 1.0): a score of
        # 0.0 would read as "matched nothing", and a list's scores never rise down it.
        floor = min((s for s, _, _ in items), default=1.0)
        return items + [(floor, f, n) for _, f, n in done if f["id"] not in ids]
    # As a jump: its own score when its words matched, else the best score (so a completion shown
    # first is never scored 0.0 above hits that score more).
    scores = {f["id"]: s for s, f, _ in items}
    best = max(scores.values(), default=1.0)
    head = items[:1] if jump else []
    typed = [(scores.get(f["id"], best), f, n) for _, f, n in done if f["id"] != jump]
    chosen = {f["id"] for _, f, _ in typed}
    return head + typed + [item for item in items[len(head):] if item[1]["id"] not in chosen]


def close_title(corpus, text: str) -> str | None:
    """A page title spelled like the query ("spase canon" -> Space Cannon), when nothing matched."""
    pages = {fold_title(p.title): p for p in reversed(corpus.pages())}
    found = difflib.get_close_matches(fold_title(text), list(pages), n=1, cutoff=TITLE_CUTOFF)
    return pages[found[0]].title if found else None
