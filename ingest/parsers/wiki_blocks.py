"""What every wiki format shares: blocks (heading, paragraph, bullet) to entries."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from urllib.parse import quote

from corpus.model import Entry, Source, ruling_text
from ingest.normalize import Text
from ingest.slugs import slugify

NAME = "wiki"
WIKI = "https://twilight-imperium.fandom.com/wiki/"
# Lines the wiki puts around the content; never part of a ruling.
_CHROME = re.compile(
    r"^(?:Advertisement|Sign in to edit|Twilight Imperium Wiki|\d+"
    r"|(?:Type|Categor(?:y|ies)):\s.*|Previous:.*|Next:.*)$"
)
_QUESTION = re.compile(r"^((?:<[^>]+>)*)\s*Q\s*:\s*")
_ANSWER = re.compile(r"^((?:<[^>]+>)*)\s*A\s*:\s*")
# A question and its answer copied onto one line: "Q: …? A: …".
_INLINE_ANSWER = re.compile(r"(?<=[?.)\"”])\s+A\s*:\s+")
# "<b>Q:</b> …" leaves "<b></b>" behind once the mark is gone.
_EMPTY_TAG = re.compile(r"<(\w+)>\s*</\1>")
# A page's own FAQ section: the page names the FAQ better than "faq" does.
_GENERIC_SECTIONS = {"faq", "faqs", "frequently-asked-questions"}


@dataclass(frozen=True)
class Block:
    """One line of a wiki page: a heading, a paragraph or a bullet."""

    kind: str  # "heading", "para" or "bullet"
    text: Text
    level: int = 2


@dataclass(frozen=True)
class Scraped:
    """What a format reader found: the blocks, and the page identity if it says."""

    blocks: list[Block]
    title: str | None = None
    url: str | None = None
    version: str = ""


@dataclass(frozen=True)
class WikiPage:
    """Which wiki page this is: its title, public URL and revision."""

    title: str
    url: str
    version: str = ""

    @property
    def slug(self) -> str:
        """The page title as a slug ("Space Cannon" -> space-cannon)."""
        return slugify(self.title)

    @property
    def source(self) -> Source:
        """The provenance every entry of this page carries."""
        return Source(NAME, self.url, self.version)


def page_url(title: str) -> str:
    """The public URL of a wiki page from its title."""
    return WIKI + quote(title.strip().replace(" ", "_"), safe="/:'(),!*-_.~")


def is_chrome(text: str) -> bool:
    """True for wiki furniture: ads, edit links, Previous/Next, Type/Category."""
    return bool(_CHROME.match(text.strip()))


@dataclass
class _Pair:
    """A question being read, and its answer once "A:" has been seen."""

    question: list[Text]
    answer: list[Text] = field(default_factory=list)
    answered: bool = False


@dataclass
class _Section:
    """A heading with its prose and its Q/A pairs, in page order."""

    title: str | None
    unofficial: bool
    body: list[Text] = field(default_factory=list)
    pairs: list[_Pair] = field(default_factory=list)


def sections(blocks: list[Block]) -> list[_Section]:
    """Group blocks under their headings; "Q:"/"A:" paragraphs become pairs."""
    stack: list[tuple[int, str]] = []
    found = [_Section(None, False)]
    for block in blocks:
        if block.kind == "heading":
            stack = [(lvl, title) for lvl, title in stack if lvl < block.level]
            stack.append((block.level, block.text.text))
            unofficial = any("unofficial" in title.casefold() for _, title in stack)
            found.append(_Section(block.text.text, unofficial))
        else:
            _add(found[-1], block)
    return found


def _add(section: _Section, block: Block) -> None:
    """Add a paragraph or bullet to the section's prose or to its current pair."""
    text = _bulleted(block)
    pair = section.pairs[-1] if section.pairs else None
    if block.kind == "para" and _QUESTION.match(text.text):
        question, answer = _split_inline(_strip(_QUESTION, text))
        section.pairs.append(_Pair([question], [answer] if answer else [], answer is not None))
    elif block.kind == "para" and _ANSWER.match(text.text):
        if pair is None or pair.answered:
            # An answer with no question of its own: a pair without one, reported (never page prose,
            # which would split the page in two) when the entries are made.
            pair = _Pair([])
            section.pairs.append(pair)
        pair.answered = True
        pair.answer.append(_strip(_ANSWER, text))
    elif pair is not None:
        # Later paragraphs and bullets continue the question or the answer.
        (pair.answer if pair.answered else pair.question).append(text)
    else:
        section.body.append(text)


