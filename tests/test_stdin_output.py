"""Standard input ('-', --stdin-filename, --fix to standard output), --output-file and --color."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from linter.cli import main

# a warning with a safe fix: the mana cost out of its conventional order
DASHED = """\
name: Ember Whelp
mana_cost: "{R}{1}"
type_line: Creature \u2014 Elemental
oracle_text: Haste
power: "2"
toughness: "1"
"""
FIXED = DASHED.replace("{R}{1}", "{1}{R}")


def run(*args: str, input: bytes | None = None):
    result = CliRunner().invoke(main, ["check", "--no-show-source", *args], input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_check_reads_standard_input():
    code, out, err = run("--select", "MAN", "-", input=DASHED.encode())
    assert code == 1, out + err
    assert out.startswith("-:2:13: MAN001 warning: ")
    assert out.endswith("in 1 file, 1 card; 1 fixable with --fix ([*]).\n")


def test_stdin_filename_names_the_format_the_configuration_and_the_path(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "oraclelint.toml").write_text('[per-file-ignores]\n"cards/legacy.yaml" = ["MAN001"]\n',
                                              encoding="utf-8")
    name = str(tmp_path / "cards" / "new.yaml")
    code, out, _err = run("--format", "json", "--stdin-filename", name, "-", input=DASHED.encode())
    report = json.loads(out)
    assert code == 1 and {d["path"] for d in report["diagnostics"]} == {name}
    assert report["files"] == [{"path": name, "format": "yaml", "cards": 1, "error": None}]
    ignored = str(tmp_path / "cards" / "legacy.yaml")
    code, out, _err = run("--select", "MAN001", "--stdin-filename", ignored, input=DASHED.encode())
    assert code == 0, out  # the per-file ignore of that name applies (and no path means '-')


def test_fix_writes_the_fixed_file_to_standard_output():
    code, out, err = run("--fix", "--select", "MAN", "-", input=DASHED.encode())
    assert out == FIXED
    assert "All clear: 1 file, 1 card checked." in err and "Fixed 1 finding(s) in 1 file." in err
    assert code == 0


def test_fix_of_a_clean_file_on_stdin_writes_it_unchanged():
    code, out, err = run("--fix", "-", "--stdin-filename", "card.yaml", input=FIXED.encode())
    assert (code, out) == (0, FIXED), err


def test_diff_of_standard_input():
    code, out, _err = run("--diff", "--stdin-filename", "cards/new.yaml", input=DASHED.encode())
    assert code == 1
    assert "--- a/cards/new.yaml\n+++ b/cards/new.yaml\n" in out and '+mana_cost: "{1}{R}"' in out


def test_stdin_cannot_be_mixed_with_paths(tmp_path):
    code, _out, err = run("-", str(tmp_path), input=b"")
    assert code == 2 and "cannot be combined" in err
    code, _out, err = run("--stdin-filename", "x.yaml", str(tmp_path))
    assert code == 2 and "goes with '-'" in err


def test_unreadable_stdin_is_fmt001():
    code, out, _err = run("--stdin-filename", "cards.json", input=b"\xff\xfe not text")
    assert code == 2 and out.startswith("cards.json:1:1: FMT001 ")


def test_stdin_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "linter", "check", "--fix", "--select", "MAN", "-"],
                          input=DASHED.encode(), capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == FIXED.encode()


def test_output_file_holds_the_report(tmp_path):
    card = tmp_path / "card.yaml"
    card.write_text(DASHED, encoding="utf-8")
    report = tmp_path / "report.sarif"
    code, out, _err = run("--select", "MAN", "--format", "sarif", "-o", str(report), str(card))
    assert code == 1 and out == ""
    log = json.loads(report.read_text(encoding="utf-8"))
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["MAN001"]
    text = tmp_path / "report.txt"
    code, out, _err = run("--select", "MAN", "--color", "always", "--output-file", str(text), str(card))
    assert code == 1 and out == "" and "\x1b[" in text.read_text(encoding="utf-8")


def test_output_file_that_cannot_be_written(tmp_path):
    card = tmp_path / "card.yaml"
    card.write_text(FIXED, encoding="utf-8")
    code, _out, err = run("-o", str(tmp_path / "missing" / "r.txt"), str(card))
    assert code == 2 and "--output-file" in err


def test_output_file_with_fix_holds_the_fixed_summary(tmp_path):
    card = tmp_path / "card.yaml"
    card.write_text(DASHED, encoding="utf-8")
    text = tmp_path / "report.txt"
    code, out, _err = run("--fix", "--show-fixes", "-o", str(text), str(card))
    assert code == 0 and out == ""
    assert text.read_text(encoding="utf-8").splitlines()[-3:] == [
        "Fixed 1 finding(s) in 1 file.", f"  {card}:", "    1 \u00d7 MAN001 (mana-cost-out-of-order)"]


def test_color_never_always_and_the_severities(tmp_path):
    card = tmp_path / "card.yaml"
    card.write_text(DASHED, encoding="utf-8")
    _code, plain, _err = run("--select", "MAN", "--color", "never", str(card))
    assert "\x1b[" not in plain
    _code, colored, _err = run("--select", "MAN", "--color", "always", str(card))
    assert "\x1b[33" in colored  # MAN001 is a warning: yellow, code and severity alike
    assert "\x1b[31" not in colored
    tapping = tmp_path / "tap.yaml"
    tapping.write_text('name: Sudden Tinker\ntype_line: Instant\noracle_text: "{T}: Draw a card."\n', encoding="utf-8")
    _code, colored, _err = run("--select", "RUL002", "--color", "always", str(tapping))
    assert "\x1b[31" in colored  # an error: red


def test_show_fixes_names_each_fix_under_its_finding(tmp_path):
    card = tmp_path / "card.yaml"
    card.write_text(DASHED, encoding="utf-8")
    _code, out, _err = run("--select", "MAN", "--show-fixes", str(card))
    assert "\n  = safe fix: " in out
