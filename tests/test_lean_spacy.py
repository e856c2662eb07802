"""spaCy imported without its command line (linter/nlp/lean.py): the stand-in is gone once
spaCy is in, the real command line still loads, and a spaCy that asks more of its command
line is imported as usual.  Each case runs in a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(code: str, *path: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([*map(str, path), str(ROOT)]))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def fake_spacy(folder: Path, asks: str) -> Path:
    """A package called spacy whose __init__ imports ``asks`` from its command line, which
    records in ``sys`` that it was loaded."""
    (folder / "spacy" / "cli").mkdir(parents=True)
    (folder / "spacy" / "__init__.py").write_text(f"from .cli.info import {asks}\n")
    (folder / "spacy" / "cli" / "__init__.py").write_text("import sys\nsys.fake_cli_loaded = True\n")
    (folder / "spacy" / "cli" / "info.py").write_text("def info(*a, **k):\n    return 'real info'\n"
                                                      "extra = 1\n")
    return folder


def test_the_pipeline_loads_without_the_command_line():
    found = run("""
        import json, sys
        from linter.nlp import get_pipeline
        from linter.nlp import lean
        get_pipeline()
        print(json.dumps({"lean": lean.imported_lean, "cli": "spacy.cli" in sys.modules,
                          "attr": hasattr(sys.modules["spacy"], "cli")}))
    """)
    assert found == {"lean": True, "cli": False, "attr": False}


def test_the_real_command_line_still_loads_afterwards():
    found = run("""
        import json, sys
        from linter.nlp.lean import spacy
        import spacy.cli
        details = spacy.info(silent=True)
        print(json.dumps({"file": bool(getattr(spacy.cli, "__file__", None)),
                          "version": details.get("spacy_version") == spacy.__version__}))
    """)
    assert found == {"file": True, "version": True}


def test_a_spacy_that_asks_only_for_info_does_not_load_its_command_line(tmp_path):
    folder = fake_spacy(tmp_path, "info")
    found = run("""
        import json, sys
        from linter.nlp.lean import spacy, imported_lean
        print(json.dumps({"lean": imported_lean, "loaded": hasattr(sys, "fake_cli_loaded"),
                          "info": spacy.info(), "fake": spacy.__file__.startswith(sys.path[1])}))
    """, folder)
    assert found == {"lean": True, "loaded": False, "info": "real info", "fake": True}


def test_a_spacy_that_asks_more_is_imported_as_usual(tmp_path):
    folder = fake_spacy(tmp_path, "info, extra")
    found = run("""
        import json, sys
        from linter.nlp.lean import spacy, imported_lean
        print(json.dumps({"lean": imported_lean, "loaded": hasattr(sys, "fake_cli_loaded"),
                          "cli_file": bool(getattr(sys.modules["spacy.cli"], "__file__", None)),
                          "info": spacy.info()}))
    """, folder)
    assert found == {"lean": False, "loaded": True, "cli_file": True, "info": "real info"}


@pytest.mark.parametrize("module", ["linter.nlp.pipeline", "linter.nlp.meaning", "linter.nlp.rulerefs",
                                    "linter.nlp.tokenizer", "linter.checks.TPL004"])
def test_every_module_that_imports_spacy_goes_through_lean(module):
    """Each module that names spaCy imports it from linter.nlp.lean before any spaCy import."""
    source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
    lines = [ln.strip() for ln in source.splitlines()]
    spacy_at = [i for i, ln in enumerate(lines) if ln.startswith(("import spacy", "from spacy"))]
    lean_at = [i for i, ln in enumerate(lines) if ln.startswith("from linter.nlp.lean import spacy")]
    assert lean_at
    assert all(any(j < i for j in lean_at) for i in spacy_at)
