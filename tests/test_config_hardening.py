"""Hostile configuration and baseline files: each is a clear exit-2 message naming the file
(and the key where there is one), never a traceback or a hang."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from linter.cli import main
from linter.config import glob_match

CARD = "name: Ember Pup\ntype_line: Creature — Elemental Dog\noracle_text: When Ember Pup enters the battlefield, draw a card.\n"


@pytest.fixture()
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pup.yaml").write_text(CARD, encoding="utf-8")
    return tmp_path


def check(*args):
    result = CliRunner().invoke(main, ["check", "--no-show-source", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("body, message", [
    ("a = " + "[" * 50_000 + "]" * 50_000 + "\n",
     "oraclelint: error: lint.toml: is not a usable configuration: its values are nested too deeply\n"),
    ('[per-file-ignores]\n"[!]" = ["TPL"]\n',
     "oraclelint: error: lint.toml: per-file-ignores.\"[!]\": '[!]' is not a valid glob pattern: "
     "'[' at position 1 has no closing ']' (write [[] for a bracket)\n"),
    ('[per-file-ignores]\n"cards/[z-a].yaml" = ["TPL"]\n',
     "oraclelint: error: lint.toml: per-file-ignores.\"cards/[z-a].yaml\": 'cards/[z-a].yaml' is not a valid "
     "glob pattern: the range z-a in the character class at position 7 is reversed\n"),
    ('[per-file-ignores]\n"" = ["TPL"]\n',
     "oraclelint: error: lint.toml: per-file-ignores.\"\": '' is not a valid glob pattern: "
     "an empty pattern matches no file\n"),
])
def test_a_hostile_configuration_is_one_clear_error(folder, body, message):
    (folder / "lint.toml").write_text(body, encoding="utf-8")
    code, out, err = check("--config", "lint.toml", "pup.yaml")
    assert (code, out, err) == (2, "", message)


def test_a_pathological_glob_does_not_hang(folder):
    name = "a" * 80 + ".yaml"
    (folder / name).write_text(CARD, encoding="utf-8")
    pattern = "*a" * 40 + "c"
    (folder / "oraclelint.toml").write_text(f'[per-file-ignores]\n"{pattern}" = ["TPL"]\n', encoding="utf-8")
    # in a process of its own: a backtracking matcher would never come back
    done = subprocess.run([sys.executable, "-m", "linter", "check", "--no-show-source", "--select", "TPL001",
                           name], capture_output=True, text=True, timeout=120, cwd=folder)
    assert done.returncode == 1 and " TPL001 " in done.stdout  # the pattern does not match the name


def test_globs_match_as_before():
    from linter.config import glob_problem

    assert glob_match("drafts/**", "drafts/a/b.yaml")
    assert glob_match("**/old/*.json", "x/y/old/a.json") and glob_match("**/old/*.json", "old/a.json")
    assert not glob_match("drafts/*.yaml", "drafts/sub/a.yaml")
    assert glob_match("set-[ab].yaml", "set-a.yaml") and not glob_match("set-[!ab].yaml", "set-a.yaml")
    assert glob_match("[]a].yaml", "].yaml") and glob_problem("[]a].yaml") is None
    assert glob_match("*a" * 40 + "c", "a" * 79 + "c")


def test_a_broken_nearest_pyproject_is_an_error(folder):
    (folder / "pyproject.toml").write_text('[project\nname = "my-set"\n', encoding="utf-8")
    code, out, err = check("pup.yaml")
    assert code == 2 and out == ""
    assert err.startswith(f"oraclelint: error: {folder / 'pyproject.toml'}: is not valid TOML: ")


def test_a_pyproject_without_our_table_is_passed_over(folder):
    (folder / "pyproject.toml").write_text('[project]\nname = "my-set"\n', encoding="utf-8")
    code, out, err = check("--select", "TPL001", "pup.yaml")
    assert code == 1 and err == "" and " TPL001 " in out


BASELINE = '{{"version": 1, "findings": [{{"path": "pup.yaml", "card": "Ember Pup", "face": {face}, ' \
           '"field": "oracle_text", "code": "TPL001", "hash": "0", "count": {count}}}]}}'


@pytest.mark.parametrize("text, message", [
    (BASELINE.format(face="1e400", count=1),
     "findings[0].face: expected a whole number of at most 1,000,000,000, found Infinity"),
    (BASELINE.format(face=0, count="Infinity"), "is not a baseline file (Infinity is not a number a baseline holds)"),
    (BASELINE.format(face=0, count="NaN"), "is not a baseline file (NaN is not a number a baseline holds)"),
    (BASELINE.format(face=0, count=1e300), "findings[0].count: expected a whole number"),
    (BASELINE.format(face=0, count='"2"'), "findings[0].count: expected a whole number"),
    (BASELINE.format(face=0, count=1).replace('"hash": "0"', '"hash": 7'), "findings[0].hash: expected text, found 7"),
    ('{"version": 1, "findings": [' + "[" * 50_000 + "]" * 50_000 + "]}",
     "is not a baseline file (its JSON is nested too deeply)"),
    ('{"version": 1, "findings": [3]}', "findings[0] is not a baseline entry (expected an object)"),
])
def test_a_hostile_baseline_is_one_clear_error(folder, text, message):
    (folder / "base.json").write_text(text, encoding="utf-8")
    code, out, err = check("--baseline", "base.json", "pup.yaml")
    assert (code, out) == (2, "")
    assert err.startswith(f"oraclelint: error: base.json: {message}") and err.count("\n") == 1


def test_a_baseline_that_is_a_directory_is_named_as_such(folder):
    (folder / "base.json").mkdir()
    code, out, err = check("--baseline", "base.json", "pup.yaml")
    assert (code, out) == (2, "") and "'base.json' is a directory" in err and "Traceback" not in err
    from linter.baseline import Baseline, BaselineError

    with pytest.raises(BaselineError, match="base.json: is a directory, not a baseline file"):
        Baseline.load("base.json")
