"""Fidelity audit, other sources: the wiki FAQ's pairs, tirules' open questions and asyncti4's official card texts.

Read here on their own, not through the ingest parsers; compared after ingest.normalize.clean.
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import markdown

from ingest.html5 import parse
from ingest.normalize import clean

from fidelity import heading_text, sentences, visible_text

_MARKDOWN = re.compile(r"\*\*\*|\*\*|__|(?<![\w*])\*(?!\s)|(?<!\s)\*(?![\w*])|(?<!\w)_(?!\s)|(?<!\s)_(?!\w)")
_FAMILIES = {"Mechanics": "topic", "Components": "card", "Factions": "faction"}
_NOTE = re.compile(r"\[Note:.*?\]", re.S)
# A Discord list mark at a line's start ("- ", "> - "): a bullet, not words (Thunder's Edge galactic events).
_LIST_MARK = re.compile(r"^[ \t]*(?:>[ \t]*)?(?:-[ \t]+)?", re.M)
# Component data that lands on a card page (not a faction's): folder -> page slug.
CARD_PAGES = {"action_cards": "cards/action-cards", "relics": "cards/relics", "explores": "cards/exploration-cards",
              "public_objectives": "cards/objectives", "secret_objectives": "cards/objectives",
              "technologies": "cards/technology", "galactic_events": "cards/events"}

# A faction's own cards: folder -> the field holding the card's text.
FACTION_CARDS = {"technologies": "text", "promissory_notes": "text", "breakthroughs": "text",
                 "leaders": "abilityText"}


@dataclass(frozen=True)
class Pair:
    """One wiki FAQ question and its answer, normalized."""

    question: str
    answer: str


def faq_pairs(path: Path) -> list[Pair]:
    """Every "Q:" line of the FAQ copy with the "A:" line after it."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    pairs = []
    for i, line in enumerate(lines):
        if line.startswith("Q:"):
            answer = next((a for a in lines[i + 1:i + 3] if a.startswith("A:")), "A:")
            pairs.append(Pair(clean(line[2:]), clean(answer[2:])))
    return pairs


@dataclass(frozen=True)
class Question:
    """One open question of questions.md: the headings above it, joined " › ", and its text, normalized."""

    section: str
    text: str


def source_questions(path: Path) -> list[Question]:
    """Every list item of questions.md as a Markdown renderer shows it, under the headings above it."""
    doc = parse(markdown.markdown(path.read_text(encoding="utf-8")))
    headings: list[str] = []
    found = []
    for tag in doc.find_all(["h1", "h2", "h3", "h4", "h5", "h6", "li"]):
        if tag.name == "li":
            found.append(Question(" › ".join(headings), clean(visible_text(tag))))
        else:
            del headings[int(tag.name[1]) - 1:]
            headings.append(clean(visible_text(tag)))
    return found


def page_questions(html: str) -> tuple[str, list[Question]]:
    """A page's "kind:title" and the open questions it shows (beside rules or in its own block), in order."""
    doc = parse(html)
    article = doc.select_one("article.page")
    title = article.select_one("header h1")
    for number in title.select("span.num"):
        number.decompose()
    kind = article["class"][-1]  # "page topic", "page faction"; a made-up page is "page page"
    shown = [Question(clean(visible_text(q.select_one("p.label"))).removeprefix("Open question").lstrip(" ·"),
                      clean(visible_text(q.select_one("div.body")))) for q in doc.select("aside.question")]
    return f"{kind}:{clean(title.get_text())}", shown


def question_homes(question: Question, pages: dict[str, str]) -> set[str]:
    """The pages (of {page id: "kind:title"}) a question belongs on: under Mechanics, Components or Factions
    the topic, card or faction page its second heading names, elsewhere any page its last heading names;
    the Open Questions page when there is none."""
    path = question.section.split(" › ")
    kind = _FAMILIES.get(path[0], "")
    name = _loose(path[1] if kind and len(path) > 1 else path[-1])
    homes = {page for page, title in pages.items()
             if title.startswith(kind) and _loose(title.partition(":")[2]) == name}
    return homes or {page for page, title in pages.items() if title == "page:Open Questions"}


def _loose(title: str) -> str:
    """A title's words as compared here: no case, accents, symbols, "the" or plural s."""
    words = re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKD", title).casefold())
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if w != "the")


def page_faqs(html: str) -> list[Pair]:
    """The FAQ rulings a page of ours shows (beside rules or in its FAQ block), in order."""
    shown = []
    for aside in parse(html).select("aside.faq"):
        q, a = aside.select_one("p.q"), aside.select_one("p.a")
        shown.append(Pair(_after_label(q), _after_label(a)))
    return shown


def _after_label(tag) -> str:
    """A paragraph's text without its bold "Q:"/"A:" label."""
    label = tag.find("b")
    if label is not None:
        label.decompose()
    return clean(visible_text(tag))


@dataclass(frozen=True)
class Card:
    """One official card from the component data, and the page it lands on."""

    page: str
    name: str
    text: str
    file: str


def official_cards(data: Path, factions: bool = False) -> list[Card]:
    """Cards of the official expansions (sources.json's "official" canal): those of the card pages,
    or with `factions` those of a faction (technologies, promissory notes, breakthroughs, leaders; page "")."""
    listed = json.loads((data / "sources" / "sources.json").read_text(encoding="utf-8"))
    official = {s["source"] for s in listed if s.get("canal") == "official"}
    folders = FACTION_CARDS if factions else CARD_PAGES
    cards = []
    for folder in folders:
        for path in sorted((data / folder).glob("*.json")):
            for item in json.loads(path.read_text(encoding="utf-8-sig")):
                text = item.get(FACTION_CARDS.get(folder, "text")) if factions else item.get("text")
                if (item.get("source") in official and not item.get("homebrewReplacesID")
                        and bool(item.get("faction")) == factions and text):
                    cards.append(Card("" if factions else CARD_PAGES[folder], item.get("name", ""),
                                      card_plain(text), path.name))
    return cards


def card_plain(text: str) -> str:
    """Card text as read: editorial [Note: …] left out, Discord marks and list marks dropped, lines run together."""
    return clean(_MARKDOWN.sub("", _LIST_MARK.sub("", _NOTE.sub(" ", text))))


def card_texts(html: str) -> str:
    """Every card text a page shows (printed and other printings), one a line."""
    return "\n".join(clean(visible_text(b)) for b in parse(html).select(".card-text blockquote"))


def missing_card_sentences(card: Card, shown: str) -> list[str]:
    """Sentences of a card's text that its page does not show."""
    return [s for s in sentences(card.text) if s not in shown]


def source_categories(text: str) -> list[tuple[str, str]]:
    """(heading, category) of each section heading a faction or card page source gives a <sub>(Category)</sub>."""
    found = []
    for h1 in parse(text).select("article > h1"):
        sub = h1.find("sub")
        category = clean(sub.get_text()).strip("() ") if sub else ""
        if category:
            found.append((heading_text(h1), category))
    return found


def page_categories(html: str) -> set[tuple[str, str]]:
    """(heading, badge) of each section of our page (the first badge is the category)."""
    found = set()
    for h2 in parse(html).select("h2.section"):
        badges = [clean(b.get_text()) for b in h2.select("span.badge")]
        for badge in h2.select("span.badge"):
            badge.decompose()
        found.add((clean(h2.get_text()), badges[0] if badges else ""))
    return found
