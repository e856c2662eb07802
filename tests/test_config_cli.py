"""The configuration, suppressions and baselines through `oraclelint check`."""

from __future__ import annotations

import json

import pytest

from _helpers import run_cli

RITUAL = """\
name: Hasty Ritual
mana_cost: "{R}"
type_line: Sorcery
oracle_text: "{T}: Add {R}{R}."
"""
SPARK = """\
name: Spark Rite
mana_cost: "{1}{R}"
type_line: Instant
oracle_text: "{T}: Add {R}."
"""
COURIER = """\
name: Meadow Courier
mana_cost: "{1}{W}"
type_line: Creature — Human Scout
oracle_text: Vigilance
power: "2"
toughness: "1"
"""


def codes(out: str) -> list[tuple[str, str]]:
    """(code, card) of each finding line of the text report."""
    found = []
    for line in out.splitlines():
        parts = line.split(": ", 2)
        if len(parts) == 3 and parts[0].count(":") >= 2:
            card = line[line.rindex("(") + 1:line.rindex(")")]
            found.append((parts[1].split()[0], card))
    return found


@pytest.fixture
def repo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "main.yaml").write_text("---\n".join([RITUAL, COURIER]), encoding="utf-8")
    (tmp_path / "cards" / "drafts").mkdir()
    (tmp_path / "cards" / "drafts" / "wip.yaml").write_text(SPARK, encoding="utf-8")
    return tmp_path


def test_without_configuration_both_defects_are_errors(repo):
    code, out = run_cli("check", "--no-show-source", "cards")
    assert code == 1
    assert codes(out) == [("RUL002", "Spark Rite"), ("RUL002", "Hasty Ritual")]


def test_per_file_ignores_from_pyproject(repo):
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "my-set"\n\n[tool.oraclelint.per-file-ignores]\n"cards/drafts/**" = ["RUL"]\n',
        encoding="utf-8")
    code, out = run_cli("check", "--no-show-source", "cards")
    assert codes(out) == [("RUL002", "Hasty Ritual")]


def test_per_card_ignores_and_severity(repo):
    (repo / "oraclelint.toml").write_text(
        '[per-card-ignores]\n"Hasty Ritual" = ["RUL002"]\n[severity]\nRUL002 = "info"\n', encoding="utf-8")
    code, out = run_cli("check", "--no-show-source", "cards")
    assert code == 0, out  # what remains is info only
    assert codes(out) == [("RUL002", "Spark Rite")]
    assert "RUL002 info:" in out


def test_config_select_and_command_line_select(repo):
    (repo / "oraclelint.toml").write_text('select = ["SYM"]\n', encoding="utf-8")
    assert run_cli("check", "cards")[0] == 0
    assert run_cli("check", "--select", "RUL", "cards")[0] == 1  # the command line wins


def test_explicit_config_option(repo):
    (repo / "strict.toml").write_text('ignore = ["RUL002"]\n', encoding="utf-8")
    assert run_cli("check", "cards")[0] == 1
    assert run_cli("check", "--config", "strict.toml", "cards")[0] == 0


def test_unknown_key_is_exit_2_naming_key_and_file(repo):
    (repo / "pyproject.toml").write_text('[tool.oraclelint]\nselect = ["RUL"]\nignroe = ["SYM"]\n',
                                         encoding="utf-8")
    code, out = run_cli("check", "cards")
    assert code == 2
    assert "pyproject.toml: tool.oraclelint.ignroe: unknown key" in out


def test_code_matching_no_check_is_exit_2(repo):
    (repo / "oraclelint.toml").write_text('ignore = ["NOPE1"]\n', encoding="utf-8")
    code, out = run_cli("check", "cards")
    assert code == 2 and "ignore: 'NOPE1' matches no check code" in out


def test_inline_suppression_through_the_command_line(repo):
    path = repo / "cards" / "main.yaml"
    path.write_text("# oraclelint: ignore[RUL002]\n" + RITUAL, encoding="utf-8")
    assert run_cli("check", str(path))[0] == 0
    path.write_text("# oraclelint: ignore RUL002\n" + RITUAL, encoding="utf-8")
    code, out = run_cli("check", "--no-show-source", str(path))
    assert code == 1 and [c for c, _ in codes(out)] == ["SUP001", "RUL002"]


