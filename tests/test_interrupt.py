"""Ctrl-C ends a run with exit status 130 and one line, no traceback, in one process and
with --jobs worker processes (the terminal sends SIGINT to every process of the run)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs process groups")

# The run is made to wait at a known place (after it told the test so) until the Ctrl-C.
DRIVER = textwrap.dedent("""
    import sys, time
    from linter import lint, parallel

    parallel.MIN_CARDS_PER_WORKER = 1
    where = sys.argv.pop(1)
    if where == "workers":
        real = parallel._lint_part

        def waiting(part):
            print("waiting", flush=True)
            time.sleep(60)
            return real(part)

        parallel._lint_part = waiting
    else:
        real = lint.parse_cards

        def waiting(cards):
            print("waiting", flush=True)
            time.sleep(60)
            return real(cards)

        lint.parse_cards = waiting
    from linter.cli import main
    main()
""")


@pytest.mark.parametrize("where, jobs", [("one-process", "1"), ("workers", "2")])
def test_ctrl_c_is_exit_130_and_one_line(tmp_path, where, jobs):
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("name: Ember Pup\ntype_line: Creature — Dog\noracle_text: Haste\n",
                                     encoding="utf-8")
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(driver), where, "check", "--jobs", jobs, str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("waiting"), line  # (two workers may write on one line)
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the whole process group
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert err == "oraclelint: interrupted\n"
    assert out.replace("waiting", "").strip() == ""  # no report of a run that did not finish
