"""Real custom sets: their own symbols and mechanics, declared in a configuration, lint clean of
unknown-symbol findings; the same sets without the declaration are flagged."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter.cli import main

MSEHUB = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "custom-sets" / "msehub"

# What these sets print beyond the Comprehensive Rules' symbols, and their own keywords.
CONFIG = """\
[tool.oraclelint]
set-kind = "custom"
symbols = ["I", "I/W", "I/U", "I/B", "I/R", "I/G", "Vc", "VcW", "VcU", "VcB", "VcR", "VcG", "VW", "VB"]

[[tool.oraclelint.keywords]]
name = "Infuse"
parameter = "number"
kind = "triggered"

[[tool.oraclelint.keywords]]
name = "Realize"
parameter = "cost"
kind = "static"

[[tool.oraclelint.keywords]]
name = "Backlash"
parameter = "cost"
kind = "static"
"""


def unknown_symbols(folder: Path) -> list[str]:
    result = CliRunner().invoke(main, ["check", "--format", "json", "--select", "SYM001", str(folder)],
                                catch_exceptions=False)
    report = json.loads(result.output)
    return [d["message"] for d in report["diagnostics"] if d["code"] == "SYM001"]


@pytest.mark.corpus
@pytest.mark.parametrize("set_name", ["CORE", "DSW", "CC01", "JS01"])
def test_declared_symbols_clear_unknown_symbol_findings(tmp_path, set_name):
    src = MSEHUB / f"{set_name}-files" / f"{set_name}.xml"
    if not src.is_file():
        pytest.skip(f"{src.name} is not in ../shared/data")
    repo = tmp_path / "repo"
    (repo / "cards").mkdir(parents=True)
    shutil.copy(src, repo / "cards" / src.name)  # a copy in a temporary folder, never in the project
    before = unknown_symbols(repo / "cards")
    assert any("{I}" in m or "{Vc}" in m for m in before), before[:5]
    (repo / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    after = unknown_symbols(repo / "cards")
    # What is left is a real misspelling in the set, such as "{UR}" for the hybrid {U/R}.
    assert all(": write {" in m for m in after), after
