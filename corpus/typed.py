"""What a player typed, as search reads it: Unicode-normalized, bounded, cleaned; or a rule number."""
from __future__ import annotations

import re
import unicodedata

# Characters read of a query: a forum post's paragraph or two, as a player pastes it. The web app cuts
# alike (MAX_QUERY_CHARS).
MAX_QUERY = 1000
CUT = "... "  # before what is read of a longer query (NFKC leaves it as it is: a query is read twice)


def query_text(raw: str, most: int = MAX_QUERY) -> str:
    """A query as read: Unicode-normalized, at most `most` characters (the CLI and the API cut alike);
    a longer one is read as its end, half of `most` from a word's start, where a pasted post asks."""
    # A post that long is mostly the story of the game; read whole, or with its start kept, the story
    # pulled the ranking away from the question (bench/README.md, sets 41 and 42).
    text = unicodedata.normalize("NFKC", raw if isinstance(raw, str) else "")
    if len(text) <= most or most < 4 * len(CUT):  # a limit that small leaves no room to mark the cut
        return text[:most]
    end = text[len(text) - most // 2:]
    if not text[-len(end) - 1].isspace():  # the end starts at a word, not inside one
        end = end.split(maxsplit=1)[-1] if end.strip() else end
    return CUT + end.strip()


def clean_query(raw: str) -> str:
    """Bound the length, drop control characters, fold odd Unicode spacing."""
    raw = query_text(raw)
    raw = "".join(ch if ch.isprintable() else " " for ch in raw)
    return " ".join(raw.split())


RULE_QUERY = re.compile(
    r"^[(\[]?\s*(?:(?:lrr|rules?|§)\s*)?(\d{1,3})(?:\s*[.,]\s*(\d{1,2})\s*\.?\s*\(?([a-z]{1,2})?\)?)?\s*\.?\s*[)\]]?$",
    re.I)  # a comma for the dot too: some phones' number pads type "77,7d"


def as_rule_id(text: str) -> str | None:
    """"77.7d", "77.7 d", "77,7d", "77.7(d)", "rule 68.1", "(77.7d)", "77" -> a rule id string, else None."""
    match = RULE_QUERY.match(text.strip())
    if not match:
        return None
    number, item, sub = match.groups()
    if item is None:
        return number
    return f"{number}.{item}{(sub or '').lower()}"


def rules_above(text: str) -> list[str]:
    """The rule and topic numbers above a rule id, which may not exist ("77.7z": 77.7, then 77); [] for other text."""
    rule = as_rule_id(text)
    if rule is None:
        return []
    number, _, rest = rule.partition(".")
    item = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    sub = rest[len(item):]
    return [f"{number}.{item}{sub[:cut]}" for cut in range(len(sub) - 1, -1, -1)] + [number] if rest else [number]