def _bulleted(block: Block) -> Text:
    """A bullet keeps its mark so it stays a line of its own."""
    if block.kind != "bullet":
        return block.text
    return Text(f"• {block.text.text}", f"• {block.text.html}")


def _strip(prefix: re.Pattern, text: Text) -> Text:
    """Drop a "Q:" or "A:" mark from plain text and HTML (keeping tags before it)."""
    html = _EMPTY_TAG.sub("", prefix.sub(r"\1", text.html, count=1))
    return Text(prefix.sub("", text.text, count=1), html.strip())


def _split_inline(question: Text) -> tuple[Text, Text | None]:
    """Split "question? A: answer" written on one line."""
    parts = _INLINE_ANSWER.split(question.text, maxsplit=1)
    html_parts = _INLINE_ANSWER.split(question.html, maxsplit=1)
    if len(parts) < 2 or len(html_parts) < 2:
        return question, None
    return Text(parts[0], html_parts[0]), Text(parts[1], html_parts[1])


def _lines(texts: list[Text]) -> Text:
    """Paragraphs as lines: newline-separated text, <br>-separated HTML (an empty "Q:" line is no line)."""
    texts = [t for t in texts if t.text.strip()]
    return Text("\n".join(t.text for t in texts), "<br>".join(t.html for t in texts))


def page_entries(page: WikiPage, blocks: list[Block]) -> tuple[list[Entry], list[str]]:
    """All entries of a wiki page, in page order (prose sections and FAQ pairs), and its malformed pairs."""
    entries: list[Entry] = []
    problems: list[str] = []
    used: set[str] = set()
    found = sections(blocks)
    # Prose under headings makes the page a copy of a rules topic; an FAQ-only
    # page keeps its lead with its questions, on the page's provisional topic.
    topic = page.slug if any(s.body for s in found if s.title) else f"wiki/{page.slug}"
    for section in found:
        if section.body:
            entries.append(_section_entry(page, section, topic, used, len(entries) + 1))
        for pair in section.pairs:
            problem = _pair_problem(pair)
            if problem:
                where = f'section "{section.title}"' if section.title else "before the first heading"
                problems.append(f"{where}: {problem}")
            if _lines(pair.question).text:
                entries.append(_faq_entry(page, section, pair, used, len(entries) + 1))
    return entries, problems


def _pair_problem(pair: _Pair) -> str | None:
    """What is wrong with a question/answer pair, in the report's words; None when it is whole."""
    question, answer = _opening(_lines(pair.question).text), _opening(_lines(pair.answer).text)
    if not pair.question:
        return f'an "A:" with no "Q:" before it ("{answer}"); left out: write its question above it'
    if not question:
        return f'a "Q:" with no question (its answer: "{answer}"); left out: write the question after "Q:"'
    if not answer:
        return f'"Q: {question}" has no "A:"; kept as an open question (add the answer if it has one)'
    return None


def _opening(text: str, words: int = 8) -> str:
    """The first words of a text, enough to find it in the file."""
    first = text.split()
    return " ".join(first[:words]) + ("…" if len(first) > words else "")


def _unique(base: str, used: set[str]) -> str:
    """The id itself, or with -2, -3 … when the page already has it."""
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}-{n}"
    used.add(candidate)
    return candidate


def _section_entry(page: WikiPage, section: _Section, topic: str, used: set[str], order: int) -> Entry:
    """A stretch of prose under a heading (the lead is the page's "intro")."""
    text = _lines(section.body)
    part = slugify(section.title or "") or "intro"
    return Entry(
        id=_unique(f"wiki.{page.slug}.{part}", used), kind="section", topic=topic,
        title=section.title or page.title, text=text.text, html=text.html,
        sources=[page.source], order=order, authority="community-note", section=section.title,
    )


def _faq_entry(page: WikiPage, section: _Section, pair: _Pair, used: set[str], order: int) -> Entry:
    """One question and its answer; an unanswered question is an open question."""
    question, answer = _lines(pair.question), _lines(pair.answer)
    part = slugify(section.title or "")
    if not part or part in _GENERIC_SECTIONS:
        part = page.slug
    digest = hashlib.sha1(" ".join(question.text.split()).casefold().encode()).hexdigest()[:6]
    if not answer.text:
        kind, authority, text = "question", "open-question", ruling_text(question.text)
    else:
        kind, authority = "faq", "community-note" if section.unofficial else "official-faq"
        text = ruling_text(question.text, answer.text)
    return Entry(
        id=_unique(f"faq.{part}.{digest}", used), kind=kind, topic=f"wiki/{page.slug}",
        title=question.text, text=text, html=answer.html, sources=[page.source],
        order=order, authority=authority, section=section.title,
    )
