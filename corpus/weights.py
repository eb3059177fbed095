"""The rerank's few weights (corpus.search), fitted by bench/fit_weights.py on leave-one-out and written questions."""
from __future__ import annotations

from dataclasses import dataclass

from corpus.mentions import Named, folded


@dataclass(frozen=True)
class Weights:
    """The rerank's few weights, fitted by bench/fit_weights.py on leave-one-out and written questions.

    An entry that answers (a rule, a FAQ ruling, a card's text) counts fully; a note that
    only mentions the words, an open question (unanswered) and a whole page count less.
    """

    note: float = 0.6
    question: float = 0.7
    faq: float = 0.7
    section: float = 1.4  # a card's or ability's own text, when the query names the card
    section_page: float = 1.4  # ... when the query names its page only ("the Muaat hero")
    section_unnamed: float = 0.6  # ... when it names neither (most rules questions), or only as a unit beside another card
    page: float = 0.75  # a page entry (topic, faction, card family)
    topic_weight: float = 1.5  # share of the evidence of a hit's unit and page added to it (corpus.search.rerank)
    topic_decay: float = 0.8  # each further hit of a unit (a topic, a card) counts this much less
    page_weight: float = 1.0  # a topic's best unit as one document, against its best hits
    rule_weight: float = 2.0  # share of the evidence of the entries under a rule added to the rule
    rule_floor: float = 0.1  # a rule matching this share of the best entry above it is lifted
    rule_slot: int = 2  # ... into the first rule_slot + 1 hits, until they hold rule_count answers
    rule_count: int = 2  # answers (rules, card texts) the first rule_slot + 1 hits should hold
    # Until those hits hold lrr_count numbered LRR rules, the best-ranked rule of the first
    # lrr_pages pages takes the place of a note or ruling among them (0: never).
    lrr_pages: int = 8
    lrr_count: int = 3
    # With sentence vectors (corpus.meaning): the share of each hit's score that is its closeness
    # in meaning to the query; and a rule closest in meaning, at least answer_cos close and on one
    # of the first answer_pages pages, takes turns with the answers above in being lifted (99: never).
    semantic: float = 0.7
    answer_cos: float = 99.0  # 99: no rule is lifted by its meaning alone (refit on 17,116 questions)
    answer_pages: int = 0  # 0: any page
    # The numbered rules in the first places but the first, chosen again among the ranking's rules by
    # their place among them (counting one), and these times their cosine, their own words' score
    # (to the best first-stage score) and their score (to the first hit's) (corpus.search_rules.reordered).
    rule_cos: float = 4.0
    rule_words: float = 1.0
    rule_score: float = 0.25
    rule_pages: int = 0  # ... from the first rule_pages pages only (0: any)
    topic_cos: float = 1.0  # a rules topic's closeness as a whole, times the best hit's score, added to its hits

    def kind(self, kind: str) -> float:
        """How much an entry of this kind counts: rules and kinds not listed count fully."""
        if kind in ("topic", "faction", "card"):
            return self.page
        return getattr(self, kind, 1.0) if kind in ("note", "question", "faq", "section") else 1.0

    def entry(self, fields: dict, named: Named) -> float:
        """How much one entry counts: a section by whether the query names it or its page."""
        kind = fields.get("kind", "")
        if kind != "section" or named is None:
            return self.kind(kind)
        title = folded(fields.get("title", ""))
        if title in named.titles:
            return self.section_unnamed if title in named.background else self.section
        return self.section_page if fields.get("topic") in named.pages else self.section_unnamed

    def closeness(self, fields: dict, named: Named) -> float:
        """How much an entry's closeness in meaning counts: a unit named beside another card ("Direct
        Hit on a war sun") as unnamed, as its words count; every other entry fully."""
        background = fields.get("kind") == "section" and folded(fields.get("title", "")) in named.background
        return self.section_unnamed if background else 1.0


WEIGHTS = Weights()
