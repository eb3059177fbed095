"""Sections named whole: where do "nekro flagship", "mutiny agenda" and "mentak ambush" land?

Three families of queries, made from the corpus:
- a faction's short name and a leader or unit word, for every category a faction has a section of
  (hero, agent, commander, mech, flagship): "nekro flagship";
- a card's title and its card list page's name in the singular, for every card on a card list page
  (agendas, relics, planets, ...): "mutiny agenda", "the crown of emphidia relic";
- a faction's short name and the title of one of its sections: "mentak ambush".
For each family it prints how often a meant section is the first hit, among the first three, and
among the entries shown under the first page.

Run: .venv/bin/python bench/named_sections.py [--instance DIR]
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

import guard  # bench/guard.py, beside this script
from corpus import Corpus
from corpus.names import fold_title

CATEGORIES = ("hero", "agent", "commander", "mech", "flagship")


def leader_queries(corpus: Corpus) -> list[tuple[str, set[str]]]:
    """(query, the ids of the sections it means) for each faction and category it has."""
    found = []
    for faction in corpus.pages("faction"):
        for category in CATEGORIES:
            meant = {e.id for e in corpus.entries if e.kind == "section" and e.topic == faction.id
                     and (e.category or "").lower() == category}
            if meant:
                found.append((f"{short_name(faction)} {category}", meant))
    return found


def short_name(faction) -> str:
    """What a player calls a faction, from its page id: "factions/jol-nar" -> "jol nar"."""
    return faction.id.split("/")[-1].replace("-", " ")


def card_queries(corpus: Corpus) -> list[tuple[str, set[str]]]:
    """(query, the ids meant) for each card on a card list page: its title and the page's name."""
    found: dict[str, set[str]] = {}
    for card in corpus.entries:
        page = corpus.by_id.get(card.topic)
        if card.kind == "section" and card.title and page is not None and page.kind == "card":
            found.setdefault(f"{card.title} {fold_title(page.title)}", set()).add(card.id)
    return sorted(found.items())


def owned_queries(corpus: Corpus) -> list[tuple[str, set[str]]]:
    """(query, the ids meant) for each titled section of a faction: its short name and the title."""
    found: dict[str, set[str]] = {}
    for faction in corpus.pages("faction"):
        for e in corpus.entries:
            if e.kind == "section" and e.topic == faction.id and e.title:
                found.setdefault(f"{short_name(faction)} {e.title}", set()).add(e.id)
    return sorted(found.items())


def placed(corpus: Corpus, asked: list[tuple[str, set[str]]]) -> str:
    """How often a meant section is first, in the first three, and under the first page."""
    first = three = group = 0
    for query, meant in asked:
        results = corpus.search(query)
        ids = [hit.id for hit in results.hits]
        first += bool(ids) and ids[0] in meant
        three += bool(meant & set(ids[:3]))
        group += bool(results.groups) and bool(meant & {hit.id for hit in results.groups[0][1]})
    return f"{len(asked)} queries: the section first {first}, in the first three {three}, under the first page {group}"


def main() -> None:
    """Print one line per family."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("MECATOL_INSTANCE", "instance")))
    corpus = Corpus.load(parser.parse_args().instance)
    print(f"faction and leader or unit ({placed(corpus, leader_queries(corpus))})")
    print(f"card title and kind ({placed(corpus, card_queries(corpus))})")
    print(f"faction and section title ({placed(corpus, owned_queries(corpus))})")
    corpus.close()


if __name__ == "__main__":
    guard.run(main)
