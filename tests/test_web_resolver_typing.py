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
