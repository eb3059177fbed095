"""Space Cannon, Bombardment and Anti-Fighter Barrage: hand-computed odds and cited rules."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from corpus.resolve import outcome, resolve


def _sc(*units, ability="space_cannon", **extra) -> dict:
    return {"ability": ability, "units": list(units), **extra}


def _rules(answer: dict) -> list[str]:
    return [step["rule"] for step in answer["steps"]]


def _titled(answer: dict, title: str) -> dict:
    return next(step for step in answer["steps"] if step["title"] == title)


# Space Cannon Offense.


def test_two_pds_ii_match_the_issue():
    dist = outcome(_sc({"name": "PDS II", "count": 2})).distribution
    assert dist.probabilities() == [F(4, 25), F(12, 25), F(9, 25)]


def test_two_pds_ii_answer_floats():
    answer = resolve(_sc({"name": "PDS II", "count": 2}))
    assert (answer["distribution"], answer["expected_hits"], answer["p_at_least_one"], answer["dice"]) == (
        [0.16, 0.48, 0.36],
        1.2,
        0.84,
        2,
    )


def test_exact_strings_round_trip_to_fractions():
    answer = resolve(_sc({"name": "PDS II", "count": 2}))
    assert [F(p) for p in answer["exact"]["p_at_least"]] == [F(1), F(21, 25), F(9, 25)]


def test_mixed_values_pds_i_and_pds_ii():
    out = outcome(_sc({"name": "PDS I"}, {"name": "PDS II"}))
    assert (out.distribution.probabilities(), out.distribution.expected()) == ([F(1, 5), F(1, 2), F(3, 10)], F(11, 10))


def test_free_entry_five_times_three():
    dist = outcome(_sc({"value": 5, "dice": 3, "count": 1, "label": "Xxcha flagship"})).distribution
    assert dist.probabilities() == [F(8, 125), F(36, 125), F(54, 125), F(27, 125)]


def test_catalogue_flagship_equals_free_entry():
    named = outcome(_sc({"name": "Loncara Ssodu"})).distribution
    assert named == outcome(_sc({"value": 5, "dice": 3})).distribution


def test_at_least_two_of_three_dice():
    assert outcome(_sc({"name": "Loncara Ssodu"})).distribution.at_least(2) == F(81, 125)


def test_plasma_scoring_on_a_chosen_unit():
    # The extra die goes to units[0] (PDS I, hits on 6): dice 6, 6, 5.
    dist = outcome(_sc({"name": "PDS I"}, {"name": "PDS II"}, modifiers={"plasma_scoring": {"unit": 0}})).distribution
    assert dist.probabilities() == [F(1, 10), F(7, 20), F(2, 5), F(3, 20)]


@pytest.mark.parametrize("value, dice", [(0, 2), (False, 2), (1, 3), (True, 3)])
def test_plasma_scoring_one_and_zero_mean_on_and_off_as_in_the_form(value, dice):
    # Not units[0] and units[1]: a player sending 0 means no Plasma Scoring.
    out = outcome(_sc({"name": "PDS II"}, {"name": "PDS II"}, modifiers={"plasma_scoring": value}))
    assert len(out.distribution.probabilities()) == dice + 1


def test_plasma_scoring_true_picks_best_chance():
    out = outcome(_sc({"name": "PDS I"}, {"name": "PDS II"}, modifiers={"plasma_scoring": True}))
    assert (out.plasma.index, out.distribution.expected()) == (1, F(1, 2) + 2 * F(3, 5))


def test_plasma_scoring_step_is_an_faq_ruling_on_77_3():
    step = _titled(resolve(_sc({"name": "PDS II"}, modifiers={"plasma_scoring": True})), "Plasma Scoring")
    assert (step["rule"], step["authority"]) == ("77.3", "official-faq")


def test_offense_steps_cite_the_rules_in_order():
    assert _rules(resolve(_sc({"name": "PDS II", "count": 2}))) == [
        "77.1",
        "77.2",
        "77.3",
        "77.3d",
        "77.5",
        "77.5a",
        "77.5b",
        "87.4",
    ]


def test_several_dice_cite_77_3b():
    assert "77.3b" in _rules(resolve(_sc({"name": "Loncara Ssodu"})))


def test_pds_ii_fires_from_an_adjacent_system():
    answer = resolve(_sc({"name": "PDS II", "adjacent": True}))
    assert (answer["dice"], _titled(answer, "Deep space cannon")["rule"]) == (1, "77.3c")


def test_pds_i_in_an_adjacent_system_does_not_fire():
    answer = resolve(_sc({"name": "PDS II"}, {"name": "PDS I", "adjacent": True}))
    assert (answer["dice"], answer["units"][1]["rolls"], answer["units"][1]["excluded_by"]) == (1, False, "77.3c")


def test_space_cannon_text_carries_the_numbers():
    assert "expected 1.2 hits" in _titled(resolve(_sc({"name": "PDS II", "count": 2})), "Assign hits")["text"]


@pytest.mark.parametrize(("count", "expected"), [(1, "expected 1 hit,"), (2, "expected 2 hits,")])
def test_expected_hits_agree_with_their_number(count, expected):
    # Two dice at 6 (50% each) per unit: one hit expected per unit.
    answer = resolve(_sc({"value": 6, "dice": 2, "count": count}))
    assert expected in _titled(answer, "Assign hits")["text"]


# Space Cannon Defense.


def test_defense_excludes_adjacent_units_citing_77_7d():
    answer = resolve(_sc({"name": "PDS II"}, {"name": "PDS II", "adjacent": True}, ability="space_cannon_defense"))
    assert (answer["dice"], answer["units"][1]["excluded_by"]) == (1, "77.7d")


def test_defense_excludes_ships_citing_77_7():
    answer = resolve(_sc({"name": "PDS I"}, {"name": "Loncara Ssodu"}, ability="space_cannon_defense"))
    assert (answer["dice"], answer["units"][1]["excluded_by"]) == (1, "77.7")


def test_defense_hits_go_to_ground_forces_on_the_planet():
    rules = _rules(resolve(_sc({"name": "PDS I", "count": 2}, ability="space_cannon_defense")))
    assert rules == ["77.6", "77.7", "77.7c", "77.8", "77.8a", "87.4"]


def test_defense_plasma_scoring_adds_one_die_for_the_planet():
    dist = outcome(
        _sc({"name": "PDS II", "count": 2}, ability="space_cannon_defense", modifiers={"plasma_scoring": True})
    ).distribution
    assert dist.probabilities() == [F(8, 125), F(36, 125), F(54, 125), F(27, 125)]


# Bombardment.

WAR_SUN_AND_DREADNOUGHT = [F(2, 625), F(27, 625), F(132, 625), F(272, 625), F(192, 625)]


def test_bombardment_dreadnought_and_war_sun():
    dist = outcome(_sc({"name": "Dreadnought"}, {"name": "War Sun"}, ability="bombardment")).distribution
    assert (dist.probabilities(), dist.expected()) == (WAR_SUN_AND_DREADNOUGHT, F(3))


def test_planetary_shield_blocks_without_war_sun():
    answer = resolve(
        _sc({"name": "Dreadnought", "count": 2}, ability="bombardment", modifiers={"planetary_shield": True})
    )
    assert (answer["blocked"], answer["rule"], answer["distribution"], answer["dice"]) == (True, "15.1f", [1.0], 0)


def test_blocked_answer_gives_a_reason():
    answer = resolve(_sc({"name": "Dreadnought"}, ability="bombardment", modifiers={"planetary_shield": True}))
    assert "Planetary Shield" in answer["reason"]


def test_war_sun_modifier_lets_the_bombardment_through():
    answer = resolve(
        _sc(
            {"name": "Dreadnought", "count": 2},
            ability="bombardment",
            modifiers={"planetary_shield": True, "war_sun": True},
        )
    )
    assert (answer["blocked"], answer["distribution"], "65.3" in _rules(answer)) == (False, [0.16, 0.48, 0.36], True)


def test_war_sun_in_the_roll_removes_the_shield_itself():
    dist = outcome(
        _sc({"name": "Dreadnought"}, {"name": "War Sun"}, ability="bombardment", modifiers={"planetary_shield": True})
    ).distribution
    assert dist.probabilities() == WAR_SUN_AND_DREADNOUGHT


def test_arc_secundus_lifts_the_shield_by_its_card_text():
    # "Other player's units in this system lose PLANETARY SHIELD": its own 3 dice at 5 roll.
    answer = outcome(_sc({"name": "Arc Secundus"}, ability="bombardment", modifiers={"planetary_shield": True}))
    dist = answer.distribution
    assert (answer.blocked, dist.expected(), dist.at_least(1)) == (False, F(9, 5), F(117, 125))


@pytest.mark.parametrize(("count", "words"), [(1, "here 1 unit bombards one planet"),
                                              (2, "here 2 units bombard one planet")])
def test_the_declare_step_agrees_with_the_number_of_units(count, words):
    answer = resolve(_sc({"name": "Dreadnought", "count": count}, ability="bombardment"))
    assert words in _titled(answer, "Declare the planet first")["text"]


def test_bombardment_steps_cite_declare_and_excess_hits():
    rules = _rules(resolve(_sc({"name": "Dreadnought"}, ability="bombardment")))
    assert rules == ["15.1", "15.1d", "15.1", "15.1c", "15.2", "15.2a", "87.4"]


def test_harrow_cites_15_1e():
    assert "15.1e" in _rules(
        resolve(_sc({"name": "Super-Dreadnought II"}, ability="bombardment", modifiers={"harrow": True}))
    )


def test_bombardment_plasma_scoring_adds_a_die():
    dist = outcome(_sc({"name": "Dreadnought"}, ability="bombardment", modifiers={"plasma_scoring": True})).distribution
    assert dist.probabilities() == [F(4, 25), F(12, 25), F(9, 25)]


# Anti-Fighter Barrage.


def test_afb_two_destroyer_ii():
    dist = outcome(_sc({"name": "Destroyer II", "count": 2}, ability="anti_fighter_barrage")).distribution
    assert (dist.probabilities(), dist.expected(), dist.at_least(1)) == (
        [F(c, 64) for c in (1, 6, 15, 20, 15, 6, 1)],
        F(3),
        F(63, 64),
    )


def test_afb_steps_cite_rule_10():
    rules = _rules(resolve(_sc({"name": "Destroyer II", "count": 2}, ability="anti_fighter_barrage")))
    assert rules == ["10", "10.1", "10.1b", "10.1c", "10.1d", "10.2", "10.2a", "87.4a"]


# Dice entered or rolled.


def test_entered_rolls_count_hits_per_unit():
    answer = resolve(_sc({"name": "PDS II", "count": 2}, {"name": "PDS I"}, rolls="3, 7, 0"))
    assert [(u["results"], u["hits"]) for u in answer["rolled"]["units"]] == [([3, 7], 1), ([10], 1)]


def test_entered_rolls_put_the_plasma_die_last():
    answer = resolve(_sc({"name": "PDS II"}, modifiers={"plasma_scoring": True}, rolls=[5, 4]))
    assert [(u["plasma_scoring"], u["hits"]) for u in answer["rolled"]["units"]] == [(False, 1), (True, 0)]


def test_seeded_roll_uses_random_random():
    answer = resolve(_sc({"name": "PDS II", "count": 3}, seed=7))
    rng = random.Random(7)
    assert answer["rolled"]["units"][0]["results"] == [rng.randint(1, 10) for _ in range(3)]


def test_same_seed_same_answer():
    request = _sc({"name": "War Sun"}, ability="bombardment", seed=123)
    assert resolve(request) == resolve(request)


@pytest.mark.parametrize("ability", ["space_cannon", "space_cannon_defense", "bombardment", "anti_fighter_barrage"])
def test_every_step_has_rule_title_text(ability):
    name = {"bombardment": "War Sun", "anti_fighter_barrage": "Destroyer II"}.get(ability, "PDS II")
    for step in resolve(_sc({"name": name}, ability=ability))["steps"]:
        assert step["rule"] and step["title"] and step["text"]


def test_null_optional_fields_count_as_absent():
    answer = resolve(_sc({"name": "PDS II"}, modifiers=None, rolls=None, seed=None))
    assert (answer["dice"], "rolled" in answer) == (1, False)
