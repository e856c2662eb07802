"""The results cache: a re-run of unchanged files answers from it, imports neither spaCy nor a
check, reports exactly what a fresh run reports, and never answers for changed bytes, settings or
Oracle index; a damaged cache is ignored and rebuilt."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap

import pytest

from _helpers import run_cli
from linter import cache as results_cache
from linter.checks import codes
from linter.checks.base import all_checks

SET = """\
- name: Hasty Ritual
  mana_cost: "{R}"
  type_line: Sorcery
  oracle_text: "{T}: Add {R}{R}."
- name: Meadow Courier
  mana_cost: "{1}{W}"
  type_line: Creature — Human Scout
  oracle_text: "Vigilance\\nWhenever Meadow Courier attacks, you gain 1 life."
  power: "2"
  toughness: "1"
- name: Ember Scout
  mana_cost: "{R}"
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
- name: Quiet Ritual  # oraclelint: ignore[RUL002]
  type_line: Instant
  oracle_text: "{T}: Draw a card."
"""


def entries(folder) -> list:
    return sorted(p for p in folder.rglob("*.json"))


@pytest.fixture
def card_set(tmp_path):
    path = tmp_path / "set.yaml"
    path.write_text(SET, encoding="utf-8")
    return path


@pytest.fixture
def cache_dir(tmp_path):
    return tmp_path / "results"


def twice(*args) -> tuple[tuple[int, str], tuple[int, str]]:
    return run_cli(*args), run_cli(*args)


def test_check_codes_are_the_check_modules():
    assert codes() == list(all_checks())


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_a_cached_run_reports_what_a_fresh_run_reports(card_set, cache_dir, fmt):
    fresh = run_cli("check", "--no-cache", "--format", fmt, str(card_set))
    first, again = twice("check", "--cache-dir", str(cache_dir), "--format", fmt, str(card_set))
    assert entries(cache_dir)  # the first run kept the file's results
    assert fresh == first == again
    assert fresh[0] == 1 and "RUL002" in fresh[1] and "SET001" in fresh[1]


def test_statistics_and_select_from_the_cache(card_set, cache_dir):
    for args in (["--statistics"], ["--select", "RUL"], ["--ignore", "SET", "--quiet"]):
        fresh = run_cli("check", "--no-cache", *args, str(card_set))
        assert twice("check", "--cache-dir", str(cache_dir), *args, str(card_set)) == (fresh, fresh)


def test_no_cache_neither_reads_nor_writes(card_set, cache_dir):
    run_cli("check", "--no-cache", "--cache-dir", str(cache_dir), str(card_set))
    assert not cache_dir.exists()


def test_the_configuration_names_the_cache_folder(tmp_path, card_set):
    (tmp_path / "oraclelint.toml").write_text('cache-dir = ".lint-cache"\n', encoding="utf-8")
    run_cli("check", str(card_set))
    assert entries(tmp_path / ".lint-cache")


def test_the_default_cache_is_in_oraclelints_cache_directory(card_set, monkeypatch, tmp_path):
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(tmp_path / "home-cache"))
    run_cli("check", str(card_set))
    assert entries(tmp_path / "home-cache" / "check")


def test_entries_take_the_mode_the_umask_gives(card_set, cache_dir):
    old = os.umask(0o027)
    try:
        run_cli("check", "--cache-dir", str(cache_dir), str(card_set))
    finally:
        os.umask(old)
    (entry,) = entries(cache_dir)
    assert stat.S_IMODE(entry.stat().st_mode) == 0o640


def test_changed_bytes_are_checked_again(card_set, cache_dir):
    run_cli("check", "--cache-dir", str(cache_dir), str(card_set))
    card_set.write_text(SET.replace('"{T}: Add {R}{R}."', '"Add {R}{R}."'), encoding="utf-8")
    fresh = run_cli("check", "--no-cache", str(card_set))
    assert "RUL002" not in fresh[1].split("Meadow Courier")[0]
    assert run_cli("check", "--cache-dir", str(cache_dir), str(card_set)) == fresh


def test_a_suppression_added_is_seen(card_set, cache_dir):
    run_cli("check", "--cache-dir", str(cache_dir), str(card_set))
    card_set.write_text(SET.replace("- name: Hasty Ritual", "- name: Hasty Ritual  # oraclelint: ignore[RUL002]"),
                        encoding="utf-8")
    code, out = run_cli("check", "--cache-dir", str(cache_dir), "--select", "RUL002", str(card_set))
    assert "RUL002" not in out


def test_settings_are_part_of_the_key(tmp_path, card_set, cache_dir):
    run_cli("check", "--cache-dir", str(cache_dir), str(card_set))
    # the configuration's own settings: the same file checked with "name" self-references
    (tmp_path / "oraclelint.toml").write_text('self-reference = "name"\n', encoding="utf-8")
    fresh = run_cli("check", "--no-cache", str(card_set))
    assert run_cli("check", "--cache-dir", str(cache_dir), str(card_set)) == fresh
    # what the configuration applies to every finding, cached or not: per-file ignores, severities
    (tmp_path / "oraclelint.toml").write_text('[per-file-ignores]\n"set.yaml" = ["RUL002"]\n'
                                              '[severity]\nSET001 = "info"\n', encoding="utf-8")
    fresh = run_cli("check", "--no-cache", str(card_set))
    assert "RUL002" not in fresh[1] and "SET001 info" in fresh[1]
    assert twice("check", "--cache-dir", str(cache_dir), str(card_set)) == (fresh, fresh)


def test_a_baseline_filters_cached_findings(tmp_path, card_set, cache_dir):
    base = tmp_path / "baseline.json"
    code, _out = run_cli("check", "--cache-dir", str(cache_dir), "--baseline", str(base), "--write-baseline",
                         str(card_set))
    assert code == 0
    fresh_baseline = json.loads(base.read_text(encoding="utf-8"))
    # written again from the cache: the same findings, the same keys
    run_cli("check", "--cache-dir", str(cache_dir), "--baseline", str(base), "--write-baseline", str(card_set))
    assert json.loads(base.read_text(encoding="utf-8")) == fresh_baseline
    code, out = run_cli("check", "--cache-dir", str(cache_dir), "--baseline", str(base), str(card_set))
    assert code == 0
    assert (code, out) == run_cli("check", "--no-cache", "--baseline", str(base), str(card_set))


def test_a_damaged_cache_is_ignored_and_rebuilt(card_set, cache_dir):
    fresh = run_cli("check", "--no-cache", "--format", "json", str(card_set))
    run_cli("check", "--cache-dir", str(cache_dir), "--format", "json", str(card_set))
    (entry,) = entries(cache_dir)
    for damage in (b"", b"\xff\xfe not json", b'{"format": 1}', entry.read_bytes()[:-40],
                   entry.read_bytes().replace(b'"line":', b'"line":"x",', 1)):
        entry.write_bytes(damage)
        assert run_cli("check", "--cache-dir", str(cache_dir), "--format", "json", str(card_set)) == fresh
        (entry,) = entries(cache_dir)
        assert json.loads(entry.read_bytes())["format"] == results_cache.FORMAT  # written again, whole


def test_an_unwritable_cache_folder_is_no_error(tmp_path, card_set):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    env = {"ORACLELINT_CACHE_DIR": str(blocked)}
    assert run_cli("check", str(card_set), env=env) == run_cli("check", "--no-cache", str(card_set), env=env)
    code, out = run_cli("check", "--cache-dir", str(blocked / "results"), str(card_set))
    assert "cannot be written" in out  # a folder asked for is said to be unusable


def test_the_oracle_index_is_part_of_the_key(tmp_path, card_set, cache_dir):
    from linter.oracle.index import build_index_from_cards

    real = [{"object": "card", "name": "Meadow Courier", "mana_cost": "{1}{W}", "type_line": "Creature — Human Scout",
             "oracle_text": "Vigilance", "power": "2", "toughness": "1", "layout": "normal"}]
    index = tmp_path / "oracle.sqlite3"
    run_cli("check", "--cache-dir", str(cache_dir), "--select", "ORC", str(card_set))
    build_index_from_cards(real, index, {"data_date": "2026-05-01"})
    fresh = run_cli("check", "--no-cache", "--select", "ORC", "--oracle", str(index), str(card_set))
    assert "ORC" in fresh[1]
    assert twice("check", "--cache-dir", str(cache_dir), "--select", "ORC", "--oracle", str(index),
                 str(card_set)) == (fresh, fresh)


def test_a_fix_then_a_cached_check(tmp_path, cache_dir):
    path = tmp_path / "cards.yaml"
    path.write_text("name: Gale Rider\ntype_line: Creature — Bird\noracle_text: Flying, Vigilance\n"
                    'power: "1"\ntoughness: "1"\n', encoding="utf-8")
    before = run_cli("check", "--cache-dir", str(cache_dir), str(path))
    assert before[0] == 1
    run_cli("check", "--fix", str(path))
    after = run_cli("check", "--cache-dir", str(cache_dir), str(path))
    assert after == run_cli("check", "--no-cache", str(path)) and after != before


def test_files_changed_since_are_checked_and_the_others_answered(tmp_path, cache_dir):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(SET, encoding="utf-8")
    b.write_text(SET.replace("Hasty Ritual", "Hasty Rite"), encoding="utf-8")
    run_cli("check", "--cache-dir", str(cache_dir), str(tmp_path))
    b.write_text(SET.replace("Hasty Ritual", "Hasty Charm"), encoding="utf-8")
    fresh = run_cli("check", "--no-cache", "--format", "json", str(tmp_path))
    assert run_cli("check", "--cache-dir", str(cache_dir), "--format", "json", str(tmp_path)) == fresh


# What a re-run from the cache imports: the command run in a process of its own.
DRIVER = textwrap.dedent("""
    import json, sys
    from linter.cli import main
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("spacy", "thinc", "numpy", "yaml", "linter"))
    print(json.dumps(loaded), file=sys.stderr)
