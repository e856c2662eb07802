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


def _big_set(n: int) -> str:
    """A set of invented cards that set-level checks have something to say about: names
    that collide, a leftover name, reminders worded unlike the set's, apostrophes of
    two kinds."""
    out = []
    for i in range(n):
        kind = i % 6
        if kind == 0:
            out.append(f'- name: Gale Rider {i}\n  set: AAA\n  type_line: Creature — Bird\n'
                       f'  oracle_text: "Skyward {i % 3 + 1} (When this creature enters, scry {i % 3 + 1}.)"\n'
                       '  power: "1"\n  toughness: "1"\n')
        elif kind == 1:
            out.append(f'- name: Storm Heron {i}\n  set: AAA\n  type_line: Creature — Bird\n'
                       '  oracle_text: "Skyward 2 (Whenever this creature attacks, scry 2.)"\n'
                       '  power: "1"\n  toughness: "1"\n')
        elif kind == 2:
            out.append('- name: Ember Scout\n  set: BBB\n  mana_cost: "{R}"\n  type_line: Creature — Goblin Scout\n'
                       f'  oracle_text: Haste\n  power: "{i // 6 % 2 + 1}"\n  toughness: "1"\n')
        elif kind == 3:
            out.append(f'- name: Torvin, Ember Warden {i}\n  set: BBB\n  type_line: Legendary Creature — Human\n'
                       '  oracle_text: "Whenever Torvin, Flame Keeper attacks, it deals 1 damage to each opponent."\n'
                       '  power: "3"\n  toughness: "2"\n')
        elif kind == 4:
            out.append(f'- name: Quiet Study {i}\n  set: AAA\n  type_line: Sorcery\n'
                       "  oracle_text: \"Draw a card. You can't lose the game this turn.\"\n")
        else:
            out.append(f'- name: Loud Study {i}\n  set: AAA\n  type_line: Instant\n'
                       "  oracle_text: \"Draw a card. You can’t win the game this turn.\"\n")
    return "".join(out)


def test_batches_are_even_and_come_in_whole_rounds():
    for n, workers in ((35_744, 2), (9_000, 3), (120, 2), (4_001, 2)):
        split = parallel.batches(n, workers)
        sizes = [e - s for s, e in split]
        assert split[0][0] == 0 and split[-1][1] == n and all(a[1] == b[0] for a, b in zip(split, split[1:]))
        assert max(sizes) - min(sizes) <= 1
        assert len(split) % workers == 0  # no batch is left to run alone at the end
        assert max(sizes) <= parallel.MAX_BATCH


def test_one_large_file_split_between_workers_gives_the_same_findings(tmp_path, monkeypatch):
    monkeypatch.setattr(parallel, "MIN_CARDS_PER_WORKER", 1)
    monkeypatch.setattr(parallel, "MAX_BATCH", 9)  # many batches, each file cut in several
    path = tmp_path / "set.yaml"
    path.write_text(_big_set(120), encoding="utf-8")
    single, _ = _report(path, 1)
    split = parallel.batches(120, 2)
    assert len(split) > 2 and split[0] == (0, 9)
    double, report = _report(path, 2)
    assert double == single  # the same findings, in the same order
    codes = {d["code"] for d in double}
    assert {"SET001", "SET002", "SLF001", "TPL011"} <= codes, codes  # set-level checks saw the whole file
    assert all(d.card_obj is not None and d.card_obj in report.cards for d in report.diagnostics)


def test_workers_judge_against_the_oracle_index_as_one_process(tmp_path, monkeypatch):
    from linter.checks import _oracle
    from linter.oracle.index import build_index_from_cards

    monkeypatch.setattr(parallel, "MIN_CARDS_PER_WORKER", 1)
    monkeypatch.setattr(parallel, "MAX_BATCH", 5)
    real = [{"object": "card", "name": f"Storm Heron {i}", "type_line": "Creature — Bird", "layout": "normal",
             "oracle_text": "Flying", "power": "1", "toughness": "1"} for i in range(1, 60, 6)]
    real.append({"object": "card", "name": "Quiet Study 3", "type_line": "Sorcery", "layout": "normal",
                 "oracle_text": "Draw a card."})
    index = tmp_path / "oracle.sqlite3"
    build_index_from_cards(real, index, {"data_date": "2026-05-01"})
    path = tmp_path / "set.yaml"
    path.write_text(_big_set(60), encoding="utf-8")
    with _oracle.using(index):
        single = [d.as_dict() for d in engine.check_paths([str(path)], select=["ORC"], jobs=1).diagnostics]
        double = [d.as_dict() for d in engine.check_paths([str(path)], select=["ORC"], jobs=2).diagnostics]
    assert double == single
    assert {"ORC001", "ORC007"} <= {d["code"] for d in single}


