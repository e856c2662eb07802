"""Reporters: each turns a finished report into output on a stream."""

from __future__ import annotations

from typing import TextIO

from linter.engine import Report


def write_report(report: Report, fmt: str, stream: TextIO, quiet: bool = False, color: bool = False) -> None:
    if fmt == "json":
        from linter.reporters.json import JsonReporter as cls
    else:
        from linter.reporters.text import TextReporter as cls
    cls(stream, quiet=quiet, color=color).write(report)
