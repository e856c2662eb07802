"""Damaged and misplaced caches: an Oracle index with pages written over is found by
`oracle status`, reported once by `check` (the ORC checks off) and rebuilt by `oracle
update` without --force; a CR cache with values of the wrong type is "damaged"; a cache
directory that is a file and an index path that is a directory are named as such."""

from __future__ import annotations

import json
import os
import random

import pytest
from click.testing import CliRunner

from linter.checks import _oracle
from linter.cli import main
from test_cr import mini_cr

CARDS = [{"object": "card", "name": f"Sunlit Recruit {n}", "layout": "normal", "mana_cost": "{1}{W}",
          "type_line": "Creature — Human Soldier", "oracle_text": "Vigilance. " * 20, "power": "1",
          "toughness": "1"} for n in range(3000)]
CARD = 'name: Sunlit Recruit 7\nmana_cost: "{5}"\ntype_line: Artifact\n'


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(folder))
    _oracle.use(None)
    yield folder
    _oracle.use(None)


@pytest.fixture()
def scribbled(cache, tmp_path):
    """A built index whose middle pages were written over; the card file to check."""
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(CARDS), encoding="utf-8")
    assert run("oracle", "update", "--from", str(source))[0] == 0
    index = cache / "oracle-cards.sqlite3"
    size = index.stat().st_size
    with open(index, "r+b") as fh:
        fh.seek(size // 2)
        fh.write(random.Random(5).randbytes(8192))
    card = tmp_path / "card.yaml"
    card.write_text(CARD, encoding="utf-8")
    return source, index, card


def test_oracle_status_finds_pages_written_over(scribbled):
    _source, index, _card = scribbled
    code, out, _err = run("oracle", "status")
    assert code == 1
    assert out.startswith(f"the Oracle index {index} is damaged (") and out.count("\n") == 1
    assert out.rstrip().endswith("run 'oraclelint oracle update' to rebuild it")


def test_check_reports_a_damaged_index_once_and_goes_on_without_it(scribbled):
    _source, index, card = scribbled
    code, out, err = run("check", "--no-show-source", str(card))
    assert code == 0 and out == "All clear: 1 file, 1 card checked.\n"  # exit as for the findings
    assert err.startswith(f"oraclelint: warning: the Oracle index {index} is damaged (")
    assert err.endswith("; the oracle checks (ORC) are off\n") and err.count("\n") == 1


def test_oracle_update_rebuilds_a_damaged_index_without_force(scribbled):
    source, _index, card = scribbled
    code, out, _err = run("oracle", "update", "--from", str(source))  # the data did not change
    assert code == 0 and out.startswith("oracle index updated: 3000 cards")
    assert run("oracle", "status")[0] == 0
    code, out, err = run("check", "--no-show-source", str(card))
    assert code == 1 and err == "" and " ORC006 error: 'Sunlit Recruit 7' is the name of a real card" in out


def test_damage_found_while_reading_turns_the_checks_off_once(cache, tmp_path, monkeypatch):
    from linter.oracle.index import OracleIndex, OracleIndexError

    source = tmp_path / "cards.json"
    source.write_text(json.dumps(CARDS[:20]), encoding="utf-8")
    assert run("oracle", "update", "--from", str(source))[0] == 0
    card = tmp_path / "card.yaml"
    card.write_text(CARD + "---\n" + CARD.replace("7", "8"), encoding="utf-8")

    def damaged(self, name):
        raise OracleIndexError(f"the Oracle index {self.path} is damaged (disk I/O error); "
                               "run 'oraclelint oracle update' to rebuild it")

    monkeypatch.setattr(OracleIndex, "lookup", damaged)
    code, out, err = run("check", "--no-show-source", str(card))
    assert code == 0 and "FMT003" not in out and "Traceback" not in out + err
    assert err == (f"oraclelint: warning: the Oracle index {cache / 'oracle-cards.sqlite3'} is damaged (disk I/O "
                   "error); run 'oraclelint oracle update' to rebuild it; the oracle checks (ORC) were turned off\n")


@pytest.mark.parametrize("change, why", [
    (lambda d: d["rules"].__setitem__(0, [d["rules"][0][0], 5, "text"]), "the rules are not a list of [number, title, text]"),
    (lambda d: d.__setitem__("effective", 20300102), "no effective date"),
    (lambda d: d.__setitem__("glossary", {"Flying": ["a list"]}), "the glossary is not a table of texts"),
    (lambda d: d.__setitem__("rules", {"702.2": "Flying"}), "the rules are not a list of [number, title, text]"),
    (lambda d: d.__setitem__("source", None), "source is not text"),
])
def test_a_cr_cache_with_values_of_the_wrong_type_is_damaged(cache, tmp_path, change, why):
    rules = tmp_path / "rules.txt"
    rules.write_text(mini_cr(), encoding="utf-8")
    assert run("cr", "update", "--from", str(rules))[0] == 0
    index = cache / "cr" / "rules.json"
    data = json.loads(index.read_text(encoding="utf-8"))
    change(data)
    index.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("explain", "702.2")
    assert code == 2 and "Traceback" not in out + err
    assert f"the cached rules at {index} are damaged ({why}); run 'oraclelint cr update'" in out + err
    assert run("cr", "update", "--from", str(rules))[0] == 0  # a damaged cache is simply replaced
    assert run("explain", "702.2")[0] == 0


def test_a_cache_directory_that_is_a_file_is_named(tmp_path, monkeypatch):
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(blocker))
    _oracle.use(None)
    said = (f"the cache directory {blocker} is a file, not a folder (set ORACLELINT_CACHE_DIR to a folder, "
            "or remove the file)")
    rules = tmp_path / "rules.txt"
    rules.write_text(mini_cr(), encoding="utf-8")
    outcomes = {
        "cr update": run("cr", "update", "--from", str(rules)),
        "explain": run("explain", "702.2"),
        "oracle update": run("oracle", "update", "--from", str(rules)),
        "oracle status": run("oracle", "status"),
    }
    for what, (code, out, err) in outcomes.items():
        assert code in (1, 2) and said in out + err, what
    card = tmp_path / "card.yaml"
    card.write_text(CARD, encoding="utf-8")
    code, out, err = run("check", "--no-show-source", str(card))
    assert code == 0 and err == f"oraclelint: warning: {said}; the oracle checks (ORC) are off\n"
    _oracle.use(None)


