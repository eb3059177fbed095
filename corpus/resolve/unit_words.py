"""Players' words for units ("dread2", "ws", "cv 2", "3 war suns"), read with the vocabulary search uses.

The catalogue looks here only for a name it does not list itself, so a unit's own name always wins.
"""
from __future__ import annotations

from corpus.names import fold_title, words
from corpus.vocab import vocabulary

# Game terms the vocabulary gives that name more than one kind of unit, as players mean them in a unit list:
# "3 gf" are infantry (a mech is called a mech).
CLASS_TERMS = {"ground forces": "infantry"}
UPGRADES = ("i", "ii")  # the catalogue's lookup keys end a unit's version in a numeral (units.unit_key)


def meaning(said: str) -> str | None:
    """The game term a player's word stands for ("dread" -> "dreadnought", "dread ii" -> "dreadnought ii")."""
    alias = vocabulary().aliases.get(tuple(words(said)))
    if alias is None:
        return None
    # "dread 2" means "dreadnought ii" and "unit upgrade": the first term is the unit, the others its topics.
    return CLASS_TERMS.get(alias.means[0], alias.means[0])


def unit_names(key: str) -> list[str]:
    """Names a lookup key may stand for, most likely first: the key singular ("war suns"), what a player's word
    means ("ws"), and a player's word with its version ("cv ii" -> "carrier ii", which the vocabulary lacks)."""
    out = []
    for said in dict.fromkeys((key, fold_title(key))):
        base, _, version = said.rpartition(" ")
        whole = meaning(said)
        if version not in UPGRADES:
            out += [said, whole]
            continue
        # "pds 2" means "pds" (a topic of PDS II's) too: a meaning without the version typed is not the unit.
        out += [said, whole if whole and whole.endswith(f" {version}") else None]
        # "PDS I 2" is no upgrade of "PDS I": only a word without a version takes one.
        plain = base.rpartition(" ")[2] not in UPGRADES
        out.append(f"{meaning(base)} {version}" if plain and meaning(base) else None)
    return list(dict.fromkeys(name for name in out if name))
