"""Components: card text joins the rules' section of the same card, on the rules' own page.

Component pages (a faction, a card type) are matched to the rules' pages by folded title;
each card or ability is matched by folded name to a section of its page and merged into it,
so the section keeps its id, notes and FAQs and gains the printed text. Cards the rules have
no section for stay as entries of their own on that page.
"""
from __future__ import annotations

import html
import re

from corpus.model import HOMEBREW_FLAG, PAGE_KINDS, Entry
from corpus.names import faces, fold
from ingest.parsers.asyncti4.common import EXPANSIONS, fold_name, fold_printing
from ingest.parsers.asyncti4.entries import COMPONENT_FLAG, PROVISIONAL
from ingest.slugs import slugify
from ingest.steps.legendary import fill_legendary
from ingest.steps.near_names import near_pairs, page_marks

_NUMERAL = re.compile(r" (i|ii)$")


def attach_components(entries: list[Entry]) -> list[Entry]:
    """Merge component pages and sections into the rules' ones; keep the rest, uniquely named."""
    components = [e for e in entries if COMPONENT_FLAG in e.flags]
    if not components:
        return entries
    rules = [e for e in entries if COMPONENT_FLAG not in e.flags]
    pages = {e.id: e for e in rules if e.kind in PAGE_KINDS}
    taken = {e.id for e in rules}
    moved: dict[str, str] = {}
    marks: dict[str, str] = {}  # component page -> its side's mark on a two-sided rules page
    kept: list[Entry] = []
    for page in (c for c in components if c.kind in PAGE_KINDS):
        target = None if HOMEBREW_FLAG in page.flags else _page_for(page, pages)
        if target is not None:
            moved[page.id] = target.id
            marks[page.id] = page_marks(target.title).get(fold(page.title), "")
            _absorb_page(target, page)
        else:
            old, page.id = page.id, page.id.removeprefix(PROVISIONAL)
            kept.append(_unique(page, taken))
            moved[old] = page.id
    sections = _section_index(rules)
    topics = _topic_index(rules)
    unmatched: list[tuple[Entry, str | None]] = []
    for entry in (c for c in components if c.kind not in PAGE_KINDS):
        mark = marks.get(entry.topic) or None
        entry.topic = entry.parent = moved.get(entry.topic, entry.topic.removeprefix(PROVISIONAL))
        home = topics.get((entry.category, fold(entry.title)))
        if home is not None and HOMEBREW_FLAG not in entry.flags:
            # A planet or strategy card the rules have a topic for (Mecatol Rex, Leadership) is read there.
            entry.topic = entry.parent = home
            entry.title = f"{entry.title} ({entry.category.lower()})"
        target = None if HOMEBREW_FLAG in entry.flags else _section_for(entry, sections)
        if target is not None:
            _merge(target, entry, sections)
        else:
            unmatched.append((entry, mark))
    # Near names only once every card has taken its section by name, so none takes another's.
    near = dict((id(card), section) for card, section in near_pairs(
        [(e, m) for e, m in unmatched if HOMEBREW_FLAG not in e.flags], _open_sections(sections)))
    for entry, _ in unmatched:
        if id(entry) in near:
            _merge(near[id(entry)], entry, sections)
        else:
            entry.id = f"{entry.topic}/{slugify(entry.title)}" + ("--homebrew" if HOMEBREW_FLAG in entry.flags else "")
            kept.append(_unique(entry, taken))
    fill_legendary(rules, components)
    return rules + kept


