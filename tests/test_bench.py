"""The bench scripts fail in one line, naming what is missing, as the CLI does."""
from __future__ import annotations

import json
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


@pytest.mark.parametrize(("name", "count"), [("ruling_labels.jsonl", 216), ("ruling_check.jsonl", 50)])
def test_ruling_labels_name_faqs_and_rules_of_the_default_corpus(default_corpus, name, count):
    text = (ROOT / "bench" / "data" / name).read_text(encoding="utf-8")
    labels = [json.loads(line) for line in text.splitlines()]
    assert len(labels) == len({label["id"] for label in labels}) == count
    assert all(default_corpus.get(label["id"]).kind == "faq" for label in labels)
    named = {ref for label in labels for ref in label["rules"] + label["acceptable"]}
    assert not [ref for ref in named if default_corpus.by_id.get(ref) is None]


def test_rulings_quality_scores_every_labeller(default_instance):
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "rulings_quality.py"), "--instance",
                          str(default_instance[0])], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert [line.split()[0:2] for line in run.stdout.splitlines()] == [
        ["all", "recall"], ["labeller", "1"], ["labeller", "2"], ["labeller", "3"]]
