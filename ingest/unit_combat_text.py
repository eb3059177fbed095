"""The sentences of a unit card that bear on a battle's odds, kept in the catalogue so the resolver can say which of
them it does not apply."""
from __future__ import annotations

import re

# What makes a sentence matter to a battle: combat rolls, dice and hits; repairs; units destroyed by an effect;
# combat abilities taken away; units fighting as another kind. Text about moving, producing, capturing or a unit's
# own destruction ("After this unit is destroyed, roll 1 die": Infantry II comes back later) does not change odds.
BEARS_ON_COMBAT = re.compile("|".join((
    r"\bcombat (?:rolls?|dice|value)\b",  # C'morran N'orr, Arvicon Rex, Echo of Ascension, Eidolon Terminus
    r"\badditional die\b",  # Visz El Vir, Colada
    r"\broll a die during\b",  # Wrath of Kenara
    r"\breroll\b",  # Bone Picked Clean
    r"(?<!direct )\bhits?\b",  # [0.0.1], Valkyrie Exoskeleton; not the "Direct Hit" action card
    r"\brepair",  # Eidolon Maximum, Dynamo, Heaven's Eye
    r"\bdestroys? (?:all|up to \d+|\d+)\b",  # Van Hauge, Exotrireme II, Last Dispatch, Strike Wing Alpha II
    r"\bround of (?:ground |space )?combat\b",  # Dunlain Reaper, Alarum, Starlancer II
    r"\bcannot use (?:space cannon|sustain damage|anti-fighter barrage)\b",  # Quetzecoatl, Fourth Moon
    r"\bignoring planetary shield\b",  # The Dragon, Fred's Bombardment
    r"\bnot affected by your fragile\b",  # Shield Paling: the Fragile modifier spares its planet's infantry
    r"\bparticipates? in (?:that |space )?combat as if\b|\b(?:also|both) a ship\b",  # The Alastor, Z-Grav Eidolon
    r"\bas if they were ground forces\b|\bcommitted during an invasion\b",  # Matriarch, Morphwing
    r"\bat the start of a space combat, flip\b",  # Eidolon turns into Z-Grav Eidolon, a ship
)), re.I)
_SENTENCE = re.compile(r"(?<=[.;])\s+(?=[A-Z])")


def combat_sentences(text: str) -> list[str]:
    """The sentences of a card's ability text that bear on a battle, as printed."""
    sentences = (s.strip() for s in _SENTENCE.split(" ".join(text.split())))
    return [s for s in sentences if s and BEARS_ON_COMBAT.search(s)]