""")


def _modules(tmp_path, *args) -> set[str]:
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(driver), *args], capture_output=True, text=True,
                          env={**os.environ, "ORACLELINT_CACHE_DIR": str(tmp_path / "home-cache")})
    return set(json.loads(proc.stderr.strip().splitlines()[-1]))


def test_a_run_from_the_cache_imports_neither_spacy_nor_a_check(tmp_path, card_set):
    first = _modules(tmp_path, "check", str(card_set))
    assert "spacy" in first and "linter.checks.RUL002" in first  # the first run parses and checks
    for fmt in ("text", "json", "github"):
        _modules(tmp_path, "check", "--format", fmt, str(card_set))
        again = _modules(tmp_path, "check", "--format", fmt, str(card_set))
        assert not {m for m in again if m.split(".")[0] in ("spacy", "thinc", "numpy")}, fmt
        checks = {m for m in again if m.startswith("linter.checks.") and m.rsplit(".", 1)[1][:1].isupper()}
        assert not checks, (fmt, checks)
        assert not {m for m in again if m.startswith(("linter.nlp", "linter.lint", "linter.parallel"))}, fmt


def _entry() -> results_cache.Entry:
    return results_cache.Entry("yaml", 1, None)


def test_two_copies_of_oraclelint_taking_turns_keep_each_its_entries(tmp_path):
    # a project's environment and its pre-commit hook's: two copies, two folders, one directory
    mine, hooks = "a" * 64, "b" * 64
    results_cache.ResultCache(tmp_path, "k", mine).put("/set.yaml", "d", _entry())
    results_cache.ResultCache(tmp_path, "k", hooks).put("/set.yaml", "d", _entry())
    assert results_cache.ResultCache(tmp_path, "k", mine).get("/set.yaml", "d", None) is not None
    assert results_cache.ResultCache(tmp_path, "k", hooks).get("/set.yaml", "d", None) is not None


def test_a_new_copy_leaves_only_the_last_written_folders_of_the_others(tmp_path):
    for k, code in enumerate("0123456789abcdef"[:6]):
        results_cache.ResultCache(tmp_path, "k", code * 64).put("/set.yaml", "d", _entry())
        os.utime(tmp_path / (code * 16), ns=(10**18 + k * 10**9,) * 2)  # written in this order
    results_cache.ResultCache(tmp_path, "k", "f" * 64).put("/set.yaml", "d", _entry())
    kept = sorted(p.name[0] for p in tmp_path.iterdir())
    assert kept == sorted("012345"[-results_cache.KEEP_OTHERS:] + "f")
