"""Which of a side's units fight a battle, in destroy order, and which wait in the space area needing capacity (16.2);
with The Alastor, its side's ground forces there fight a space combat as ships; a Z-Grav Eidolon does by its card."""
from __future__ import annotations

from dataclasses import replace

from .assign import Side, State
from .request import SideRequest
from .room import Load
from ..units import Roll
from .stats import CLASSES, Spec, is_mech


def build_side(req: SideRequest, arena: str, invading: bool = False) -> Side:
    """The units of a side that fight in this arena ("space": ships; "ground": ground forces), in destroy order.
    A unit in an adjacent system only lends its Space Cannon (77.3c): it neither rolls nor takes hits. In a space
    combat, the side's ground forces listed are in the space area: they do not fight, but need capacity (16.2),
    unless The Alastor makes them fight as ships (its card: all of them). An invading side with Matriarch commits
    its fighters to the planet too (its card: all of them)."""
    fighters = invading and bool(_tally(req, lambda s: s.fighters_invade))
    fighting = _tally(req, lambda s: (s.ship if arena == "space" else s.ground or (fighters and s.fighter))
                      and s.combat is not None)
    cargo = _tally(req, lambda s: s.ground and not s.ship and not s.structure) if arena == "space" else {}
    extra = max((s.mech_dice for s in _tally(req, lambda s: s.mech_dice)), default=0)
    if arena == "ground" and extra:
        # Visz El Vir in the system: each mech in the ground combat rolls more dice (its card). In a space combat it
        # fights, so its dice are counted while it is alive (assign.dice_groups).
        fighting = {_more_dice(s, extra) if is_mech(s) else s: n for s, n in fighting.items()}
    if arena == "space":
        # A Z-Grav Eidolon is a ship in the space area (its card), and The Alastor makes every ground force there
        # fight as one. They are ships from the start of combat on, so they are in the side's state; as cargo they
        # count 0 (a load is set only if The Alastor is gone before the combat starts, see stay_behind).
        # A Valkyrie Exoskeleton's hit back is for ground combat only (its card), so not in this one.
        musters = any(s.musters for s in fighting)
        joining = {s: n for s, n in cargo.items() if s.combat is not None and (musters or s.space_ship)}
        fighting.update({replace(s, ship=True, joins=True, strikes_back=False): n for s, n in joining.items()})
        cargo = {s: 0 if s in joining else n for s, n in cargo.items()}
    ranked = _in_order(fighting, req.order)
    riders = {**cargo, **{s: n for s, n in fighting.items() if s.fighter or s.joins}}
    return Side(req.role, tuple(ranked), tuple(fighting[s] for s in ranked), req.mods,
                "order" if req.order else "default", tuple((s, cargo[s]) for s in _in_order(cargo, req.order)),
                tuple(_in_order(riders, req.order)), bool(_tally(req, lambda s: s.blocks_afb)),
                arena == "ground" and req.mods.doubles_hits)


def _more_dice(spec: Spec, extra: int) -> Spec:
    """The unit with `extra` more combat dice."""
    return replace(spec, combat=Roll(spec.combat.value, spec.combat.dice + extra))


def _tally(req: SideRequest, keep) -> dict[Spec, int]:
    """Units of the side in the active system that `keep` selects, counted per type."""
    counts: dict[Spec, int] = {}
    for group in req.groups:
        if not group.adjacent and keep(group.spec):
            counts[group.spec] = counts.get(group.spec, 0) + group.count
    return counts


def _rank(spec: Spec) -> tuple[int, ...]:
    """Default destroy order: cheapest first (78.6); ground forces fighting as ships for The Alastor come right after
    the fighters, being as cheap."""
    klass, value = spec.rank
    if spec.joins and spec.ship_klass:
        # A Z-Grav Eidolon is a ship by its own card, and no cheap one: it costs 2 and rolls 2 dice (Starlancer XI,
        # a ship in space combat by its card too, costs 2 and has Sustain Damage). So it takes the place its cost
        # gives a ship (a cruiser's), not the fighters' and infantry's, and goes before the cruisers as the worse
        # combat value (8) goes first; the destroyers, cheaper, go before it.
        return CLASSES.index(spec.ship_klass), 0, 0, value
    return (0, 1, klass, value) if spec.joins else (klass, 0, 0, value)


def _in_order(specs, order: tuple[str, ...] | None) -> list[Spec]:
    """Unit types in destroy order: those the request's order names first, then cheapest first (78.6)."""
    ranked = sorted(specs, key=_rank)
    first = [s for name in order or () for s in ranked if s.name == name]
    return first + [s for s in ranked if s not in first]


def stay_behind(side: Side, state: State, load: Load) -> tuple[State, Load]:
    """With The Alastor destroyed before the combat starts (by Space Cannon Offense), the ground forces it musters do
    not fight: they leave the state for the space area, as a load. A Z-Grav Eidolon fights by its own card."""
    if not any(mustered(spec) for spec in side.specs) or any(n and spec.musters
                                                             for spec, (n, _) in zip(side.specs, state)):
        return state, load
    waiting = {spec.name: n for spec, (n, _) in zip(side.specs, state) if mustered(spec)}
    have = dict(side.cargo) if load is None else dict(zip((spec for spec, _ in side.cargo), load))
    new_load = tuple(have[spec] + waiting.get(spec.name, 0) for spec, _ in side.cargo)
    return tuple((0, 0) if mustered(spec) else pair for spec, pair in zip(side.specs, state)), new_load


def mustered(spec: Spec) -> bool:
    """A ground force fighting a space combat as a ship because The Alastor makes it (not by its own card)."""
    return spec.joins and not spec.space_ship
