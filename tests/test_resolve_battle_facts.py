"""Cards whose bonus to their own combat rolls (or repair) hangs on a fact on the table (Arvicon Rex, Iconoclast,
Mordred, The Egeiro, Starlancer XI, Heaven's Eye): the side's request gives the fact, and the odds match hand
recursions."""
from __future__ import annotations

from fractions import Fraction

import pytest

from corpus.resolve import resolve
from corpus.resolve.errors import ResolveError
from hand_battles import binomial, lone_sustainer
from test_resolve_battle import EXACT, side, space


def _outcome(mine, theirs, draw, role: str = "attacker") -> dict:
    """An answer's outcome from a lone sustainer's exact (its side, the other side, draw)."""
    attacker, defender = (mine, theirs) if role == "attacker" else (theirs, mine)
    return pytest.approx({"attacker": float(attacker), "defender": float(defender), "draw": float(draw),
                          "retreat": 0}, abs=EXACT)


def _ground(attacker: dict, defender: dict) -> dict:
    """Resolve a ground combat."""
    return resolve({"ability": "ground_combat", "attacker": attacker, "defender": defender})


def _step(answer: dict, name: str) -> dict:
    """The one step about a unit's bonus from a table fact."""
    [step] = [s for s in answer["steps"] if s["title"].startswith(f"{name}: ") and "combat rolls" in s["title"]]
    return step


def test_arvicon_rex_gets_plus_2_against_an_opponent_whose_token_is_not_in_its_fleet_pool():
    # 2 dice on 5-10, +2: 3-10 (8 of 10), with Sustain Damage, against 3 Cruiser II (6-10).
    given = space(side(("Arvicon Rex", 1), opponent_token_not_in_fleet_pool=True), side(("Cruiser II", 3)))
    assert given["outcome"] == _outcome(*lone_sustainer(2, Fraction(8, 10), 3, Fraction(5, 10), repairs=False))
    step = _step(given, "Arvicon Rex")
    assert step["title"] == "Arvicon Rex: +2 to its combat rolls" and step["authority"] == "card"
    assert step["text"].startswith("Attacker's Arvicon Rex: \"During combat against an opponent whose command token "
                                   "is not in your fleet pool, apply +2 to the results of this unit's combat rolls.\" "
                                   "(its card). Applied here: attacker.opponent_token_not_in_fleet_pool is true")


def test_without_the_fact_the_bonus_is_left_out_and_the_step_names_the_field():
    plain = lone_sustainer(2, Fraction(6, 10), 3, Fraction(5, 10), repairs=False)
    absent = space(side(("Arvicon Rex", 1)), side(("Cruiser II", 3)))
    false = space(side(("Arvicon Rex", 1), opponent_token_not_in_fleet_pool=False), side(("Cruiser II", 3)))
    assert absent["outcome"] == false["outcome"] == _outcome(*plain)
    step = _step(absent, "Arvicon Rex")
    assert step["title"] == "Arvicon Rex: no bonus to its combat rolls"
    assert "attacker.opponent_token_not_in_fleet_pool is not given, so these odds leave the bonus out" in step["text"]
    assert "attacker.opponent_token_not_in_fleet_pool is false, so no bonus" in _step(false, "Arvicon Rex")["text"]
    assert not [s for s in absent["steps"] if s["title"].startswith("Not applied")]


def test_iconoclast_gets_plus_2_against_an_opponent_with_a_relic_fragment():
    # 6 + 2: 4-10 (7 of 10), with Sustain Damage, against 2 Infantry I (8-10).
    answer = _ground(side(("Iconoclast", 1), opponent_has_relic_fragment=True), side(("Infantry I", 2)))
    assert answer["outcome"] == _outcome(*lone_sustainer(1, Fraction(7, 10), 2, Fraction(3, 10), repairs=False))
    assert _step(answer, "Iconoclast")["title"] == "Iconoclast: +2 to its combat rolls"


