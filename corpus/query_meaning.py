"""A query's meaning: its closeness to the entries (corpus.meaning), read with the game terms its
player words stand for, and the rules and topic intros closest to it that the search may return."""
from __future__ import annotations

from corpus import meaning
from corpus.index import TermScores
from corpus.scene import asking


def closeness_of(parser, text: str) -> tuple[meaning.Closeness | None, meaning.Closeness | None]:
    """The query's closeness to every entry, and the closer of that and its asking sentences' (both
    read in one pass of the encoder; the same when every sentence asks, or none).

    The first is mixed into every hit's score. The second chooses the rules closest in meaning, which
    the lift may bring up: for "… Am I eliminated?" they are then not only those of the scene the other
    sentences set (lost planets, carriers).
    """
    if parser.space is None:
        return None, None
    found = parser.space.closenesses([read_as(parser, part) for part in (text, asking(text)) if part])
    whole = found[0]
    if whole is None or len(found) == 1 or found[1] is None:
        return whole, whole
    return whole, whole.joined(found[1])


def read_as(parser, text: str) -> str:
    """What the encoder reads for a query: its text, then the game terms its player words stand for
    ("pds2" is "pds2 (pds, unit upgrade, space cannon)"): the encoder knows English, not players' words."""
    terms = [t for t in parser.known.vocabulary.meanings(text) if t not in text.lower()]
    return f"{text} ({', '.join(terms)})" if terms else text


def near_docs(closeness: meaning.Closeness | None, scores: TermScores, count: int) -> tuple[int, ...]:
    """Doc numbers of the `count` numbered rules and topic intros closest in meaning to the query."""
    if closeness is None or count <= 0:
        return ()
    return tuple(scores.number[i] for i in closeness.closest_answers(count) if i in scores.number)


def closest_rules(closeness: meaning.Closeness, scores: TermScores, only,
                  exclude: frozenset[int]) -> list[tuple[float, dict]]:
    """(cosine, stored fields) of the rules closest in meaning that the search may return."""
    found = []
    for cosine, rule in closeness.closest_rules():
        number = scores.number.get(rule)
        if number is not None and number not in exclude and only.allows(scores.docs[number]):
            found.append((cosine, scores.docs[number]))
    return found
