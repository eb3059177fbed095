"""Names that only set the scene: "I'm the Hacan and the Letnev parked in my home. Can I still build there?"

A forum question often says who the player is or faces before it asks about a general rule. Such a
faction, said only in the sentences that do not ask, names the player, not what is asked about: its
name counts as a name's own words do (vocab.NAME_PART) and its sections as unnamed. Not so when the
question names one of that faction's own cards or abilities ("the Yin player uses Indoctrination"),
nor for a card said as scene ("Myru Vos says …. Does this mean …?"), where the question is about it.
"""
from __future__ import annotations

from dataclasses import replace

from corpus.mentions import Named, NameFinder
from corpus.names import fold_title, words
from corpus.snippets import sentences
from corpus.vocab import NAME_PART, Concept, Request, Vocabulary, stems


def asking(text: str) -> str:
    """The sentences of a question that ask, when some others do not ("" otherwise)."""
    spans = [text[start:end].strip() for start, end in sentences(text)]
    asked = [span for span in spans if span.endswith("?")]
    return " ".join(asked) if asked and len(asked) < len(spans) else ""


def scene_factions(names: NameFinder, terms: Vocabulary, text: str, named: Named) -> frozenset[str]:
    """The faction pages a question names only in the sentences that set its scene, and none of whose own
    cards or abilities it names."""
    asked = asking(text)
    if not asked or not named.pages:
        return frozenset()
    scene = " ".join(s for s in (text[a:b].strip() for a, b in sentences(text)) if not s.endswith("?"))
    said = names.find(scene, *terms.meanings(scene)).pages - names.find(asked, *terms.meanings(asked)).pages
    owned = {ref.rsplit("/", 1)[0] for title in named.titles for ref, _ in names.kinds.get(title, ())}
    return frozenset(said - owned)


def quieter(request: Request, named: Named, names: NameFinder, text: str,
            scene: frozenset[str]) -> tuple[Request, Named]:
    """The request with the scene factions' names counting NAME_PART, and those pages no longer named."""
    said = [fold_title(w) for w in words(text)]
    runs = {" ".join(w for w in said[i:i + size] if w) for i in range(len(said)) for size in range(1, 7)}
    quiet = {t for run in runs if names.pages.get(run, set()) & scene for t in stems(run)}
    concepts = [replace(c, weight=c.weight * NAME_PART) if _only(c, quiet) else c for c in request.concepts]
    return Request(concepts, request.marks), replace(named, pages=named.pages - scene)


def _only(concept: Concept, quiet: set[str]) -> bool:
    """True when every word the player said for this concept is one of the quiet stems."""
    said = [t.split("|")[0] for alt in concept.said for t in alt]
    return bool(said) and not concept.rules and all(t in quiet for t in said)
