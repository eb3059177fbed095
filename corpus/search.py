"""Search: query text in, scored hits with highlighted snippets out.

Two stages. First, BM25F over the index's title, heading and text postings scores each
concept of the query (a word with the game terms it stands for, a quoted phrase, a rule
number) with a coordination bonus for matching more of them. Then a rerank adds topic
evidence (a topic's best hits, and the topic scored as one document), so the topic whose
rules, notes and FAQs all match rises. The query is read as words, never parsed as syntax,
so no input can raise.
"""
from __future__ import annotations

import heapq
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

from whoosh.lang.porter import stem as _porter

from corpus import vocab
from corpus.index import TermScores
from corpus.model import HOMEBREW_FLAG
from corpus.vocab import Concept, Request, stems, understand

MAX_QUERY = 500
MAX_TERMS = 24  # content words kept from a long question, the rarest first
CANDIDATES = 120  # first-stage hits that the rerank sees
COORD = 2.0  # score x (share of the query's concepts matched) ** COORD
MEANING_WEIGHT = 1.0  # game terms the player's words stand for, against the words themselves
RULE_SCORE = 8.0  # a rule number quoted in a question, on that rule and its sub-rules and notes
# How much a ruling counts against the rules: open questions are unanswered.
AUTHORITY = {"lrr": 1.0, "official-faq": 0.95, "community-note": 0.9, "open-question": 0.6}
TOPIC_WEIGHT = 1.0  # share of the topic's evidence added to each of its hits
TOPIC_DECAY = 0.6  # each further hit of a topic counts this much less
TOPIC_DEPTH = 6
PAGE_WEIGHT = 0.25  # a topic's best unit scored as one document, against the sum of its best hits
SNIPPET_WORDS = 36


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
    homebrew: bool = False  # community content (only in a corpus ingested with --homebrew)

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"id": self.id, "kind": self.kind, "topic": self.topic, "title": self.title,
                "snippet": self.snippet, "score": round(self.score, 4), "page": self.page,
                "homebrew": self.homebrew}


@dataclass
class Results:
    """Hits for one query, with the query as understood."""

    query: str
    hits: list[Hit] = field(default_factory=list)
    did_you_mean: str | None = None
    jump: str | None = None


def clean_query(raw: str) -> str:
    """Bound the length, drop control characters, fold odd Unicode spacing."""
    raw = unicodedata.normalize("NFKC", raw if isinstance(raw, str) else "")[:MAX_QUERY]
    raw = "".join(ch if ch.isprintable() else " " for ch in raw)
    return " ".join(raw.split())


RULE_QUERY = re.compile(
    r"^[(\[]?\s*(?:(?:lrr|rules?|§)\s*)?(\d{1,3})(?:\s*\.\s*(\d{1,2})\s*\.?\s*([a-z]{1,2})?)?\s*\.?\s*[)\]]?$",
    re.I)


def as_rule_id(text: str) -> str | None:
    """"77.7d", "77.7 d", "rule 68.1", "(77.7d)", "77" -> a rule id string, else None."""
    match = RULE_QUERY.match(text.strip())
    if not match:
        return None
    number, item, sub = match.groups()
    if item is None:
        return number
    return f"{number}.{item}{(sub or '').lower()}"


def _rarity(concept: Concept, reader, fields: tuple[str, ...]) -> int | None:
    """How common a concept's word is: 0 for phrases, meanings and rule ids; None if unindexed."""
    if concept.means or concept.rules or any(len(alt) > 1 for alt in concept.said):
        return 0
    return sum(reader.doc_frequency(f, concept.said[0][0]) for f in fields) or None


def _alternative(stems_: tuple[str, ...], searcher, scores: TermScores, units: bool) -> dict:
    """Scores of one term or phrase, per entry or per unit."""
    if len(stems_) == 1:
        read = scores.unit_term if units else scores.term
        return read(searcher.reader(), stems_[0])
    return (scores.unit_phrase if units else scores.phrase)(searcher, stems_)


def _rule(rule: str, searcher, scores: TermScores, units: bool) -> dict:
    """Entries under a quoted rule number, or their units."""
    found = scores.keyword(searcher.reader(), "rule", rule, RULE_SCORE)
    return {scores.units[d]: RULE_SCORE for d in found if scores.units[d]} if units else found


def _scores(concept: Concept, searcher, scores: TermScores, units: bool) -> dict:
    """Entry (or unit) -> score for one concept: its best alternative, meanings weighted."""
    parts = [(_alternative(a, searcher, scores, units), concept.weight) for a in concept.said]
    parts += [(_alternative(a, searcher, scores, units), concept.weight * MEANING_WEIGHT)
              for a in concept.means]
    parts += [(_rule(r, searcher, scores, units), 1.0) for r in concept.rules]
    if len(parts) == 1 and parts[0][1] == 1.0:
        return parts[0][0]  # the common case: one plain word, its cached scores as they are
    best: dict = {}
    for part, weight in parts:
        for key, score in part.items():
            if score * weight > best.get(key, 0.0):
                best[key] = score * weight
    return best


def coordinated(concepts: list[Concept], searcher, scores: TermScores, units: bool = False) -> dict:
    """Summed concept scores times (share of concepts matched) ** COORD; phrases required if found."""
    total: dict = {}
    matched: dict = {}
    required: set | None = None
    for concept in concepts:
        part = _scores(concept, searcher, scores, units)
        if concept.required and part:
            required = set(part) if required is None else required & set(part)
        for key, score in part.items():
            total[key] = total.get(key, 0.0) + score
            matched[key] = matched.get(key, 0) + 1
    keys = total if required is None else required
    return {k: total[k] * (matched[k] / len(concepts)) ** COORD for k in keys}


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


