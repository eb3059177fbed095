"""Search: query text in, scored hits with highlighted snippets out.

Two stages. First, BM25F over the index's title, heading and text postings scores each
concept of the query (a word with the game terms it stands for, a quoted phrase, a rule
number) with a coordination bonus for matching more of them. Then a rerank weighs each entry
by its kind (an answer over a mention) and adds topic evidence (a topic's best hits, and the
topic scored as one document), so the topic whose rules, notes and FAQs all match rises. The
query is read as words, never parsed as syntax, so no input can raise. corpus.finder turns
the ranking into what a search returns.
"""
from __future__ import annotations

from itertools import islice
from dataclasses import dataclass, field

import numpy as np

from corpus import copies, meaning, search_rules, vocab
from corpus.coordination import by_topic, coordinated, rows_of
from corpus.index import TermScores
from corpus.mentions import NOTHING, Named, NameFinder
from corpus.query_meaning import closeness_of, closest_rules, near_docs, read_as  # noqa: F401  (as search.*)
from corpus.scene import quieter, scene_factions
from corpus.snippets import entry_snippet, sentences, snippet  # noqa: F401  (search.snippet, as callers know it)
from corpus.weights import WEIGHTS, Weights  # noqa: F401  (search.Weights, as callers know it)
from corpus.vocab import Concept, Request, understand
from corpus.typed import MAX_QUERY, as_rule_id, clean_query, query_text  # noqa: F401  (as search.*)

MAX_TERMS = 24  # content words kept from a long question, the rarest first
CANDIDATES = 120  # first-stage hits that the rerank sees
TOPIC_DEPTH = 6  # hits of one unit (a rules topic, a card) that count as its evidence
# Rules and topic intros closest in meaning that join the first stage's candidates, whatever their
# words: a question in plain words may share few with its rule ("can i play one to get back to 7?", 2.4).
NEAR = 5


@dataclass(frozen=True)
class Hit:
    """One search result."""

    id: str
    kind: str
    topic: str
    title: str
    snippet: str
    score: float
    page: str = ""
    count: int = 1  # entries this hit stands for: near-copies collapse into one (see corpus.finder)
    homebrew: bool = False  # community content (only in a corpus ingested with --homebrew)
    label: str = ""  # what a card or ability section is ("Action Card", "Agent"); players do not say "section"
    lead: str = ""  # plain text: the sentence a list item continues (corpus.labels.lead_in), shown before its snippet
    like: tuple[tuple[str, str], ...] = ()  # (id, name) of each near-copy counted on this hit (corpus.labels.copies_named)

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"id": self.id, "kind": self.kind, "topic": self.topic, "title": self.title,
                "snippet": self.snippet, "score": round(self.score, 4), "page": self.page,
                "count": self.count, "homebrew": self.homebrew, "label": self.label, "lead": self.lead,
                "like": [{"id": copy, "name": name} for copy, name in self.like]}


def _rarity(concept: Concept, reader, scores: TermScores) -> int | None:
    """How common a concept's word is: 0 for phrases, meanings and rule ids; None if unindexed."""
    if concept.means or concept.rules or any(len(alt) > 1 for alt in concept.said):
        return 0
    return sum(scores.frequency(reader, t) for t in concept.said[0][0].split("|")) or None


@dataclass(frozen=True)
class Only:
    """Result filters: an entry kind and a source name (None lets everything through)."""

    kind: str | None = None
    source: str | None = None

    def allows(self, fields: dict) -> bool:
        """True when an indexed entry's stored fields pass both filters."""
        if self.kind and fields.get("kind") != self.kind:
            return False
        return not self.source or self.source in (fields.get("source") or "").split(",")


def candidates(searcher, scores: TermScores, request: Request, only: Only, limit: int = 0,
               exclude: frozenset[int] = frozenset(), near: tuple[int, ...] = ()):
    """First stage: the best entries by BM25F, then those of near (doc numbers: the rules closest
    in meaning) not among them, each with its BM25F score (0.0 for no word in common); and each
    topic's score as one document.

    exclude (doc numbers) leaves entries out as if they were not indexed (leave-one-out).
    """
    reader = searcher.reader()
    rarity = {c: _rarity(c, reader, scores) for c in request.concepts}
    kept = sorted((c for c in request.concepts if rarity[c] is not None), key=rarity.get)[:MAX_TERMS]
    # Words no entry has still count as asked: the same factor on every hit, so the ranking is
    # unchanged, but a spelling that finds those words can be seen to find more.
    entries = coordinated(kept, searcher, scores, asked=len(request.concepts))
    best = _best(entries, exclude, only, scores, max(CANDIDATES, limit))
    if best:  # a query whose words find nothing gets its did-you-mean, not the nearest rules
        best += _more(best, near, exclude, only, scores)
    units = coordinated(kept, searcher, scores, units=exclude, asked=len(request.concepts))
    return [(float(entries[d]), scores.docs[d]) for d in best], by_topic(rows_of(scores), units)


