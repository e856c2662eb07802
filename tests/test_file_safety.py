"""Files on disk: one file under two names is read, reported and fixed once; a hard link
is warned about; --fix keeps the owner and group; baselines and caches get the mode the
umask gives a new file, not always 0600."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter.cli import main

CARD = """\
name: Ember Pup
mana_cost: "{R}"
type_line: Creature — Elemental Dog
oracle_text: When this creature enters the battlefield, it deals 1 damage to any target.
power: "1"
toughness: "1"
"""
FIXED = CARD.replace("enters the battlefield,", "enters,")


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def card(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "pup.yaml"
    path.write_text(CARD, encoding="utf-8")
    return path


@contextlib.contextmanager
def umask(value: int):
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


def test_a_file_named_twice_is_read_and_reported_once(card):
    os.symlink("pup.yaml", "link.yaml")
    code, out, _err = run("check", "--select", "TPL001", "--no-show-source", "pup.yaml", "./pup.yaml", "link.yaml", ".")
    assert code == 1
    assert [line.split(":")[0] for line in out.splitlines() if " TPL001 " in line] == ["pup.yaml"]
    assert out.splitlines()[-1].endswith("in 1 file, 1 card; 1 fixable with --fix ([*]).")


def test_a_file_named_twice_is_fixed_once(card):
    os.symlink("pup.yaml", "link.yaml")
    code, out, err = run("check", "--select", "TPL001", "--fix", "--exit-non-zero-on-fix", "pup.yaml", "./pup.yaml",
                         "link.yaml")
    assert (code, err) == (1, "")
    assert "Fixed 1 finding(s) in 1 file." in out
    assert card.read_text(encoding="utf-8") == FIXED
    assert os.path.islink("link.yaml")  # the link still points at the fixed file


def test_a_hard_linked_file_is_fixed_with_a_warning(card):
    os.link("pup.yaml", "other-name.yaml")
    code, _out, err = run("check", "--select", "TPL001", "--fix", "pup.yaml")
    assert code == 0
    assert err == ("oraclelint: warning: pup.yaml: the file has 1 other hard link; the fixed file replaces it "
                   "under this name only, so that one keeps the old text\n")
    assert card.read_text(encoding="utf-8") == FIXED  # written atomically, never half-written
    assert Path("other-name.yaml").read_text(encoding="utf-8") == CARD


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_fix_as_root_keeps_the_owner_and_group(card):
    os.chown(card, 4242, 4343)
    os.chmod(card, 0o640)
    run("check", "--select", "TPL001", "--fix", str(card))
    st = card.stat()
    assert card.read_text(encoding="utf-8") == FIXED
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (4242, 4343, 0o640)


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_baseline_takes_the_umask_mode(card, mask, mode):
    with umask(mask):
        code, _out, _err = run("check", "--baseline", "base.json", "--write-baseline", "pup.yaml")
    assert code == 0
    assert stat.S_IMODE(os.stat("base.json").st_mode) == mode
    os.chmod("base.json", 0o640)
    with umask(mask):
        run("check", "--baseline", "base.json", "--write-baseline", "pup.yaml")
    assert stat.S_IMODE(os.stat("base.json").st_mode) == 0o640  # an old baseline keeps its mode


def test_the_cr_cache_and_the_oracle_index_take_the_umask_mode(tmp_path, monkeypatch):
    from linter.cr import store
    from linter.cr.parser import parse_bytes
    from linter.oracle.index import build_index_from_cards
    from test_cr import mini_cr

    monkeypatch.setenv(store.CACHE_ENV, str(tmp_path / "cache"))
    raw = mini_cr().encode("utf-8")
    with umask(0o022):
        store.save(parse_bytes(raw), raw, "test")
        build_index_from_cards([{"object": "card", "name": "Ember Pup", "type_line": "Creature"}],
                               tmp_path / "cache" / "oracle.sqlite3")
    made = sorted((tmp_path / "cache" / "cr").iterdir()) + [tmp_path / "cache" / "oracle.sqlite3"]
    assert [(p.name, stat.S_IMODE(p.stat().st_mode)) for p in made] == [(p.name, 0o644) for p in made]
    with umask(0o002):
        store.save(parse_bytes(raw), raw, "test")
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o664 for p in (tmp_path / "cache" / "cr").iterdir())
