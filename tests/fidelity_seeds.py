"""Fidelity audit, the seeds: what each of the five seed pages says, read here on its own (seeds/README.md).

Each reader gives a seed's rules sentences; its FAQ pairs are read as the wiki FAQ's are (fidelity_data.faq_pairs).
"""
from __future__ import annotations

import re
from pathlib import Path

from ingest.html5 import parse
from ingest.normalize import clean

from fidelity import read_page, read_source, sentences, visible_text

# Seed file -> the mirror page of the same rules (its slug is our page's id), by what the seed says it is.
SEED_PAGES = {
    "000_7d88ccf7f6abd899.txt": "R_space_cannon",  # the wiki's Space Cannon page
    "001_6dd940e488132c4c.txt": "R_space_cannon",  # rule 77.7, though its heading says Space Combat
    "002_9f9fef10ac095b00.txt": "R_space_combat",  # rule 78.10
    "003_8b9882c105746f79.txt": "R_bombardment",  # an older copy of this very page
    "004_48249d4e3ecfd054.txt": "R_production",  # Production as copied from a browser
}
_WIKI_CHROME = re.compile(r"^(?:Twilight Imperium Wiki|Advertisement|Type: .*|Previous: .*\| Next: .*)$")
_WIKI_HEADING = re.compile(r"\[\]$")
_RULE_LINE = re.compile(r"^(\d{1,3}\.\d{1,2}) (.*)$")
_SUB_RULE = re.compile(r"(?<=[.”]) [a-z] (?=\S)")
_LIST_MARK = re.compile(r"^\d+\.\s+")
_TEXT_HEADINGS = {"Rules Reference", "Notes", "Related Topics"}


def seed_sentences(path: Path) -> list[str]:
    """The rules sentences a seed shows (not its FAQ pairs, site menus or garbled snippets), in order."""
    text = path.read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines[0].endswith(".php"):  # a tirules page source under its file name
        return [s for piece in read_source(text.split("\n", 1)[1]).pieces if piece.label != "h1"
                for s in sentences(piece.text)]
    if lines[0] == "Twilight Imperium Wiki":
        return _wiki(lines)
    if any(line.startswith("Official rule") for line in lines):
        return _official(lines)
    return [s for line in lines[1:] if line not in _TEXT_HEADINGS for s in sentences(_LIST_MARK.sub("", line))]


def _wiki(lines: list[str]) -> list[str]:
    """The prose of a wiki page as text: chrome lines, headings, images with their captions and the FAQ left out."""
    body = lines[:lines.index("FAQ[]")] if "FAQ[]" in lines else lines
    prose = [line.lstrip("• ") for before, line in zip([""] + body, body)
             if not (_WIKI_CHROME.match(line) or _WIKI_HEADING.search(line) or _image(line) or _image(before))]
    return [s for line in prose for s in sentences(line)]


def _image(line: str) -> bool:
    """An image's name on a line of its own ("Arborec PDS", "XxchaMech"): a few words, no sentence; its caption follows."""
    return 0 < len(line.split()) <= 3 and not line.endswith((".", ":", "?", "[]")) and not _WIKI_CHROME.match(line)


def _official(lines: list[str]) -> list[str]:
    """The rule text of an official-rule page: its numbered line, sub-rules a, b, c cut apart, topics left off."""
    rule = next(_RULE_LINE.match(line).group(2) for line in lines if _RULE_LINE.match(line))
    rule = rule.split(" RELATED TOPICS:")[0]
    return [s for part in _SUB_RULE.split(rule) for s in sentences(part)]


def page_text(html: str) -> tuple[str, str]:
    """A page's own text (rules, notes, sections), one block a line, and the other wordings it quotes."""
    quoted = []
    for quote in parse(html).select("details.prov blockquote"):
        for cite in quote.select("cite"):
            cite.decompose()
        quoted.append(clean(visible_text(quote)))
    return "\n".join(block.text for block in read_page(html)[1]), "\n".join(quoted)
