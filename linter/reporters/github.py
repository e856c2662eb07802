"""GitHub Actions workflow commands: one annotation per finding."""

from __future__ import annotations

import os
from pathlib import Path

from linter.diagnostics import Diagnostic
from linter.engine import Report
from linter.reporters.base import Reporter
from linter.reporters.style import printable

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    """Text for a workflow command: its own escapes for "%", CR and LF (no line can start a
    command of its own), every other control character escaped as in the text format."""
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def display_path(path: str) -> str:
    """The path as given, or relative to the working folder when it lies under it
    (annotations need repository-relative paths)."""
    if not os.path.isabs(path):
        return Path(path).as_posix()
    try:
        return Path(path).relative_to(Path.cwd()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def annotation(d: Diagnostic) -> str:
    props = [f"file={escape_property(display_path(d.path))}", f"line={d.line}"]
    if d.end_line > d.line:
        # GitHub takes columns only for an annotation on a single line.
        props.append(f"endLine={d.end_line}")
    else:
        end_column = d.end_column if d.end_line == d.line and d.end_column >= d.column else d.column
        props += [f"col={d.column}", f"endLine={d.line}", f"endColumn={end_column}"]
    props.append(f"title={escape_property(f'{d.code} {d.name}')}")
    refs = f" [CR {', '.join(d.rules)}]" if d.rules else ""
    card = f" ({d.card})" if d.card else ""
    # in an archive the line and column are the entry's: the message says which entry
    entry = f"{d.entry}:{d.line}:{d.column}: " if d.entry else ""
    return f"::{COMMANDS.get(d.severity, 'warning')} {','.join(props)}::{escape_data(entry + d.message + refs + card)}"


class GithubReporter(Reporter):
    def handle(self, d: Diagnostic) -> None:
        if self.quiet and d.severity == "info":
            return
        self.stream.write(annotation(d) + "\n")

    def stop(self, report: Report) -> None:
        for err in report.internal_errors:
            self.stream.write(f"::error title=oraclelint internal error::{escape_data(err)}\n")