def _folded_set(n: int) -> str:
    """Cards with fixes to offer, every other one written as a folded YAML scalar, where no
    fix can be written in place."""
    out = []
    for i in range(n):
        text = f"When Quiet Hill {i} enters the battlefield, draw a card."
        written = f">-\n    {text}" if i % 2 else f'"{text}"'
        out.append(f"- name: Quiet Hill {i}\n  type_line: Creature — Elf\n  oracle_text: {written}\n"
                   '  power: "1"\n  toughness: "1"\n')
    return "".join(out)


def test_workers_take_off_the_fixes_that_cannot_be_applied_as_one_process(tmp_path, monkeypatch):
    from linter.fixes import drop_unfixable

    monkeypatch.setattr(parallel, "MIN_CARDS_PER_WORKER", 1)
    monkeypatch.setattr(parallel, "MAX_BATCH", 7)
    path = tmp_path / "set.yaml"
    path.write_text(_folded_set(30) + _big_set(30), encoding="utf-8")
    report = engine.check_paths([str(path)], jobs=1)
    refused = drop_unfixable(report)
    single = [d.as_dict() for d in report.diagnostics]
    double = [d.as_dict() for d in engine.check_paths([str(path)], jobs=2, fixable_only=True).diagnostics]
    assert double == single
    assert refused and any(d["fix"] for d in single)  # some fixes were taken off, others kept
    alone = [d.as_dict() for d in engine.check_paths([str(path)], jobs=1, fixable_only=True).diagnostics]
    assert alone == single


def _square_or_fail(part):
    if part == "fail":
        import time
        from multiprocessing.util import Finalize

        Finalize(None, time.sleep, args=(0.5,), exitpriority=1)  # it ends slowly, after it answered
        raise ValueError("this part cannot be linted")
    if part == "die":
        import os

        os._exit(3)  # a worker killed before it could answer
    return part * part


def test_the_runner_gives_the_results_in_the_order_of_the_parts():
    from linter import lint
    from linter.selection import Selection

    plan = lint.Plan(Selection(None, None))
    assert parallel._run([], plan, None, _square_or_fail, [5, 1, 4, 2, 3], 2) == [25, 1, 16, 4, 9]


def _started_at(part):
    import time

    return time.monotonic_ns()


def test_the_runner_starts_the_parts_in_the_order_given_and_answers_in_theirs():
    from linter import lint
    from linter.selection import Selection

    plan = lint.Plan(Selection(None, None))
    started = parallel._run([], plan, None, _started_at, ["a", "b", "c", "d"], 1, [2, 0, 3, 1])
    assert sorted(range(4), key=lambda k: started[k]) == [2, 0, 3, 1]


def test_the_batches_with_the_most_rules_text_start_first():
    from linter.model import Face

    texts = ["Flying", "", "Draw a card. Then discard a card.", "Haste", "Trample", "Scry 1."]
    cards = [Card(name=str(i), faces=[Face(oracle_text=t)]) for i, t in enumerate(texts)]
    assert parallel._heaviest_first([(0, 2), (2, 4), (4, 6)], cards) == [1, 2, 0]


@pytest.mark.parametrize("bad, error", [("fail", ValueError), ("die", RuntimeError)])
def test_a_worker_that_fails_fails_the_run_and_no_worker_is_left_running(bad, error):
    from linter import lint
    from linter.selection import Selection

    plan = lint.Plan(Selection(None, None))
    with pytest.raises(error):
        parallel._run([], plan, None, _square_or_fail, [2, bad, 3, 4], 2)
    assert multiprocessing.active_children() == [], multiprocessing.active_children()


def _unpicklable(part):
    return lambda: part  # a result that cannot be sent back


def test_a_result_that_cannot_be_sent_back_fails_the_run_with_what_failed():
    from linter import lint
    from linter.selection import Selection

    plan = lint.Plan(Selection(None, None))
    with pytest.raises(RuntimeError, match="a worker failed"):
        parallel._run([], plan, None, _unpicklable, [1, 2], 2)
    assert multiprocessing.active_children() == []


def test_a_worker_whose_parent_is_gone_ends_quietly(capsys):
    import signal

    reader, writer = multiprocessing.Pipe(duplex=False)
    reader.close()  # nobody is left to read what the worker sends
    previous = signal.getsignal(signal.SIGINT)
    try:
        parallel._work_in_child(_square_or_fail, 3, writer)  # no error raised, nothing printed
    finally:
        signal.signal(signal.SIGINT, previous)
    assert capsys.readouterr().err == ""
