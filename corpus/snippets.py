"""Snippets: the sentence(s) of a hit that best answer the query, query words marked."""
from __future__ import annotations

import re
from functools import lru_cache
from html import escape, unescape  # quote=False throughout: snippets are text nodes, and the API's sanitizer keeps quotes bare

from whoosh.lang.porter import stem as _porter

from corpus.model import ruling_parts

SNIPPET_WORDS = 36  # longest snippet, in words
SHORT_SENTENCE = 12  # a best sentence this short takes the next one along
_TOKEN = re.compile(r"\w+", re.UNICODE)
# A sentence ends at . ! ? or a line break, unless the dot is inside a number (77.7d).
_SENTENCE = re.compile(r"[^\n.!?]*(?:(?<=\d)\.(?=\d)[^\n.!?]*)*(?:[.!?]+|\n|$)")
stem = lru_cache(maxsize=50_000)(_porter)  # snippets stem every word of every hit shown


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank sentence of a text."""
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.group().strip()]


@lru_cache(maxsize=50_000)
def _forms(word: str) -> tuple[str, str]:
    """The forms a query's marks may hold a word of the text in: its stem, and a card name's word."""
    low = word.lower()
    return stem(low), low + "_0"


@lru_cache(maxsize=4096)  # all 5,664 entry texts of the default sources would hold 20 MB
def _words(text: str) -> tuple[tuple[int, int, str, tuple[str, str]], ...]:
    """(start, end, word, forms) of each word of a text: the same for every search that shows it."""
    return tuple((m.start(), m.end(), m.group(), _forms(m.group())) for m in _TOKEN.finditer(text))


def _tokens(text: str, marks: frozenset[str]) -> list[tuple[int, int, str, bool]]:
    """(start, end, word, marked) of each word of a text; marked when it is one of the query's terms
    (or a card name's word). Plain tuples: a search makes a few thousand of them."""
    return [(start, end, word, not marks.isdisjoint(forms)) for start, end, word, forms in _words(text)]


def entry_snippet(kind: str, text: str, marks: frozenset[str]) -> str:
    """A hit's snippet: a FAQ ruling's answer from its start, since its verdict ("Yes.", "No.") comes
    first and its title is the question; a short card's whole text; any other entry's best-matching sentence(s)."""
    answer = ruling_parts(text)[1] if kind == "faq" else ""
    if answer:
        return opening(f"A: {answer}", marks)
    # A card's text short enough is shown whole: the nine riders differ only in their last sentence.
    if kind == "section" and len(_words(text)) <= SNIPPET_WORDS:
        return opening(text, marks)
    return snippet(text, marks)


def opening(text: str, marks: frozenset[str], size: int = SNIPPET_WORDS) -> str:
    """HTML-escaped first words of a text, at most size, query words marked."""
    tokens = _tokens(text, marks)
    if not tokens:
        return escape(text[:300].strip(), quote=False)
    end = len(text) if len(tokens) <= size else tokens[size - 1][1]
    return _window(text, tokens[:size], False, end, size)


def snippet(text: str, marks: frozenset[str], size: int = SNIPPET_WORDS) -> str:
    """HTML-escaped best-matching sentence(s) of a text, query words marked, at most size words."""
    tokens = _tokens(text, marks)
    if not tokens:
        return escape(text[:300].strip(), quote=False)
    spans = sentences(text) or [(0, len(text))]
    scores, i = [], 0
    for index, (start, end) in enumerate(spans):
        found = set()
        while i < len(tokens) and tokens[i][0] < end:
            _, _, word, marked = tokens[i]
            if marked:
                found.add(word.lower())
            i += 1
        scores.append((len(found), -index))
    best = max(range(len(spans)), key=scores.__getitem__)
    start, end = spans[best]
    if sum(1 for token in tokens if start <= token[0] < end) < SHORT_SENTENCE and best + 1 < len(spans):
        end = spans[best + 1][1]
    inside = [token for token in tokens if start <= token[0] < end] or tokens
    return _window(text, inside, start > 0, end, size)


def _window(text: str, tokens: list, lead: bool, end: int, size: int) -> str:
    """The sentence's words (at most size, around the marks), escaped and marked."""
    hits = [i for i, (_, _, _, marked) in enumerate(tokens) if marked]
    first = _best_window(hits, len(tokens), size)
    window = tokens[first:first + size]
    out, cursor = [], window[0][0]
    for start, stop, word, marked in window:
        if marked:  # unmarked words go out with the text around them, escaped in one piece
            out.append(escape(text[cursor:start], quote=False))
            out.append(f"<mark>{escape(word, quote=False)}</mark>")
            cursor = stop
    out.append(escape(text[cursor:window[-1][1]], quote=False))
    cut = first + size < len(tokens) or end < len(text.rstrip())
    tail = "" if first + size < len(tokens) else escape(text[window[-1][1]:end].rstrip(), quote=False)
    return ("… " if first or lead else "") + "".join(out) + tail + (" …" if cut else "")


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


def plain(marked_up: str, mark=lambda word: word) -> str:
    """A snippet's words without its markup; `mark` renders each marked word (bold on a terminal)."""
    text = re.sub(r"<mark>(.*?)</mark>", lambda match: mark(match.group(1)), str(marked_up))
    return unescape(re.sub(r"<[^>]*>", "", text)).strip()


def said_again(title: str, snippet: str) -> bool:
    """True when a hit's title is its text's first words cut short, which its snippet then says whole."""
    start = title.removesuffix("…").strip()
    return bool(start) and plain(snippet).startswith(start)
