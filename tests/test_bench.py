"""The bench scripts fail in one line, naming what is missing, as the CLI does."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ingest.slugs import page_slug

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("script", "extra"), [("search_quality.py", ["--skip-loo"]), ("embed_speed.py", [])])
def test_a_missing_questions_file_is_one_line_naming_it(mirror_instance, tmp_path, script, extra):
    missing = tmp_path / "no-such-questions.jsonl"
    run = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--instance", str(mirror_instance),
                          "--queries", str(missing), *extra], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert str(missing) in run.stderr and len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("script", ["search_quality.py", "fit_weights.py", "named_sections.py", "rulings_quality.py",
                                    "fts5_baseline.py", "embed_speed.py", "web.py"])
def test_no_corpus_is_one_line_naming_the_folder(tmp_path, script):
    run = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--instance", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.strip() == f"bench/{script}: no corpus in {tmp_path}: run `mecatol ingest` first (or pass --instance)"


@pytest.mark.parametrize(("name", "count", "kind"), [
    ("ruling_labels.jsonl", 216, "faq"), ("ruling_check.jsonl", 50, "faq"), ("ruling_check_5.jsonl", 60, "faq"),
    ("question_labels.jsonl", 60, "question"),
])
def test_labels_name_questions_and_rules_of_the_default_corpus(default_corpus, name, count, kind):
    text = (ROOT / "bench" / "data" / name).read_text(encoding="utf-8")
    labels = [json.loads(line) for line in text.splitlines()]
    assert len(labels) == len({label["id"] for label in labels}) == count
    assert all(default_corpus.get(label["id"]).kind == kind for label in labels)
    named = {ref for label in labels for ref in label["rules"] + label.get("acceptable", [])}
    assert not [ref for ref in named if default_corpus.by_id.get(ref) is None]


def test_written_questions_name_pages_and_rules_of_the_default_corpus(default_corpus):
    path = ROOT / "bench" / "data" / "written_questions.jsonl"
    asked = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(asked) == 20309 and {q["set"] for q in asked} == set(range(13, 420))
    # From set 72 on, sets come in pairs: the even one is read and trained on, the odd one held out.
    train = (set(range(13, 19)) | {29, 30, 31, 34, 35, 42, 43, 46, 48, 50, 53, 54, 56, 59, 61, 62, 65, 66, 68, 70}
             | set(range(72, 420, 2)))
    assert all(q["part"] == ("train" if q["set"] in train else "held-out") for q in asked)
    named = {page_slug(name) for q in asked for name in q["expected_topics"]}
    named |= {rule for q in asked for rule in q["expected_rules"]}
    assert not [ref for ref in named if default_corpus.by_id.get(ref) is None]


def test_rulings_quality_scores_every_labeller(default_instance):
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "rulings_quality.py"), "--instance",
                          str(default_instance[0])], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert [line.split()[0:2] for line in run.stdout.splitlines()] == [
        ["all", "recall"], ["labeller", "1"], ["labeller", "2"], ["labeller", "3"]]


@pytest.mark.parametrize("setting", ["lrr_count", "no_such_weight=1", "lrr_count=three"])
def test_a_bad_weight_setting_is_one_line_naming_it(mirror_instance, setting):
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "search_quality.py"), "--instance", str(mirror_instance),
                          "--skip-loo", "--weight", setting], capture_output=True, text=True, timeout=300)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert setting in run.stderr and len(run.stderr.strip().splitlines()) == 1


def test_a_weight_setting_changes_the_search(mirror_instance, tmp_path):
    # One dev-shaped question whose first three hits hold the rule by default, and not without the answer weights.
    asked = tmp_path / "one.jsonl"
    asked.write_text(json.dumps({"q": "can I use a rider after the vote",
                                 "expected_topics": ["R_agenda_phase"], "expected_rules": ["8.22"]}) + "\n")
    lines = {}
    off = ["--weight", "note=1.0", "--weight", "rule_weight=0", "--weight", "rule_floor=99", "--weight", "lrr_pages=0",
           "--weight", "topic_cos=0"]
    # Without the query adapter, which brings the rule up by its meaning alone: the weights' own work.
    env = {**os.environ, "MECATOL_ADAPTER": "off"}
    for setting, flags in (("default", []), ("off", off)):
        run = subprocess.run([sys.executable, str(ROOT / "bench" / "search_quality.py"), "--instance", str(mirror_instance),
                              "--skip-loo", "--queries", str(asked), *flags],
                             capture_output=True, text=True, timeout=300, env=env)
        assert run.returncode == 0, run.stderr
        lines[setting] = next(line for line in run.stdout.splitlines() if line.startswith("dev rule"))
    assert "top-3 1.00" in lines["default"] and "top-3 0.00" in lines["off"]
