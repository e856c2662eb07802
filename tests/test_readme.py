"""The README says what the program does: its sample output is what the example prints, its
configuration sample works pasted into either file, and every option of every command is in it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from linter.cli import main

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")


def _block(marker: str, lang: str = "") -> str:
    section = README.split(f"<!-- {marker} -->", 1)[1].split(f"<!-- /{marker} -->", 1)[0]
    return section.split(f"```{lang}\n", 1)[1].split("```", 1)[0]


def test_the_sample_output_is_what_the_example_prints(monkeypatch):
    sample = _block("sample-output")
    command, expected = sample.split("\n", 1)
    assert command == "$ oraclelint check examples/example-set.yaml"
    monkeypatch.chdir(REPO)
    result = CliRunner().invoke(main, ["check", "examples/example-set.yaml"], env={"NO_COLOR": "1"})
    assert result.exit_code == 1
    assert result.stdout == expected


@pytest.mark.parametrize("marker, name", [("config-pyproject", "pyproject.toml"),
                                          ("config-oraclelint", "oraclelint.toml")])
def test_the_configuration_sample_works_in_either_file(tmp_path, monkeypatch, marker, name):
    from linter.checks.base import all_checks
    from linter.config import load_config

    (tmp_path / name).write_text(_block(marker, "toml"), encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(
        'name: Quiet Meadowkin\nmana_cost: "{1}{G}"\ntype_line: Creature \u2014 Elf Scout\n'
        'oracle_text: Reach\npower: "1"\ntoughness: "3"\n', encoding="utf-8")
    config = load_config([tmp_path], known_codes=all_checks())
    assert config.path == tmp_path / name
    assert config.keywords[0].name == "Kindle" and config.severity == {"RUL006": "info"}
    assert config.per_file_ignores["drafts/**"] == ["RUL"] and config.extend_exclude == ["drafts/old/"]
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 0, result.output
    assert "1 file, 1 card" in result.output


def _commands(group: click.Group, prefix: str = ""):
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, prefix + name + " ")
        else:
            yield prefix + name, cmd


def test_every_option_of_every_command_is_documented():
    missing = []
    for name, cmd in _commands(main):
        for param in cmd.params:
            if not isinstance(param, click.Option) or param.hidden:
                continue
            longest = max(param.opts + param.secondary_opts, key=len)
            if not re.search(rf"`[^`]*{re.escape(longest)}\b", README):
                missing.append(f"{name} {longest}")
    assert not missing, f"not in README.md: {', '.join(missing)}"
    for name, _cmd in _commands(main):
        assert f"`oraclelint {name}" in README or f"`{name}" in README, name
    assert "`--select ALL`" in README


def test_the_ci_runs_the_readme_test_command():
    assert os.access(REPO / ".ci" / "run", os.R_OK)
    assert "<!-- test-command -->" in README
