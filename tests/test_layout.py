"""Dependencies flow one way: ingest -> corpus <- webapp; only the CLI sees all three."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"corpus": {"ingest", "webapp", "mecatol", "flask"},
             "ingest": {"webapp", "mecatol", "flask"},
             "webapp": {"ingest", "mecatol"}}


def imported_packages(path: Path) -> set[str]:
    """Top-level names a module imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_downstream(package):
    for module in sorted((ROOT / package).rglob("*.py")):
        wrong = imported_packages(module) & FORBIDDEN[package]
        assert not wrong, f"{module.relative_to(ROOT)} imports {sorted(wrong)}"


def test_modules_stay_small():
    for package in ("corpus", "ingest", "webapp", "mecatol"):
        for module in (ROOT / package).rglob("*.py"):
            lines = len(module.read_text(encoding="utf-8").splitlines())
            assert lines <= 300, f"{module.relative_to(ROOT)} has {lines} lines"


def test_corpus_folds_text_in_one_module():
    # corpus/names.py is the one home for folding text (titles, search words, the resolver's lookup keys);
    # typed.py only puts the raw query in Unicode's NFKC form before search reads it.
    folding = sorted(str(module.relative_to(ROOT / "corpus")) for module in (ROOT / "corpus").rglob("*.py")
                     if "unicodedata" in imported_packages(module))
    assert folding == ["names.py", "typed.py"]
