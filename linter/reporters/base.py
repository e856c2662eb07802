"""The reporter lifecycle: start, one call per diagnostic, stop."""

from __future__ import annotations

from typing import TextIO

from linter.diagnostics import Diagnostic
from linter.engine import Report


class Reporter:
    def __init__(self, stream: TextIO, quiet: bool = False, color: bool = False,
                 show_source: bool = False) -> None:
        self.stream, self.quiet, self.color = stream, quiet, color
        self.show_source = show_source
        self.show_fixes = False  # text: each finding's fix under it

    def write(self, report: Report) -> None:
        self.start(report)
        for d in report.diagnostics:
            self.handle(d)
        self.stop(report)

    def start(self, report: Report) -> None:
        pass

    def handle(self, diagnostic: Diagnostic) -> None:
        pass

    def stop(self, report: Report) -> None:
        pass
