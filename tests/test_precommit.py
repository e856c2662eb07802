"""The pre-commit hooks, run for real with `pre-commit try-repo` against this checkout.

pre-commit installs the package from this checkout into its own environment
(dependencies come from the package index), so the test is slow; CI runs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
HOOKS = REPO / ".pre-commit-hooks.yaml"

CLEAN = """\
name: Meadow Courier
mana_cost: "{1}{W}"
type_line: Creature — Human Scout
oracle_text: Vigilance
power: "2"
toughness: "1"
"""
# A sorcery whose own ability has a {T} cost: {T} means "this permanent".
DEFECT = """\
name: Hasty Ritual
mana_cost: "{R}"
type_line: Sorcery
oracle_text: "{T}: Add {R}{R}."
"""


def test_hook_definitions():
    hooks = {h["id"]: h for h in yaml.safe_load(HOOKS.read_text(encoding="utf-8"))}
    assert set(hooks) == {"oraclelint", "oraclelint-fix"}
    assert hooks["oraclelint"]["entry"] == "oraclelint check --force-exclude"
    assert hooks["oraclelint-fix"]["entry"] == "oraclelint check --force-exclude --fix"
    import re

    for hook in hooks.values():
        assert hook["language"] == "python" and hook["require_serial"] is True
        files, exclude = re.compile(hook["files"]), re.compile(hook["exclude"])
        for name in ("cards/set.json", "set.xml", "a/b.yaml", "c.yml", "old.mse-set"):
            assert files.search(name) and not exclude.search(name), name
        for name in ("notes.txt", "pyproject.toml"):
            assert not files.search(name), name
        for name in (".pre-commit-config.yaml", ".github/workflows/lint.yml", "web/package.json"):
            assert exclude.search(name), name


def _pre_commit() -> list[str]:
    try:
        import pre_commit  # noqa: F401
    except ImportError:
        exe = shutil.which("pre-commit")
        if exe is None:
            pytest.skip("pre-commit is not installed (pip install -e '.[test]')")
        return [exe]
    return [sys.executable, "-m", "pre_commit"]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True)


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory):
    # One environment for both runs: the package is installed once.
    return tmp_path_factory.mktemp("pre-commit-home")


def _try_repo(project: Path, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PRE_COMMIT_HOME=str(home), NO_COLOR="1",
               GIT_AUTHOR_NAME="test", GIT_AUTHOR_EMAIL="test@example.invalid",
               GIT_COMMITTER_NAME="test", GIT_COMMITTER_EMAIL="test@example.invalid")
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        [*_pre_commit(), "try-repo", str(REPO), "oraclelint", "--all-files", "--color", "never"],
        cwd=project, env=env, capture_output=True, text=True, timeout=1800,
    )


def _card_repo(root: Path, cards: dict[str, str]) -> Path:
    root.mkdir()
    _git(root, "init", "-q")
    for name, text in cards.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "README.txt").write_text("not a card file\n", encoding="utf-8")
    _git(root, "add", "-A")
    return root


@pytest.mark.slow
def test_try_repo_passes_a_clean_card_and_fails_a_defect(tmp_path, pre_commit_home):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    clean = _card_repo(tmp_path / "clean", {"cards/set.yaml": CLEAN})
    result = _try_repo(clean, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "oraclelint" in result.stdout and "Passed" in result.stdout

    broken = _card_repo(tmp_path / "broken", {"cards/set.yaml": CLEAN + "---\n" + DEFECT})
    result = _try_repo(broken, pre_commit_home)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Failed" in result.stdout
    assert "cards/set.yaml:11:15: RUL002 error" in result.stdout