def test_mordred_defending_gets_plus_2_against_an_opponent_with_an_x_or_y_token():
    answer = _ground(side(("Infantry I", 2)), side(("Mordred", 1), opponent_has_x_or_y_token=True))
    mine = lone_sustainer(1, Fraction(7, 10), 2, Fraction(3, 10), repairs=False)
    assert answer["outcome"] == _outcome(*mine, role="defender")
    assert "Defender's Mordred: \"During combat against an opponent who has an \"X\" or \"Y\" token" in \
        _step(answer, "Mordred")["text"]


def test_the_egeiro_gets_plus_1_for_each_non_home_system_with_a_planet():
    # 9 + 3: 6-10 (5 of 10), with Sustain Damage, against 2 Cruiser I (7-10).
    answer = space(side(("The Egeiro", 1), non_home_systems_with_planet=3), side(("Cruiser I", 2)))
    assert answer["outcome"] == _outcome(*lone_sustainer(1, Fraction(5, 10), 2, Fraction(4, 10), repairs=False))
    step = _step(answer, "The Egeiro")
    assert step["title"] == "The Egeiro: +3 to its combat rolls" and "+1 × 3 = +3" in step["text"]


def test_the_bonus_and_the_sides_modifier_are_added_before_the_ten_faces_cap():
    # 9 hits on 2 faces; +10 and -3 leave 9 faces (a die showing 1 misses), not 10 capped then less 3.
    answer = space(side(("The Egeiro", 1), non_home_systems_with_planet=10, combat_modifier=-3),
                   side(("Cruiser I", 2)))
    assert answer["outcome"] == _outcome(*lone_sustainer(1, Fraction(9, 10), 2, Fraction(4, 10), repairs=False))


def test_starlancer_xi_gets_plus_1_for_each_anomaly_and_only_its_own_rolls_do():
    # 6 + 2: 4-10; a Floating Factory I holds it in the space area.
    answer = space(side(("Floating Factory I", 1), ("Starlancer XI", 1), anomalies_in_or_adjacent=2),
                   side(("Cruiser I", 2)))
    assert answer["outcome"] == _outcome(*lone_sustainer(1, Fraction(7, 10), 2, Fraction(4, 10), repairs=False))
    # Beside an Infantry I in a ground combat, the infantry's die is unchanged (8-10).
    ground = _ground(side(("Starlancer XI", 1), ("Infantry I", 1), anomalies_in_or_adjacent=2), side(("Infantry I", 1)))
    [rolls] = [s for s in ground["steps"] if s["title"] == "Attacker rolls"]
    assert "1 die hitting on 4-10, 1 die hitting on 8-10" in rolls["text"]


def test_a_unit_that_does_not_roll_here_says_its_bonus_changes_nothing():
    answer = space(side(("Carrier I", 1), ("Iconoclast", 1), opponent_has_relic_fragment=True), side(("Cruiser I", 1)))
    assert "It rolls no combat dice in this battle, so nothing changes." in _step(answer, "Iconoclast")["text"]


@pytest.mark.parametrize("attacker, field, message", [
    (side(("Cruiser II", 1), opponent_has_relic_fragment=True), "attacker.opponent_has_relic_fragment",
     "this side has no unit whose card asks it (Iconoclast)"),
    (side(("Arvicon Rex", 1), opponent_token_not_in_fleet_pool=1), "attacker.opponent_token_not_in_fleet_pool",
     "must be true or false"),
    (side(("The Egeiro", 1), non_home_systems_with_planet=True), "attacker.non_home_systems_with_planet",
     "must be a whole number between 0 and 20"),
    (side(("The Egeiro", 1), non_home_systems_with_planet=21), "attacker.non_home_systems_with_planet",
     "must be between 0 and 20"),
    (side(("The Egeiro", 1), anomalies_in_or_adjacent=1), "attacker.anomalies_in_or_adjacent",
     "this side has no unit whose card asks it (Starlancer XI)"),
])
def test_a_wrong_fact_names_its_field(attacker, field, message):
    with pytest.raises(ResolveError) as err:
        space(attacker, side(("Cruiser I", 1)))
    assert err.value.field == field and message in err.value.message


