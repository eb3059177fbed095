"""Faction slugs (as in the tirules F_ page names) and the names players use."""
from __future__ import annotations


from corpus.names import words

from .errors import ResolveError

# Slug -> display name, following the tirules F_<slug> pages.
FACTIONS = {
    "arborec": "The Arborec",
    "argent": "The Argent Flight",
    "bastion": "Last Bastion",
    "creuss": "The Ghosts of Creuss",
    "deepwrought": "The Deepwrought Scholarate",
    "empyrean": "The Empyrean",
    "firmament": "The Firmament",
    "hacan": "The Emirates of Hacan",
    "jol_nar": "The Universities of Jol-Nar",
    "keleres": "Council Keleres",
    "letnev": "The Barony of Letnev",
    "lizix": "The L1Z1X Mindnet",
    "mahact": "The Mahact Gene-Sorcerers",
    "mentak": "The Mentak Coalition",
    "muaat": "The Embers of Muaat",
    "naalu": "The Naalu Collective",
    "naaz_rokha": "The Naaz-Rokha Alliance",
    "nekro": "The Nekro Virus",
    "nomad": "The Nomad",
    "norr": "Sardakk N'orr",
    "ral_nel": "The Ral Nel Consortium",
    "rebellion": "The Crimson Rebellion",
    "saar": "The Clan of Saar",
    "sol": "The Federation of Sol",
    "ul": "The Titans of Ul",
    "vuilraith": "The Vuil'raith Cabal",
    "winnu": "The Winnu",
    "xxcha": "The Xxcha Kingdom",
    "yin": "The Yin Brotherhood",
    "yssaril": "The Yssaril Tribes",
}

# Other names players (and other tools) use for the same factions.
ALIASES = {
    "l1z1x": "lizix",
    "jolnar": "jol_nar",
    "naazrokha": "naaz_rokha",
    "naaz": "naaz_rokha",
    "sardakk": "norr",
    "sardakknorr": "norr",
    "titans": "ul",
    "cabal": "vuilraith",
    "ghosts": "creuss",
    "obsidian": "firmament",
    "crimson": "rebellion",
    "ralnel": "ral_nel",
    "lastbastion": "bastion",
}


def _squash(text: str) -> str:
    """Lower-case ASCII letters and digits only ("Jol–Nar" -> "jolnar")."""
    return "".join(words(text))


_BY_SQUASHED = {_squash(slug): slug for slug in FACTIONS}
_BY_SQUASHED.update({_squash(name): slug for slug, name in FACTIONS.items()})
_BY_SQUASHED.update({_squash(alias): slug for alias, slug in ALIASES.items()})
# "The Arborec" and "Arborec" both name the Arborec.
_BY_SQUASHED.update({key[3:]: slug for key, slug in list(_BY_SQUASHED.items()) if key.startswith("the")})


def faction_slug(value, field: str = "faction") -> str:
    """The faction slug for a name, slug or common alias."""
    if not isinstance(value, str) or not value.strip():
        raise ResolveError(field, "must be a faction name such as \"arborec\"")
    slug = _BY_SQUASHED.get(_squash(value))
    if slug is None:
        raise ResolveError(field, f"unknown faction {value!r}; use a name such as \"arborec\" or \"The Titans of Ul\"")
    return slug


def faction_name(slug: str | None) -> str:
    """Display name of a faction slug ("" for none)."""
    return FACTIONS.get(slug or "", "")
