"""The one linker: which page, section or rule a name or number in prose means, over one corpus.

Built from all entries by each step that asks it (the FAQ step, the rulings step and the
cross-link step), so each sees the pages and homes the steps before it have set. Same-titled targets are told apart by context:
"Technology strategy card" is the strategy card, "Research Team agenda" is not
a faction ability, and a name on the asking entry's own pages wins.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.model import HOMEBREW_FLAG, PAGE_KINDS, Entry
from corpus import names
from ingest.lrr import topic_info
from ingest.parsers.asyncti4.common import EXPANSIONS

_KIND_RANK = {"topic": 0, "faction": 1, "card": 2, "section": 3, "rule": 4}
# One-word titles that prose uses as plain rules vocabulary far more often than as a name.
GENERIC = frozenset({
    "ability", "attach", "combat", "control", "cost", "deal", "move", "opponent", "ship", "structure",
    "unit", "upgrade", "readied", "exhausted", "destroyed", "modifier", "purge", "capture", "deploy",
})
# Words after (or before) a name that say what kind of thing it is.
_TYPE_WORDS = ("strategy card", "action card", "agenda", "relic", "promissory note", "technology",
               "objective", "exploration card", "event", "agent", "commander", "hero", "mech",
               "flagship", "breakthrough", "faction ability", "ability", "planet", "leader")
# Kinds of a faction's own sections: "the Creuss hero" names the faction, whatever else is called Creuss.
_FACTION_PARTS = frozenset({"promissory note", "agent", "commander", "hero", "mech", "flagship", "breakthrough"})
_TYPE_AFTER = tuple((word, re.compile(rf"{word}(?:s|ies)?\b")) for word in _TYPE_WORDS)
_INITIATIVE = re.compile(r"[*”\"’')]*\s*\(\s*[1-8]\s*\)")


# Last words of faction names that prose uses as plain words, not as the faction's name.
_FACTION_WORDS = frozenset({"virus", "collective", "brotherhood", "coalition", "kingdom", "flight", "alliance",
                            "mindnet", "sorcerer", "federation", "council", "nomad", "clan", "embers", "emirates",
                            "ghosts", "universities", "barony", "titans", "arborec", "winnu", "xxcha", "yin"})


@dataclass(frozen=True)
class Target:
    """Something prose can name: a page, a section (ability, card) of one, or an h2 rule heading."""

    ref: str
    topic: str
    kind: str
    types: frozenset = field(default=frozenset(), compare=False)
    categorised: bool = False
    aside: bool = False  # homebrew or Twilight's Fall: a name's last choice outside its own pages


@dataclass(frozen=True)
class Mention:
    """A name found in prose: where, which target, and how it was written."""

    start: int
    end: int
    target: Target
    words: str


class Linker:
    """Title and rule lookups over the entries present, built once per run."""

    def __init__(self, entries: list[Entry]):
        self.by_id = {e.id: e for e in entries}
        self.pages = {e.id: e for e in entries if e.kind in PAGE_KINDS}
        self.targets: dict[str, list[Target]] = {}
        for entry in entries:
            target = self._target(entry)
            if target is not None:
                for title in _aliases(entry):
                    self.targets.setdefault(names.fold(title), []).append(target)
        self.prose = {k for k, ts in self.targets.items() if any(t.kind != "rule" for t in ts)}
        self.firsts = names.first_words(self.prose)
        self.lasts = names.last_words(self.prose)

    def _target(self, entry: Entry) -> Target | None:
        """Source pages, their sections and h2 rule headings (not made-up pages, not wiki prose)."""
        if any(s.name == "wiki" for s in entry.sources) or not names.fold(entry.title):
            return None
        aside = HOMEBREW_FLAG in entry.flags or entry.expansion == EXPANSIONS["twilights_fall"]
        if entry.kind in ("topic", "faction", "card"):
            types = {"strategy card"} if entry.category == "Strategy Card" else set()
            return Target(entry.id, entry.id, entry.kind, frozenset(types), bool(entry.category), aside)
        if entry.kind == "section":
            return Target(entry.id, entry.topic, "section", frozenset(self._section_types(entry)), aside=aside)
        if entry.kind == "rule" and entry.heading:
            return Target(entry.id, entry.topic, "rule")
        return None

    def _section_types(self, entry: Entry) -> set[str]:
        """What a section is: its page's kind of card ("agenda") or its faction category ("agent")."""
        page = self.pages.get(entry.topic)
        found = {names.fold(entry.category)} if entry.category else set()
        if page is not None and page.kind == "card":
            found.add(names.fold(page.title))
        if page is not None and page.kind == "faction":
            found |= {"ability", "faction ability"}
        return found

    def leader(self, faction: str, text: str, end: int) -> Target | None:
        """"the Cabal flagship", "Mahact hero": the one section of that category on the faction's page."""
        said = _type_said(text, end, end)
        if not said:
            return None
        found = [t for ts in self.targets.values() for t in ts
                 if t.kind == "section" and t.topic == faction and said in t.types and said != "ability"]
        unique = {t.ref: t for t in found}
        return next(iter(unique.values())) if len(unique) == 1 else None

    def named(self, name: str | None) -> list[Target]:
        """Targets a heading or page title names ("Technology - Neural Motivator": each part)."""
        if not name:
            return []
        parts = [name] + [p for p in re.split(r"\s+[-–—:›]\s+", name) if p != name]
        return [t for part in parts for t in self.targets.get(names.fold(part), [])]

    def mentions(self, text: str, home: set[str] = frozenset(), loose: bool = False) -> list[Mention]:
        """Names in prose, each resolved to one target by context; ambiguous ones dropped.

        loose: one-word titles count in any case (a FAQ saying "wormholes");
        otherwise only acronyms ("PDS") do, as cross-links in rules text would be noise.
        """
        found: list[Mention] = []
        lower: list[Mention] = []
        for start, end, folded in names.find_titles(text, self.prose, self.firsts, self.lasts):
            words = text[start:end]
            if " " not in folded and not self._one_word_ok(text, start, words, folded, loose):
                continue
            target = self.choose(self.targets.get(folded, []), text, start, end, home)
            if target is not None and folded in GENERIC and target.kind != "section":
                continue  # “units” in quotes is still the word, not the Units page
            if target is not None and target.kind == "section" and " " not in folded \
                    and (words[:1].islower() or names.sentence_start(text, start)):
                lower.append(Mention(start, end, target, words))
                continue  # a card called "Parley" is named with a capital, mid-sentence
            if target is not None:
                found.append(Mention(start, end, target, words))
        return _with_faction_words(found, lower, home)

    @staticmethod
    def _one_word_ok(text: str, start: int, words: str, folded: str, loose: bool) -> bool:
        """A one-word title names the thing: an acronym, or (loosely) a non-generic word."""
        if len(words) > 1 and words.isupper():
            return True
        if text[max(0, start - 1):start] in ("“", '"', "‘") and folded in GENERIC:
            return True  # quoted: “Upgrade” may be a card's name (mentions keeps it only for a card)
        if not loose or folded in GENERIC:
            return False
        return words[:1].islower() or not names.sentence_start(text, start) or folded in names.FORMS.values()

    def choose(self, candidates: list[Target], text: str, start: int, end: int,
               home: set[str] = frozenset()) -> Target | None:
        """The one target a name means here, or None when the context cannot tell."""
        candidates = list({t.ref: t for t in candidates}.values())
        candidates = [t for t in candidates if t.kind != "rule"] or candidates
        # The game's own card wins over a homebrew or Twilight's Fall one of its name ("Il Na Viroset",
        # Mahact's commander, not the Twilight's Fall faction), except on that one's own pages.
        candidates = [t for t in candidates if not t.aside or t.topic in home] or candidates
        said = _type_said(text, start, end)
        if len(candidates) > 1 and all(t.kind == "section" for t in candidates):
            # "the Research Team agenda": of the sections so named, those of the kind said
            candidates = [t for t in candidates if said and said in t.types] or candidates
            # ... else those titled so, not one of a family ("Research Teams" is not an agenda's)
            folded = names.fold(text[start:end])
            candidates = [t for t in candidates if names.fold(self.by_id[t.ref].title) == folded] or candidates
            # two abilities folding alike ("Floating Factories", "Floating Factory"): the one written wins
            written = [t for t in candidates if _as_written(self.by_id[t.ref].title) == _as_written(text[start:end])]
            candidates = written if len(written) == 1 else candidates
        if len(candidates) <= 1:
            only = candidates[0] if candidates else None
            if only is None or not only.types:
                return only
            # "gain a technology (Fires of the Gashlai)": a name in brackets is an example, not that kind
            return None if said and said not in only.types and not _bracketed(text, start) else only
        typed = [t for t in candidates if said and said in t.types]
        if len(typed) > 1 and all(t.kind == "section" for t in typed):
            # Xxekir Grom and his Ω versions, on one page: the first printed; else the context cannot tell
            return typed[0] if len({t.topic for t in typed}) == 1 else None
        if typed:
            return _first(typed)
        factions = [t for t in candidates if t.kind == "faction"]
        if said in _FACTION_PARTS and len(factions) == 1:
            return factions[0]  # "the Creuss promissory note" is the faction's, not the planet Creuss's
        if said and said not in ("technology", "ability"):
            return None
        local = [t for t in candidates if t.topic in home]
        if local:
            return _first(local)
        pages = [t for t in candidates if t.kind != "section"]
        return _first(pages) if pages else None

    def rules(self, text: str) -> tuple[list[str], list[str]]:
        """Rule ids named in the text (that exist) and the pages of their topics."""
        ids, topics = [], []
        for rule_id in names.rule_ids(text):
            topic, _, rest = rule_id.partition(".")
            info = topic_info(topic)
            if info is None or not rest[:1].isdigit() or int(re.match(r"\d+", rest).group()) < 1:
                continue
            if rule_id in self.by_id:
                ids.append(rule_id)
            if info.slug in self.pages:
                topics.append(info.slug)
        return ids, topics


