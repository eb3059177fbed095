"""Cross-links resolved at ingest on a tiny hand-built corpus, and how the web app shows them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from web_fixtures import tiny_entries

from corpus import Corpus
from corpus.model import Entry
from corpus.names import fold
from ingest.steps.crosslink import _Pass
from ingest.steps.linker import Linker
from webapp.catalog import Catalog
from webapp.render import clean_entry_html


@pytest.fixture
def tiny() -> Corpus:
    """The tiny corpus in memory (no index needed for linking)."""
    return Corpus(Path("."), tiny_entries())


@pytest.fixture
def linker(tiny) -> Linker:
    return Linker(tiny.entries)


def link(linker, source: str, entry_id="x", topic="elsewhere", parent=None, parents=None) -> str:
    entry = Entry(entry_id, "rule", topic, "", "", parent=parent)
    return _Pass(linker, entry, parents or {}).run(source)


def targets(html: str) -> list[str]:
    return re.findall(r'data-ref="([^"]+)"', html)


@pytest.mark.parametrize("source, expected", [
    ("see 77.3 for details", ["77.3"]),
    ("as rule 65.1 says", ["65.1"]),
    ("(77.7d)", ["77.7d"]),
    ("see 99.9 and 77.30", []),          # rule numbers that do not exist stay text
    ("version 2.0.1 of 77.3.4", []),     # not rule numbers at all
    ("in 1977.3 nothing happened", []),
    ("LRR77.3 states", ["77.3"]),         # run into "LRR", as one open question writes it
    ("ABC77.3 and x77.3", []),
])
def test_rule_numbers_link_only_when_they_exist(linker, source, expected):
    assert targets(link(linker, source)) == expected


def test_rule_number_link_keeps_the_text(linker):
    assert link(linker, "see 77.3.") == 'see <a class="xref" data-ref="77.3">77.3</a>.'


def test_never_links_inside_a_link(linker):
    html = link(linker, '<a class="xref" data-ref="pds">77.3 and Space Cannon</a> then 77.3')
    assert html.count("<a ") == 2 and html.endswith('77.3</a>') and "><a" not in html


def test_never_rewrites_inside_a_tag(linker):
    html = link(linker, '<span class="sc" title="77.3 Space Cannon">PDS 77.3</span>')
    assert 'title="77.3 Space Cannon"' in html


def test_existing_data_ref_is_kept(linker):
    assert link(linker, '<a class="xref" data-ref="pds">PDS page</a>') == '<a class="xref" data-ref="pds">PDS page</a>'


def test_unknown_data_ref_is_unwrapped(linker):
    assert link(linker, 'go <a class="xref" data-ref="gone">there</a> now') == "go there now"


def test_small_caps_name_links_whole_span(linker):
    html = link(linker, 'the <span class="sc">Space Cannon</span> ability')
    assert '<a class="xref" data-ref="space-cannon"><span class="sc">Space Cannon</span></a>' in html


def test_ability_with_value_suffix_links(linker):
    assert targets(link(linker, '<span class="sc">Space Cannon 5 (x3)</span>')) == ["space-cannon"]


def test_page_title_in_running_text_links_first_mention_only(linker):
    assert targets(link(linker, "A PDS here and a PDS there")) == ["pds"]


def test_title_phrases_match_plurals(linker):
    assert targets(link(linker, "all space cannons fire")) == ["space-cannon"]


def test_lowercase_single_words_are_not_linked(linker):
    assert targets(link(linker, "the pds fires")) == []


def test_no_self_link_to_own_page(linker):
    assert targets(link(linker, "a PDS", entry_id="65.1", topic="pds")) == []


def test_no_name_link_to_own_parent(linker):
    assert targets(link(linker, "a PDS", entry_id="pds.note-1", topic="elsewhere", parent="pds")) == []


def test_no_name_link_to_a_grandparent(tiny):
    entries = tiny_entries() + [Entry("pds.note-1", "note", "pds", "", "", parent="pds"),
                                Entry("pds.note-1.1", "note", "pds", "", "", parent="pds.note-1")]
    linker = Linker(entries)
    parents = {"pds.note-1": "pds", "pds.note-1.1": "pds.note-1"}
    assert targets(link(linker, "a PDS", entry_id="pds.note-1.1", topic="elsewhere", parent="pds.note-1",
                        parents=parents)) == []


def test_explicit_rule_number_of_parent_still_links(linker):
    assert targets(link(linker, "see 77.3", entry_id="77.3a", topic="space-cannon", parent="77.3")) == ["77.3"]


def test_rule_number_links_on_its_own_page(linker):
    assert targets(link(linker, "see 77.3", entry_id="77.7d", topic="space-cannon")) == ["77.3"]


def test_sanitizer_keeps_our_markup_and_drops_the_rest():
    html = clean_entry_html('<a class="xref" href="/t/pds" data-ref="pds" onclick="x()">P</a>'
                            '<script>alert(1)</script><a href="javascript:alert(1)">j</a><img src=x>')
    assert html == '<a class="xref" href="/t/pds" data-ref="pds">P</a><a>j</a>'


@pytest.mark.parametrize("name, folded", [("Space Cannon", "space cannon"), ("Anti–Fighter Barrage X (×Y).",
                                          "anti fighter barrage"), ("Anomalies", "anomaly"), ("PDS", "pds"),
                                          ("The Universities of Jol–Nar", "universities of jol nar"),
                                          ("Wormholes", "wormhole"), ("adjacent", "adjacency")])
def test_fold(name, folded):
    assert fold(name) == folded


def test_faq_sits_after_the_rule_it_answers(tiny):
    view = Catalog(tiny).page_view("space-cannon")
    rule = next(b for b in view.blocks if b.entry.id == "77.3")
    assert [f.id for f in rule.faqs] == ["faq.units.abc123"]


def test_faq_follows_the_sub_rules_of_the_rule_it_answers():
    child = Entry("77.3a", "rule", "space-cannon", "Sub", "Sub rule.", "Sub rule.", parent="77.3", order=1)
    entries = tiny_entries()
    entries.insert(4, child)
    view = Catalog(Corpus(Path("."), entries)).page_view("space-cannon")
    assert [b.entry.id for b in view.blocks if b.faqs] == ["77.3a"]


def test_faq_without_a_rule_on_the_page_is_listed_at_the_end(tiny):
    assert [f.id for f in Catalog(tiny).page_view("pds").faqs] == ["faq.units.abc123"]


def test_rendered_page_shows_faq_with_its_authority(tiny_app):
    html = tiny_app.test_client().get("/rules/space-cannon").get_data(as_text=True)
    assert "FAQ · official" in html
    assert html.index('id="77.3"') < html.index('id="faq.units.abc123"') < html.index('id="77.7d"')


def test_rendered_rule_links_a_rule_number_to_its_anchor(tiny_app):
    html = tiny_app.test_client().get("/rules/space-cannon").get_data(as_text=True)
    assert '<a class="xref" href="/rules/pds#65.1" data-ref="65.1" data-preview="/api/rules/65.1">65.1</a>' in html
    assert 'data-ref="99.9"' not in html


def test_rendered_note_links_back_to_a_rule_on_the_page(tiny_app):
    html = tiny_app.test_client().get("/rules/space-cannon").get_data(as_text=True)
    note = html.split('id="space-cannon.note-1"')[1].split("</div>")[0]
    assert 'href="/rules/space-cannon#77.3"' in note and 'href="/rules/pds"' in note
