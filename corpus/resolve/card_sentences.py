"""The unit card sentences the battle engine reads, one pattern each, keyed by the engine's field (combat.stats.Spec).

Ingest's catalogue (ingest/unit_catalogue.py) sets a unit's flag or number from them, and the engine names by them the
sentences it applies (combat/unit_text.py), so the two read a card alike. A number the card prints is group 1.
"""
from __future__ import annotations

import re


def _card(pattern: str) -> re.Pattern:
    """A card sentence, in any letter case."""
    return re.compile(pattern, re.I)


SENTENCES = {
    # The Letnev flagship repairs itself as each space combat round starts (the Twilight's Fall card adds "in this
    # system"); Eidolon Maximum at the start of every combat round, space or ground.
    "repairs": _card(r"at the start of each space combat round(?: in this system)?, repair this ship"
                     r"|repair it at the start of every combat round"),
    # Eidolon Maximum fights in space combats and in ground combats, and hits from unit abilities cannot go to it.
    "ship": _card(r"\bthis unit is both a ship and (?:a )?ground force"),
    "ability_proof": _card(r"\bcannot be assigned hits from unit abilities"),
    # The Winnu flagship rolls one die per opponent's non-fighter ship (the data gives 0 dice).
    "per_opponent_ship": _card(r"number of your opponent's non-fighter ships"),
    # The bot flags war suns but not the Letnev flagship, whose card says the same ("cannot lose its" is another).
    "removes_planetary_shield": _card(r"\blose (?:the )?planetary shield"),
    # A space dock's fighters kept out of capacity; the data has no value for the Dimensional Tear's 6 (12).
    "fighter_room": _card(r"up to (\d+) fighters in this system do not count against"),
    # The Sardakk flagship's bonus to the other ships' combat rolls, and the Jol-Nar flagship's hits on a 9 or 10.
    "boosts_others": _card(r"apply \+(\d) to the result of each of your other ship'?s'? combat rolls"),
    "extra_hits": _card(r"each result of 9 or 10, before applying modifiers, produces (\d) additional hits"),
    # Cards that take an ability from the opponent's units, end every ship with the flagship, or steer its hits:
    # the Mentak flagship and mech, the Argent and Yin flagships and the L1Z1X flagship.
    "denies_sustain": _card(r"other player'?s'? (?:ships in this system|ground forces on this planet) cannot use "
                            r"sustain damage"),
    "blocks_space_cannon": _card(r"other players cannot use space cannon against your ships in this system"),
    "destroys_all": _card(r"when this ship is destroyed, destroy all ships in this system"),
    "steers_hits": _card(r"hits produced by this ship and by your dreadnoughts in this system must be assigned to "
                         r"non-fighter ships if able"),
    # The Naalu flagship lets fighters invade; the Nekro flagship lets ground forces fight in space.
    "fighters_invade": _card(r"commit fighters to planets as if they were ground forces"),
    "musters": _card(r"ground forces in this system to participate in that combat as if they were ships"),
    # The Naaz-Rokha flagship's extra die for each mech in its system.
    "mech_dice": _card(r"your mechs in this system roll (\d) additional (?:die|dice) during combat"),
    # The Naalu Codex mech keeps Anti-Fighter Barrage off its side's units; the Jol-Nar mech keeps Fragile off infantry.
    "blocks_afb": _card(r"other players cannot use anti-fighter barrage against your units in this system"),
    "steadies": _card(r"your infantry on this planet are not affected by your fragile"),
    # The Sardakk mech produces a hit whenever it cancels one in ground combat (the card spells "it's").
    "strikes_back": _card(r"after this unit uses it'?s sustain damage ability during ground combat, it produces 1 hit "
                          r"against your opponent'?s ground forces"),
    # The Sardakk dreadnoughts' trade: destroy this unit after a round of space combat to destroy up to 2 ships.
    "trades_for": _card(r"after a round of space combat, you may destroy this unit to destroy up to (\d) ships"),
    # The Argent destroyers' barrage: each 9 or 10 also destroys 1 of the opponent's infantry in the space area.
    "culls": _card(r"when this unit uses anti-fighter barrage, each result of 9 or 10 also destroys 1 of your "
                   r"opponent'?s'? infantry in the space area"),
    # The Obsidian war sun's Bombardment ignores Planetary Shield.
    "pierces": _card(r"when this unit uses its bombardment ability, it uses it against [^.]*ignoring planetary shield"),
    # The Winnu PDS upgrade's hits (its Space Cannon's) go to non-fighter ships if able.
    "aims": _card(r"hits produced by this unit must be assigned to non-fighter ships if able"),
    # Z-Grav Eidolon is a ship too while in the space area of the active system (Starlancer XI fights a space combat
    # as one). It is the other side of the Eidolon card, which flips to it at the start of a space combat.
    "space_ship": _card(r"if this unit is in the space area of the active system, it is also a ship"
                        r"|this unit participates in space combat as if it were a ship"),
    "other_face": _card(r"at the start of a space combat, flip this card"),
}
# ... and Z-Grav Eidolon flips back at the end of the space battle (its card).
FLIPS_BACK = _card(r"at the end of a space battle in the active system, flip this card")
