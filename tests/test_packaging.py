"""rules_data ships inside the package and is found after a normal (non-editable) install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_non_editable_install_finds_rules_data(tmp_path):
    target = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(REPO)],
        capture_output=True, text=True,
    )
    if proc.returncode != 0 and "Could not find a version that satisfies" in proc.stderr:
        pytest.skip("the build backend cannot be fetched from the package index here")
    assert proc.returncode == 0, proc.stderr
    data = target / "linter" / "rules_data"
    assert (data / "edition.yaml").is_file()
    assert (data / "schemas" / "edition.yaml").is_file()
    assert not (target / "rules_data").exists(), "rules_data must live inside the package"
    # Load the catalogue from the installed copy, away from the source tree.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(target)
    code = ("import linter, linter.catalogue as c; "
            "assert 'site' in linter.__file__, linter.__file__; "
            "names = c.data_files(); assert 'edition' in names; "
            "[c.load(n) for n in names]; print(len(names))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout.strip()) >= 1
