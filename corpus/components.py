"""Component values as printed: what a unit card shows, in card order (ingest and pages share it)."""
from __future__ import annotations

_LABELS = (("cost", "Cost"), ("combat", "Combat"), ("move", "Move"), ("capacity", "Capacity"),
           ("sustain_damage", "Sustain Damage"), ("planetary_shield", "Planetary Shield"),
           ("space_cannon", "Space Cannon"), ("bombardment", "Bombardment"),
           ("anti_fighter_barrage", "Anti-Fighter Barrage"), ("production", "Production"))
VALUE_KEYS = tuple(key for key, _ in _LABELS)
# Shown for a value a generic unit (Flagship, Mech) has no one number for: each faction's card prints its own.
PER_FACTION = "differs by faction"


def value_list(unit: dict, varies: tuple[str, ...] | list[str] = ()) -> list[tuple[str, str]]:
    """(label, value) pairs as a unit card prints them, in card order; a value in `varies` is said to differ
    by faction."""
    out = []
    for key, label in _LABELS:
        value = PER_FACTION if key in varies else unit.get(key)
        if value is None or value is False:
            continue
        if isinstance(value, dict):
            value = value["text"]
        elif value is True:
            value = "yes"
        elif key == "cost" and unit.get("per_cost") == 2:
            value = f"{value} (for 2)"
        out.append((label, str(value)))
    return out


def value_line(unit: dict, varies: tuple[str, ...] | list[str] = ()) -> str:
    """A unit card's values on one line ("Cost 4 · Combat 5 · Move 1 · Sustain Damage"): the text of a card
    that prints no ability, searched and shown as such (corpus.model.Entry.whole_text)."""
    return " · ".join(label if value == "yes" else f"{label} {value}" for label, value in value_list(unit, varies))