def _best(entries: np.ndarray, exclude: frozenset[int], only: Only, scores: TermScores, count: int) -> list[int]:
    """The `count` best-scored entries that pass the filters, ties to the lower number."""
    matched = np.flatnonzero(entries)
    order = matched[np.lexsort((matched, -entries[matched]))].tolist()
    if exclude or only.kind or only.source:
        order = (d for d in order if d not in exclude and only.allows(scores.docs[d]))
    return list(islice(order, count))


def _more(best: list[int], near: tuple[int, ...], exclude: frozenset[int], only: Only,
          scores: TermScores) -> list[int]:
    """The entries of near that are not among best and pass the filters, in near's order."""
    have = set(best)
    return [d for d in near if d not in have and d not in exclude and only.allows(scores.docs[d])]


def rerank(found: list[tuple[float, dict]], pages: dict[str, float],
           loose: frozenset[str] = frozenset(), weights: Weights = WEIGHTS,
           rule_of: dict[str, str] | None = None, named: Named = NOTHING,
           closeness: meaning.Closeness | None = None,
           meant: list[tuple[float, dict]] = ()) -> list[tuple[float, dict]]:
    """Second stage: each hit gains a share of its unit's evidence (the best hits of its rules topic, or
    of its one card or ability: a card page's other cards are no evidence) and of its page's.

    A rule also gains a share of the evidence under it (rule_of: entry id -> its rule), and the
    best-matching rule is lifted into the first places (corpus.search_rules). With sentence
    vectors (closeness), each score mixes in the hit's closeness to the query, a hit on a rules topic
    gains the topic's closeness as a whole, and the rules closest in meaning (meant: (cosine, fields),
    closest first) take turns in being lifted. If
    the first places still hold too few numbered rules, the best-ranked ones of the first pages join
    them, and a note first gives its place to its page's answer there (corpus.search_rules.numbered).
    With sentence vectors, the rules in those places are last chosen again (corpus.search_rules.reordered).
    """
    weighted = sorted(((s * weights.entry(f, named), f) for s, f in found),
                      key=lambda pair: -pair[0])
    evidence: dict[str, float] = {}
    seen: dict[str, int] = {}
    for score, fields in weighted:
        unit = _unit(fields)
        rank = seen[unit] = seen.get(unit, -1) + 1
        if rank < TOPIC_DEPTH and fields.get("topic", "") not in loose:
            evidence[unit] = evidence.get(unit, 0.0) + score * weights.topic_decay ** rank
    for topic, score in pages.items():
        if topic not in loose:
            evidence[topic] = evidence.get(topic, 0.0) + weights.page_weight * score
    under = search_rules.evidence(weighted, rule_of or {}, weights.topic_decay, TOPIC_DEPTH)
    ranked = [(score + weights.topic_weight * _gathered(evidence, f)
               + weights.rule_weight * under.get(f["id"], 0.0), f) for score, f in weighted]
    ranked.sort(key=lambda pair: (-pair[0], pair[1].get("order", 0)))
    meant_pool: list[dict] = []
    if closeness is not None and weights.semantic > 0:
        ranked = meaning.mixed(ranked, closeness, weights.semantic, lambda f: weights.closeness(f, named))
        # Quoted card text is no question put in other words: it is the card's own, word for word.
        scale = 0.0 if named.quoted or not weighted else weights.topic_cos * weighted[0][0]
        ranked = _closer_topics(ranked, closeness, scale)
        meant_pool = meaning.answers(ranked, meant, weights.answer_cos, weights.answer_pages)
    # The answers the words found (a card's text among them) and the rules closest in meaning
    # take turns, so a card question keeps its card's text in the first places.
    pool = meaning.alternate(search_rules.lexical_pool(ranked, {id(f): s for s, f in weighted},
                                                       weights.rule_floor, weights.rule_slot), meant_pool)
    lifted = search_rules.lift(ranked, pool, weights.rule_slot, weights.rule_count)
    out = search_rules.numbered(lifted, weights.rule_slot, weights.lrr_pages, weights.lrr_count, named.titles)
    if closeness is None or weights.semantic <= 0:
        return out
    return search_rules.reordered(out, weights.rule_slot, {id(f): s for s, f in found}, closeness.of_each,
                                  (weights.rule_cos, weights.rule_words, weights.rule_score), weights.rule_pages)


