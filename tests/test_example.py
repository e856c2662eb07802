"""The example set the README's first command checks: it reads, and its planted defects are found."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from linter.cli import main

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "example-set.yaml"


def test_readme_run_command_checks_the_example():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- run-command -->\s*```\s*\n(.*?)\n```", readme, re.S)
    assert block, "README lacks the run command"
    assert "oraclelint check examples/example-set.yaml" in block.group(1)


def test_example_findings():
    result = CliRunner().invoke(main, ["check", "--no-show-source", str(EXAMPLE)])
    assert result.exit_code == 1, result.output
    codes = re.findall(r"^\S+:\d+:\d+: (\w+) (error|warning)", result.output, re.M)
    assert ("RUL001", "error") in codes
    assert ("RUL003", "warning") in codes
    assert len(codes) == 2, result.output