def _page_for(page: Entry, pages: dict[str, Entry]) -> Entry | None:
    """The rules page of the same id, else of the same kind whose folded title holds this one's.

    "Sardakk Norr" is "Sardakk N’orr"; "The Council Keleres - Argent" is "Council Keleres";
    "The Obsidian" is "⚪ The Firmament ✖ The Obsidian".
    """
    same_id = pages.get(page.id.removeprefix(PROVISIONAL))
    if same_id is not None and same_id.kind == page.kind:
        return same_id
    wanted = _loose(page.title)
    same_kind = sorted((p for p in pages.values() if p.kind == page.kind), key=lambda p: p.id)
    tests = [lambda have: have == wanted, lambda have: have.replace(" ", "") == wanted.replace(" ", "")]
    if page.kind == "faction":  # faction names come with and without their sub-titles
        tests += [lambda have: f" {wanted} " in f" {have} ", lambda have: wanted.startswith(have + " ")]
    for test in tests:
        for candidate in same_kind:
            if wanted and test(_loose(candidate.title)):
                return candidate
    return None


def _loose(title: str) -> str:
    """A page title folded, every word without a final s ("Council Keleres" vs "… Keleres - Argent")."""
    return " ".join(word.rstrip("s") for word in fold(title).split())


def _topic_index(rules: list[Entry]) -> dict[tuple[str, str], str]:
    """(component category, folded title) -> the LRR topic that card is read on.

    A strategy card goes to the topic of category "Strategy Card" (91 Technology, not 90).
    """
    index: dict[tuple[str, str], str] = {}
    for entry in rules:
        if entry.kind == "topic":
            index.setdefault(("Planet", fold(entry.title)), entry.id)
            if entry.category == "Strategy Card":
                index[("Strategy Card", fold(entry.title))] = entry.id
    return index


def _section_index(rules: list[Entry]) -> dict[tuple[str, str], Entry]:
    """(page, folded title) -> the rules' section, with a "Name — Ability" heading also under Name."""
    index: dict[tuple[str, str], Entry] = {}
    for entry in rules:
        if entry.kind == "section":
            index.setdefault((entry.topic, fold_name(entry.title)), entry)
            index.setdefault((entry.topic, "printing:" + fold_printing(entry.title)), entry)
            head = entry.title.split(" — ")[0]
            index.setdefault((entry.topic, fold_name(head)), entry)
            for side in faces(entry.title):  # "Eidolon / Z–Grav Eidolon": one card, two faces
                index.setdefault((entry.topic, fold_name(side)), entry)
            if "Ω" in entry.title and "ΩΩ" not in entry.title:  # a Codex reprint; ΩΩ is Thunder's Edge's
                index.setdefault((entry.topic, "codex:" + fold_name(entry.title)), entry)
            if "ΩΩ" in entry.title:
                index.setdefault((entry.topic, "te:" + fold_name(entry.title)), entry)
    return index


def _section_for(entry: Entry, sections: dict[tuple[str, str], Entry]) -> Entry | None:
    """The section of the same name on the entry's page ("Strike Wing Alpha I" -> "Strike Wing Alpha")."""
    folded = fold_name(entry.title)
    for key in (folded, _NUMERAL.sub("", folded), fold_name(entry.title.split(" — ")[0])):
        target = sections.get((entry.topic, key))
        if target is not None and _same_ability(entry.title, target.title) \
                and ("card-text" != target.authority or _other_face(target, entry)):
            return target
    if entry.facts.get("codex_card"):  # only the Codex's card is in the data: it goes to the rules' Ω section
        target = sections.get((entry.topic, "codex:" + _card_key(entry.title)))
        if target is not None and target.authority != "card-text":
            return target
    return None


def _same_ability(title: str, heading: str) -> bool:
    """False when a leader's card and a heading of the same leader name two abilities: "Dannel of the Tenth —
    Quantum Dissemination" is not the rules' "Dannel of the Tenth — Spinner Overdrive", another printing."""
    mine, theirs = title.split(" — ", 1)[1:], heading.split(" — ", 1)[1:]
    return not (mine and theirs) or fold_name(mine[0].split(":")[0]) == fold_name(theirs[0])


def _card_key(name: str) -> str:
    """A leader's name and ability without the ability's second name ("…: Blessing of the Yin"), folded."""
    return fold_name(name.split(":")[0])


