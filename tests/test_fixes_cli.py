"""``check --fix``, ``--unsafe-fixes`` and ``--diff`` from the command line, and on real sets."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter import fixes
from linter.checks.base import all_checks
from linter.cli import main
from linter.diagnostics import Diagnostic, Edit, Fix
from linter.fixes import fix_round, snapshot
from linter.readers import read_file

# TYP005 (" - " between types and subtypes) has a safe fix; TYP001's guess
# 'Creature' for 'Creture' is an unsafe one.
DASHED = """\
# a comment the fix keeps
name: Gravel Sentinel
mana_cost: "{3}{G}"
type_line: Creature - Elemental
oracle_text: Reach
power: "3"
toughness: "4"
"""
MISSPELT = """\
name: Stone Golem
mana_cost: "{4}"
type_line: Artifact Creture — Golem
oracle_text: Vigilance
power: "3"
toughness: "3"
"""
DASHED_JSON = ('[\r\n  {"name": "Ember Courier", "mana_cost": "{1}{R}", "type_line": "Creature - Goblin",\r\n'
               '   "oracle_text": "Haste \\u2014 and more", "power": "2", "toughness": "1"}\r\n]\r\n')


def needs(*codes: str) -> None:
    missing = [c for c in codes if c not in all_checks()]
    if missing:
        pytest.skip(f"check {', '.join(missing)} not present")


def run(*args):
    result = CliRunner().invoke(main, ["check", "--no-show-source", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def dashed(tmp_path) -> Path:
    needs("TYP005")
    path = tmp_path / "dashed.yaml"
    path.write_bytes(DASHED.encode())
    return path


def test_fix_rewrites_the_string_and_exits_by_what_remains(dashed):
    code, out, err = run("--fix", str(dashed))
    assert code == 0, out + err  # as ruff: nothing remains (pre-commit fails a hook that changed a file)
    assert dashed.read_bytes() == DASHED.replace("Creature - Elemental", "Creature \u2014 Elemental").encode()
    assert "All clear" in out
    assert out.rstrip().endswith("Fixed 1 finding(s) in 1 file.")


def test_exit_non_zero_on_fix_fails_the_run_that_changed_a_file(dashed):
    code, out, err = run("--fix", "--exit-non-zero-on-fix", "--show-fixes", str(dashed))
    assert code == 1, out + err
    assert out.rstrip().endswith("    1 \u00d7 TYP005 (type-line-dash-not-em-dash)")
    code, out, err = run("--fix", "--exit-non-zero-on-fix", str(dashed))
    assert code == 0, out + err  # nothing left to change


def test_a_second_fix_changes_nothing(dashed):
    run("--fix", str(dashed))
    once = dashed.read_bytes()
    mtime = dashed.stat().st_mtime_ns
    code, out, err = run("--fix", str(dashed))
    assert code == 0, out + err
    assert dashed.read_bytes() == once and dashed.stat().st_mtime_ns == mtime
    assert "Fixed" not in out


def test_diff_shows_the_change_and_writes_nothing(dashed, tmp_path):
    code, out, err = run("--diff", str(dashed))
    assert code == 1
    assert dashed.read_bytes() == DASHED.encode()
    label = fixes.diff_label(str(dashed))
    assert out.splitlines()[:2] == [f"--- a/{label}", f"+++ b/{label}"]
    assert "-type_line: Creature - Elemental\n+type_line: Creature \u2014 Elemental\n" in out
    assert "Would fix 1 finding(s) in 1 file." in err
    run("--fix", str(dashed))
    code, out, err = run("--diff", str(dashed))
    assert (code, out) == (0, "")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_fixable_findings_are_marked_and_counted(dashed):
    code, out, _ = run(str(dashed))
    assert code == 0  # an info finding
    line = next(l for l in out.splitlines() if "TYP005" in l)
    assert line.endswith("[*]")
    assert "1 fixable with --fix ([*])" in out


def test_a_fix_that_cannot_be_applied_is_not_marked(tmp_path):
    needs("TYP005")
    path = tmp_path / "folded.yaml"
    # a folded block's characters have no exact place in the file
    path.write_text(DASHED.replace("type_line: Creature - Elemental", "type_line: >\n  Creature - Elemental"),
                    encoding="utf-8")
    code, out, _ = run(str(path))
    line = next(l for l in out.splitlines() if "TYP005" in l)
    assert not line.endswith("[*]") and "fixable" not in out
    before = path.read_bytes()
    code, out, err = run("--fix", str(path))
    assert path.read_bytes() == before
    assert "fix not applied: the place of type_line in the file is not exact" in err
    assert code == 0  # an info finding only, and nothing written


def test_unsafe_fixes_need_the_option(tmp_path):
    needs("TYP001")
    path = tmp_path / "misspelt.yaml"
    path.write_text(MISSPELT, encoding="utf-8")
    code, out, err = run("--fix", str(path))
    assert code == 1 and path.read_text(encoding="utf-8") == MISSPELT
    assert "TYP001" in out
    code, out, err = run("--fix", "--unsafe-fixes", "--exit-non-zero-on-fix", str(path))
    assert code == 1, out + err
    assert path.read_text(encoding="utf-8") == MISSPELT.replace("Creture", "Creature")
    assert "TYP001" not in out


def test_unsafe_fixes_alone_is_a_usage_error(dashed):
    result = CliRunner().invoke(main, ["check", "--unsafe-fixes", str(dashed)])
    assert result.exit_code == 2
    assert "--unsafe-fixes goes with --fix or --diff" in result.output


def test_fix_keeps_crlf_escapes_and_everything_else_in_json(tmp_path):
    needs("TYP005")
    path = tmp_path / "dashed.json"
    path.write_bytes(b"\xef\xbb\xbf" + DASHED_JSON.encode())
    code, out, err = run("--fix", "--select", "TYP", "--format", "json", str(path))
    assert code == 0
    assert path.read_bytes() == b"\xef\xbb\xbf" + DASHED_JSON.replace(
        "Creature - Goblin", "Creature \\u2014 Goblin").encode()
    assert '"diagnostics": []' in out and "Fixed 1 finding(s) in 1 file." in err


def test_remaining_findings_are_reported_after_the_fix(tmp_path):
    needs("TYP005", "TYP001")
    path = tmp_path / "both.yaml"
    path.write_text(MISSPELT.replace("Creture \u2014", "Creture -"), encoding="utf-8")
    code, out, _ = run("--fix", str(path))
    assert code == 1
    assert "type_line: Artifact Creture \u2014 Golem" in path.read_text(encoding="utf-8")
    assert "TYP001" in out and "TYP005" not in out
    assert "Fixed 1 finding(s) in 1 file." in out


def test_a_file_changed_during_the_run_is_not_written(dashed, monkeypatch):
    real = fixes.fix_round

    def meanwhile(result, diagnostics, unsafe=False, **kw):
        out = real(result, diagnostics, unsafe, **kw)
        dashed.write_bytes(DASHED.encode() + b"# saved by an editor\n")
        return out

    monkeypatch.setattr(fixes, "fix_round", meanwhile)
    code, out, err = run("--fix", str(dashed))
    assert code == 2
    assert f"{dashed}: changed on disk since it was read; not written" in err
    assert dashed.read_bytes() == DASHED.encode() + b"# saved by an editor\n"
    assert "Fixed" not in out and "TYP005" in out  # the report shows the file as it is


def test_fixes_go_on_until_nothing_applies(tmp_path):
    needs("TYP005")
    path = tmp_path / "two-faces.json"
    path.write_text('[{"name": "A // B", "layout": "modal_dfc", "card_faces": ['
                    '{"name": "A", "mana_cost": "{R}", "type_line": "Creature - Goblin", "oracle_text": "",'
                    ' "power": "1", "toughness": "1"},'
                    '{"name": "B", "mana_cost": "{U}", "type_line": "Creature - Merfolk", "oracle_text": "",'
                    ' "power": "1", "toughness": "1"}]}]', encoding="utf-8")
    code, out, _ = run("--fix", "--select", "TYP005", str(path))
    assert path.read_text(encoding="utf-8").count("\u2014") == 2
    assert "Fixed 2 finding(s) in 1 file." in out


# templating checks end to end ---------------------------------------------------------------


def _templating_codes() -> list[str]:
    return sorted(c for c, cls in all_checks().items() if cls.category == "templating" and cls.fixable)


OLD_WORDING = """\
set: FXT
released_at: "2019-05-03"
cards:
  - name: Gravel Sentinel   # a comment
    mana_cost: "{3}{G}"
    type_line: Creature — Elemental
    oracle_text: "Reach\\nWhen Gravel Sentinel enters the battlefield, you gain 2 life."
    power: "3"
    toughness: "4"
  - name: Harbor Lookout
    mana_cost: "{1}{W}"
    type_line: Creature — Human Scout
    oracle_text: |
      When Harbor Lookout enters the battlefield, scry 1.
    power: "2"
    toughness: "2"
