"""Baselines: write today's findings, report only new ones, survive unrelated edits."""

from __future__ import annotations

import json
import os

import pytest

from linter.baseline import Baseline, BaselineError, key_of, write_baseline
from linter.engine import check_paths

RITUAL = """\
name: Hasty Ritual
mana_cost: "{R}"
type_line: Sorcery
oracle_text: "{T}: Add {R}{R}."
"""
COURIER = """\
name: Meadow Courier
mana_cost: "{1}{W}"
type_line: Creature — Human Scout
oracle_text: Vigilance
power: "2"
toughness: "1"
"""
SPARK = """\
name: Spark Rite
mana_cost: "{1}{R}"
type_line: Instant
oracle_text: "{T}: Add {R}."
"""


def docs(*cards: str) -> str:
    return "---\n".join(cards)


def findings(path):
    return [d for d in check_paths([str(path)]).diagnostics if d.code.startswith("RUL")]


def test_write_then_filter_reports_nothing_old(tmp_path):
    cards = tmp_path / "set" / "cards.yaml"
    cards.parent.mkdir()
    cards.write_text(docs(RITUAL, COURIER), encoding="utf-8")
    base_file = tmp_path / "oraclelint-baseline.json"
    old = findings(cards)
    assert [d.code for d in old] == ["RUL002"]
    write_baseline(base_file, old)
    data = json.loads(base_file.read_text(encoding="utf-8"))
    assert data["version"] == 1
    (entry,) = data["findings"]
    assert entry["path"] == "set/cards.yaml"  # relative to the baseline's folder
    assert entry["card"] == "Hasty Ritual" and entry["code"] == "RUL002" and entry["count"] == 1
    assert "line" not in entry
    kept, known = Baseline.load(base_file).filter(findings(cards))
    assert kept == [] and known == 1


def test_unrelated_edits_keep_the_baseline_valid_and_new_findings_show(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(docs(RITUAL, COURIER), encoding="utf-8")
    base_file = tmp_path / "baseline.json"
    write_baseline(base_file, findings(cards))
    # Another card goes first (every line moves), the old card's flavor and name
    # key order stay; a new defect arrives on a new card.
    edited = docs(COURIER.replace("Vigilance", "Vigilance, trample"), SPARK,
                  "# a comment\n" + RITUAL)
    cards.write_text(edited, encoding="utf-8")
    now = findings(cards)
    assert sorted(d.card for d in now) == ["Hasty Ritual", "Spark Rite"]
    kept, known = Baseline.load(base_file).filter(now)
    assert [d.card for d in kept] == ["Spark Rite"] and known == 1


def test_editing_the_flagged_text_makes_the_finding_new(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(RITUAL, encoding="utf-8")
    base_file = tmp_path / "baseline.json"
    write_baseline(base_file, findings(cards))
    cards.write_text(RITUAL.replace("{T}: Add {R}{R}.", "{Q}: Add {R}{R}."), encoding="utf-8")
    kept, known = Baseline.load(base_file).filter(findings(cards))
    assert len(kept) == 1 and known == 0


def test_equal_findings_are_counted(tmp_path):
    cards = tmp_path / "cards.yaml"
    twice = RITUAL.replace('"{T}: Add {R}{R}."', '"{T}: Add {R}{R}.\\n{T}: Add {R}{R}."')
    cards.write_text(twice, encoding="utf-8")
    ds = findings(cards)
    assert len(ds) == 2 and key_of(ds[0], tmp_path) == key_of(ds[1], tmp_path)
    base = write_baseline(tmp_path / "b.json", ds[:1])  # only one of them was accepted
    kept, known = Baseline.load(base.path).filter(ds)
    assert len(kept) == 1 and known == 1


def test_baseline_folder_decides_the_relative_path(tmp_path, monkeypatch):
    cards = tmp_path / "set" / "cards.yaml"
    cards.parent.mkdir()
    cards.write_text(RITUAL, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "set")
    ds = findings("cards.yaml")  # a relative path as the command line gives it
    write_baseline(tmp_path / "b.json", ds)
    monkeypatch.chdir(tmp_path)
    kept, known = Baseline.load(tmp_path / "b.json").filter(findings("set/cards.yaml"))
    assert kept == [] and known == 1


def test_write_is_atomic(tmp_path, monkeypatch):
    base_file = tmp_path / "b.json"
    base_file.write_text('{"version": 1, "findings": []}\n', encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(BaselineError, match="cannot be written"):
        write_baseline(base_file, [])
    assert base_file.read_text(encoding="utf-8") == '{"version": 1, "findings": []}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json"]  # no temporary file left


@pytest.mark.parametrize("content, fragment", [
    (None, "no such baseline file"),
    ("not json", "not JSON"),
    ('{"version": 7, "findings": []}', "is not an oraclelint baseline"),
    ('{"version": 1, "findings": [{"path": "x"}]}', r"findings\[0\] is not a baseline entry"),
])
def test_bad_baseline_files_are_clear_errors(tmp_path, content, fragment):
    path = tmp_path / "b.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(BaselineError, match=fragment):
        Baseline.load(path)


def test_a_relative_path_is_taken_from_the_working_folder_of_each_call(tmp_path, monkeypatch):
    # the relative paths are worked out once per path, root and working folder: asked again
    # from another working folder, the same relative path names another file
    from pathlib import Path

    from linter.baseline import relative_path
    from linter.reporters.sarif import artifact_uri

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(tmp_path / "a")
    assert relative_path("cards.yaml", tmp_path) == "a/cards.yaml"
    assert artifact_uri("cards.yaml") == "cards.yaml"
    assert artifact_uri("cards.yaml", tmp_path) == "a/cards.yaml"
    monkeypatch.chdir(tmp_path / "b")
    assert relative_path("cards.yaml", tmp_path) == "b/cards.yaml"
    assert artifact_uri("cards.yaml", tmp_path) == "b/cards.yaml"
    assert artifact_uri("../a/cards.yaml") == Path(tmp_path / "a" / "cards.yaml").as_uri()
