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


# Each MSE-Hub set's own keywords, as its repository's oraclelint.toml would declare them.
_NO_PARAMETER = ["Iterate", "Pursue Wonder", "Bake", "Skyward", "Attune", "Cadence", "Sacralize", "Revere",
                 "Luminous", "Unrelenting", "Bloom"]
_ANY_PARAMETER = ["Materialize", "Forgive", "Healing", "Depart", "Starfall", "Coalesce", "Memory", "Reprocess",
                  "Blight", "Bisapience", "Impetus"]
# Vertex {V}/{Vc} and {I} mana, and their hybrids, which these exports write without a slash
_SYMBOLS = ["I", "Vc", "V", "IW", "IU", "IB", "IR", "IG", "VcW", "VcU", "VcB", "VcR", "VcG", "VW", "VB"]
# what is left once the mechanics are declared: real inconsistencies of the sets
_LEFT = {
    "DSW": [("KWD002", "Embodiment of Storms")],  # "Infuse 1" where the set's Infuse takes no number
    "MC25": [("KWD001", "Rise From Depths")],  # "Pressurecoalesce": two words run together
}


def _declaration(set_name: str) -> str:
    lines = ['set-kind = "custom"', f"symbols = {json.dumps(_SYMBOLS)}"]
    declared = [(k, "none") for k in _NO_PARAMETER] + [(k, "other") for k in _ANY_PARAMETER]
    declared += [("Realize", "cost"), ("Backlash", "cost"),
                 ("Infuse", "none" if set_name == "DSW" else "number")]
    for name, parameter in declared:
        lines += ["", "[[keywords]]", f'name = "{name}"', f'parameter = "{parameter}"', 'kind = "static"']
    return "\n".join(lines) + "\n"


@pytest.mark.corpus
@pytest.mark.parametrize("set_name", ["CC01-OLD", "CC01", "CORE", "DCO", "DSW", "JS01", "JS02", "JS03",
                                      "JS04", "MC25", "MSY", "SHD", "SHS", "SLUSH"])
def test_declared_mechanics_clear_unknown_keywords_and_symbols(tmp_path, set_name):
    src = next(MSEHUB.glob(f"*-files/{set_name}.json"), None)
    if src is None:
        pytest.skip(f"{set_name}.json is not in ../shared/data")
    shutil.copy(src, tmp_path / src.name)
    (tmp_path / "oraclelint.toml").write_text(_declaration(set_name), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--format", "json", "--select", "KWD001,KWD002,SYM001",
                                       str(tmp_path)], catch_exceptions=False)
    report = json.loads(result.output)
    assert report["summary"]["cards"] > 0
    left = sorted((d["code"], d["card"]) for d in report["diagnostics"]
                  # a hybrid written without its slash is a real misspelling, with the fix named
                  if not (d["code"] == "SYM001" and ": write {" in d["message"]))
    assert left == sorted(_LEFT.get(set_name, [])), left
