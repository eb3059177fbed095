"""Search: query text in, scored hits with highlighted snippets out."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from whoosh import highlight, qparser
from whoosh.query import Term

MAX_QUERY = 500
_FIELDS = ["title", "context", "text"]


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

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"id": self.id, "kind": self.kind, "topic": self.topic, "title": self.title,
                "snippet": self.snippet, "score": round(self.score, 4), "page": self.page}


@dataclass
class Results:
    """Hits for one query, with the query as understood."""

    query: str
    hits: list[Hit] = field(default_factory=list)
    did_you_mean: str | None = None
    jump: str | None = None


def clean_query(raw: str) -> str:
    """Bound the length, drop control characters, fold odd Unicode spacing."""
    raw = unicodedata.normalize("NFKC", raw or "")[:MAX_QUERY]
    raw = "".join(ch if ch.isprintable() else " " for ch in raw)
    return " ".join(raw.split())


def make_parser(schema):
    """An OR parser over the text fields, without wildcard or range syntax."""
    parser = qparser.MultifieldParser(_FIELDS, schema, group=qparser.OrGroup.factory(0.9))
    for plugin in (qparser.WildcardPlugin, qparser.RangePlugin, qparser.BoostPlugin,
                   qparser.FieldsPlugin):
        parser.remove_plugin_class(plugin)
    return parser


def run(searcher, parser, text: str, limit: int, kind: str | None = None) -> list[Hit]:
    """Parse, search and turn whoosh hits into Hit records."""
    query = parser.parse(text)
    mask_filter = Term("kind", kind) if kind else None
    results = searcher.search(query, limit=limit, filter=mask_filter)
    results.fragmenter = highlight.ContextFragmenter(maxchars=220, surround=60)
    results.formatter = highlight.HtmlFormatter(tagname="mark", between=" … ")
    return [_hit(h) for h in results]


def _hit(hit) -> Hit:
    """One whoosh hit as a Hit, with a snippet even when nothing highlights."""
    snippet = hit.highlights("text", top=2) or _lead(hit.get("text", ""))
    return Hit(hit["id"], hit["kind"], hit["topic"], hit["title"], snippet, float(hit.score),
               hit.get("page", ""))


def _lead(text: str) -> str:
    """The first words of a text, HTML-escaped, as a fallback snippet."""
    from html import escape

    words = text.split()
    return escape(" ".join(words[:30]) + (" …" if len(words) > 30 else ""))


RULE_QUERY = re.compile(r"^(?:rule\s*)?(\d{1,3})(?:\s*\.\s*(\d{1,2})\s*([a-z]{1,4})?)?\.?$", re.I)


def as_rule_id(text: str) -> str | None:
    """"77.7d", "77.7 d", "rule 68.1", "77" -> a rule id string, else None."""
    match = RULE_QUERY.match(text.strip())
    if not match:
        return None
    number, item, sub = match.groups()
    if item is None:
        return number
    return f"{number}.{item}{(sub or '').lower()}"
