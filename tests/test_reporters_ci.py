"""CI output: SARIF, GitHub annotations, statistics, source lines with carets, colors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from linter.diagnostics import Diagnostic
from linter.engine import Report, check_paths
from linter.reporters import write_report
from linter.reporters.github import annotation
from linter.reporters.snippet import snippet
from linter.reporters.stats import statistics
from linter.reporters.style import color_enabled
from linter.source import SourceFile

from _helpers import run_cli

SCHEMA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "schemas" / "sarif-schema-2.1.0.json"

CARDS = """\
name: Hasty Ritual
mana_cost: "{R}"
type_line: Sorcery
oracle_text: "{T}: Add {R}{R}."
---
name: Meadow Courier
mana_cost: "{1}{W}"
type_line: Creature — Human Scout
oracle_text: Vigilance
# oraclelint: ignore[RUL001]
power: "2"
toughness: "1"
"""


@pytest.fixture
def card_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set").mkdir()
    path = tmp_path / "set" / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return Path("set") / "cards.yaml"


class _Card:
    def __init__(self, text: str, path: str = "cards.yaml") -> None:
        self.source = SourceFile(path, text)


def make(line=1, column=1, end_line=1, end_column=2, text="x", **kw) -> Diagnostic:
    args = dict(code="RUL002", name="tap-cost-on-instant-or-sorcery", category="rules", severity="error",
                message="a message", rules=("107.5",), path="set/cards.yaml", line=line, column=column,
                end_line=end_line, end_column=end_column, card="Hasty Ritual", card_obj=_Card(text))
    args.update(kw)
    return Diagnostic(**args)


# -- GitHub annotations --------------------------------------------------------------

def test_github_format_exact_output():
    report = Report(diagnostics=[
        make(line=4, column=15, end_line=4, end_column=18, message="{T} in the cost of a sorcery's ability"),
        make(code="SUP002", name="unused-suppression", severity="info", rules=("200.1",), line=10,
             column=3, end_line=10, end_column=29, card="Meadow Courier",
             message="unused suppression: no RUL001 finding on this card"),
    ], internal_errors=["cards.yaml:1:1: internal error in XYZ001"])
    buf = io.StringIO()
    write_report(report, "github", buf)
    assert buf.getvalue() == (
        "::error file=set/cards.yaml,line=4,col=15,endLine=4,endColumn=18,"
        "title=RUL002 tap-cost-on-instant-or-sorcery::{T} in the cost of a sorcery's ability [CR 107.5] (Hasty Ritual)\n"
        "::notice file=set/cards.yaml,line=10,col=3,endLine=10,endColumn=29,title=SUP002 unused-suppression::"
        "unused suppression: no RUL001 finding on this card [CR 200.1] (Meadow Courier)\n"
        "::error title=oraclelint internal error::cards.yaml:1:1: internal error in XYZ001\n"
    )


def test_github_format_from_the_command_line(card_file):
    code, out = run_cli("check", "--format", "github", str(card_file))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("::error file=set/cards.yaml,line=4,col=15,endLine=4,endColumn=18,"
                               "title=RUL002 tap-cost-on-instant-or-sorcery::")
    assert lines[1] == ("::notice file=set/cards.yaml,line=10,col=3,endLine=10,endColumn=29,"
                        "title=SUP002 unused-suppression::unused suppression: no RUL001 finding on this card "
                        "[CR 200.1] (Meadow Courier)")


def test_github_escapes_and_multi_line_spans():
    d = make(line=3, column=2, end_line=5, end_column=4, message="50% off,\nnext: line",
             path="a,b:c.yaml", severity="warning")
    assert annotation(d) == ("::warning file=a%2Cb%3Ac.yaml,line=3,endLine=5,title=RUL002 tap-cost-on-instant-or-sorcery"
                             "::50%25 off,%0Anext: line [CR 107.5] (Hasty Ritual)")
    info = make(severity="info", rules=(), card=None)
    assert annotation(info).startswith("::notice file=set/cards.yaml,line=1,col=1,endLine=1,endColumn=2,")


# -- SARIF ---------------------------------------------------------------------------

def sarif_of(card_file) -> dict:
    code, out = run_cli("check", "--format", "sarif", str(card_file))
    assert code == 1
    return json.loads(out)


def test_sarif_shape(card_file):
    log = sarif_of(card_file)
    assert log["version"] == "2.1.0"
    (run_,) = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "oraclelint" and driver["version"]
    rules = {r["id"]: r for r in driver["rules"]}
    rule = rules["RUL002"]
    assert rule["name"] == "tap-cost-on-instant-or-sorcery"
    assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
    assert "## Why is this bad?" in rule["help"]["text"] and "107.5" in rule["help"]["text"]
    assert "### Why is this bad?" in rule["help"]["markdown"]
    assert rule["properties"]["cr-references"][:1] == ["107.5"]
    assert rule["defaultConfiguration"]["level"] == "error"
    res = [r for r in run_["results"] if r["ruleId"] == "RUL002"]
    assert len(res) == 1
    r = res[0]
    assert r["level"] == "error" and driver["rules"][r["ruleIndex"]]["id"] == "RUL002"
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "set/cards.yaml"
    assert loc["region"] == {"startLine": 4, "startColumn": 15, "endLine": 4, "endColumn": 18}
    assert r["properties"]["card"] == "Hasty Ritual"
    assert r["partialFingerprints"]["oraclelintFinding/v1"].startswith("set/cards.yaml|Hasty Ritual|0|")
    note = next(r for r in run_["results"] if r["ruleId"] == "SUP002")
    assert note["level"] == "note"


@pytest.mark.corpus
def test_sarif_validates_against_the_2_1_0_schema(card_file):
    jsonschema = pytest.importorskip("jsonschema")
    if not SCHEMA.is_file():
        pytest.skip("the SARIF 2.1.0 schema is not in ../shared/data/schemas")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    log = sarif_of(card_file)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    # An internal error and an unreadable file still give a valid log.
    report = Report(diagnostics=[make(path="/elsewhere/x y.json")], internal_errors=["boom"])
    buf = io.StringIO()
    write_report(report, "sarif", buf)
    log = json.loads(buf.getvalue())
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is False
    assert log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] \
        == "file:///elsewhere/x%20y.json"
    assert not list(validator.iter_errors(log))


# -- statistics ----------------------------------------------------------------------

def test_statistics_count_per_code(card_file):
    code, out = run_cli("check", "--statistics", str(card_file))
    assert code == 1
    assert out.splitlines() == ["1  RUL002  error  tap-cost-on-instant-or-sorcery", "1  SUP002  info   unused-suppression"]
    code, out = run_cli("check", "--statistics", "--format", "json", str(card_file))
    assert json.loads(out)[0] == {"code": "RUL002", "name": "tap-cost-on-instant-or-sorcery", "severity": "error",
                                  "count": 1, "fixable": 0}
    code, out = run_cli("check", "--statistics", "--format", "sarif", str(card_file))
    assert code == 2 and "--statistics" in out


def test_statistics_order_most_frequent_first():
    rows = statistics([make(code="B001"), make(code="A001"), make(code="B001")])
    assert [(r["code"], r["count"]) for r in rows] == [("B001", 2), ("A001", 1)]


# -- source lines --------------------------------------------------------------------

def test_text_shows_the_source_line_with_a_caret(card_file):
    code, out = run_cli("check", "--select", "RUL", str(card_file))
    lines = out.splitlines()
    assert lines[0].startswith("set/cards.yaml:4:15: RUL002 error:")
    assert lines[1] == '4 | oracle_text: "{T}: Add {R}{R}."'
    assert lines[2] == "  |               ^^^"
    code, out = run_cli("check", "--select", "RUL", "--no-show-source", str(card_file))
    assert out.splitlines()[1].startswith("Found 1 problem")


def test_snippet_long_lines_tabs_and_multi_line_spans():
    text = "a\tb: " + "x" * 200 + "TARGET" + "y" * 200 + "\nnext\n"
    col = text.index("TARGET") + 1
    lines = snippet(make(column=col, end_column=col + 6, text=text))
    assert lines[0].startswith("1 | …") and lines[0].endswith("…")
    assert lines[1].index("^") == lines[0].index("TARGET") and lines[1].count("^") == 6
    tabbed = snippet(make(column=3, end_column=4, text="\tab"))
    assert tabbed == ["1 |     ab", "  |      ^"]
    multi = snippet(make(column=2, end_line=2, end_column=2, text="abcd\nef"))
    assert multi == ["1 | abcd", "  |  ^^^"]
    assert snippet(make(line=9, text="one line")) == []  # a line the file does not have


# -- colors --------------------------------------------------------------------------

class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colors_only_on_a_terminal_and_never_with_no_color():
    assert color_enabled(_Tty(), env={}) is True
    assert color_enabled(io.StringIO(), env={}) is False
    assert color_enabled(_Tty(), env={"NO_COLOR": "1"}) is False
    assert color_enabled(_Tty(), env={"NO_COLOR": ""}) is True  # empty means unset (no-color.org)
    assert color_enabled(io.StringIO(), env={"FORCE_COLOR": "1"}) is True
    assert color_enabled(io.StringIO(), env={"FORCE_COLOR": "1", "NO_COLOR": "1"}) is False


def test_no_escape_codes_when_piped_or_with_no_color(card_file):
    _, out = run_cli("check", str(card_file), env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert "\x1b[" not in out
    _, out = run_cli("check", str(card_file), env={"NO_COLOR": None, "FORCE_COLOR": None})
    assert "\x1b[" not in out  # CliRunner's output is not a terminal
    buf = io.StringIO()
    write_report(check_paths([str(card_file)]), "text", buf, color=True, show_source=True)
    assert "\x1b[" in buf.getvalue()


def test_statistics_say_when_a_codes_severity_is_mixed():
    rows = statistics([make(code="TYP004", severity="warning"), make(code="TYP004", severity="info"),
                       make(code="TYP004", severity="info"), make(code="RUL002", severity="error")])
    assert rows[0]["severity"] == "mixed" and rows[0]["severities"] == {"warning": 1, "info": 2}
    assert rows[1]["severity"] == "error" and "severities" not in rows[1]
    from linter.reporters.stats import format_statistics

    lines = format_statistics(rows)
    assert "mixed" in lines[0] and lines[0].endswith("(1 warning, 2 info)")
