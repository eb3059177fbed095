"""Cards: action cards, agendas, technologies, promissory notes, relics, objectives, explores…"""
from __future__ import annotations

import re

from .common import Data, Row, codex_card, faction_page

# Card page per type (tirules C_ pages; strategy cards have none there).
PAGES = {
    "action_cards": ("cards/action-cards", "Action Cards"),
    "agendas": ("cards/agendas", "Agendas"),
    "technologies": ("cards/technology", "Technology"),
    "promissory_notes": ("cards/promissory-notes", "Promissory Notes"),
    "relics": ("cards/relics", "Relics"),
    "objectives": ("cards/objectives", "Objectives"),
    "explores": ("cards/exploration-cards", "Exploration Cards"),
    "strategy_cards": ("cards/strategy-cards", "Strategy Cards"),
    "galactic_events": ("cards/events", "Events"),
}
_LIST_MARK = re.compile(r"^\s*(?:>\s*)?(?:-\s+)?")
_COLOR = re.compile(r"(the )?<color>( player)?", re.I)


def rows(data: Data) -> list[Row]:
    """Every card of every type, in file order."""
    out: list[Row] = []
    for folder, make in _MAKERS.items():
        out += [make(path, item) for path, item in data.items(folder)]
    return out


def _action_card(path: str, item: dict) -> Row:
    return Row(PAGES["action_cards"][0], "Action Card", item.get("name", ""), item.get("text", ""), item, path,
               window=item.get("window"), phase=item.get("phase"))


def _agenda(path: str, item: dict) -> Row:
    """An agenda: who or what is elected, then its For and Against outcomes."""
    # "For/Against" is the data's label for such an agenda, not printed; its outcomes say it.
    parts = [item.get("target", "")] if item.get("target") != "For/Against" else []
    if item.get("text2"):
        parts += [_outcome("For", item.get("text1", "")), _outcome("Against", item["text2"])]
    else:
        parts.append(item.get("text1", ""))
    kind = item.get("type") or "Agenda"
    return Row(PAGES["agendas"][0], f"Agenda ({kind})", item.get("name", ""), "\n".join(p for p in parts if p),
               item, path, phase="Agenda", facts={"agenda_type": kind})


def _outcome(label: str, text: str) -> str:
    """An agenda outcome headed by its label once: most of the data's outcomes already start with it."""
    return text if text.startswith(f"{label}:") else f"{label}: {text}"


def _technology(path: str, item: dict) -> Row:
    faction = item.get("faction")
    page = faction_page(faction) if faction else PAGES["technologies"][0]
    facts = {"tech_types": item.get("types") or [], "prerequisites": item.get("requirements") or ""}
    if codex_card(item):  # "Magmus Reactor", dated to the base game, is the Codex's Ω card by its image
        facts["codex_card"] = True
    return Row(page, "Technology", item.get("name", ""), item.get("text", ""), item, path, facts=facts)


def _promissory(path: str, item: dict) -> Row:
    faction = item.get("faction")
    page = faction_page(faction) if faction else PAGES["promissory_notes"][0]
    text = _COLOR.sub(lambda m: "the owner" if m.group(1) else "owner", item.get("text", ""))
    return Row(page, "Promissory Note", item.get("name", ""), text, item, path)


def _relic(path: str, item: dict) -> Row:
    return Row(PAGES["relics"][0], "Relic", item.get("name", ""), item.get("text", ""), item, path)


def _objective(kind: str):
    def make(path: str, item: dict) -> Row:
        points = item.get("points")
        label = "Secret Objective" if kind == "secret" else f"Stage {'I' * (points or 1)} Public Objective"
        return Row(PAGES["objectives"][0], label, item.get("name", ""), item.get("text", ""), item, path,
                   phase=item.get("phase"), facts={"points": points})
    return make


def _explore(path: str, item: dict) -> Row:
    kind = item.get("type", "")
    return Row(PAGES["explores"][0], f"Exploration Card ({kind})" if kind else "Exploration Card",
               item.get("name", ""), item.get("text", ""), item, path,
               facts={"resolution": item.get("resolution")})


def _strategy_card(path: str, item: dict) -> Row:
    primary = "\n".join(map(_sentence, item.get("primaryTexts") or []))
    secondary = "\n".join(map(_sentence, item.get("secondaryTexts") or []))
    text = f"Primary ability: {primary}\nSecondary ability: {secondary}" if secondary else primary
    return Row(PAGES["strategy_cards"][0], "Strategy Card", item.get("name", ""), text, item, path,
               phase="Strategy", facts={"initiative": item.get("initiative")})


def _sentence(line: str) -> str:
    """A strategy card's line as a sentence: some lack their full stop ("Gain 3 command tokens"),
    and the plain text joins lines into one run."""
    line = line.rstrip()
    return line if not line or line[-1] in ".:;!?" else line + "."


def _galactic_event(path: str, item: dict) -> Row:
    """A Thunder's Edge galactic event: its rules, one line each (the data's "- " and "> - " list marks dropped)."""
    text = "\n".join(_LIST_MARK.sub("", line) for line in item.get("text", "").splitlines() if line.strip())
    return Row(PAGES["galactic_events"][0], "Galactic Event", item.get("name", ""), text, item, path)


def _breakthrough(path: str, item: dict) -> Row:
    synergy = " / ".join(s.title() for s in item.get("synergy") or [])
    return Row(faction_page(item.get("faction", "")), "Breakthrough", item.get("name", ""), item.get("text", ""),
               item, path, facts={"synergy": synergy} if synergy else {})


_MAKERS = {
    "action_cards": _action_card, "agendas": _agenda, "technologies": _technology,
    "promissory_notes": _promissory, "relics": _relic, "public_objectives": _objective("public"),
    "secret_objectives": _objective("secret"), "explores": _explore, "strategy_cards": _strategy_card,
    "breakthroughs": _breakthrough, "galactic_events": _galactic_event,
}
