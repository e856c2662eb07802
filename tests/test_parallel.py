"""Worker processes give the same report as one process."""

from __future__ import annotations

import multiprocessing

import pytest

from linter import engine, parallel
from linter.model import Card

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="worker processes need the fork start method")

SET_A = """\
- name: Ember Scout
  mana_cost: "{R}"
  cmc: 3
  type_line: Creature — Goblin Scout
  oracle_text: Haste
  power: "1"
  toughness: "1"
- name: Ember Scout
  mana_cost: "{1}{R}"
  type_line: Creature — Goblin Scout
  oracle_text: Menace
  power: "2"
  toughness: "1"
"""

SET_B = """\
- name: Hasty Ritual
  mana_cost: "{R}"
  type_line: Sorcery
  oracle_text: "{T}: Add {R}{R}."
- name: Quiet Meadow
  type_line: Land
  oracle_text: "{T}: Add {G}."
"""


@pytest.fixture
def card_files(tmp_path, monkeypatch):
    monkeypatch.setattr(parallel, "MIN_CARDS_PER_WORKER", 1)
    (tmp_path / "a.yaml").write_text(SET_A, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(SET_B, encoding="utf-8")
    return tmp_path


def _report(path, jobs):
    report = engine.check_paths([str(path)], jobs=jobs)
    return [d.as_dict() for d in report.diagnostics], report


def test_workers_give_the_same_findings(card_files):
    single, _ = _report(card_files, 1)
    assert parallel.workers_for(2, 4) == 2
    double, report = _report(card_files, 2)
    assert single == double
    codes = {d["code"] for d in double}
    assert {"RUL005", "SET001", "RUL002"} <= codes  # a set-level check saw both cards of a.yaml
    assert all(d.card_obj is not None and d.card_obj in report.cards for d in report.diagnostics)


def test_files_are_never_split_between_workers():
    from linter.source import SourceFile

    sources = [SourceFile(f"{n}.yaml", "") for n in "abc"]
    cards = [Card(name=str(i), source=sources[i % 3]) for i in range(10)]
    groups = parallel.file_groups(cards, 2)
    assert sorted(i for g in groups for i in g) == list(range(10))
    paths = [{cards[i].source.path for i in g} for g in groups]
    assert not (paths[0] & paths[1])


def test_small_runs_stay_in_one_process():
    assert parallel.workers_for(0, 100) == 1
    assert parallel.workers_for(1, 10**6) == 1
    assert parallel.workers_for(3, 10**6) == 3
