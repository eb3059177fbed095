"""Battle modifiers, each with the card that grants it; one table the parser, engine and catalogue read."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ResolveError


@dataclass(frozen=True)
class Modifier:
    """A catalogue modifier: request key, the card, what it does here."""

    key: str
    card: str
    kind: str  # "faction ability", "technology", "action card", "leader"
    text: str  # the card's effect, in our words
    effect: str  # what the resolver applies
    battles: tuple[str, ...]  # the battle types its card can change (read from the card's text)
    takes_round: bool = False

    def to_dict(self) -> dict:
        """Catalogue entry."""
        return {"key": self.key, "card": self.card, "kind": self.kind, "text": self.text,
                "effect": self.effect, "battles": list(self.battles), "takes_round": self.takes_round}


# Combat rolls and Sustain Damage happen in every battle; unit abilities (Space Cannon, Bombardment) in a space
# combat (Space Cannon Offense, Anti-Fighter Barrage) and an invasion (Bombardment, Space Cannon Defense), never
# in a ground combat alone; some cards name the space combat, others the invasion (L4 Disruptors, X-89 Ω), and
# X-89 ΩΩ names ground combat rolls, which an invasion's ground combat makes too.
EVERY = ("space_combat", "ground_combat", "invasion")
ABILITY_ROLLS = ("space_combat", "invasion")
SPACE = ("space_combat",)
INVASION = ("invasion",)
GROUND = ("ground_combat", "invasion")
# The two Codex printings of X-89 Bacterial Weapon: Codex I's Ω and Codex IV's ΩΩ, the current card.
X89_OMEGA, X89_OMEGA_OMEGA = "x89_bacterial_weapon", "x89_bacterial_weapon_omega_omega"
BATTLE_NAMES = {"space_combat": "a space combat", "ground_combat": "a ground combat", "invasion": "an invasion"}


MODIFIERS = {m.key: m for m in (
    Modifier("unrelenting", "Unrelenting (Sardakk N'orr)", "faction ability",
             "+1 to the result of each of your units' combat rolls.", "+1 to every combat roll of this side", EVERY),
    Modifier("fragile", "Fragile (Universities of Jol-Nar)", "faction ability",
             "-1 to the result of each of your units' combat rolls.", "-1 to every combat roll of this side", EVERY),
    Modifier("morale_boost", "Morale Boost", "action card",
             "At the start of a combat round: +1 to the result of each of your units' combat rolls this round.",
             "+1 to this side's combat rolls in one round (round 1 unless \"round\" says otherwise)",
             EVERY, takes_round=True),
    Modifier("assault_cannon", "Assault Cannon", "technology",
             "At the start of a space combat in a system with 3 or more of your non-fighter ships, your opponent "
             "must destroy 1 of their non-fighter ships.",
             "the opponent destroys its cheapest non-fighter ship at the start of space combat (no Sustain Damage, 87.5)",
             SPACE),
    Modifier("duranium_armor", "Duranium Armor", "technology",
             "Each combat round, after you assign hits, repair 1 of your damaged units that did not use Sustain "
             "Damage this round.", "after assigning hits each round, this side repairs its most expensive eligible unit",
             EVERY),
    Modifier("antimass_deflectors", "Antimass Deflectors", "technology",
             "When other players' units use Space Cannon against your units, -1 to each die.",
             "-1 to the opponent's Space Cannon dice against this side (offense and defense)", ABILITY_ROLLS),
    Modifier("graviton_laser_system", "Graviton Laser System", "technology",
             "Exhaust before your units use Space Cannon: their hits must be assigned to non-fighter ships if able.",
             "this side's Space Cannon Offense hits go to non-fighter ships first", SPACE),
    Modifier("plasma_scoring", "Plasma Scoring", "technology",
             "When your units use Bombardment or Space Cannon, 1 of them may roll 1 additional die.",
             "one extra die on this side's Space Cannon and Bombardment rolls (the unit most likely to hit)",
             ABILITY_ROLLS),
    Modifier("extra_die", "Trrakan Aun Zulok (Argent Flight commander)", "leader",
             "When your units make a roll for a unit ability, you may choose 1 of them to roll 1 additional die.",
             "one extra die on this side's Space Cannon, Anti-Fighter Barrage and Bombardment rolls", ABILITY_ROLLS),
    Modifier("non_euclidean_shielding", "Non-Euclidean Shielding (Barony of Letnev)", "technology",
             "When 1 of your units uses Sustain Damage, cancel 2 hits instead of 1.",
             "each Sustain Damage of this side cancels up to 2 hits (87.6)", EVERY),
    Modifier("shields_holding", "Shields Holding", "action card",
             "Before you assign hits to your ships during a space combat: cancel up to 2 hits.",
             "2 fewer hits from the opponent's combat roll in one round of space combat (round 1 unless \"round\" "
             "says otherwise)", SPACE, takes_round=True),
    Modifier("no_space_cannon", "Disable / Solar Flare", "action card",
             "Disable: your opponents' PDS units lose Planetary Shield and Space Cannon during this invasion. "
             "Solar Flare: during the movement of this tactical action, other players cannot use Space Cannon "
             "against your ships.",
             "in a space combat (Solar Flare), this side's units do not use Space Cannon; in an invasion (Disable), "
             "its PDS units lose Planetary Shield and Space Cannon, while other units' Space Cannon Defense (a "
             "mech's) still fires", ABILITY_ROLLS),
    Modifier("l4_disruptors", "L4 Disruptors (Barony of Letnev)", "technology",
             "During an invasion, units cannot use Space Cannon against your units. (The official card; it has no "
             "Codex version.)",
             "the defender's Space Cannon Defense does not fire at this side's committed ground forces (the "
             "attacker's; a defender's card changes nothing, as only the defender fires Space Cannon in an invasion)",
             INVASION),
    Modifier(X89_OMEGA, "X-89 Bacterial Weapon Ω (Codex I, older wording)", "technology",
             "After 1 or more of your units use Bombardment against a planet, if at least 1 of your opponent's "
             "infantry was destroyed, you may destroy all of your opponent's infantry on that planet. (The Codex I "
             "Ω wording, since replaced by Codex IV's X-89 Bacterial Weapon ΩΩ, the current card, offered beside "
             "it.)",
             "once the attacker's Bombardment hits are assigned, if they destroyed at least 1 of the defender's "
             "infantry, all the defender's infantry on the planet are destroyed before Space Cannon Defense (taken "
             "as used; no effect when Planetary Shield stops the Bombardment, nor for the defender, which does not "
             "bombard)", INVASION),
    Modifier(X89_OMEGA_OMEGA, "X-89 Bacterial Weapon ΩΩ (Codex IV, current)", "technology",
             "Double the hits produced by your units' Bombardment and ground combat rolls. Exhaust each planet you "
             "use Bombardment against. (The current official card; it replaces Codex I's Ω wording.)",
             "each hit of this side's ground combat rolls, and of its Bombardment (the attacker's, in an invasion), "
             "counts as 2 hits, each of which a Sustain Damage may cancel (87.1); the bombarded planet's exhaustion "
             "changes no odds here, so it is only narrated", GROUND),
)}


@dataclass(frozen=True)
class SideMods:
    """The modifiers one side brings, read from its request."""

    keys: frozenset[str] = frozenset()
    # (modifier, round) for the cards played in one round (Morale Boost, Shields Holding).
    rounds: tuple[tuple[str, int], ...] = ()
    combat_modifier: int = 0

    def has(self, key: str) -> bool:
        """True when the side brings this modifier."""
        return key in self.keys

    def round_of(self, key: str) -> int | None:
        """The round a one-round card is played in, or None."""
        return dict(self.rounds).get(key)

    @property
    def morale_round(self) -> int | None:
        """The round of Morale Boost, if played."""
        return self.round_of("morale_boost")

    @property
    def last_round(self) -> int:
        """The last round a one-round card changes (0 for none)."""
        return max((r for _, r in self.rounds), default=0)

    def cancels(self, round_no: int) -> int:
        """Hits cancelled before assigning them this round (Shields Holding)."""
        return 2 if self.round_of("shields_holding") == round_no else 0

    def combat(self, round_no: int) -> int:
        """The total modifier on this side's combat rolls in a given round."""
        total = self.combat_modifier + self.has("unrelenting") - self.has("fragile")
        return total + (1 if self.morale_round == round_no else 0)

    @property
    def doubles_hits(self) -> bool:
        """X-89 Bacterial Weapon ΩΩ: each hit of this side's Bombardment and ground combat rolls counts twice."""
        return self.has(X89_OMEGA_OMEGA)

    def extra_dice(self, ability: str) -> int:
        """Additional dice one unit rolls for a unit ability (Plasma Scoring, the Argent commander)."""
        plasma = ability in ("space_cannon", "bombardment") and self.has("plasma_scoring")
        return plasma + self.has("extra_die")


