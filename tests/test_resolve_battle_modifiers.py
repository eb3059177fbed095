"""Battle modifiers, each from its card: what each changes, checked on cases small enough to compute by hand."""
from __future__ import annotations

import pytest

from corpus.resolve import ResolveError, catalogue, modifier_catalogue, resolve
from corpus.resolve.units import load
from test_resolve_battle import EXACT, docked, idle, side, space


def test_unrelenting_adds_one_to_every_combat_roll():
    # Fighter I hits on 8-10 (30%) with +1, against 20%: leave chance 1 - 0.7 * 0.8 = 0.44.
    answer = space(docked(("Fighter I", 1), modifiers=["unrelenting"]), docked(("Fighter I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(0.24 / 0.44, abs=EXACT)


def test_fragile_equals_a_combat_modifier_of_minus_one():
    fragile = space(side(("Cruiser II", 2), modifiers=["fragile"]), side(("Cruiser I", 2)))
    minus_one = space(side(("Cruiser II", 2), combat_modifier=-1), side(("Cruiser I", 2)))
    assert fragile["outcome"] == pytest.approx(minus_one["outcome"], abs=EXACT)


def test_morale_boost_lasts_one_round():
    answer = space(docked(("Fighter I", 1), modifiers=[{"name": "morale_boost", "round": 1}]),
                   docked(("Fighter I", 1)))
    first = {"attacker": 0.3 * 0.8, "defender": 0.7 * 0.2, "draw": 0.3 * 0.2}
    expected = first["attacker"] + 0.56 * 0.16 / 0.36
    assert answer["outcome"]["attacker"] == pytest.approx(expected, abs=EXACT)


def test_combat_modifier_never_touches_space_cannon_or_barrage():
    plain = space(side(("Destroyer II", 1)), docked(("Fighter I", 2), ("PDS I", 1)))
    boosted = space(side(("Destroyer II", 1)), docked(("Fighter I", 2), ("PDS I", 1), combat_modifier=3))
    sco = next(s for s in boosted["steps"] if s["rule"] == "77.2")["text"]
    assert sco == next(s for s in plain["steps"] if s["rule"] == "77.2")["text"]
    assert "1 die hitting on 6-10" in sco


def test_antimass_deflectors_take_one_from_space_cannon():
    # PDS I (6) against Antimass Deflectors hits on 7-10: 40%.
    answer = space(docked(("Fighter I", 1), modifiers=["antimass_deflectors"]), idle(("PDS I", 1)))
    assert answer["outcome"]["attacker"] == pytest.approx(0.6, abs=EXACT)


def test_plasma_scoring_and_the_argent_commander_add_dice():
    plasma = space(docked(("Fighter I", 1)), idle(("PDS I", 1), modifiers=["plasma_scoring"]))
    assert plasma["outcome"]["attacker"] == pytest.approx(0.25, abs=EXACT)
    # Trrakan Aun Zulok: one more AFB die, so Destroyer II rolls 4 dice at 6: the fighter lives with 0.5^4.
    argent = space(side(("Destroyer II", 1), modifiers=["extra_die"]), docked(("Fighter I", 1)))
    assert argent["outcome"]["attacker"] == pytest.approx(1 - 0.0625 + 0.0625 * 0.24 / 0.44, abs=EXACT)


def test_graviton_laser_system_sends_space_cannon_hits_to_non_fighters():
    attacker = side(("Carrier I", 1), ("Fighter I", 1))
    plain = space(attacker, idle(("PDS I", 1)))
    graviton = space(attacker, idle(("PDS I", 1), modifiers=["graviton_laser_system"]))
    # Units left, counting a fighter removed for want of a carrier (16.3) as left.
    left = {u["name"]: u["expected"] + u.get("excess_removed", 0) for u in graviton["survivors"]["attacker"]}
    assert left == {"Fighter I": pytest.approx(1), "Carrier I": pytest.approx(0.5)}
    assert plain["survivors"]["attacker"][0] == {"name": "Fighter I", "count": 1, "expected": pytest.approx(0.5)}


def test_no_space_cannon_silences_the_pds():
    answer = space(docked(("Fighter I", 1)), idle(("PDS II", 2), modifiers=["no_space_cannon"]))
    assert answer["outcome"]["attacker"] == pytest.approx(1)


def test_assault_cannon_needs_three_non_fighter_ships():
    three = space(side(("Cruiser I", 3), modifiers=["assault_cannon"]), side(("Destroyer I", 1)))
    assert three["outcome"]["attacker"] == pytest.approx(1)
    assert three["rounds_expected"] == pytest.approx(1)
    two = space(side(("Cruiser I", 2), modifiers=["assault_cannon"]), side(("Destroyer I", 1)))
    assert two["outcome"]["attacker"] < 1


def test_duranium_armor_repairs_and_still_sums_to_one():
    plain = space(side(("Dreadnought II", 2)), side(("Dreadnought II", 2)))
    armored = space(side(("Dreadnought II", 2), modifiers=["duranium_armor"]), side(("Dreadnought II", 2)))
    assert plain["outcome"]["attacker"] == pytest.approx(plain["outcome"]["defender"])
    assert armored["outcome"]["attacker"] > plain["outcome"]["attacker"] + 0.05
    assert sum(armored["outcome"].values()) == pytest.approx(1, abs=EXACT)


def test_each_modifier_cites_its_card():
    for mod in modifier_catalogue():
        body = {"name": mod["key"], "round": 1} if mod["takes_round"] else mod["key"]
        if "space_combat" in mod["battles"]:
            answer = space(side(("Cruiser I", 3), ("PDS II", 1), modifiers=[body]), docked(("Fighter I", 2)))
        else:  # a card only an invasion takes (L4 Disruptors, X-89)
            answer = resolve({"ability": "invasion", "attacker": side(("Dreadnought I", 1), ("Infantry I", 1),
                                                                      modifiers=[body]),
                              "defender": side(("Infantry I", 2))})
        cards = [s for s in answer["steps"] if s["authority"] == "card" and s["title"].startswith(mod["card"])]
        assert cards, mod["key"]


def test_battle_pickers_carry_combat_values():
    ships = {u["name"]: u for u in catalogue("space_combat")}
    assert ships["War Sun"]["combat"] == {"value": 3, "dice": 3, "text": "3 (x3)"}
    assert ships["Fighter II"]["class"] == "fighter"
    ground = {u["name"] for u in catalogue("ground_combat")}
    assert {"Infantry II", load().get("Mech", "name").name} <= ground and "Cruiser I" not in ground


def test_non_euclidean_shielding_cancels_two_hits_per_sustain():
    # Two PDS I shots (50% each) at one dreadnought: with the tech, one Sustain Damage cancels both.
    plain = space(side(("Dreadnought I", 1)), idle(("PDS I", 2)))
    shielded = space(side(("Dreadnought I", 1), modifiers=["non_euclidean_shielding"]), idle(("PDS I", 2)))
    assert plain["outcome"]["defender"] == pytest.approx(0.25, abs=EXACT)
    assert shielded["outcome"]["attacker"] == pytest.approx(1, abs=EXACT)
    assert any(s["rule"] == "87.6" for s in shielded["steps"])


def test_shields_holding_cancels_two_hits_in_its_round():
    # Two fighters score at most two hits, so in the card's round the cruiser cannot be lost; later it can.
    plain = space(side(("Cruiser I", 1)), docked(("Fighter I", 2)))
    held = space(side(("Cruiser I", 1), modifiers=[{"name": "shields_holding", "round": 1}]),
                 docked(("Fighter I", 2)))
    assert plain["by_round"][1]["attacker_units"] == pytest.approx(1 - 0.36)
    assert held["by_round"][1]["attacker_units"] == pytest.approx(1)
    assert held["by_round"][1]["defender"] == 0
    assert held["outcome"]["attacker"] > plain["outcome"]["attacker"]


def test_shields_holding_is_for_space_combat_only():
    with pytest.raises(ResolveError) as err:
        resolve({"ability": "ground_combat", "attacker": side(("Infantry I", 1), modifiers=["shields_holding"]),
                 "defender": side(("Infantry I", 1))})
    assert err.value.field == "attacker.modifiers[0]"


# Which battles each card can change, read from its text: combat rolls and Sustain Damage happen in every
# battle; Space Cannon, Anti-Fighter Barrage and Bombardment only in a space combat or an invasion (a ground
# combat alone has no unit-ability rolls); Assault Cannon, Graviton Laser System (its hits go to ships) and
# Shields Holding name the space combat; L4 Disruptors and X-89 Bacterial Weapon Ω the invasion; X-89 Bacterial
# Weapon ΩΩ ground combat rolls (and Bombardment), so a ground combat alone or an invasion.
APPLIES = {
    "unrelenting": {"space_combat", "ground_combat", "invasion"},
    "fragile": {"space_combat", "ground_combat", "invasion"},
    "morale_boost": {"space_combat", "ground_combat", "invasion"},
    "duranium_armor": {"space_combat", "ground_combat", "invasion"},
    "non_euclidean_shielding": {"space_combat", "ground_combat", "invasion"},
    "antimass_deflectors": {"space_combat", "invasion"},
    "plasma_scoring": {"space_combat", "invasion"},
    "extra_die": {"space_combat", "invasion"},
    "no_space_cannon": {"space_combat", "invasion"},
    "assault_cannon": {"space_combat"},
    "graviton_laser_system": {"space_combat"},
    "shields_holding": {"space_combat"},
    "l4_disruptors": {"invasion"},
    "x89_bacterial_weapon": {"invasion"},
    "x89_bacterial_weapon_omega_omega": {"ground_combat", "invasion"},
}
FIRST = ("duranium_armor", "non_euclidean_shielding")  # a modifier every battle takes, listed first
UNITS = {"space_combat": ("Cruiser I", 1), "ground_combat": ("Infantry I", 1), "invasion": ("Infantry I", 1)}


@pytest.mark.parametrize("ability", sorted(UNITS))
@pytest.mark.parametrize("key", sorted(APPLIES))
def test_a_modifier_is_taken_only_by_the_battles_it_applies_to(ability, key):
    body = {"name": key, "round": 1} if key in ("morale_boost", "shields_holding") else key
    request = {"ability": ability, "attacker": side(UNITS[ability]),
               "defender": side(UNITS[ability], modifiers=[FIRST[key == "duranium_armor"], body])}
    if ability in APPLIES[key]:
        assert sum(resolve(request)["outcome"].values()) == pytest.approx(1, abs=EXACT)
    else:
        with pytest.raises(ResolveError) as err:
            resolve(request)
        assert (err.value.field, "does not apply to" in str(err.value)) == ("defender.modifiers[1]", True)


def test_the_catalogue_of_a_battle_lists_the_modifiers_that_apply_to_it():
    for ability in UNITS:
        assert {m["key"] for m in modifier_catalogue(ability)} == {k for k, on in APPLIES.items() if ability in on}


def _step(answer: dict, title: str) -> str:
    return next(s["text"] for s in answer["steps"] if s["title"].startswith(title))


def test_morale_boost_in_round_one_narrates_round_one_dice():
    # Dreadnought II hits on 5-10; +1 in round 1: 4-10, 70% a die, so 2 dice expect 1.4 hits (1.2 from round 2).
    answer = space(side(("Dreadnought II", 2), modifiers=["morale_boost"]),
                   side(("Carrier I", 1), ("Destroyer II", 2)), retreat={"side": "defender", "round": 2})
    text = _step(answer, "Attacker rolls")
    round_one, _, later = text.partition("From round 2")
    assert "2 dice hitting on 4-10" in round_one and "expected 1.4 hits" in round_one and "5-10" not in round_one
    assert "2 dice hitting on 5-10" in later


def test_morale_boost_in_a_later_round_names_that_round():
    answer = space(side(("Dreadnought II", 2), modifiers=[{"name": "morale_boost", "round": 3}]),
                   side(("Carrier I", 1)))
    text = _step(answer, "Attacker rolls")
    assert "2 dice hitting on 5-10" in text and "expected 1.2 hits" in text
    assert "In round 3: 2 dice hitting on 4-10" in text


@pytest.mark.parametrize("cruisers, applied", [(2, False), (3, True)])
def test_assault_cannon_step_says_whether_it_applies(cruisers, applied):
    answer = space(side(("Cruiser I", cruisers), modifiers=["assault_cannon"]), side(("Destroyer I", 1)))
    text = _step(answer, "Assault Cannon")
    assert ("Applied here: the opponent destroys" in text) is applied
    assert ("needs 3" in text) is not applied


@pytest.mark.parametrize("given", [None, 3])
def test_a_modifier_that_is_no_name_says_what_goes_there(given):
    with pytest.raises(ResolveError) as err:
        resolve({"ability": "space_combat", "attacker": side(("Cruiser II", 1), modifiers=[given]),
                 "defender": side(("Cruiser II", 1))})
    assert err.value.field == "attacker.modifiers[0]" and "None" not in str(err.value)
    assert 'must be a modifier name such as "morale_boost"' in str(err.value)
