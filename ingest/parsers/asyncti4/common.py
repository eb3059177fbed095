"""What every component module shares: the data, which source is official, one record shape."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from corpus.names import fold

NAME = "asyncti4"
REPO_URL = "https://github.com/AsyncTI4/TI4_map_generator_bot/blob/master/src/main/resources/"
EXPANSIONS = {"base": "Base", "pok": "Prophecy of Kings", "codex1": "Codex I", "codex2": "Codex II",
              "codex3": "Codex III", "codex4": "Codex IV", "thunders_edge": "Thunder's Edge",
              "twilights_fall": "Twilight's Fall"}
# When official printings share a name, the card shows the newest rules text; Twilight's Fall
# is a game mode of its own, so its versions come last (kept as variants).
PRECEDENCE = ("thunders_edge", "codex4", "codex3", "codex2", "codex1", "pok", "base", "twilights_fall")
_NOTE = re.compile(r"\s*\[Note:\s*(.*?)\]\s*", re.S)


@dataclass
class Data:
    """The parsed files of one bundle (relative path -> JSON) and its source list."""

    files: dict[str, object]
    official: frozenset[str]
    labels: dict[str, str]

    def items(self, folder: str) -> list[tuple[str, dict]]:
        """(file, object) for every object in the lists under data/<folder>/, in file order."""
        prefix = f"data/{folder}/"
        return [(path, item) for path, value in sorted(self.files.items())
                if path.startswith(prefix) and isinstance(value, list)
                for item in value if isinstance(item, dict)]

    def is_official(self, item: dict) -> bool:
        """Official: its source is marked official, and it is not a homebrew replacement."""
        return item.get("source") in self.official and not item.get("homebrewReplacesID")

    def expansion(self, item: dict) -> str:
        """The product that printed it (a homebrew set by its own name)."""
        source = item.get("source") or "unknown"
        return EXPANSIONS.get(source) or self.labels.get(source, source)


def load_data(files: dict[str, bytes]) -> Data:
    """Parse every file; ValueError names the file that is not JSON."""
    parsed: dict[str, object] = {}
    for path, raw in files.items():
        try:
            parsed[path] = json.loads(raw.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"{path}: not valid JSON ({exc})") from exc
    listed = parsed.get("data/sources/sources.json") or []
    official = frozenset(s["source"] for s in listed if s.get("canal") == "official") or frozenset(EXPANSIONS)
    labels = {s["source"]: " ".join(str(s.get("name", s["source"])).split()) for s in listed}
    return Data(parsed, official, labels)


@dataclass
class Row:
    """One printed component before copies and printings are folded into one entry."""

    page: str
    category: str
    name: str
    text: str
    item: dict
    path: str
    window: str | None = None
    phase: str | None = None
    facts: dict = field(default_factory=dict)


_PRINTING = re.compile(r"\s*\([^)]*\)\s*$|\bOmega\b|Ω")


def fold_name(name: str) -> str:
    """The card's name across printings: "X-89 Bacterial Weapon ΩΩ", "Iconoclast Omega" and
    "Exile (TF)" are printings of X-89 Bacterial Weapon, Iconoclast and Exile."""
    return fold(_PRINTING.sub(" ", name))


def fold_printing(name: str) -> str:
    """The name with its Codex mark kept ("Iconoclast Omega" is "Iconoclast Ω"), for the rules'
    sections of one printing."""
    return fold(name)  # fold reads "Ω" as "omega"


def split_note(text: str) -> tuple[str, str]:
    """Card text without editorial "[Note: …]" insertions, and those notes."""
    notes = [m.group(1).strip() for m in _NOTE.finditer(text)]
    return _NOTE.sub(" ", text).strip(), " ".join(notes)


# The bot's image of a Codex reprint: its Codex leaders' folder, or a card file named "…_omega" (not "…_omega_omega").
_CODEX_IMAGE = re.compile(r"/leaders/codex/|(?<!_omega)_omega\.(?:png|jpg)\b")


def codex_card(item: dict) -> bool:
    """True when the data shows a Codex's card (its image is the bot's Codex or "_omega" one) though it dates the
    record to the card's own expansion: the text is the Codex's, an Ω reprint where the rules name one."""
    return bool(_CODEX_IMAGE.search(str(item.get("imageURL") or "")))


def faction_page(alias: str) -> str:
    """The provisional page of a faction; the components step maps it to the rules page."""
    return f"factions/{alias}"
