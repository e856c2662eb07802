"""Checking a real set repository: no path means '.', folder scans read only card files
(other JSON and YAML is passed over and counted), .gitignore and the exclusions are respected,
and selections given on the command line add up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests._helpers import run_cli

CARD = """\
name: Quiet Meadowkin
mana_cost: "{1}{G}"
type_line: Creature — Elf Scout
oracle_text: Reach
power: "1"
toughness: "3"
"""
# a card with a defect (a tap ability on an instant), for the selection tests
TAPPING_INSTANT = """\
name: Sudden Tinker
mana_cost: "{U}"
type_line: Instant
oracle_text: "{T}: Draw a card."
"""


def _repository(root: Path) -> Path:
    """A set repository as designers keep one: cards, tool files, a baseline, a build folder."""
    (root / ".git").mkdir(parents=True)
    (root / "cards").mkdir()
    (root / "cards" / "core.yaml").write_text(CARD, encoding="utf-8")
    (root / "renovate.json").write_text('{"extends": ["config:recommended"]}\n', encoding="utf-8")
    (root / "package.json").write_text('{"name": "card-site", "version": "1.0.0", "private": true}\n',
                                       encoding="utf-8")
    (root / "oraclelint-baseline.json").write_text('{"version": 1, "findings": []}\n', encoding="utf-8")
    (root / ".gitignore").write_text("/out/\n*.tmp.yaml\n", encoding="utf-8")
    (root / "out").mkdir()
    (root / "out" / "broken.json").write_text("{not json", encoding="utf-8")
    (root / "out" / "cards.yaml").write_text(TAPPING_INSTANT, encoding="utf-8")
    (root / "cards" / "scratch.tmp.yaml").write_text(TAPPING_INSTANT, encoding="utf-8")
    (root / "node_modules" / "pkg").mkdir(parents=True)
    (root / "node_modules" / "pkg" / "package.json").write_text('{"name": "pkg"}', encoding="utf-8")
    (root / ".venv").mkdir()
    (root / "env").mkdir()
    (root / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    (root / "env" / "cards.yaml").write_text(TAPPING_INSTANT, encoding="utf-8")
    (root / ".github" / "workflows").mkdir(parents=True)
    (root / ".github" / "workflows" / "ci.yml").write_text("name: CI\non: [push]\n", encoding="utf-8")
    (root / "docker-compose.yml").write_text("services:\n  web:\n    image: nginx\n", encoding="utf-8")
    return root


def test_check_in_a_repository_reads_the_one_card_file(tmp_path):
    repo = _repository(tmp_path / "set")
    proc = subprocess.run([sys.executable, "-m", "linter", "check", "--format", "json"], cwd=repo,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(proc.stdout)
    assert [f["path"] for f in report["files"]] == [os.path.join(".", "cards", "core.yaml")]
    assert sorted(Path(p).name for p in report["passed_over"]) == ["docker-compose.yml", "package.json",
                                                                   "renovate.json"]
    assert report["summary"]["passed_over"] == 3 and report["diagnostics"] == []


def test_the_summary_counts_what_was_passed_over(tmp_path, monkeypatch):
    repo = _repository(tmp_path / "set")
    monkeypatch.chdir(repo)
    code, out = run_cli("check")
    assert code == 0, out
    assert out == "All clear: 1 file, 1 card checked; 3 files passed over (not card files).\n"


def test_a_file_named_explicitly_is_still_an_error(tmp_path, monkeypatch):
    repo = _repository(tmp_path / "set")
    monkeypatch.chdir(repo)
    code, out = run_cli("check", "renovate.json")
    assert code == 2 and "FMT001" in out and "not a supported card file" in out


def test_gitignore_and_defaults_can_be_turned_off(tmp_path, monkeypatch):
    repo = _repository(tmp_path / "set")
    monkeypatch.chdir(repo)
    code, out = run_cli("check", "--no-respect-gitignore", "--select", "RUL", "--no-show-source")
    assert code == 1, out  # out/broken.json is passed over still: it names no card field
    assert "out/cards.yaml" in out and "cards/scratch.tmp.yaml" in out and "broken.json" not in out


def test_a_card_file_with_a_mistake_is_reported_in_a_scan(tmp_path, monkeypatch):
    (tmp_path / "cards.json").write_text('[{"name": "A", "type_line": "Instant",}]', encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text('{// comments\n "compilerOptions": {}}', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = run_cli("check", "--no-show-source")
    assert code == 2
    assert "cards.json:1:" in out and "FMT001" in out and "tsconfig.json" not in out
    assert "1 file passed over" in out


@pytest.mark.parametrize("config_name", ["oraclelint.toml", "pyproject.toml"])
def test_exclude_and_extend_exclude_in_the_configuration(tmp_path, monkeypatch, config_name):
    repo = _repository(tmp_path / "set")
    (repo / "drafts").mkdir()
    (repo / "drafts" / "idea.yaml").write_text(TAPPING_INSTANT, encoding="utf-8")
    table = "[tool.oraclelint]\n" if config_name == "pyproject.toml" else ""
    (repo / config_name).write_text(table + 'extend-exclude = ["drafts/"]\n', encoding="utf-8")
    monkeypatch.chdir(repo)
    assert run_cli("check")[0] == 0
    (repo / config_name).write_text(table + 'exclude = []\n', encoding="utf-8")  # no defaults at all
    code, out = run_cli("check", "--select", "RUL", "--no-show-source")
    assert code == 1 and "drafts/idea.yaml" in out and "env/cards.yaml" not in out  # a virtualenv never
    assert "node_modules" not in out
    code, out = run_cli("check", "--extend-exclude", "drafts/,env", "--select", "RUL")
    assert code == 0, out


def test_exclude_on_the_command_line_replaces_the_defaults(tmp_path, monkeypatch):
    repo = _repository(tmp_path / "set")
    (repo / "build").mkdir()
    (repo / "build" / "cards.yaml").write_text(TAPPING_INSTANT, encoding="utf-8")
    monkeypatch.chdir(repo)
    assert run_cli("check", "--select", "RUL")[0] == 0
    code, out = run_cli("check", "--exclude", "cards/", "--select", "RUL", "--no-show-source")
    assert code == 1 and "build/cards.yaml" in out and "cards/core.yaml" not in out


def test_force_exclude_applies_to_files_named_explicitly(tmp_path, monkeypatch):
    repo = _repository(tmp_path / "set")
    monkeypatch.chdir(repo)
    assert run_cli("check", "oraclelint-baseline.json")[0] == 2
    code, out = run_cli("check", "--force-exclude", "oraclelint-baseline.json", "cards/core.yaml")
    assert code == 0 and "1 file, 1 card" in out


def test_the_baseline_in_use_is_never_read_as_cards(tmp_path, monkeypatch):
    repo = _repository(tmp_path / "set")
    (repo / "oraclelint-baseline.json").rename(repo / "known.json")
    monkeypatch.chdir(repo)
    code, out = run_cli("check", "--baseline", "known.json")
    assert code == 0 and "3 files passed over" in out


def test_bad_exclude_patterns_name_the_key(tmp_path, monkeypatch):
    (tmp_path / "oraclelint.toml").write_text('exclude = "drafts/"\nextend-exclude = [1]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = run_cli("check")
    assert code == 2 and "extend-exclude" in out


def test_select_given_twice_adds_up(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(TAPPING_INSTANT.replace("Draw a card.", "Draw a card. Flying"), encoding="utf-8")
    _code, both = run_cli("check", "--select", "RUL", "--select", "ABL", "--format", "json", str(path))
    _code, rul = run_cli("check", "--select", "RUL", "--format", "json", str(path))
    _code, abl = run_cli("check", "--select", "ABL", "--format", "json", str(path))
    codes = lambda out: sorted(d["code"] for d in json.loads(out)["diagnostics"])  # noqa: E731
    assert codes(rul) and codes(both) == sorted(codes(rul) + codes(abl))


def test_extend_select_on_the_command_line(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(TAPPING_INSTANT, encoding="utf-8")
    (tmp_path / "oraclelint.toml").write_text('select = ["TYP"]\n', encoding="utf-8")
    assert run_cli("check", str(path))[0] == 0
    code, out = run_cli("check", "--extend-select", "RUL", "--no-show-source", str(path))
    assert code == 1 and "RUL" in out
    code, out = run_cli("check", "--extend-select", "NOPE9", str(path))
    assert code == 2 and "matches no check code" in out