def _aliases(entry: Entry) -> list[str]:
    """The names prose uses: the title; a leader's name and ability apart ("Rin, The Master's
    Legacy — Genetic Memory": "Rin", "Genetic Memory"); each face of a two-faced card; a faction by
    its short name ("Saar")."""
    found = [entry.title]
    if entry.kind == "section" and " — " in entry.title:
        person, ability = entry.title.split(" — ", 1)
        found += [person, ability, person.split(",")[0]]
    if entry.kind == "section":
        found += names.faces(entry.title)  # a two-faced card: "Eidolon / Z–Grav Eidolon"
        if entry.category and ": " in entry.title:
            found.append(entry.title.split(": ", 1)[0])  # one of a family: "Research Team: Biotic"
    if entry.kind == "faction":
        found.append(entry.id.rsplit("/", 1)[-1].replace("-", " "))
        words = names.fold(entry.title).split()
        # "the Cabal", "L1Z1X", not "the Virus" or "the Clan"
        found += [w for w in {words[0], words[-1]} if len(w) > 2 and w not in _FACTION_WORDS]
    return list(dict.fromkeys(t for t in found if t.strip()))


def _with_faction_words(found: list[Mention], lower: list[Mention], home: set[str]) -> list[Mention]:
    """Add the one-word faction abilities written in lower case whose faction is the ruling's or named
    in it ("can the L1Z1X use harrow"): there the word is the ability, elsewhere perhaps just a word."""
    factions = {t for t in home if t.startswith("factions/")}
    factions |= {m.target.ref for m in found if m.target.kind == "faction"}
    kept = [m for m in lower if m.target.topic in factions]
    return sorted(found + kept, key=lambda m: m.start) if kept else found


