"""Fixing converges and never makes a card worse: two fixes that undo each other stop at
once (naming both checks), and a safe fix whose result has a new error is not applied."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from linter.checks import _oracle
from linter.cli import main
from linter.fixes import run_fixes
from linter.oracle.index import build_index_from_cards

# An Oracle index whose text still names the card (as Oracle did before 2025): ORC001 wants
# the name, TPL003 wants "this creature", and each one's fix brings back the other's finding.
OLD_ORACLE = [{"object": "card", "name": "Quarry Sprinter", "layout": "normal", "mana_cost": "{1}{R}",
               "type_line": "Creature — Elemental Warrior", "power": "2", "toughness": "1",
               "oracle_text": "Haste\nWhen Quarry Sprinter enters, scry 1."}]

CARD = """\
name: Quarry Sprinter
mana_cost: "{{1}}{{R}}"
type_line: Creature — Elemental Warrior
oracle_text: |-
  Haste
  When {subject} enters{rest}, scry 1.
power: "2"
toughness: "1"
"""


@pytest.fixture()
def old_index(tmp_path):
    path = tmp_path / "oracle.sqlite3"
    build_index_from_cards(OLD_ORACLE, path, {"data_date": "2024-06-01"})
    with _oracle.using(path):
        yield path


def mirror_file(folder: Path, subject: str, rest: str = "") -> Path:
    (folder / "oraclelint.toml").write_text('set-kind = "oracle"\n', encoding="utf-8")
    path = folder / "cards.yaml"
    path.write_text(CARD.format(subject=subject, rest=rest), encoding="utf-8")
    return path


def _config(path: Path):
    from linter.config import load_config

    return load_config([str(path)])


def test_two_fixes_that_undo_each_other_stop_at_the_first_text_of_the_cycle(tmp_path, old_index):
    path = mirror_file(tmp_path, "Quarry Sprinter", " the battlefield")
    run = run_fixes([str(path)], config=_config(path))
    assert run.converged and run.rounds <= 3
    # ORC001 wrote the Oracle text first; TPL003 undid it, ORC001 wrote it again: kept
    assert path.read_text(encoding="utf-8") == CARD.format(subject="Quarry Sprinter", rest="")
    (line,) = run.disagreements
    assert "ORC001 and TPL003 disagree on the oracle_text of 'Quarry Sprinter'" in line
    assert "kept the text as ORC001 left it" in line
    assert run.total_fixed == 1  # the fixes that undid each other are not counted
    # the finding that would start the cycle again is reported without a fix, saying why
    tpl = [d for d in run.report.diagnostics if d.code == "TPL003"]
    assert tpl and all(d.fix is None for d in tpl)
    assert any("ORC001 and TPL003 undo each other's fixes" in n.reason for n in run.refused)


def test_a_cycle_from_the_files_own_text_leaves_the_file_alone(tmp_path, old_index):
    path = mirror_file(tmp_path, "this creature")
    before = path.read_bytes()
    run = run_fixes([str(path)], config=_config(path))
    assert run.converged and run.rounds <= 2 and run.changed == []
    assert path.read_bytes() == before
    (line,) = run.disagreements
    assert "ORC001 and TPL003 disagree" in line and "kept the text the file has" in line


def test_the_cli_names_the_two_checks(tmp_path, old_index):
    path = mirror_file(tmp_path, "Quarry Sprinter", " the battlefield")
    result = CliRunner().invoke(main, ["check", "--fix", "--no-show-source", "--oracle", str(old_index),
                                       str(path)], catch_exceptions=False)
    assert result.exit_code == 1
    assert "oraclelint: warning: " in result.stderr and "ORC001 and TPL003 disagree" in result.stderr
    assert "Fixed 1 finding(s) in 1 file." in result.stdout
    assert "fixes still applied after" not in result.stderr


# An unpacked Magic Set Editor set: the modes' dashes stand inside editor markup, where no fix
# can edit them. TPL007's safe fix of "choose one:" into "choose one —" would make the text a
# modal instruction without bulleted modes: a new ABL014 error.
MSE_SET = """\
mse version: 0.3.8
game: magic
stylesheet: m15
card:
\tname: Gleaming Tutor
\tcasting cost: 2G
\tsuper type: <word-list-type>Creature</word-list-type>
\tsub type: <word-list-race>Elf</word-list-race> <word-list-class>Druid</word-list-class>
\trule text:
\t\tWhen <atom-cardname><nospellcheck>Gleaming Tutor</nospellcheck></atom-cardname> enters, choose one:
\t\t<error-spelling:en_us:/magic.mse-game/magic-words>-</error-spelling:en_us:/magic.mse-game/magic-words> Draw a card.
\t\t<error-spelling:en_us:/magic.mse-game/magic-words>-</error-spelling:en_us:/magic.mse-game/magic-words> You gain 2 life.
\tpower: 2
\ttoughness: 2
card:
\tname: Sunlit Herald
\tcasting cost: 1W
\tsuper type: <word-list-type>Creature</word-list-type>
\tsub type: <word-list-race>Human</word-list-race> <word-list-class>Cleric</word-list-class>
\trule text: When <atom-cardname><nospellcheck>Sunlit Herald</nospellcheck></atom-cardname> enters the battlefield, you gain 2 life.
\tpower: 2
\ttoughness: 1
"""


@pytest.fixture()
def mse_set(tmp_path) -> Path:
    path = tmp_path / "set"
    path.write_text(MSE_SET, encoding="utf-8")
    return path


def test_a_safe_fix_whose_result_has_a_new_error_is_not_applied(mse_set):
    from linter.engine import check_paths

    before = check_paths([str(mse_set)], select=["TPL007", "TPL001", "ABL014"])
    assert sorted(d.code for d in before.diagnostics) == ["TPL001", "TPL007"]
    run = run_fixes([str(mse_set)], select=["TPL007", "TPL001", "ABL014"])
    text = mse_set.read_text(encoding="utf-8")
    assert "choose one:" in text  # TPL007's fix was held back
    assert "Sunlit Herald</nospellcheck></atom-cardname> enters, you gain" in text  # the other fix was made
    assert [d.code for d in run.report.diagnostics] == ["TPL007"]  # no ABL014
    (tpl,) = run.report.diagnostics
    assert tpl.fix is not None and not tpl.fix.safe  # reported as unsafe
    (held,) = [n for n in run.refused if n.diagnostic is tpl]
    assert held.reason == "its result would add ABL014 (error) to the card, so it is not safe"


def test_the_cli_reports_the_held_back_fix_as_unsafe(mse_set):
    result = CliRunner().invoke(main, ["check", "--fix", "--no-show-source", "--select", "TPL007,ABL014",
                                       str(mse_set)], catch_exceptions=False)
    assert result.exit_code == 1
    assert "TPL007: fix not applied: its result would add ABL014 (error) to the card" in result.stderr
    (line,) = [x for x in result.stdout.splitlines() if " TPL007 " in x]
    assert not line.endswith("[*]")
    assert "1 more fix(es) available with --unsafe-fixes." in result.stdout
    # --unsafe-fixes applies uncertain fixes, this one too: the new error is then reported
    result = CliRunner().invoke(main, ["check", "--fix", "--unsafe-fixes", "--no-show-source", "--select",
                                       "TPL007,ABL014", str(mse_set)], catch_exceptions=False)
    assert "choose one —" in mse_set.read_text(encoding="utf-8")
    assert " ABL014 error" in result.stdout
