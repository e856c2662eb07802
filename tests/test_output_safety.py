"""Output that cannot be abused: control characters from card data and file names are shown
escaped, a file name cannot forge a GitHub workflow command on either stream, and a lone
surrogate or a file name that is not UTF-8 never crashes an output format."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from linter.cli import main

TAPPED = '"type_line": "Instant", "oracle_text": "{T}: Draw a card."'
RAW_CONTROLS = ("\x1b", "\x07", "\x08", "\r", "\u202e")


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def run_apart(*args, cwd=None):
    """The CLI in its own process, its output through real pipes (UTF-8, strict)."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "linter", *args], capture_output=True, cwd=cwd, env=env,
                          timeout=120)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def test_printable_escapes_what_a_terminal_obeys():
    from linter.reporters.style import printable

    assert printable("Evil\x1b]0;pwned\x07\x1b[2J\r\b") == "Evil\\x1b]0;pwned\\a\\x1b[2J\\r\\b"
    assert printable("a\nb\tc") == "a\\nb\tc"  # a tab is shown as it is
    assert printable("\u202edcba \u2028") == "\\u202edcba \\u2028"
    assert printable("bad \ud800, \udcff") == "bad \\ud800, \\xff"  # a file name's own byte
    assert printable("Æther — “quoted”") == "Æther — “quoted”"


def test_control_characters_of_a_card_are_shown_escaped(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[{"object": "card", "name": "Evil\\u001b]0;pwned\\u0007\\u001b[2J\\r\\b\\u202e", ' + TAPPED + "}]",
                    encoding="utf-8")
    code, out, _err = run("check", str(path))
    assert code == 1
    assert not any(c in out for c in RAW_CONTROLS)
    assert "(Evil\\x1b]0;pwned\\a\\x1b[2J\\r\\b\\u202e)" in out


def test_control_characters_in_the_source_line_keep_the_caret_under_the_span(tmp_path):
    # a Magic Set Editor set file may hold raw control characters (YAML, JSON and XML may not)
    path = tmp_path / "set"
    path.write_text("mse version: 0.3.8\ngame: magic\ncard:\n\tname: Odd\n\tsuper type: Instant\n"
                    "\trule text: \x1b[1m\x07{T}: Draw a card.\n", encoding="utf-8")
    # the escape sequence leaves a '[' that is never closed: the finding's span starts at it,
    # after the escaped ESC, and runs to the line's end
    code, out, _err = run("check", "--select", "TPL010", str(path))
    assert code == 1 and not any(c in out for c in RAW_CONTROLS)
    source, caret = out.splitlines()[1:3]
    assert source == "6 |     rule text: \\x1b[1m\\a{T}: Draw a card."
    assert caret.index("^") == source.index("[1m") and caret.rstrip().endswith("^")
    assert caret.count("^") == len(source) - source.index("[1m")


def test_control_characters_of_a_file_name_are_shown_escaped(tmp_path):
    path = tmp_path / "odd\x1b[2J\rname.json"
    path.write_text('[{"object": "card", "name": "Odd", ' + TAPPED + "}]", encoding="utf-8")
    code, out, _err = run("check", "--no-show-source", str(tmp_path))
    assert code == 1 and not any(c in out for c in RAW_CONTROLS)
    assert "odd\\x1b[2J\\rname.json:1:" in out


FORGED = "a\n::error file=x.yaml,line=1::forged\n.yaml"


def test_a_file_name_cannot_forge_a_workflow_command_on_stdout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / FORGED).write_text('name: Odd\ntype_line: Instant\noracle_text: "{T}: Draw a card."\n',
                                   encoding="utf-8")
    code, out, err = run("check", "--format", "github", ".")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("::error file=a%0A%3A%3Aerror file=x.yaml%2Cline=1%3A%3Aforged%0A.yaml,")


def test_a_file_name_cannot_forge_a_workflow_command_on_stderr(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / FORGED).write_text("name: Pup\ntype_line: Creature — Dog\n"
                                   "oracle_text: When this creature enters the battlefield, draw a card.\n",
                                   encoding="utf-8")
    os.link(FORGED, "other.yaml")  # a hard link: --fix warns on stderr, naming the file
    code, out, err = run("check", "--format", "github", "--select", "TPL001", "--fix", FORGED)
    assert code == 0
    assert err.startswith("oraclelint: warning: a\\n::error file=x.yaml,line=1::forged\\n.yaml: the file has 1 other")
    assert err.endswith("keeps the old text\nFixed 1 finding(s) in 1 file.\n")
    assert not any(line.startswith("::") for line in err.splitlines())
    assert not any(line.startswith("::error file=x") for line in out.splitlines())


SURROGATE = '[{"object": "card", "name": "Bad \\ud800 Name", ' + TAPPED + "}]"


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_a_lone_surrogate_never_crashes_an_output_format(tmp_path, fmt):
    (tmp_path / "cards.json").write_text(SURROGATE, encoding="utf-8")
    code, out, err = run_apart("check", "--format", fmt, "cards.json", cwd=tmp_path)
    assert (code, err) == (1, ""), err
    if fmt in ("json", "sarif"):
        log = json.loads(out)  # the surrogate stays the JSON escape it was
        cards = [d["card"] for d in log["diagnostics"]] if fmt == "json" else \
            [r["message"]["text"] for r in log["runs"][0]["results"]]
        assert any("Bad \ud800 Name" in c for c in cards)
    else:
        assert "Bad \\ud800 Name" in out


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="file names there are always Unicode")
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_a_file_name_that_is_not_utf8_never_crashes_an_output_format(tmp_path, fmt):
    with open(os.path.join(os.fsencode(tmp_path), b"caf\xe9.json"), "wb") as fh:
        fh.write(('[{"object": "card", "name": "Odd", ' + TAPPED + "}]").encode("utf-8"))
    code, out, err = run_apart("check", "--format", fmt, ".", cwd=tmp_path)
    assert (code, err) == (1, ""), err
    if fmt == "sarif":
        uri = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert uri == "caf%E9.json"  # the name's own byte
    elif fmt == "json":
        assert json.loads(out)["diagnostics"][0]["path"] == "./caf\udce9.json"
    else:
        assert "caf\\xe9.json" in out


def test_a_baseline_and_an_export_keep_a_lone_surrogate(tmp_path):
    (tmp_path / "cards.json").write_text(SURROGATE, encoding="utf-8")
    code, _out, err = run_apart("check", "--baseline", "base.json", "--write-baseline", "cards.json", cwd=tmp_path)
    assert code == 0, err
    assert json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))["findings"][0]["card"] == "Bad \ud800 Name"
    code, out, err = run_apart("check", "--baseline", "base.json", "cards.json", cwd=tmp_path)
    assert code == 0 and out.startswith("All clear"), out + err
    for fmt in ("scryfall", "yaml"):
        code, _out, err = run_apart("export", "--format", fmt, "-o", f"out.{fmt}", "cards.json", cwd=tmp_path)
        assert code == 0, err
    assert json.loads((tmp_path / "out.scryfall").read_text(encoding="utf-8"))[0]["name"] == "Bad \ud800 Name"
    assert "name: Bad \ufffd Name" in (tmp_path / "out.yaml").read_text(encoding="utf-8")
