"""One merged corpus from every default source: provenance, variants, copies."""
from __future__ import annotations

import re

from ingest.parsers import official


def test_all_faq_pairs_are_in(default_corpus):
    faqs = [e for e in default_corpus.entries if e.kind == "faq"]
    # 224 read: the wiki FAQ's 216 rulings and seed 000's 8; 7 of those 8 repeat FAQ-page rulings and one
    # FAQ-page ruling sits under two headings, so 216 entries remain, none sharing question and answer.
    assert len(faqs) == 216
    assert len({(e.title, e.text) for e in faqs}) == len(faqs)
    assert all(e.sources[0].name == "wiki" for e in faqs)


def test_rule_from_two_sources_lists_both(default_corpus):
    rule = default_corpus.get("77.7")
    assert {s.name for s in rule.sources} >= {"tirules", "official-rules"}
    assert rule.topic == "space-cannon"  # not the official page's "Space Combat" heading
    assert default_corpus.get("77.7d").text.startswith("Game effects that allow the use of Space Cannon")


def test_no_entry_holds_garbled_related_rulings(default_corpus, shared):
    seed = (shared / "seeds").glob("001_*")
    garbled = next(seed).read_text(encoding="utf-8").split("Related Space Combat rulings", 1)[1]
    fragment = " ".join(garbled.split()[:8])
    for entry in default_corpus.entries:
        assert fragment not in entry.text, entry.id
        assert not official.is_garbled(entry.text) or entry.kind != "rule", entry.id


def test_plain_text_copy_merges_and_flags_its_variant(default_corpus):
    for rule_id in ("68.1a", "68.1b", "68.1c", "68.1d"):
        names = {s.name for s in default_corpus.get(rule_id).sources}
        assert names == {"tirules", "tirules-text"}, rule_id
        assert "variant" not in default_corpus.get(rule_id).flags
    varied = default_corpus.get("68.3")
    assert "variant" in varied.flags
    assert varied.text.startswith("When a player produces ground forces, that player must place those units")
    assert varied.variants[0]["source"]["name"] == "tirules-text"


def test_older_saved_copy_merges_and_the_report_names_its_missing_notes(default_instance, default_corpus):
    _, report = default_instance
    rule = default_corpus.get("15.1")
    assert len({s.version for s in rule.sources}) == 2  # the mirror page and the saved copy
    line = next(line for line in report.copies if line.startswith("bombardment:"))
    assert re.search(r"lacks 4 entries: bombardment\.note-6, bombardment\.note-6\.1, "
                     r"bombardment\.note-7, bombardment\.note-7\.1", line)


def test_faqs_are_linked_to_what_they_clarify(default_corpus):
    faqs = [e for e in default_corpus.entries if e.kind == "faq" and e.topic == "space-cannon"]
    assert len(faqs) >= 6
    assert all(e.authority in ("official-faq", "community-note") for e in faqs)
    linked = default_corpus.referenced_by("space-cannon")
    assert any(i.startswith("faq.") for i in linked)


def test_search_can_keep_to_one_source(default_corpus):
    hits = default_corpus.search("pds wormhole", limit=15, source="wiki").hits
    assert hits and all("wiki" in {s.name for s in default_corpus.get(h.id).sources} for h in hits)
    assert "faq" in {h.kind for h in hits}


def test_one_faq_on_two_wiki_pages_is_one_hit(default_corpus):
    hits = default_corpus.search("Can PDS II fire through wormholes Deep Space Cannon", limit=10).hits
    titles = [h.title for h in hits if h.kind == "faq"]
    assert titles and len(titles) == len(set(titles))


def test_wiki_prose_restating_rules_becomes_their_provenance(default_corpus):
    for rule_id in ("77.1", "77.3", "77.7d"):
        assert "wiki" in {s.name for s in default_corpus.get(rule_id).sources}, rule_id
    paraphrase = default_corpus.get("77.3c")
    assert "variant" in paraphrase.flags
    assert any(v["source"]["name"] == "wiki" and "PDS II" in v["text"] for v in paraphrase.variants)
    left = default_corpus.get("wiki.space-cannon.space-cannon-offense").text
    assert left.startswith("• This is not counted as Space Combat")  # the line no rule states


def test_a_wiki_line_that_runs_a_rule_and_its_sub_rule_together_is_their_provenance(default_corpus):
    # "STEP 2—ASSIGN HITS: The active player must … Hits can only be assigned …": 77.8 and 77.8a in one line.
    for rule_id in ("77.8", "77.8a"):
        assert "wiki" in {s.name for s in default_corpus.get(rule_id).sources}, rule_id
    assert default_corpus.by_id.get("wiki.space-cannon.space-cannon-defense") is None  # nothing left of it


def test_a_ruling_on_two_wiki_pages_lists_both(default_corpus):
    faq = default_corpus.get("faq.space-cannon.3a779f")
    assert {s.url.rsplit("/", 1)[-1] for s in faq.sources} == {"FAQ", "Space_Cannon"}