def test_the_api_answers_a_wrong_fact_with_a_400_naming_it(client):
    body = {"ability": "ground_combat", "attacker": side(("Infantry I", 1)),
            "defender": side(("Mordred", 1), opponent_has_x_or_y_token="yes")}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 400 and response.json["field"] == "defender.opponent_has_x_or_y_token"
    assert response.json["error"] == "defender.opponent_has_x_or_y_token: must be true or false"


def _damaged_first(dice: int, p: Fraction, enemies: int, hit: Fraction) -> tuple[Fraction, ...]:
    """A lone sustainer repaired at the end of every round that starts round 1 damaged: that round any hit destroys
    it; from round 2 on it is lone_sustainer with repairs."""
    out = [Fraction(0)] * 3
    for k, pk in enumerate(binomial(dice, p)):
        for h, ph in enumerate(binomial(enemies, hit)):
            left = max(0, enemies - k)
            if h or not left:
                out[0 if not h else 1 if left else 2] += pk * ph
            else:
                out = [o + pk * ph * v for o, v in zip(out, lone_sustainer(dice, p, left, hit, repairs=True))]
    return tuple(out)


def test_heavens_eye_is_repaired_at_the_end_of_every_round_when_a_plot_controller_is_in_the_system():
    # 2 dice on 5-10 (6 of 10: the card's +1 is to its move value), with Sustain Damage, against 3 Cruiser II (6-10).
    given = space(side(("Heaven's Eye", 1), plot_controller_in_system=True), side(("Cruiser II", 3)))
    assert given["outcome"] == _outcome(*lone_sustainer(2, Fraction(6, 10), 3, Fraction(5, 10), repairs=True))
    [step] = [s for s in given["steps"] if s["title"].startswith("Heaven's Eye: ")]
    assert step["title"] == "Heaven's Eye: repaired at the end of every combat round" and step["rule"] == "87.3"
    assert "attacker.plot_controller_in_system is true" in step["text"]
    for absent in (side(("Heaven's Eye", 1)), side(("Heaven's Eye", 1), plot_controller_in_system=False)):
        plain = space(absent, side(("Cruiser II", 3)))
        assert plain["outcome"] == _outcome(*lone_sustainer(2, Fraction(6, 10), 3, Fraction(5, 10), repairs=False))
        assert [s["title"] for s in plain["steps"] if s["title"].startswith("Heaven's Eye")] == [
            "Heaven's Eye: not repaired each round"]
        assert not [s for s in plain["steps"] if s["title"].startswith("Not applied")]


def test_heavens_eye_damaged_by_space_cannon_offense_is_not_repaired_before_round_1():
    # PDS I's Space Cannon Offense (6-10) damages it half the time; it stays damaged through round 1 (repaired at
    # the round's end, not as it starts, as Arc Secundus is), against 2 Cruiser II.
    answer = space(side(("Heaven's Eye", 1), plot_controller_in_system=True), side(("PDS I", 1), ("Cruiser II", 2)))
    half, p, hit = Fraction(1, 2), Fraction(6, 10), Fraction(5, 10)
    whole, damaged = lone_sustainer(2, p, 2, hit, repairs=True), _damaged_first(2, p, 2, hit)
    assert answer["outcome"] == _outcome(*(half * a + half * b for a, b in zip(whole, damaged)))
    [step] = [s for s in answer["steps"] if s["title"].startswith("Heaven's Eye: ")]
    assert step["text"].endswith("though a hit from Space Cannon Offense lasts through round 1.")


def test_heavens_eye_in_an_invasion_says_its_repair_changes_nothing():
    answer = resolve({"ability": "invasion", "defender": side(("Infantry I", 1)),
                      "attacker": side(("Heaven's Eye", 1), ("Infantry I", 2), plot_controller_in_system=True)})
    [step] = [s for s in answer["steps"] if s["title"].startswith("Heaven's Eye: ")]
    assert step["text"].endswith("It does not fight in this battle, so nothing changes.")