"""


def test_templating_fixes_end_to_end(tmp_path):
    codes = _templating_codes()
    if not codes:
        pytest.skip("no fixable templating check present")
    path = tmp_path / "old.yaml"
    path.write_text(OLD_WORDING, encoding="utf-8")
    before = read_file(str(path))
    run("--fix", "--select", ",".join(codes), str(path))
    after = read_file(str(path))
    assert "enters the battlefield" not in path.read_text(encoding="utf-8")
    # only rules text changed
    for a, b in zip(before.cards, after.cards):
        sa, sb = snapshot(a), snapshot(b)
        assert {k: v for k, v in sa.items() if k[-1] != "oracle_text"} == \
            {k: v for k, v in sb.items() if k[-1] != "oracle_text"}
    once = path.read_bytes()
    code, out, err = run("--fix", "--select", ",".join(codes), str(path))
    assert path.read_bytes() == once
    assert "[*]" not in out


# real sets ----------------------------------------------------------------------------------------

_TEXT = re.compile(rb"<text>.*?</text>", re.S)


def _older_set(shared_data: Path) -> Path:
    path = shared_data / "cards" / "cockatrice-sets" / "M20.xml"
    if not path.is_file():
        pytest.skip("M20.xml not in the real data")
    return path


@pytest.mark.corpus
def test_phrase_fixes_on_a_real_set_touch_only_rules_text(shared_data, tmp_path):
    path = tmp_path / "set.xml"
    shutil.copyfile(_older_set(shared_data), path)
    result = read_file(str(path))
    found = []
    for card in result.cards:
        for i, face in enumerate(card.faces):
            text = face.oracle_text or ""
            k = text.find("enters the battlefield")
            if k != -1:
                fix = Fix("enters", [Edit(k, k + 22, "enters")], face=i, field="oracle_text")
                found.append(Diagnostic("TST900", "test-fix", "templating", "warning", "m", path=str(path),
                                        face=i, field="oracle_text", fix=fix, card_obj=card))
    assert len(found) > 50
    t0 = time.perf_counter()
    outcome = fix_round(result, found)
    elapsed = time.perf_counter() - t0
    assert not outcome.refused, outcome.refused[:3]
    assert len(outcome.applied) + len(outcome.deferred) == len(found)
    before, after = result.source.raw, outcome.result.source.raw
    assert _TEXT.sub(b"", before) == _TEXT.sub(b"", after)
    assert before.count(b"enters the battlefield") - after.count(b"enters the battlefield") == len(outcome.applied)
    assert elapsed < 10


@pytest.mark.corpus
def test_fix_on_a_copy_of_an_older_set(shared_data, tmp_path):
    codes = _templating_codes()
    if not codes:
        pytest.skip("no fixable templating check present")
    path = tmp_path / "set.xml"
    shutil.copyfile(_older_set(shared_data), path)
    original = path.read_bytes()
    before = read_file(str(path))
    code, out, err = run("--fix", "--select", ",".join(codes), str(path))
    fixed = path.read_bytes()
    assert fixed != original
    assert _TEXT.sub(b"", original) == _TEXT.sub(b"", fixed)  # the diff touches only rules text
    after = read_file(str(path))
    assert len(after.cards) == len(before.cards)
    # no safe fix is left, and a second run changes nothing
    code, out, err = run("--fix", "--select", ",".join(codes), str(path))
    assert path.read_bytes() == fixed
    assert "[*]" not in out