def parse_mods(items, combat_modifier, field: str, ability: str) -> SideMods:
    """A side's `modifiers` list (keys, or {"name", "round"}) and `combat_modifier`, for this battle type."""
    if items is None:
        items = []
    if not isinstance(items, list):
        raise ResolveError(f"{field}.modifiers", "must be a list of modifier names from the catalogue")
    keys, rounds = set(), {}
    for index, item in enumerate(items):
        where = f"{field}.modifiers[{index}]"
        name, round_no = item, None
        if isinstance(item, dict):
            name, round_no = item.get("name"), item.get("round")
            if set(item) - {"name", "round"}:
                raise ResolveError(where, 'give {"name": …} and, for a card played in one round, "round"')
        if not isinstance(name, str):  # null or a number: say what goes there, not Python's word for it
            raise ResolveError(where, 'must be a modifier name such as "morale_boost", or {"name": …}')
        if name not in MODIFIERS:
            raise ResolveError(where, f"unknown modifier {name!r}; use one of {', '.join(MODIFIERS)}")
        if ability not in MODIFIERS[name].battles:
            raise ResolveError(where, f"{MODIFIERS[name].card} does not apply to {BATTLE_NAMES[ability]}, only to "
                                      f"{' or '.join(BATTLE_NAMES[b] for b in MODIFIERS[name].battles)}")
        if round_no is not None and not MODIFIERS[name].takes_round:
            raise ResolveError(f"{where}.round", f"{name} lasts the whole battle; only cards played in one round "
                                                 "(morale_boost, shields_holding) take a round")
        if MODIFIERS[name].takes_round:
            rounds[name] = _round(round_no, f"{where}.round")
        keys.add(name)
    if {"unrelenting", "fragile"} <= keys:
        raise ResolveError(f"{field}.modifiers", "Unrelenting and Fragile belong to different factions")
    if {X89_OMEGA, X89_OMEGA_OMEGA} <= keys:
        raise ResolveError(f"{field}.modifiers", "X-89 Bacterial Weapon Ω and ΩΩ are two printings of one "
                                                 "technology: give the one in play (ΩΩ is the current card)")
    if combat_modifier is not None and (isinstance(combat_modifier, bool) or not isinstance(combat_modifier, int)
                                        or not -10 <= combat_modifier <= 10):
        raise ResolveError(f"{field}.combat_modifier", "must be a whole number between -10 and 10")
    return SideMods(frozenset(keys), tuple(sorted(rounds.items())), combat_modifier or 0)


def _round(value, field: str) -> int:
    """A combat round number, 1 by default."""
    if value is None:
        return 1
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
        raise ResolveError(field, "must be a combat round from 1 to 20")
    return value


def catalogue(ability: str | None = None) -> list[dict]:
    """Every modifier (or those that apply to one battle type), for /api/resolve/catalogue and the form."""
    return [m.to_dict() for m in MODIFIERS.values() if ability is None or ability in m.battles]
