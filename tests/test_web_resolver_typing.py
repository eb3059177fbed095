"""The resolver's form as players type into it: counts before or after a name, players' unit names, the hints."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest

ERROR = re.compile(r'<p class="rs-error" id="rs-error" role="alert">([^<]*)</p>')


def form(client, topic: str, pairs: list[tuple[str, str]]) -> str:
    """The widget's answer fragment for a scenario typed into a topic page's form."""
    response = client.get(f"/resolver/{topic}?{urlencode(pairs)}")
    assert response.status_code == 200
    return unescape(response.get_data(as_text=True))


def error(text: str) -> str | None:
    """The form's error, if it shows one."""
    found = ERROR.search(text)
    return found[1] if found else None


@pytest.mark.parametrize("typed", ["3 Dreadnought II", "3x dread2", "Dreadnought II x3", "Dreadnought II ×3",
                                   "dread 2*3", "3 dread II"])
def test_three_dreadnoughts_bombard_with_three_dice_however_typed(client, typed):
    answer = form(client, "bombardment", [("ability", "bombardment"), ("u", typed)])
    assert error(answer) is None and "3 dice" in answer


def test_a_battle_side_takes_a_leading_count_and_players_words(client):
    answer = form(client, "space-combat", [("ability", "space_combat"), ("a", "2 dread2"), ("d", "cv x1"),
                                           ("d", "3x ff2")])
    assert error(answer) is None and "Attacker wins" in answer


def hint(client, topic: str, ability: str, param: str) -> str:
    """The hint above a unit box (the rows named `param`) on a topic page's form for one ability."""
    page = client.get(f"/rules/{topic}?{urlencode({'ability': ability})}").get_data(as_text=True)
    box = re.search(rf'<fieldset class="rs-list" data-param="{param}".*?</fieldset>', page, re.S)
    assert box, (topic, ability, param)
    # A form offering several abilities has a hint for each; the chosen one's is the one shown.
    hints = re.findall(r'<p class="rs-hint"([^>]*)>([^<]*)</p>', box[0])
    shown = [text for attrs, text in hints if "hidden" not in attrs]
    assert len(shown) == 1, (topic, ability, param)
    return unescape(shown[0])


def examples(text: str) -> list[str]:
    """The entries a hint quotes ("PDS II*2"; not a bare suffix such as "!enemy")."""
    found = [quote for quote in re.findall(r"“([^”]+)”", text) if "*" in quote]
    assert found, text
    return found


@pytest.mark.parametrize("topic, ability", [
    ("space-cannon", "space_cannon"), ("pds", "space_cannon_defense"), ("bombardment", "bombardment"),
    ("anti-fighter-barrage", "anti_fighter_barrage"),
])
def test_each_example_of_a_dice_hint_resolves_as_typed(client, topic, ability):
    for example in examples(hint(client, topic, ability, "u")):
        answer = form(client, topic, [("ability", ability), ("u", example)])
        assert error(answer) is None and 'class="rs-steps"' in answer, (ability, example, error(answer))


@pytest.mark.parametrize("topic, ability", [("bombardment", "bombardment"),
                                            ("anti-fighter-barrage", "anti_fighter_barrage"),
                                            ("pds", "space_cannon_defense")])
def test_only_space_cannon_offense_offers_an_adjacent_system(client, topic, ability):
    assert "@adj" not in hint(client, topic, ability, "u")


def test_space_cannon_offense_shows_how_to_fire_from_an_adjacent_system(client):
    assert any(example.endswith("@adj") for example in examples(hint(client, "space-cannon", "space_cannon", "u")))


@pytest.mark.parametrize("topic, ability", [("space-combat", "space_combat"), ("ground-combat", "ground_combat"),
                                            ("invasion", "invasion"), ("invasion", "ground_combat")])
def test_a_battle_hints_examples_fight_that_battle(client, topic, ability):
    typed = examples(hint(client, topic, ability, "a"))
    answer = form(client, topic, [("ability", ability), *(("a", e) for e in typed), *(("d", e) for e in typed)])
    assert error(answer) is None and 'class="rs-steps"' in answer, (ability, typed, error(answer))


def test_the_production_hints_examples_build(client):
    producers = examples(hint(client, "production", "production", "p"))
    build = examples(hint(client, "production", "production", "b"))
    # A space dock's Production needs its planet's resources; the hint says to give them in the box beside it.
    pairs = [("ability", "production"),
             *(p for unit in producers for p in (("p", unit), ("pl", "3" if "Space Dock" in unit else ""))),
             *(("b", unit) for unit in build)]
    answer = form(client, "production", pairs)
    assert error(answer) is None and 'class="rs-steps"' in answer, (producers, build, error(answer))
