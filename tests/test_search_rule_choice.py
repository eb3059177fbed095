"""Which rule of the leading page is lifted, and what forms a page group (issue 8)."""
from __future__ import annotations

import pytest

TRANSACT = "can players transact during the benediction phase"


def test_open_questions_stay_in_the_flat_list(default_corpus):
    assert any(h.topic == "open-questions" for h in default_corpus.search(TRANSACT).hits)


def test_the_made_up_open_questions_page_forms_no_group(default_corpus):
    assert "open-questions" not in [page for page, _ in default_corpus.search(TRANSACT).groups]


@pytest.mark.parametrize("query", ["can planetary shield stop bombardment from a war sun",
                                   "does plasma scoring add a die for each pds or once per space cannon roll"])
def test_the_first_three_hits_are_answers_when_three_match(default_corpus, query):
    assert {h.kind for h in default_corpus.search(query).hits[:3]} <= {"rule", "section"}
