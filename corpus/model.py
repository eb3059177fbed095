"""The corpus records: entries and their provenance."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from corpus.components import value_line

# Entry kinds. Pages: topic (R_), faction (F_), card (C_); their parts:
# rule (numbered LRR rule), section (an h1 of a faction/card page), note,
# faq, question (open question). "text" is an unnumbered paragraph of a
# topic with no numbered rules (13 Attacker keeps its intro as its rule).
# "page" is a page made up by ingest (open questions, the wiki FAQ).
KINDS = ("topic", "faction", "card", "page", "rule", "section", "note", "faq", "question", "text")
PAGE_KINDS = ("topic", "faction", "card", "page")

# How much weight a ruling carries, shown beside every entry.
AUTHORITIES = ("lrr", "official-faq", "community-note", "open-question", "card-text")

# Flag on entries from community (homebrew) content, included only on request.
HOMEBREW_FLAG = "homebrew"

# A ruling's text is its question, then its answer on a line of its own: the one place that knows it.
_ANSWER_MARK = "\nA:"


def ruling_text(question: str, answer: str = "") -> str:
    """A FAQ's or open question's stored text: "Q: …", then "A: …" on the next line when answered."""
    return f"Q: {question}{_ANSWER_MARK} {answer}" if answer else f"Q: {question}"


def ruling_parts(text: str) -> tuple[str, str]:
    """(question, answer) of a ruling's stored text; the answer is "" for an open question."""
    question, _, answer = text.partition(_ANSWER_MARK)
    return question.removeprefix("Q:").strip(), answer.strip()


@dataclass(frozen=True, order=True)
class Source:
    """Where an entry came from: a named source, its URL and version."""

    name: str
    url: str
    version: str = ""

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"name": self.name, "url": self.url, "version": self.version}


@dataclass
class Entry:
    """One addressable piece of the corpus: a topic, rule, note, FAQ…"""

    id: str
    kind: str
    topic: str
    title: str
    text: str
    html: str = ""
    sources: list[Source] = field(default_factory=list)
    parent: str | None = None
    number: str | None = None
    category: str | None = None
    order: int = 0
    heading: bool = False
    authority: str = "lrr"
    section: str | None = None
    refs: list[str] = field(default_factory=list)
    title_html: str = ""  # an FAQ's question with its cross-links (ingest.steps.crosslink), when it has any
    # For an FAQ or open question: the rules (or ability/card sections) it clarifies, most specific first.
    rules: list[str] = field(default_factory=list)
    variants: list[dict] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    # Component data (cards, abilities, units, planets): which product printed it, when it
    # is played, and its values (count, resources, unit values, a faction's sheet…).
    expansion: str | None = None
    window: str | None = None
    phase: str | None = None
    facts: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        """Plain dict for JSON, with sorted lists so output is stable."""
        data = dataclasses.asdict(self)
        data["sources"] = [s.to_dict() for s in sorted(set(self.sources))]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Entry":
        """Rebuild an entry from its JSON dict (unknown keys are an error)."""
        data = dict(data)
        data["sources"] = [Source(**s) for s in data.get("sources", [])]
        return cls(**data)

    @property
    def window_apart(self) -> str | None:
        """A card's timing window when its text does not already say it (leaders' and abilities' do)."""
        if self.window and self.window.rstrip(":").lower() not in self.text.lower():
            return self.window
        return None

    @property
    def whole_text(self) -> str:
        """The text with a card's timing window before its effect, as printed ("After another player's
        ship uses SUSTAIN DAMAGE …: Destroy that ship."); a unit card that prints no ability, its values."""
        if not self.text.strip() and self.facts.get("unit"):
            # Dreadnought I's card is its values: "dreadnought move" should find it as it finds Dreadnought II's.
            return value_line(self.facts["unit"], self.facts.get("unit_varies", ()))
        return f"{self.window_apart}: {self.text}" if self.window_apart else self.text

    @property
    def is_page(self) -> bool:
        """True for the entry that stands for a whole page."""
        return self.kind in PAGE_KINDS
