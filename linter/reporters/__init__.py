"""Reporters: each turns a finished report into output on a stream."""

from __future__ import annotations

from typing import TextIO

from linter.engine import Report


def write_report(report: Report, fmt: str, stream: TextIO, quiet: bool = False, color: bool = False,
                 show_source: bool = False, show_fixes: bool = False) -> None:
    if fmt == "json":
        from linter.reporters.json import JsonReporter as cls
    elif fmt == "sarif":
        from linter.reporters.sarif import SarifReporter as cls
    elif fmt == "github":
        from linter.reporters.github import GithubReporter as cls
    else:
        from linter.reporters.text import TextReporter as cls
    reporter = cls(stream, quiet=quiet, color=color, show_source=show_source)
    reporter.show_fixes = show_fixes
    reporter.write(report)
