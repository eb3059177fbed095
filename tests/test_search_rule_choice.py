"""What forms a page group (issue 8)."""
from __future__ import annotations

TRANSACT = "can players transact during the benediction phase"


def test_open_questions_stay_in_the_flat_list(default_corpus):
    assert any(h.topic == "open-questions" for h in default_corpus.search(TRANSACT).hits)


def test_the_made_up_open_questions_page_forms_no_group(default_corpus):
    assert "open-questions" not in [page for page, _ in default_corpus.search(TRANSACT).groups]
