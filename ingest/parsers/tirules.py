"""tirules page sources (R_, F_, C_ pages and index.php), saved or served."""
from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from corpus.model import Entry
from ingest.errors import PageError
from ingest.normalize import Text, normalize
from ingest.parsers._decode import decode
from ingest.parsers.tirules_index import parse_index
from ingest.parsers.tirules_notes import h1_sections, parse_notes, section_entry
from ingest.parsers.tirules_page import NAME, PageInfo, bullets, header, join, page_info, page_name, soup
from ingest.parsers.tirules_rules import numbering_problem, parse_rules, topic_number
from ingest.slugs import slug_for_link

__all__ = ["NAME", "NO_LRR_FLAG", "sniff", "parse"]
TE_CATEGORY = "Thunder's Edge"
NO_LRR = "There currently does not exist a Living Rules Reference section"
NO_LRR_FLAG = "no-lrr-section"


def sniff(location: str, data: bytes) -> bool:
    """A tirules page: an article holding notes or LRR lists."""
    return b"<article>" in data[:20000] and (b'class="note"' in data or b'class="lrr"' in data)


def parse(location: str, data: bytes) -> list[Entry]:
    """Entries of one tirules page (topic, faction, card) or of index.php."""
    text = decode(data)
    name = page_name(location, text)
    doc = soup(text)
    if name == "index" or (name is None and _is_index(doc)):
        return parse_index(doc, location)
    info = page_info(location, text)
    if info is None:
        raise PageError(location, "not a tirules page: no R_/F_/C_ page name in the path or first line")
    article = doc.find("article")
    if article is None:
        raise PageError(location, "no <article> element: is this a tirules page source?")
    if info.kind == "topic":
        return _topic_page(doc, article, info, location)
    return _section_page(doc, article, info)


def _is_index(doc: BeautifulSoup) -> bool:
    """The home page lists topics as links inside ol.lrr."""
    lrr = doc.find("ol", class_="lrr")
    return lrr is not None and lrr.find("a") is not None and doc.find("h1", string="Rule Topics") is not None


def _topic_page(doc: BeautifulSoup, article: Tag, info: PageInfo, location: str) -> list[Entry]:
    """A rules topic: the topic, its numbered rules, notes and related topics."""
    title, category = header(doc)
    if not title:
        raise PageError(location, "no <header> title")
    number = topic_number(doc)
    problem = numbering_problem(doc)
    if problem:
        # Read without its numbers, every rule of the page would be lost or filed under a made-up id.
        raise PageError(location, f"{problem}; copy the page again from the site")
    sections = dict((h1.get_text(strip=True), body) for h1, body in h1_sections(article))
    rules_body = sections.get("Rules Reference", [])
    intro = _paragraphs(rules_body)
    list_intro, rules = parse_rules(doc, info, number) if number else (None, [])
    if list_intro is not None:
        intro = list_intro if intro is None else join(intro, list_intro)
    intro = intro or Text("", "")
    flags = []
    if not number and intro.text.startswith(NO_LRR):
        # A Thunder's Edge topic the LRR has no section for: a notice on the page, not a rule.
        intro, flags = Text("", ""), [NO_LRR_FLAG]
    topic = Entry(
        id=info.slug, kind="topic", topic=info.slug, title=title, text=intro.text, html=intro.html,
        sources=[info.source], parent=None, number=number,
        category=category if number else (category or TE_CATEGORY),
        refs=_related(sections.get("Related Topics", [])), flags=flags,
    )
    if not rules and intro.text:
        # Attacker (13), Defender (29): the intro is the topic's one rule.
        rule_id = number or f"te-{info.slug}"
        rules = [Entry(id=rule_id, kind="rule", topic=info.slug, title=title, text=intro.text,
                       html=intro.html, sources=[info.source], parent=info.slug, number=number,
                       order=1)]
    notes = _notes(sections.get("Notes", []), info, info.slug, len(rules) + 1)
    return [topic, *rules, *notes]


def _section_page(doc: BeautifulSoup, article: Tag, info: PageInfo) -> list[Entry]:
    """A faction or card page: one section per h1, each with its notes."""
    title, category = header(doc)
    intro = _paragraphs([c for c in article.children if isinstance(c, Tag) and c.name == "p"
                         and c.find_previous_sibling("h1") is None])
    intro = intro or Text("", "")
    page = Entry(id=info.slug, kind=info.kind, topic=info.slug, title=title or info.slug,
                 text=intro.text, html=intro.html, sources=[info.source], category=category)
    entries = [page]
    used: set[str] = set()
    seen: set[str] = set()
    for h1, body in h1_sections(article):
        if _empty_repeat(h1, body, seen):
            continue
        section = section_entry(info, h1, used, len(entries))
        entries.append(section)
        entries.extend(_notes(body, info, section.id, len(entries)))
    return entries


def _empty_repeat(h1: Tag, body: list[Tag], seen: set[str]) -> bool:
    """A heading with nothing under it that repeats an earlier one (F_hacan's second Auto–Factories)."""
    key = normalize(h1).text
    repeat = key in seen and not any(tag.get_text(strip=True) for tag in body)
    seen.add(key)
    return repeat


def _paragraphs(body: list[Tag]) -> Text | None:
    """The p elements of a section joined into one text."""
    text = None
    for tag in body:
        # A list inside a p ends the p in a browser, so it follows as a sibling (Game Round's phases).
        if tag.name in ("p", "ol", "ul") and not {"lrr", "note"} & set(tag.get("class") or []):
            para = normalize(tag) if tag.name == "p" else bullets(tag)
            if para.text:
                text = para if text is None else join(text, para)
    return text


def _notes(body: list[Tag], info: PageInfo, owner: str, order: int) -> list[Entry]:
    """All notes under one section (usually a single ol.note)."""
    entries: list[Entry] = []
    for tag in body:
        if tag.name == "ol" and "note" in (tag.get("class") or []):
            # A second list under one heading goes on counting, so ids stay unique.
            done = sum(1 for e in entries if e.parent == owner)
            entries.extend(parse_notes(tag, info, owner, order + len(entries), done))
    return entries


def _related(body: list[Tag]) -> list[str]:
    """Slugs of the pages listed under Related Topics."""
    slugs = []
    for tag in body:
        for a in tag.find_all("a") if isinstance(tag, Tag) else []:
            slug = slug_for_link(a.get("href", ""))
            if slug and slug not in slugs:
                slugs.append(slug)
    return slugs
