"""The bench scripts fail in one line, naming what is missing, as the CLI does."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("script", "extra"), [("search_quality.py", ["--skip-loo"]), ("embed_speed.py", [])])
def test_a_missing_questions_file_is_one_line_naming_it(mirror_instance, tmp_path, script, extra):
    missing = tmp_path / "no-such-questions.jsonl"
    run = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--instance", str(mirror_instance),
                          "--queries", str(missing), *extra], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert str(missing) in run.stderr and len(run.stderr.strip().splitlines()) == 1
