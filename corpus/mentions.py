"""What a query names: cards and abilities by title, factions by name.

Players ask rules questions far more often than card questions, and a rules question rarely
names a card; but card and faction sections are many (over a thousand) and their text repeats
rules words, so an unnamed card's text easily outranks the rules topic. corpus.search weighs a
section by whether the query names it, or names its page ("the Muaat hero"), or neither.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from corpus.names import cased_words, fold_title, words
from corpus.quotes import Quotes

MAX_NAME_WORDS = 6  # longer titles are not typed
SHORT_QUERY = 3  # words: "command action card" names the card, whatever its case
UNITS_PAGE = "cards/units"
# The kind of section a word says, keyed by its folded form (fold_title drops a plural s: "mechs" is
# "mech", "heroes" is "heroe"). "alliance pn", "mutiny agenda": a title and its kind name that card.
KIND_WORDS = {"agent": "agent", "commander": "commander", "hero": "hero", "heroe": "hero", "mech": "mech",
              "flagship": "flagship", "breakthrough": "breakthrough", "pn": "promissory note",
              "promissory": "promissory note", "promissory note": "promissory note", "ac": "action card",
              "action card": "action card", "agenda": "agenda", "law": "law", "directive": "directive",
              "tech": "technology", "technology": "technology", "relic": "relic", "planet": "planet",
              "objective": "objective", "secret": "secret objective", "so": "secret objective",
              "secret objective": "secret objective", "public objective": "public objective",
              "strategy card": "strategy card", "exploration card": "exploration card", "event": "event"}
# Kinds a faction has its own of: "the Nekro flagship", "Sol commander" name that faction's section(s)
# of the category, though the query never says its title (The Alastor).
FACTION_KINDS = frozenset({"agent", "commander", "hero", "mech", "flagship", "breakthrough", "promissory note"})


def kind_at_end(said: list[str]) -> tuple[str | None, list[str]]:
    """The kind the last one or two folded words say ("action card", "pn"), and the words before them."""
    for size in (2, 1):
        kind = KIND_WORDS.get(" ".join(said[-size:])) if len(said) > size else None
        if kind:
            return kind, said[:-size]
    return None, said


@dataclass(frozen=True)
class Named:
    """The folded section titles and the page ids a query names; background: the unit titles
    among them when the query also names another card ("Direct Hit on a war sun")."""

    titles: frozenset[str] = frozenset()
    pages: frozenset[str] = frozenset()
    background: frozenset[str] = frozenset()
    quoted: frozenset[str] = frozenset()  # the titles named by quoting their text, word for word


NOTHING = Named()


@lru_cache(maxsize=8192)
def folded(title: str) -> str:
    """fold_title, remembered: the rerank asks it of the same hundred titles on every search."""
    return fold_title(title)


class NameFinder:
    """Finds the names of sections and pages in a query, by runs of up to six folded words."""

    def __init__(self, entries, aliases: dict | None = None):
        entries = list(entries)
        topics = {fold_title(e.title) for e in entries if e.kind == "topic"}
        # A section titled like a rules topic ("Production" on a unit card) is named by every
        # question about that topic: it counts as named only by its page.
        self.titles: set[str] = {fold_title(e.title) for e in entries
                                 if e.kind == "section" and e.title} - topics - {""}
        # A card title inside a topic's name ("command" in "command tokens") is that topic's word.
        self.topics = {t for t in topics if " " in t}
        # Factions go by short names ("muaat", "the Cabal"): the vocabulary's aliases for them.
        said: dict[str, set[str]] = {}
        for key, alias in (aliases or {}).items():
            for meant in alias.means:
                said.setdefault(fold_title(meant), set()).add(fold_title(" ".join(key)))
        self.pages: dict[str, set[str]] = {}
        for entry in entries:
            if entry.kind == "faction":
                title = fold_title(entry.title)
                for name in {title, " ".join(words(entry.id.split("/", 1)[-1]))} | said.get(title, set()):
                    self.pages.setdefault(name, set()).add(entry.id)
        self.pages.pop("", None)
        # (faction page, category) -> (folded title, id) of each of its sections, in page order; an
        # updated card folds like the one it updates (Z'eu, Z'eu Ω), so titles repeat
        self.by_category: dict[tuple[str, str], list[tuple[str, str]]] = {}
        # folded title -> (id, the words of its category or card list page) of each section so titled
        self.kinds: dict[str, list[tuple[str, frozenset[str]]]] = {}
        pages = {e.id: e.title for e in entries if e.kind == "card"}
        for entry in entries:
            if entry.kind == "section" and entry.category and fold_title(entry.title) in self.titles:
                key = (entry.topic, fold_title(entry.category))
                self.by_category.setdefault(key, []).append((fold_title(entry.title), entry.id))
            if entry.kind == "section" and entry.title:
                kind = f"{entry.category or ''} {pages.get(entry.topic, '')}"
                self.kinds.setdefault(fold_title(entry.title), []).append((entry.id, frozenset(fold_title(kind).split())))
        self.starts = {name.split()[0] for name in (*self.titles, *self.pages)}
        # Unit cards (War Sun, Carrier II) are what most questions act on, not what they ask about.
        units = {fold_title(e.title) for e in entries if e.kind == "section" and e.topic == UNITS_PAGE}
        self.units = {title for title in self.titles if title in units or title.removesuffix(" ii") in units}
        self.plain = _plain_titles(entries, self.titles - self.units)
        self.quotes = Quotes(entries)

    def find(self, text: str, *terms: str) -> Named:
        """The sections and pages named in a query, or named whole by one of the game terms its
        player words stand for ("dread 2" -> "dreadnought ii", not the card *Upgrade*)."""
        titles: set[str] = set()
        pages: set[str] = set()
        self._find(text, titles, pages)
        for term in map(fold_title, terms):
            titles.update({term} & self.titles)
            pages.update(self.pages.get(term, ()))
        titles.update(self._by_category(text, pages))
        quoted = frozenset(self.quotes.quoted(text) & self.titles)
        titles.update(quoted)
        background = titles & self.units if titles - self.units else set()
        return Named(frozenset(titles), frozenset(pages), frozenset(background), quoted) if titles or pages else NOTHING

    def _by_category(self, text: str, pages: set[str]) -> set[str]:
        """The named faction's sections of each category the query says ("hero", "mechs"); with two
        factions named, which one the word belongs to is a guess, so neither."""
        if len(pages) != 1:
            return set()
        page = next(iter(pages))
        said = {KIND_WORDS[w] for w in map(fold_title, words(text)) if KIND_WORDS.get(w) in FACTION_KINDS}
        return {title for category in said for title, _ in self.by_category.get((page, category), ())}

    def jump(self, text: str) -> str | None:
        """The one section a whole query names (see named_whole), if it names only one."""
        found = self.named_whole(text)
        return found[0] if len(found) == 1 else None

    def named_whole(self, text: str) -> list[str]:
        """The sections a whole query names, in page order: a faction's leaders or units of a category
        ("nekro flagship"; "nekro hero" names both Nekro heroes), the cards of a title and kind
        ("alliance pn", "mutiny agenda"), or a faction's sections of a title ("mentak ambush")."""
        said = fold_title(text).split()  # folded whole: a "the" inside a title stays ("Gila the Silvertongue")
        kind, before = kind_at_end(said)
        typed = (self._leaders_named(kind, before) or self._typed_named(kind, before)) if kind else []
        return typed or self._owned_named(said)  # "yssaril guild agents" ends in a kind word

    def _owned_named(self, said: list[str]) -> list[str]:
        """The faction's sections of the title after its name ("mentak ambush", "the Naalu's Telepathic")."""
        for size in range(1, len(said)):
            pages = self.pages.get(" ".join(said[:size]), set())
            if len(pages) != 1:
                continue
            page, rest = next(iter(pages)), said[size:]
            # "naalu's telepathic" or "mentak s'ula mentarion"; "the" as fold_title drops it ("The Alastor")
            for title in (rest, rest[rest[0] == "s":]):
                title = title[title[:1] == ["the"]:]
                found = [ref for ref, _ in self.kinds.get(" ".join(title), ()) if ref.startswith(page + "/")]
                if found:  # else a longer name: "jol" is Jol-Nar, but "jol nar analytical" says it whole
                    return found
        return []

    def _typed_named(self, kind: str, title: list[str]) -> list[str]:
        """The sections so titled whose category or card list page is of that kind."""
        found = [ref for ref, kinds in self.kinds.get(" ".join(title), ()) if set(kind.split()) <= kinds]
        return list(dict.fromkeys(found))

    def _leaders_named(self, kind: str, faction: list[str]) -> list[str]:
        """The faction's sections of that category ("nekro flagship", "the Sol's commander")."""
        faction = [w for w in faction if w not in ("the", "s")]
        pages = self.pages.get(" ".join(faction), set())
        if kind not in FACTION_KINDS or len(pages) != 1:
            return []
        return [ref for _, ref in self.by_category.get((next(iter(pages)), kind), ())]

    def _find(self, text: str, titles: set[str], pages: set[str]) -> None:
        """Add the names in one text to titles and pages."""
        said = [fold_title(w) for w in words(text)]
        typed = cased_words(text)
        long_query = len(said) > SHORT_QUERY
        found, factions = [], []
        for start in range(len(said)):
            if said[start] not in self.starts and said[start]:
                continue
            for size in range(1, min(MAX_NAME_WORDS, len(said) - start) + 1):
                run = " ".join(w for w in said[start:start + size] if w)
                if run in self.titles and not (long_query and run in self.plain and typed[start].islower()):
                    found.append((start, start + size, run))
                if run in self.pages:
                    pages.update(self.pages[run])
                    factions.append((start, start + size))
        # A title inside a longer name, topic name or faction name is part of it, no name of its own:
        # "cavalry" in "The Cavalry I", "command" in "command tokens", the planets Jol and Nar in "Jol-Nar".
        spans = self._in_topics(said) + factions + [(a, b) for a, b, _ in found]
        titles.update(run for a, b, run in found
                      if not any(x <= a < b <= y and y - x > b - a for x, y in spans))

    def _in_topics(self, said: list[str]) -> list[tuple[int, int]]:
        """(start, end) of the runs of words that say a topic of several words ("command tokens")."""
        return [(start, start + size) for start in range(len(said))
                for size in range(2, min(MAX_NAME_WORDS, len(said) - start) + 1)
                if " ".join(w for w in said[start:start + size] if w) in self.topics]


def _plain_titles(entries, titles: set[str]) -> frozenset[str]:
    """One-word titles the corpus mostly writes as plain words ("command", "upgrade"): a long query
    names them only typed with a capital ("Command"), as a card's name is."""
    single = {t for t in titles if " " not in t}
    typed = Counter(word for entry in entries for word in cased_words(entry.text))
    lower: Counter = Counter()
    upper: Counter = Counter()
    for word, count in typed.items():  # each distinct word folded once
        title = fold_title(word)
        if title in single:
            (upper if word[0].isupper() else lower)[title] += count
    return frozenset(t for t in single if lower[t] > 2 * upper[t])