def _open_sections(sections: dict[tuple[str, str], Entry]) -> list[Entry]:
    """The rules' sections no card has taken by name, once each, in a stable order."""
    found = {id(e): e for e in sections.values() if e.authority != "card-text"}
    return sorted(found.values(), key=lambda e: e.id)


def _merge(target: Entry, entry: Entry, sections: dict[tuple[str, str], Entry]) -> None:
    """The card's text into its section, and its Codex printings' texts into theirs."""
    _absorb_section(target, entry)
    if entry.facts.get("codex_card") and "Ω" in target.title:
        target.expansion = None  # the data dates the Codex's card to its first printing's expansion
    _fill_printings(target, entry, sections)


def _other_face(target: Entry, entry: Entry) -> bool:
    """True when a two-faced card's section has its other face's text and not yet this one's."""
    return bool(faces(target.title)) and not target.text.startswith(f"{entry.title}: ") \
        and f"\n\n{entry.title}: " not in target.text


def _absorb_section(target: Entry, entry: Entry) -> None:
    """The section shows the printed text; its notes and FAQs stay where they are. A two-faced card
    shows each face's text after its name."""
    if faces(target.title):
        text, markup = f"{entry.title}: {entry.text}", f"<b>{html.escape(entry.title)}</b>: {entry.html}"
        faced = target.authority == "card-text"
        target.text = f"{target.text}\n\n{text}" if faced else text
        target.html = f"{target.html}<br><br>{markup}" if faced else markup
    else:
        target.text, target.html = entry.text, entry.html
    target.authority = "card-text"
    target.category = target.category or entry.category
    for name in ("expansion", "window", "phase"):
        setattr(target, name, getattr(entry, name))
    target.facts = {**entry.facts, **target.facts}
    target.sources = sorted(set(target.sources) | set(entry.sources))
    target.variants = target.variants + [v for v in entry.variants if v not in target.variants]


def _fill_printings(target: Entry, entry: Entry, sections: dict[tuple[str, str], Entry]) -> None:
    """The rules' sections of one Codex printing ("Magen Defense Grid Ω") get that printing's text."""
    printings = [(entry.facts.get("printed_name", ""), entry.text, entry.expansion, entry.facts.get("codex_card"))]
    printings += [(v.get("name", ""), v["text"], v.get("expansion"), v.get("codex_card")) for v in entry.variants]
    for name, text, expansion, codex in printings:
        if "Ω" in name or "Omega" in name:
            section = sections.get((target.topic, "printing:" + fold_printing(name)))
        elif codex:  # a card the data dates to its own expansion but shows as the Codex's: not that expansion's
            section, expansion = sections.get((target.topic, "codex:" + _card_key(name))), None
        elif expansion == EXPANSIONS["thunders_edge"]:  # the rules mark Thunder's Edge's reprint ΩΩ ("Z’eu ΩΩ")
            section = sections.get((target.topic, "te:" + _card_key(name)))
        else:
            continue
        if section is not None and section is not target and section.authority != "card-text":
            section.text, section.html = text, html.escape(text, quote=False)
            section.authority, section.expansion = "card-text", expansion
            section.sources = sorted(set(section.sources) | set(entry.sources))


def _absorb_page(target: Entry, page: Entry) -> None:
    """A rules page gains the component page's sheet and provenance (the first sheet wins)."""
    target.facts = {**page.facts, **target.facts}
    target.expansion = target.expansion or page.expansion
    target.sources = sorted(set(target.sources) | set(page.sources))


def _unique(entry: Entry, taken: set[str]) -> Entry:
    """The entry under an id no other entry has (a -2, -3… suffix if needed)."""
    base, n = entry.id, 2
    while entry.id in taken:
        entry.id, n = f"{base}-{n}", n + 1
    taken.add(entry.id)
    if entry.kind in PAGE_KINDS:
        entry.topic = entry.id
    return entry