def _closer_topics(ranked: list[tuple[float, dict]], closeness: meaning.Closeness,
                   scale: float) -> list[tuple[float, dict]]:
    """Each hit on a rules topic gains that topic's closeness in meaning as a whole, times scale (the
    best hit's score by words times Weights.topic_cos), best first again: a question put in other
    words leans to the topic it is about, not to a card whose text shares its words. Added after the
    mix, so it does not raise the scale the mix weighs every hit's own closeness by."""
    if scale <= 0:
        return ranked
    near = closeness.of_topics()
    out = [(score + scale * max(near.get(fields.get("topic", ""), 0.0), 0.0), fields) for score, fields in ranked]
    out.sort(key=lambda pair: (-pair[0], pair[1].get("order", 0)))
    return out


def _unit(fields: dict) -> str:
    """What a hit is evidence for: its card or ability, or else its page (a rules topic is its own unit)."""
    return fields.get("unit") or fields.get("topic", "")


def _gathered(evidence: dict[str, float], fields: dict) -> float:
    """The evidence a hit gains: its unit's, and when that is one card or ability, its page's too (the
    page's score as one document, and its rulings and open questions, which are no one card's)."""
    unit, topic = _unit(fields), fields.get("topic", "")
    return evidence.get(unit, 0.0) + (evidence.get(topic, 0.0) if unit != topic else 0.0)


@dataclass(frozen=True)
class Parser:
    """What search knows about one corpus: its words and pages, its term scores, its near-copies."""

    known: vocab.Known
    scores: TermScores
    copies: dict[str, str]
    rules: dict[str, str] = field(default_factory=dict)  # entry id -> the numbered rule it sits under
    names: NameFinder | None = None  # what a query names (cards, abilities, faction and card pages)
    space: meaning.Space | None = None  # every entry's sentence vector, when the corpus has them


def make_parser(entries, reader, space: meaning.Space | None = None) -> Parser:
    """The query parser for a corpus's entries and index (built once per loaded corpus)."""
    scores = TermScores(reader)
    indexed = frozenset(t for f in scores.fields for t in reader.field_terms(f))
    known = vocab.Known(entries, indexed)
    return Parser(known, scores, copies.copy_keys(entries), search_rules.rule_of(entries),
                  NameFinder(entries, known.vocabulary.aliases), space)


@dataclass(frozen=True)
class Gathered:
    """A query's first stage: what the rerank weighs (bench/fit_weights.py gathers it once per question)."""

    found: list[tuple[float, dict]]  # (BM25F score, stored fields) of the candidates
    pages: dict[str, float]  # each topic's score as one document
    request: Request
    named: Named
    closeness: meaning.Closeness | None  # the whole query's; the asking sentences' chose meant
    meant: list[tuple[float, dict]]  # the rules closest in meaning: (cosine, stored fields)


def gathered(searcher, parser: Parser, text: str, only: Only = Only(), limit: int = 0,
             exclude: frozenset[int] = frozenset(), near: int | None = None) -> Gathered:
    """The candidates for a cleaned query by its words, and the `near` (None: NEAR) rules and intros
    closest in meaning."""
    request, named = understood(parser, text)
    closeness, asked = closeness_of(parser, text)
    found, pages = candidates(searcher, parser.scores, request, only, limit, exclude,
                              near_docs(closeness, parser.scores, NEAR if near is None else near))
    meant = [] if asked is None else closest_rules(asked, parser.scores, only, exclude)
    return Gathered(found, pages, request, named, closeness, meant)


def near_for(weights: Weights) -> int:
    """How many rules closest in meaning join the candidates: none when the weights use words only."""
    return NEAR if weights.semantic > 0 else 0


def ordered(parser: Parser, got: Gathered, weights: Weights = WEIGHTS) -> list[tuple[float, dict]]:
    """A query's gathered candidates, best first, as (score, stored fields)."""
    return rerank(got.found, got.pages, parser.known.loose, weights, parser.rules, got.named, got.closeness,
                  got.meant)


def understood(parser: Parser, text: str) -> tuple[Request, Named]:
    """What a query asks for and what it names, a faction said only to set the scene made quieter (corpus.scene)."""
    request = understand(text, parser.known.vocabulary, parser.known.cards, parser.known.indexed)
    named = named_in(parser, text)
    scene = scene_factions(parser.names, parser.known.vocabulary, text, named) if parser.names else frozenset()
    return quieter(request, named, parser.names, text, scene) if scene else (request, named)


def named_in(parser: Parser, text: str) -> Named:
    """The cards, abilities and factions a query names; a player's word for one ("pds2" for
    PDS II) names it as its title does."""
    if parser.names is None:
        return NOTHING
    return parser.names.find(text, *parser.known.vocabulary.meanings(text))


def make_hit(fields: dict, score: float, marks: frozenset[str], count: int = 1) -> Hit:
    """A Hit from stored fields, with the best-matching sentence as its snippet (a ruling's answer, from its start)."""
    return Hit(fields["id"], fields["kind"], fields["topic"], fields.get("title", ""),
               entry_snippet(fields["kind"], fields.get("text", ""), marks), float(score), fields.get("page", ""),
               count, bool(fields.get("homebrew")))