def test_an_index_path_that_is_a_directory_is_named(cache, tmp_path):
    (cache / "oracle-cards.sqlite3").mkdir(parents=True)
    said = f"the Oracle index path {cache / 'oracle-cards.sqlite3'} is a directory, not an index file"
    code, out, _err = run("oracle", "status")
    assert code == 1 and out.startswith(said)
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(CARDS[:3]), encoding="utf-8")
    code, _out, err = run("oracle", "update", "--from", str(source))
    assert code == 1 and said in err
    card = tmp_path / "card.yaml"
    card.write_text(CARD, encoding="utf-8")
    code, out, err = run("check", "--no-show-source", str(card))
    assert code == 0 and err.startswith(f"oraclelint: warning: {said}") and "the oracle checks (ORC) are off" in err
    code, out, err = run("check", "--oracle", str(cache), str(card))
    assert code == 2 and "is a directory" in err


def test_a_cr_path_that_is_a_directory_is_named(cache):
    (cache / "cr" / "rules.json").mkdir(parents=True)
    code, out, err = run("explain", "702.2")
    assert code == 2
    assert f"the cached rules path {cache / 'cr' / 'rules.json'} is a directory, not a file" in out + err


def test_a_healthy_index_opens_with_its_check(cache, tmp_path):
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(CARDS[:3]), encoding="utf-8")
    assert run("oracle", "update", "--from", str(source))[0] == 0
    assert os.path.getsize(cache / "oracle-cards.sqlite3") > 0
    assert run("oracle", "status")[0] == 0
