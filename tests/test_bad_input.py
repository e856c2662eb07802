"""Bad input is a diagnostic, never a dead or hanging run: FIFOs, devices and huge files
are refused with a message, unreadable folders are FMT001, and a field that is not text
(null, an unsupported YAML tag) is one FMT002 naming the field and what was found."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from linter import readers
from linter.cli import main

GOOD = "name: Ember Pup\ntype_line: Creature — Elemental Dog\noracle_text: Haste\n"


def run(*args):
    result = CliRunner().invoke(main, ["check", "--no-show-source", *args], catch_exceptions=False)
    return result.exit_code, result.stdout


def run_apart(*args):
    """The CLI in a process of its own, stopped after a minute: a regression that blocks
    or reads without end fails the test instead of hanging the suite."""
    done = subprocess.run([sys.executable, "-m", "linter", "check", "--no-show-source", *args],
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    good = tmp_path / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    code, out = run_apart(str(fifo), str(good))  # would block forever if the pipe were opened
    assert code == 2
    assert f"{fifo}:1:1: FMT001 error: cannot read card file: is a named pipe (FIFO), not a regular file: " \
           "not read [CR 200.1]" in out
    assert "in 2 files, 1 card; 1 file(s) could not be read." in out


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    code, out = run_apart(device)
    assert code == 2
    assert out.splitlines()[0] == (f"{device}:1:1: FMT001 error: cannot read card file: is a character device, "
                                   "not a regular file: not read [CR 200.1]")


def test_a_file_over_the_size_limit_is_refused_naming_the_limit(tmp_path):
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as fh:  # sparse: no disk space is used
        fh.truncate(readers.MAX_FILE_BYTES + 1)
    result = readers.read_file(str(huge))
    assert result.error is not None and result.cards == []
    assert result.error.reason == "is 512 MiB, larger than the 512 MiB limit for a card file: not read"


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "cards.yaml"
    path.write_text(GOOD * 10, encoding="utf-8")
    real_stat = os.stat
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 100)

    def small_stat(p, *a, **kw):  # the size seen before reading is under the limit
        st = real_stat(p, *a, **kw)
        if str(p) == str(path):
            return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid, st.st_gid, 10,
                                   st.st_atime, st.st_mtime, st.st_ctime))
        return st

    monkeypatch.setattr(readers.os, "stat", small_stat)
    result = readers.read_file(str(path))
    assert result.error is not None and "larger than the 0 MiB limit" in result.error.reason


def test_a_folder_that_cannot_be_read_is_reported(tmp_path, monkeypatch):
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "good.yaml").write_text(GOOD, encoding="utf-8")
    locked = tmp_path / "set" / "locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text(GOOD, encoding="utf-8")
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(locked))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)  # as root, a mode of 000 would not stop the walk
    code, out = run(str(tmp_path / "set"))
    assert code == 2
    assert f"{locked}:1:1: FMT001 error: cannot read folder: Permission denied [CR 200.1]" in out
    assert "All clear" not in out and "2 files, 1 card" in out


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads every folder")
def test_a_folder_without_read_permission_is_reported(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text(GOOD, encoding="utf-8")
    locked.chmod(0)
    try:
        code, out = run(str(tmp_path))
    finally:
        locked.chmod(0o755)
    assert code == 2 and f"{locked}:1:1: FMT001 error: cannot read folder" in out


@pytest.mark.parametrize("text, found", [
    ("name: null\ntype_line: Instant\noracle_text: Draw a card.\n",
     "1:7: FMT002 warning: name should be text, found null"),
    ("name: ~\ntype_line: Instant\n", "1:7: FMT002 warning: name should be text, found null"),
    ('name: !!python/object/apply:os.system ["echo hi"]\ntype_line: Instant\n',
     "1:7: FMT002 warning: name: unsupported YAML tag !!python/object/apply: the field is not read"),
    ("name: Ember Pup\ntype_line: Instant\noracle_text: !!python/name:os.system\n",
     "3:14: FMT002 warning: oracle_text: unsupported YAML tag !!python/name: the field is not read"),
    ("name: !!binary aGVsbG8=\ntype_line: Instant\n",
     "1:7: FMT002 warning: name: unsupported YAML tag !!binary: the field is not read"),
    ("name: Ember Pup\ncolors: [R, !!python/object:x.Y {}]\n",
     "2:9: FMT002 warning: colors: unsupported YAML tag !!python/object: the field is not read"),
    ("name: Ember Pup\ntype_line: !local text\n",
     "2:12: FMT002 warning: type_line: unsupported YAML tag !local: the field is not read"),
    ("name: [Ember, Pup]\ntype_line: Instant\n", "1:7: FMT002 warning: name should be text, found a list"),
])
def test_a_field_that_is_not_text_is_one_fmt002(tmp_path, text, found):
    path = tmp_path / "card.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = run(str(path))
    assert code == 1
    lines = [line for line in out.splitlines() if " FMT002 " in line]
    assert lines == [f"{path}:{found} [CR 200.1]"]
    assert "All clear" not in out


def test_a_json_name_of_null_is_one_fmt002(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[{"object": "card", "name": null, "type_line": "Instant"}]', encoding="utf-8")
    code, out = run(str(path))
    assert code == 1
    assert [line for line in out.splitlines() if " FMT002 " in line] == \
        [f"{path}:1:29: FMT002 warning: name should be text, found null [CR 200.1]"]


def test_a_lone_surrogate_in_rules_text_is_parsed_and_checked(tmp_path):
    """A JSON "\\ud800" in rules text (a lone surrogate: no character, no UTF-8 form) is no
    internal error: the text is parsed and checked around it, at the same offsets."""
    card = ('[{"object": "card", "name": "Hollow Spark", "type_line": "Instant", "mana_cost": "{R}", '
            '"oracle_text": "{T}: Hollow Spark deals 1 damage to any target. \\ud800"}]')
    path = tmp_path / "cards.json"
    path.write_text(card, encoding="utf-8")
    code, out = run("--format", "json", "--select", "FMT003,RUL002", str(path))
    found = [d["code"] for d in __import__("json").loads(out)["diagnostics"]]
    assert found == ["RUL002"], out  # the tap cost of an instant, found in a text with a surrogate
    assert code == 1


def test_tokenizable_keeps_every_offset():
    from linter.nlp.text import tokenizable

    assert tokenizable("plain text") == "plain text"
    assert tokenizable("a \ud800 b \udfff") == "a \ufffd b \ufffd"
    assert tokenizable("— em dash") == "— em dash"
