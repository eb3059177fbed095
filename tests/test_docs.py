"""The README tells the truth: settings, commands and the quick start."""
from __future__ import annotations

from pathlib import Path

from mecatol.cli import cli
from mecatol.settings import SETTINGS

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_every_setting_is_documented():
    for name, _default, _help in SETTINGS:
        assert f"`{name}`" in README, name


def test_every_web_setting_is_documented():
    from webapp import DEFAULTS

    for name in DEFAULTS:
        if name != "INSTANCE":  # the instance folder is MECATOL_INSTANCE / --instance
            assert f"`{name}`" in README, name


def test_every_command_is_documented():
    for name in cli.commands:
        assert f"`mecatol {name}" in README, name


def test_quick_start_is_the_two_make_targets():
    makefile = (Path(__file__).resolve().parents[1] / "Makefile").read_text(encoding="utf-8")
    assert "make run " in README and "make test " in README
    assert "\nrun:" in makefile and "\ntest:" in makefile


def test_every_option_is_in_its_command_row():
    rows = {line.split("`")[1].split()[1]: line for line in README.splitlines() if line.startswith("| `mecatol ")}
    for name, command in cli.commands.items():
        for param in command.params:
            for flag in param.opts:
                if flag.startswith("--"):
                    assert flag in rows[name], f"mecatol {name} {flag}"


def test_ci_runs_the_test_command_the_readme_gives():
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == "make test"
    assert "`.ci/run` installs it, then\nruns `make test`" in README