def candidates(searcher, scores: TermScores, request: Request, only: Only, limit: int = 0):
    """First stage: the best entries by BM25F, and each topic's score as one document."""
    reader = searcher.reader()
    rarity = {c: _rarity(c, reader, scores.fields) for c in request.concepts}
    kept = sorted((c for c in request.concepts if rarity[c] is not None), key=rarity.get)[:MAX_TERMS]
    entries = coordinated(kept, searcher, scores)
    docs = [d for d in entries if only.allows(scores.docs[d])]
    best = heapq.nlargest(max(CANDIDATES, limit), docs, key=lambda d: (entries[d], -d))
    units = coordinated(kept, searcher, scores, units=True)
    return [(entries[d], scores.docs[d]) for d in best], scores.topic_scores(units)


def rerank(found: list[tuple[float, dict]], pages: dict[str, float],
           loose: frozenset[str] = frozenset()) -> list[tuple[float, dict]]:
    """Second stage: each hit gains a share of its topic's evidence: its best hits and its page score."""
    weighted = sorted(((s * AUTHORITY.get(f.get("authority"), 1.0), f) for s, f in found),
                      key=lambda pair: -pair[0])
    evidence: dict[str, float] = {}
    seen: dict[str, int] = {}
    for score, fields in weighted:
        topic = fields.get("topic", "")
        rank = seen[topic] = seen.get(topic, -1) + 1
        if rank < TOPIC_DEPTH and topic not in loose:
            evidence[topic] = evidence.get(topic, 0.0) + score * TOPIC_DECAY ** rank
    for topic, score in pages.items():
        if topic not in loose:
            evidence[topic] = evidence.get(topic, 0.0) + PAGE_WEIGHT * score
    ranked = [(score + TOPIC_WEIGHT * evidence.get(f.get("topic", ""), 0.0), f) for score, f in weighted]
    return sorted(ranked, key=lambda pair: (-pair[0], pair[1].get("order", 0)))


@dataclass(frozen=True)
class Parser:
    """What search knows about one corpus: its words and pages, and its term scores."""

    known: vocab.Known
    scores: TermScores


def make_parser(entries, reader) -> Parser:
    """The query parser for a corpus's entries and index (built once per loaded corpus)."""
    scores = TermScores(reader)
    indexed = frozenset(t for f in scores.fields for t in reader.field_terms(f))
    return Parser(vocab.Known(entries, indexed), scores)


def run(searcher, parser: Parser, text: str, limit: int, only: Only = Only()) -> list[Hit]:
    """Search a cleaned query and return its best hits."""
    request = understand(text, parser.known.vocabulary, parser.known.cards)
    found, pages = candidates(searcher, parser.scores, request, only, limit)
    ranked = rerank(found, pages, parser.known.loose)[:max(limit, 0)]
    return [make_hit(fields, score, request.marks) for score, fields in ranked]


def suggest(searcher, parser: Parser, text: str, hits: list[Hit], limit: int,
            only: Only = Only()) -> tuple[str | None, list[Hit]]:
    """A spelling fix worth offering (its top hit beats the query's), and the hits to show."""
    fixed = parser.known.corrected(text)
    if not fixed:
        return None, hits
    better = run(searcher, parser, fixed, limit, only)
    if not better or (hits and better[0].score <= hits[0].score):
        return None, hits
    return fixed, hits or better


def entry_hit(entry, page: str, text: str, score: float) -> Hit:
    """A Hit for an entry named by the query itself (a jump target), query words marked."""
    return Hit(entry.id, entry.kind, entry.topic, entry.title, snippet(entry.text, frozenset(stems(text))),
               score, page, HOMEBREW_FLAG in entry.flags)


def make_hit(fields: dict, score: float, marks: frozenset[str]) -> Hit:
    """A Hit from stored fields, with a highlighted snippet."""
    return Hit(fields["id"], fields["kind"], fields["topic"], fields.get("title", ""),
               snippet(fields.get("text", ""), marks), float(score), fields.get("page", ""),
               bool(fields.get("homebrew")))


_TOKEN = re.compile(r"\w+", re.UNICODE)
stem = lru_cache(maxsize=50_000)(_porter)  # snippets stem every word of every hit shown


def snippet(text: str, marks: frozenset[str], size: int = SNIPPET_WORDS) -> str:
    """HTML-escaped words of a text around its densest run of query terms, marked."""
    tokens = list(_TOKEN.finditer(text))
    hits = [i for i, t in enumerate(tokens) if stem(t.group().lower()) in marks]
    start = _best_window(hits, len(tokens), size)
    window = tokens[start:start + size]
    if not window:
        return escape(text[:300])
    out, cursor = [], window[0].start()
    for token in window:
        out.append(escape(text[cursor:token.start()]))
        word = escape(token.group())
        out.append(f"<mark>{word}</mark>" if stem(token.group().lower()) in marks else word)
        cursor = token.end()
    tail = " …" if start + size < len(tokens) else escape(text[window[-1].end():].rstrip())
    return ("… " if start else "") + "".join(out) + tail


def _best_window(hits: list[int], count: int, size: int) -> int:
    """Start of the size-token window holding the most hits (0 when none)."""
    if count <= size or not hits:
        return 0
    best, best_start = 0, 0
    for first in hits:
        start = max(0, min(first - 3, count - size))
        inside = sum(1 for h in hits if start <= h < start + size)
        if inside > best:
            best, best_start = inside, start
    return best_start
