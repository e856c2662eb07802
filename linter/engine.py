"""The pipeline in one place: files -> cards -> nlp.pipe -> checks -> filter -> report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from linter import parallel, readers, suppress
from linter.baseline import Baseline
from linter.config import Config, reset_active
from linter.diagnostics import Diagnostic
# the linting of cards lives in linter.lint (the workers use it too); its names stay here
from linter.lint import (  # noqa: F401
    INTERNAL_ERROR, MALFORMED_ENTRY, PARSE_BATCH, UNREADABLE, active_checks, describe_exception, gc_paused,
    internal_error, lint_cards, parse_cards, resolve,
)
from linter.model import Card
from linter.readers.base import ReadResult
from linter.selection import Selection


@dataclass
class FileEntry:
    path: str
    format: str
    cards: int
    error: str | None = None


@dataclass
class Report:
    files: list[FileEntry] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    baselined: int = 0  # findings left out because the baseline holds them

    @property
    def unreadable(self) -> int:
        return sum(1 for f in self.files if f.error)

    def count(self, severity: str) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)

    def summary(self) -> dict:
        return {
            "files": len(self.files),
            "cards": sum(f.cards for f in self.files),
            "error": self.count("error"),
            "warning": self.count("warning"),
            "info": self.count("info"),
        }

    @property
    def crashed(self) -> int:
        """Cards that oraclelint failed to parse or check (FMT003 findings)."""
        return sum(1 for d in self.diagnostics if d.code == INTERNAL_ERROR)

    def exit_code(self) -> int:
        if self.unreadable or self.internal_errors or self.crashed:
            return 2
        return 1 if (self.count("error") or self.count("warning")) else 0


def check_paths(paths: Iterable[str], select=None, ignore=None, *, config: Config | None = None,
                baseline: Baseline | None = None, results: list[ReadResult] | None = None,
                jobs: int | None = 1) -> Report:
    """Read every card file under ``paths``, lint the cards and collect the findings.

    ``results`` gives files already read instead (``paths`` is then not read):
    fixes check the files again as they edit them.  ``jobs`` is the number of
    worker processes (0 or None: one per core, where the run is large enough).
    """
    if config is not None:
        select, ignore = config.selection(select, ignore)
        config.install()
    try:
        with gc_paused():
            return _check_paths(paths, Selection(select, ignore), config, baseline, results, jobs)
    finally:
        if config is not None:
            reset_active()


def _check_paths(paths: Iterable[str], selection: Selection, config: Config | None,
                 baseline: Baseline | None, results: list[ReadResult] | None = None,
                 jobs: int | None = 1) -> Report:
    report = Report()
    read_here = results is None  # not a fix's second look at files it is editing
    if results is None:
        results = read_paths(paths)
    for result in results:
        report.files.append(FileEntry(result.path, result.format, len(result.cards),
                                      result.error.describe() if result.error else None))
        if result.error and selection.active(UNREADABLE):
            report.diagnostics.append(unreadable_diagnostic(result))
        if result.warnings and selection.active(MALFORMED_ENTRY):
            report.diagnostics.extend(entry_diagnostics(result))
        report.cards.extend(result.cards)
    workers = parallel.workers_for(jobs, len(report.cards))
    failures: list[Diagnostic] = []
    if workers > 1:
        found = parallel.lint_in_workers(report.cards, selection, workers, failures)
    else:
        found = lint_cards(report.cards, selection=selection, errors=failures)
    report.diagnostics.extend(found)
    if config is not None and read_here:
        report.diagnostics.extend(lint_declared_reminders(config, selection, failures))
    report.diagnostics = filter_findings(report, selection, config, baseline)
    # a card that was not checked is always reported: no selection, suppression or baseline hides it
    report.diagnostics.extend(failures)
    report.diagnostics.sort(key=Diagnostic.sort_key)
    return report


def filter_findings(report: Report, selection: Selection, config: Config | None = None,
                    baseline: Baseline | None = None) -> list[Diagnostic]:
    """The cards' own suppressions, then the configuration's ignores and severities, then the baseline."""
    out = suppress.apply(report.cards, report.diagnostics, selection)
    if config is not None:
        out = config.apply(out)
    if baseline is not None:
        out, report.baselined = baseline.filter(out)
    return out


def read_paths(paths: Iterable[str]) -> list[ReadResult]:
    files, missing = readers.discover(list(paths))
    return [readers.read_file(p) for p in files] + list(missing)


def lint_declared_reminders(config: Config, selection: Selection, errors: list[Diagnostic]) -> list[Diagnostic]:
    """The wording and symbol checks on the reminder texts the configuration declares
    (reported in the configuration file; no fix is offered there)."""
    from linter.checks._declared import CODE_PREFIXES, declared_reminder_cards
    from linter.checks.base import all_checks

    cards = declared_reminder_cards(config)
    codes = [c for c in all_checks() if c.startswith(CODE_PREFIXES) and selection.active(c)]
    if not cards or not codes:
        return []
    found = lint_cards(cards, selection=Selection(codes), errors=errors)
    for d in found:
        d.fix = None
    return found


def unreadable_diagnostic(result: ReadResult) -> Diagnostic:
    from linter.checks.FMT001 import UnreadableFile

    err = result.error
    assert err is not None
    line, col = err.line or 1, err.column or 1
    return Diagnostic(
        code=UnreadableFile.code, name=UnreadableFile.name, category=UnreadableFile.category,
        severity=UnreadableFile.severity,
        message=UnreadableFile.message.format(what=getattr(err, "what", "card file"), reason=err.reason),
        rules=UnreadableFile.rules, path=result.path, line=line, column=col,
        end_line=line, end_column=col,
    )


def entry_diagnostics(result: ReadResult) -> list[Diagnostic]:
    """What the reader passed over in a file it could read (FMT002)."""
    from linter.checks.FMT002 import MalformedCardEntry as check

    out = []
    for reason, line, col in result.warnings:
        line, col = line or 1, col or 1
        out.append(Diagnostic(
            code=check.code, name=check.name, category=check.category, severity=check.severity,
            message=check.message.format(reason=reason), rules=check.rules, path=result.path,
            line=line, column=col, end_line=line, end_column=col,
        ))
    return out
