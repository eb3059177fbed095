"""Every page shows what its source shows: the whole tirules mirror, the wiki FAQ and the official card texts.

The audit (tests/fidelity.py, tests/fidelity_data.py) reads each source as a browser shows it, on its own,
and our rendered pages; a difference fails here unless EXCLUDED explains it.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from urllib.parse import urlsplit

import pytest

from corpus.names import comparable
from fidelity import Finding, compare, read_page, read_source, sentences, visible_text
from fidelity_data import (card_texts, faq_pairs, missing_card_sentences, official_cards, page_categories,
                           page_faqs, page_questions, question_homes, source_categories, source_questions)
from fidelity_seeds import SEED_PAGES, page_text, seed_sentences
from ingest.html5 import parse
from ingest.normalize import clean
from ingest.slugs import page_slug
from webapp import create_app, urls
from webapp.corpus_access import close_app, get_corpus

# Where our page rightly differs from its source: (kinds, page or "*", sentence pattern, why). Written once.
EXCLUDED = (
    ("missing", "*", r"^There currently does not exist a Living Rules Reference section",
     "a Thunder's Edge topic the LRR has no section for says so in our own notice (README, The web app)"),
    ("count|order", "factions/hacan", r"^Auto–Factories$",
     "the site repeats this heading with nothing under it; read once (README, How it fits together)"),
)
_RULE_ID = re.compile(r"^\d{1,3}\.\d{1,2}[a-z]{0,4}$")
# Words a rule made up to fill a gap would be, rather than rules text.
_PLACEHOLDER = re.compile(r"^(?:|[-–—.…?]+|tbd|todo|placeholder|n/?a|none|no text|lorem ipsum.*)$", re.I)


@dataclass
class Site:
    """Our app over the default sources, every page rendered once."""

    client: object
    pages: dict[str, tuple[str, str]]  # page id -> (url, html)
    tirules_ids: set[str]  # entries read from a tirules page (others: wiki, component data)


@pytest.fixture(scope="module")
def site(default_instance):
    app = create_app({"TESTING": True, "INSTANCE": str(default_instance[0])})
    client = app.test_client()
    with app.test_request_context():
        corpus = get_corpus()
        urls_by_id = {e.id: urls.page_url(e) for e in corpus.pages()}
        tirules = {e.id for e in corpus.entries if any(s.name == "tirules" for s in e.sources)}
    pages = {}
    for page_id, url in urls_by_id.items():
        response = client.get(url)
        assert response.status_code == 200, url
        pages[page_id] = (url, response.get_data(as_text=True))
    yield Site(client, pages, tirules)
    close_app(app)


def unexplained(findings: list[Finding]) -> list[Finding]:
    """The findings no exclusion covers."""
    return [f for f in findings if not any(re.fullmatch(kind, f.kind) and page in ("*", f.page) and re.search(pattern, f.text)
                                           for kind, page, pattern, _ in EXCLUDED)]


def test_every_tirules_sentence_is_on_its_page_once_in_order_under_its_number(site, mirror):
    findings, checked, pages = [], 0, 0
    for path in sorted(mirror.glob("[RFC]_*.php")):
        slug = page_slug(path.stem)
        title, blocks = read_page(site.pages[slug][1], site.tirules_ids.__contains__)
        source = read_source(path.read_bytes().decode("utf-8"))
        found, count = compare(slug, source, title, blocks, topic=path.stem.startswith("R_"))
        findings, checked, pages = findings + found, checked + count, pages + 1
    assert (pages, checked > 4500) == (149, True)
    assert unexplained(findings) == []
    assert len(findings) == 11  # each exclusion still needed: 8 notices, the repeated heading (2 counts, 1 order)


def test_a_section_shows_the_category_its_source_heading_gives(site, mirror):
    wrong, checked = [], 0
    for path in sorted(mirror.glob("[FC]_*.php")):
        shown = page_categories(site.pages[page_slug(path.stem)][1])
        for heading in source_categories(path.read_bytes().decode("utf-8")):
            checked += 1
            wrong += [] if heading in shown else [(path.stem, heading)]
    assert checked > 250
    assert wrong == []


def test_every_wiki_faq_pair_is_on_a_page_unaltered_and_once_there(site, shared):
    shown = defaultdict(list)
    for page_id, (_, html) in site.pages.items():
        for pair in page_faqs(html):
            shown[pair].append(page_id)
    pairs = faq_pairs(shared / "mirror" / "wiki" / "FAQ.txt")
    assert len(pairs) == 216
    assert [p for p in pairs if not shown[p]] == []
    assert {p: pages for p, pages in shown.items() if len(pages) != len(set(pages))} == {}


def test_every_open_question_is_on_its_page_unaltered_once_and_no_page_shows_one_twice(site, mirror):
    questions = source_questions(mirror / "questions.md")
    read = {page: page_questions(html) for page, (_, html) in site.pages.items()}
    titles = {page: title for page, (title, _) in read.items()}
    shown = {page: Counter(found) for page, (_, found) in read.items()}
    wanted = Counter(questions)
    # A question is also shown beside the rules it clarifies on other pages; on its own page it is there once.
    astray = {q: sorted(p for p in shown if shown[p][q]) for q in wanted
              if not any(shown[home][q] == wanted[q] for home in question_homes(q, titles))}
    twice = {(page, q.text) for page, found in shown.items() for q, n in found.items() if n > max(wanted[q], 1)}
    unknown = {q for found in shown.values() for q in found if q not in wanted}
    assert len(questions) == 712
    assert (astray, twice, unknown) == ({}, set(), set())


def test_nothing_a_seed_says_is_lost_or_doubled_on_its_page(site, shared, mirror):
    lost, doubled, checked = [], [], 0
    for name, stem in SEED_PAGES.items():
        # Compared as ingest merges copies (ingest's comparable): the wiki's “Space Cannon” is our Space Cannon.
        said = [comparable(s) for s in seed_sentences(shared / "seeds" / name)]
        own, quoted = (comparable(text) for text in page_text(site.pages[page_slug(stem)][1]))
        source = [comparable(s) for piece in read_source((mirror / f"{stem}.php").read_text(encoding="utf-8")).pieces
                  for s in sentences(piece.text)]
        lost += [(name, s) for s in said if s not in own and s not in quoted]
        doubled += [(name, s) for s in set(said) if own.count(s) > max(said.count(s), source.count(s))]
        checked += len(said)
    assert checked > 75
    assert (lost, doubled) == ([], [])


def test_an_older_copy_of_a_page_shows_in_order_under_its_numbers(site, shared):
    text = (shared / "seeds" / "003_8b9882c105746f79.txt").read_text(encoding="utf-8").split("\n", 1)[1]
    title, blocks = read_page(site.pages["bombardment"][1], site.tirules_ids.__contains__)
    findings, checked = compare("bombardment", read_source(text), title, blocks, topic=True)
    assert checked > 20
    # The older copy lacks two notes the mirror's page has: those are ours to show, not the copy's.
    assert [f for f in findings if f.kind != "extra"] == []


def test_every_seed_faq_pair_is_on_a_page_once_there(site, shared):
    shown = defaultdict(list)
    for page_id, (_, html) in site.pages.items():
        for pair in page_faqs(html):
            shown[pair].append(page_id)
    pairs = faq_pairs(shared / "seeds" / "000_7d88ccf7f6abd899.txt")
    assert len(pairs) == 8
    assert [(p, shown[p]) for p in pairs if not shown[p] or len(shown[p]) != len(set(shown[p]))] == []


def test_official_card_texts_are_on_their_card_pages(site, shared):
    cards = official_cards(shared / "mirror" / "asyncti4" / "data")
    shown = {page: card_texts(site.pages[page][1]) for page in {c.page for c in cards}}
    assert len(cards) > 400
    assert {c.name: missing_card_sentences(c, shown[c.page]) for c in cards
            if missing_card_sentences(c, shown[c.page])} == {}


def test_official_faction_card_texts_are_on_a_page(site, shared):
    cards = official_cards(shared / "mirror" / "asyncti4" / "data", factions=True)
    shown = "\n".join(card_texts(html) for _, html in site.pages.values())
    # A printing that reads the same once case and punctuation are folded is shown once (ingest's
    # comparable, asyncti4/entries.py): Twilight's Fall's "Armada" is Letnev's ability word for word.
    folded = {comparable(line) for line in shown.split("\n")}
    # The data's "<color>" placeholder for a promissory note's owner is written "the owner" on our pages.
    missing = {c.name: [s for s in sentences(c.text) if s not in shown and "<color>" not in s] for c in cards
               if comparable(c.text) not in folded}
    assert len(cards) > 300
    assert {name: left for name, left in missing.items() if left} == {}


def test_every_internal_link_answers_and_lands_on_its_anchor(site):
    anchors = {url: _ids(html) for url, html in site.pages.values()}
    fetched: dict[str, tuple[int, str]] = {}
    broken, links = [], set()
    for _, html in site.pages.values():
        links |= {a["href"] for a in parse(html).find_all("a", href=True) if a["href"].startswith("/")}
    for link in sorted(links):
        parts = urlsplit(link)
        address = parts.path + (f"?{parts.query}" if parts.query else "")
        if address not in fetched:
            response = site.client.get(address, follow_redirects=True)
            fetched[address] = (response.status_code, response.request.path)
            if response.mimetype == "text/html" and response.request.path not in anchors:
                anchors[response.request.path] = _ids(response.get_data(as_text=True))
        status, landed = fetched[address]
        if status != 200 or (parts.fragment and parts.fragment not in anchors.get(landed, ())):
            broken.append((link, status))
    assert len(links) > 3000
    assert broken == []


def test_a_rule_number_link_goes_to_that_rule(site):
    numbered = [(a.get_text(strip=True), a["href"]) for _, html in site.pages.values()
                for a in parse(html).select("article a.xref[href]") if _RULE_ID.match(a.get_text(strip=True))]
    assert len(numbered) > 40  # rule numbers in the texts, and "FAQ on 77.7:" beside the FAQs that have a rule
    assert [(n, href) for n, href in numbered if urlsplit(href).fragment != n] == []


def test_no_empty_section_duplicated_note_or_placeholder_rule(site):
    empty, doubled, placeholders = [], [], []
    for page_id, (_, html) in site.pages.items():
        article = parse(html).find("article", class_="page")
        for tag in article.select("button, details.prov, span.badge"):
            tag.decompose()
        section, filled, notes = None, True, {}
        for el in article.select("h2.section, div.section-body, p.section-empty, .card-text, div.rule, div.note, "
                                 "details.ruling"):
            if "section" in (el.get("class") or []) and el.name == "h2":
                empty += [] if filled else [section]
                section, filled, notes = el["id"], False, {}
                continue
            filled = True
            body = clean(visible_text(el.select_one("div.body"))) if el.name == "div" and el.get("id") else None
            if "note" in el["class"] and body in notes:
                doubled.append((notes[body], el["id"]))
            notes.setdefault(body, el.get("id"))
            if "rule" in el["class"] and not el.find("h2") and _PLACEHOLDER.match(body or ""):
                placeholders.append(el["id"])
        empty += [] if filled else [section]
    assert (empty, doubled, placeholders) == ([], [], [])


def _ids(html: str) -> set[str]:
    """Every element id of a page: the anchors a link may name."""
    return {tag["id"] for tag in parse(html).find_all(id=True)}
