"""The bench scripts fail in one line, naming what is missing, as the CLI does."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_missing_questions_file_is_one_line_naming_it(mirror_instance, tmp_path):
    missing = tmp_path / "no-such-questions.jsonl"
    run = subprocess.run([sys.executable, str(ROOT / "bench/search_quality.py"), "--instance", str(mirror_instance),
                          "--queries", str(missing), "--skip-loo"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert str(missing) in run.stderr and len(run.stderr.strip().splitlines()) == 1