def test_write_baseline_then_only_new_findings(repo):
    code, out = run_cli("check", "--baseline", "baseline.json", "--write-baseline", "cards")
    assert code == 0 and "Wrote 2 finding(s) to baseline.json" in out
    entries = json.loads((repo / "baseline.json").read_text(encoding="utf-8"))["findings"]
    assert sorted(e["path"] for e in entries) == ["cards/drafts/wip.yaml", "cards/main.yaml"]
    code, out = run_cli("check", "--baseline", "baseline.json", "cards")
    assert code == 0, out
    assert "2 known finding(s) in the baseline not shown" in out
    # An unrelated edit: a new card in front of the old one.
    main_file = repo / "cards" / "main.yaml"
    main_file.write_text("---\n".join([COURIER, SPARK.replace("Spark Rite", "Second Spark"), RITUAL]),
                         encoding="utf-8")
    code, out = run_cli("check", "--no-show-source", "--baseline", "baseline.json", "cards")
    assert code == 1
    assert codes(out) == [("RUL002", "Second Spark")]


def test_baseline_usage_errors(repo):
    code, out = run_cli("check", "--write-baseline", "cards")
    assert code == 2 and "--write-baseline needs --baseline" in out
    code, out = run_cli("check", "--baseline", "missing.json", "cards")
    assert code == 2 and "no such baseline file" in out


def test_declared_symbol_is_accepted(repo):
    card = repo / "cards" / "vertex.yaml"
    card.write_text('name: Vertex Well\nmana_cost: "{2}"\ntype_line: Artifact\n'
                    'oracle_text: "{T}: Add {V}."\n', encoding="utf-8")
    code, out = run_cli("check", "--select", "SYM", "--no-show-source", str(card))
    assert "SYM001" in out
    (repo / "oraclelint.toml").write_text('set-kind = "custom"\nsymbols = ["V"]\n', encoding="utf-8")
    code, out = run_cli("check", "--select", "SYM", str(card))
    assert code == 0, out


def test_parse_reads_the_configuration(tmp_path, monkeypatch):
    (tmp_path / "oraclelint.toml").write_text(
        '[[keywords]]\nname = "Infuse"\nparameter = "number"\nkind = "triggered"\n', encoding="utf-8")
    card = tmp_path / "card.yaml"
    card.write_text('name: Glowing Acolyte\ntype_line: Creature — Human\noracle_text: "Infuse 2"\n',
                    encoding="utf-8")
    _code, out = run_cli("parse", str(card))
    assert "keyword Infuse [2]" in out
    monkeypatch.chdir(tmp_path)
    _code, out = run_cli("parse", "--text", "Infuse 2")
    assert "keyword Infuse [2]" in out
    (tmp_path / "oraclelint.toml").unlink()
    _code, out = run_cli("parse", "--text", "Infuse 2")
    assert "keyword Infuse" not in out


def test_parse_names_a_broken_configuration(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("keywords = 3\n", encoding="utf-8")
    code, out = run_cli("parse", "--config", str(bad), "--text", "Flying")
    assert code == 2 and "keywords" in out


def test_a_declared_reminder_is_linted_where_the_configuration_writes_it(tmp_path, monkeypatch):
    (tmp_path / "oraclelint.toml").write_text(
        '[[keywords]]\nname = "Infuse"\nparameter = "number"\nkind = "triggered"\n'
        'reminder = "(When this creature enters the battlefield, put N +1/+1 counters on it.)"\n',
        encoding="utf-8")
    (tmp_path / "card.yaml").write_text(COURIER, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = run_cli("check", "--no-show-source", "card.yaml")
    assert code == 1
    assert out.startswith("oraclelint.toml:5:33: TPL001 warning: 'enters the battlefield'"), out
    code, out = run_cli("check", "--no-show-source", "--select", "RUL", "card.yaml")
    assert code == 0, out
