"""The command line: exit codes, output shapes, unreadable files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from _helpers import run_cli

GOOD_CARD = """\
name: Meadow Courier
mana_cost: "{1}{W}"
type_line: Creature — Human Scout
oracle_text: Vigilance
power: "2"
toughness: "1"
"""

# A sorcery whose own ability is given a {T} cost: the symbol means "this permanent".
BAD_CARD = """\
name: Hasty Ritual
mana_cost: "{R}"
type_line: Sorcery
oracle_text: "{T}: Add {R}{R}."
"""


@pytest.fixture
def cards(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(GOOD_CARD, encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD_CARD, encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('[{"name": "Half Card", "mana_cost": "{R}"', encoding="utf-8")
    return tmp_path, good, bad, broken


def test_clean_file_exits_zero(cards):
    _, good, _, _ = cards
    code, out = run_cli("check", str(good))
    assert code == 0, out
    assert "1 card" in out


def test_findings_exit_one_and_cite_rules(cards):
    _, _, bad, _ = cards
    code, out = run_cli("check", str(bad))
    assert code == 1, out
    line = next(l for l in out.splitlines() if "RUL002" in l)
    assert line.startswith(f"{bad}:4:")
    assert "[CR 107.5" in line and "(Hasty Ritual)" in line


def test_exit_zero_and_ignore(cards):
    _, _, bad, _ = cards
    assert run_cli("check", "--exit-zero", str(bad))[0] == 0
    assert run_cli("check", "--ignore", "RUL002,SYM", str(bad))[0] == 0


def test_unknown_code_prefix_is_a_usage_error(cards):
    _, good, _, _ = cards
    code, out = run_cli("check", "--select", "NOPE9", str(good))
    assert code == 2
    assert "matches no check code" in out


def test_unreadable_file_is_reported_and_others_still_checked(cards):
    tmp, good, bad, broken = cards
    code, out = run_cli("check", "--format", "json", str(tmp))
    assert code == 2
    report = json.loads(out)
    files = {f["path"]: f for f in report["files"]}
    assert files[str(broken)]["error"]
    assert files[str(good)]["cards"] == 1 and files[str(good)]["error"] is None
    fmt = [d for d in report["diagnostics"] if d["code"] == "FMT001"]
    assert len(fmt) == 1 and fmt[0]["path"] == str(broken) and fmt[0]["category"] == "format"
    assert fmt[0]["line"] == 1
    assert any(d["code"] == "RUL002" for d in report["diagnostics"])


def test_missing_path_is_an_unreadable_file(tmp_path):
    code, out = run_cli("check", str(tmp_path / "nope.yaml"))
    assert code == 2
    assert "FMT001" in out


def test_json_report_shape(cards):
    _, _, bad, _ = cards
    code, out = run_cli("check", "--format", "json", str(bad))
    report = json.loads(out)
    assert set(report) >= {"tool", "files", "diagnostics", "summary"}
    assert report["tool"]["name"] == "oraclelint"
    assert report["tool"]["cr_edition"] == "2026-04-17"
    d = report["diagnostics"][0]
    assert set(d) == {"path", "entry", "line", "column", "end_line", "end_column", "code", "name", "category",
                      "severity", "message", "rules", "card", "face", "field", "fix"}
    assert all(isinstance(r, str) for r in d["rules"])
    assert report["summary"] == {"files": 1, "cards": 1, "error": report["summary"]["error"],
                                 "warning": report["summary"]["warning"], "info": report["summary"]["info"],
                                 "passed_over": 0}


def test_rules_lists_every_check():
    code, out = run_cli("rules", "--format", "json")
    assert code == 0
    items = json.loads(out)
    codes = [i["code"] for i in items]
    assert "FMT001" in codes and len(codes) == len(set(codes))
    for item in items:
        assert set(item) == {"code", "name", "category", "severity", "rules", "fixable", "summary"}
        assert item["rules"] and item["summary"]


def test_parse_text_json():
    code, out = run_cli("parse", "--text", "Flying\n{T}: Add {G}.", "--name", "Grove Sprite",
                    "--type-line", "Creature — Faerie", "--format", "json")
    assert code == 0
    data = json.loads(out)
    abilities = data["cards"][0]["faces"][0]["abilities"]
    assert [a["kind"] for a in abilities] == ["keyword", "activated"]
    assert abilities[1]["mana_ability"] is True
    assert "107.5" in {r for p in abilities[1]["phrases"] for r in p["rules"]}


def test_parse_text_for_a_person():
    code, out = run_cli("parse", "--text", "{T}: Add {G}.", "--name", "Grove Sprite")
    assert code == 0
    assert "activated" in out and "mana ability" in out and "107.5" in out


def test_python_dash_m_works():
    proc = subprocess.run([sys.executable, "-m", "linter", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and "oraclelint" in proc.stdout


def test_entries_the_reader_passed_over_are_reported(tmp_path):
    odd = tmp_path / "odd.yaml"
    odd.write_text("name: Ember Scout\ncolors: 5\npower: [2]\n", encoding="utf-8")
    code, out = run_cli("check", "--no-show-source", str(odd))
    assert code == 1, out
    lines = [l for l in out.splitlines() if " FMT002 " in l]
    assert len(lines) == 2, out
    assert lines[0].startswith(f"{odd}:2:") and "colors" in lines[0]
    assert lines[1].startswith(f"{odd}:3:") and "power" in lines[1]
    assert run_cli("check", "--ignore", "FMT002", str(odd))[0] == 0


def test_a_well_formed_file_has_no_entry_warnings(cards):
    _, good, _, _ = cards
    code, out = run_cli("check", "--select", "FMT", str(good))
    assert code == 0 and "FMT002" not in out