def _as_written(name: str) -> str:
    """A name as typed, for telling apart titles that fold alike: case and quotes aside."""
    return " ".join(re.sub(f"[{names.QUOTES}]", "'", name).casefold().split())


def _first(targets: list[Target]) -> Target:
    """Rules pages first, uncategorised before categorised (Technology before the strategy card)."""
    return min(targets, key=lambda t: (_KIND_RANK.get(t.kind, 9), t.categorised, t.ref))


def _bracketed(text: str, start: int) -> bool:
    """The name opens a bracket: "(Fires of the Gashlai)", "(“Letani Warrior”)"."""
    return text[max(0, start - 2):start].rstrip("“\"‘'").endswith("(")


def _type_said(text: str, start: int, end: int) -> str | None:
    """A kind word right after the name ("Technology strategy card") or right before ("the agenda X");
    an initiative number after it is a strategy card's ("the Technology (7) player")."""
    if _INITIATIVE.match(text, end):
        return "strategy card"
    after = names.fold(text[end:end + 40].lstrip(" ”\"’')*").split(".")[0])
    before = names.fold(text[max(0, start - 30):start].rstrip(" “\"‘'(*"))
    for word, pattern in _TYPE_AFTER:
        if pattern.match(after):
            return word
    for word in _TYPE_WORDS:
        if before.endswith(word):
            return word
    return None
