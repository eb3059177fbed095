"""The Fandom wiki parser: the real FAQ page and seed 000, plus our own HTML/API fixtures."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus.model import Source
from ingest.errors import PageError, PartialPageError
from ingest.parsers import wiki
from shared import shared_dir

DATA = Path(__file__).parent / "data" / "wiki"
FIXTURES = ["Space_Cannon.txt", "Space_Cannon.html", "space_cannon_api_v1.json", "space_cannon_api_v2.json"]


def _shared(pattern: str) -> Path:
    """A shared page, or a skip naming the missing directory."""
    matches = sorted(shared_dir().glob(pattern))
    if not matches:
        pytest.skip(f"shared data not found: {shared_dir() / pattern} (set MECATOL_SHARED)")
    return matches[0]


def _parse(path: Path, data: bytes | None = None):
    """Parse a page the way the pipeline does: location and bytes."""
    return wiki.parse(str(path), path.read_bytes() if data is None else data)


@pytest.fixture(scope="module")
def faq_page():
    return _shared("mirror/wiki/FAQ.txt")


@pytest.fixture(scope="module")
def faq_entries(faq_page):
    return _parse(faq_page)


@pytest.fixture(scope="module")
def seed_entries():
    return _parse(_shared("seeds/000_*.txt"))


def _faqs(entries):
    return [e for e in entries if e.kind == "faq"]


def _by_title(entries, start: str):
    return next(e for e in entries if e.title.startswith(start))


def test_faq_page_has_216_pairs(faq_entries, faq_page):
    q_lines = sum(1 for line in faq_page.read_text("utf-8").splitlines() if line.startswith("Q:"))
    assert q_lines == 216
    assert len(_faqs(faq_entries)) == 216


def test_seed_000_has_8_pairs(seed_entries):
    assert len(_faqs(seed_entries)) == 8


def test_faq_ids_are_unique_and_hashed(faq_entries):
    ids = [e.id for e in faq_entries]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"faq\.[a-z0-9-]+\.[0-9a-f]{6}(-\d+)?", i) for i in ids if i.startswith("faq."))


def test_faq_ids_are_stable(faq_entries):
    first = _faqs(faq_entries)[0]
    assert first.id == "faq.dice-values.d727a3"
    assert first.title.startswith("Are the “0” faces of the ten-sided dice")


@pytest.mark.parametrize("start, section", [
    ("Are the “0” faces", "Dice Values"),
    ("Can the Yin Brotherhood Agent, Brother Milor Omega", "The Yin Brotherhood"),
    ("When you exceed the number of plastic", "Excess Fighters/Infantry"),
    ("Please elaborate on the keyword \"replace\"", "Replace v. Remove and Place"),
])
def test_faq_sections(faq_entries, start, section):
    assert _by_title(faq_entries, start).section == section


def test_faq_entry_shape(faq_entries):
    entry = _by_title(faq_entries, "Can you resolve end of turn abilities")
    assert entry.text == "Q: Can you resolve end of turn abilities on the turn you pass?\nA: Yes."
    assert entry.html == "Yes."
    assert (entry.kind, entry.topic, entry.authority) == ("faq", "wiki/faq", "official-faq")
    assert entry.sources[0].url == "https://twilight-imperium.fandom.com/wiki/FAQ"


def test_faq_page_without_contents_reads_the_same(faq_entries, faq_page):
    text = faq_page.read_text("utf-8")
    no_toc = re.sub(r"Contents\r?\n(?:\r?\n|[ \t]+\d[^\n]*\n)*", "", text)
    assert "1.1 Dice Values" not in no_toc
    again = wiki.parse(str(faq_page), no_toc.encode())
    assert [(e.id, e.section, e.text) for e in again] == [(e.id, e.section, e.text) for e in faq_entries]


@pytest.mark.parametrize("chrome", ["Advertisement", "Sign in to edit", "Previous:", "Type:", "Category:",
                                    "Contents", "[]", "XxchaMech", "Arborec PDS", "1.1 Dice"])
def test_no_chrome_in_entries(faq_entries, seed_entries, chrome):
    assert not [e.id for e in faq_entries + seed_entries if chrome in e.text or chrome in e.title]


def test_seed_000_sections(seed_entries):
    sections = {e.id: e for e in seed_entries if e.kind == "section"}
    assert list(sections) == [
        "wiki.space-cannon.intro", "wiki.space-cannon.space-cannon-offense", "wiki.space-cannon.space-cannon-defense",
    ]
    defense = sections["wiki.space-cannon.space-cannon-defense"]
    assert (defense.topic, defense.title) == ("space-cannon", "Space Cannon Defense")
    assert defense.authority == "community-note"
    bullet = "• If a unit has a “Space Cannon” ability, it is present on its faction sheet and technology cards."
    assert f"\n{bullet}\n" in defense.text


def test_seed_000_faq_entries(seed_entries):
    faqs = _faqs(seed_entries)
    assert {(e.topic, e.section) for e in faqs} == {("wiki/space-cannon", "FAQ")}
    assert all(e.id.startswith("faq.space-cannon.") for e in faqs)
    assert faqs[0].sources[0].url == "https://twilight-imperium.fandom.com/wiki/Space_Cannon"


def test_entries_are_ordered(faq_entries):
    assert [e.order for e in faq_entries] == list(range(1, len(faq_entries) + 1))


def _essence(entries):
    return [(e.id, e.kind, e.topic, e.title, e.text, e.section, e.authority) for e in entries]


@pytest.mark.parametrize("name", FIXTURES[1:])
def test_html_and_api_read_like_text(name):
    assert _essence(_parse(DATA / name)) == _essence(_parse(DATA / FIXTURES[0]))


@pytest.mark.parametrize("name, version", list(zip(FIXTURES, ["", "4244", "4242", "4243"])))
def test_revision_is_the_source_version(name, version):
    sources = {s for e in _parse(DATA / name) for s in e.sources}
    assert sources == {Source("wiki", "https://twilight-imperium.fandom.com/wiki/Space_Cannon", version)}


def test_fixture_pairs():
    entries = _parse(DATA / "Space_Cannon.html")
    second = _by_title(entries, "Does a second PDS")
    assert second.text.endswith("A: Yes. Each unit rolls separately.\nThis includes units in adjacent systems "
                                "when they are allowed to fire.")
    assert _by_title(entries, "Is space cannon fire").html == "No, so combat roll modifiers do not apply."
    assert _by_title(entries, "May a PDS fire").html == "<b>No. Only ships in the active system can be targeted.</b>"


def test_unofficial_answers_are_community_notes():
    entry = _by_title(_parse(DATA / "Space_Cannon.txt"), "Can a player decline")
    assert (entry.section, entry.authority) == ("Unofficial Answer", "community-note")


@pytest.mark.parametrize("encode", [lambda t: t.encode("utf-8-sig"), lambda t: t.encode("cp1252")])
def test_encodings(encode):
    path = DATA / "Space_Cannon.txt"
    text = path.read_text("utf-8").replace("Previous:", "Previous: Café •")
    assert _essence(_parse(path, encode(text))) == _essence(_parse(path))


def test_question_over_two_paragraphs_and_duplicates():
    page = "Sign in to edit\nRules[]\nQ: First line?\nSecond line?\nA: One.\nQ: First line?\nSecond line?\nA: Two.\n"
    entries = wiki.parse("https://twilight-imperium.fandom.com/wiki/Movement", page.encode())
    assert [e.text for e in entries] == [
        "Q: First line?\nSecond line?\nA: One.", "Q: First line?\nSecond line?\nA: Two.",
    ]
    assert entries[1].id == entries[0].id + "-2"


def _partial(page: str) -> PartialPageError:
    """The error a page with malformed pairs raises (it carries the entries still read)."""
    with pytest.raises(PartialPageError) as raised:
        wiki.parse("Movement.txt", page.encode())
    return raised.value


def test_unanswered_question_is_kept_open_and_reported():
    error = _partial("Sign in to edit\nFAQ[]\nQ: Nobody knows?\n")
    entry = error.entries[0]
    assert (entry.kind, entry.authority, entry.text) == ("question", "open-question", "Q: Nobody knows?")
    assert [str(p) for p in error.problems] == [
        'Movement.txt: section "FAQ": "Q: Nobody knows?" has no "A:"; kept as an open question '
        "(add the answer if it has one)"]


@pytest.mark.parametrize("page, problem", [
    ("Sign in to edit\nPassing[]\nQ:\nA: Yes.\nQ: Kept?\nA: Yes.\n",
     'section "Passing": a "Q:" with no question (its answer: "Yes."); left out'),
    ("Sign in to edit\nHidden Information[]\nA: It may be shown.\nQ: Kept?\nA: Yes.\n",
     'section "Hidden Information": an "A:" with no "Q:" before it ("It may be shown."); left out'),
    ("Sign in to edit\nRules[]\nQ: Kept?\nA: Yes.\nA: A second answer.\n",
     'section "Rules": an "A:" with no "Q:" before it ("A second answer."); left out'),
])
def test_a_malformed_pair_is_reported_and_makes_no_entry(page, problem):
    error = _partial(page)
    assert len(error.problems) == 1 and error.problems[0].reason.startswith(problem)
    assert [(e.kind, e.topic, e.title) for e in error.entries] == [("faq", "wiki/movement", "Kept?")]


def test_a_question_on_the_line_after_its_mark_is_read_whole():
    entry = wiki.parse("Movement.txt", b"Sign in to edit\nDice[]\nQ:\nIs a zero a ten?\nA: Yes.\n")[0]
    assert (entry.title, entry.text) == ("Is a zero a ten?", "Q: Is a zero a ten?\nA: Yes.")


@pytest.mark.parametrize("name", FIXTURES)
def test_sniff_fixtures(name):
    assert wiki.sniff(str(DATA / name), (DATA / name).read_bytes())


@pytest.mark.parametrize("pattern, expected", [
    ("seeds/000_*.txt", True), ("mirror/wiki/FAQ.txt", True), ("seeds/001_*.txt", False),
    ("seeds/002_*.txt", False), ("seeds/003_*.txt", False), ("seeds/004_*.txt", False),
    ("mirror/tirules/R_space_cannon.php", False), ("queries/dev.jsonl", False),
])
def test_sniff_shared(pattern, expected):
    path = _shared(pattern)
    assert wiki.sniff(str(path), path.read_bytes()) is expected


@pytest.mark.parametrize("raw, reason", [
    ('{"error": {"code": "missingtitle", "info": "The page you specified does not exist."}}', "missingtitle"),
    ('{"parse": {"title": "X"}}', "prop=text"),
    ('{"parse": ', "not valid JSON"),
    ('{"query": {}}', '"parse"'),
])
def test_api_errors(raw, reason):
    with pytest.raises(PageError, match=re.escape(reason)):
        wiki.parse("api.json", raw.encode())


def test_page_without_title_is_an_error():
    with pytest.raises(PageError, match="page title"):
        wiki.parse("000_7d88ccf7f6abd899.txt", b"Sign in to edit\nFAQ[]\nQ: Why?\nA: Because.\n")


def test_faq_only_page_keeps_its_lead_with_its_questions(faq_entries):
    lead = faq_entries[0]
    assert (lead.id, lead.kind, lead.topic) == ("wiki.faq.intro", "section", "wiki/faq")
    assert lead.text.startswith("This section contains answers to frequently asked questions.")
