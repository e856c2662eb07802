"""The pipeline in one place: files -> cards -> nlp.pipe -> checks -> filter -> report.

A file whose bytes and run settings are those of a run before is answered from
the results cache (:mod:`linter.cache`) when one is given: nothing of it is
read but its bytes.  The other files are read, their cards linted together
(:mod:`linter.lint`, in worker processes for a large run: :mod:`linter.parallel`),
and each file's findings have the file's own suppressions applied; then the
configuration's ignores and severities and the baseline are applied to every
finding, cached or fresh, in the same way.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from linter import readers
from linter.baseline import Baseline
from linter.config import Config, reset_active
from linter.diagnostics import Diagnostic
from linter.gcpause import gc_paused
from linter.model import Card
from linter.readers.base import ReadResult
from linter.selection import Selection

if TYPE_CHECKING:  # pragma: no cover
    from linter.cache import ResultCache

UNREADABLE = "FMT001"
MALFORMED_ENTRY = "FMT002"
INTERNAL_ERROR = "FMT003"

# The linting of cards lives in linter.lint (the workers use it too); its names are still
# found here, imported on first use: a run answered from the cache imports no check.
_FROM_LINT = ("PARSE_BATCH", "active_checks", "describe_exception", "internal_error", "lint_cards",
              "parse_cards", "resolve")


def __getattr__(name: str):
    if name in _FROM_LINT:
        from linter import lint

        return getattr(lint, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    passed_over: list[str] = field(default_factory=list)  # files a folder scan found that are no card files

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
            "passed_over": len(self.passed_over),
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
                jobs: int | None = 1, cache: "ResultCache | None" = None, keep_parse: bool = True,
                fixable_only: bool = False) -> Report:
    """Read every card file under ``paths``, lint the cards and collect the findings.

    ``results`` gives files already read instead (``paths`` is then not read):
    fixes check the files again as they edit them.  ``jobs`` is the number of
    worker processes (0 or None: one per core, where the run is large enough).
    With ``cache`` a file whose bytes are those of an earlier run with the same
    settings is answered from it, and each file checked is kept there (its
    fixes that cannot be applied taken off, as :func:`linter.fixes.drop_unfixable`
    does).  ``keep_parse`` False drops each card's parse once it is checked.
    ``fixable_only`` takes the fix off every finding whose fix cannot be applied
    (as :func:`linter.fixes.drop_unfixable` does), where its card is checked: in
    the worker process that checked it, for a run in several.
    """
    if config is not None:
        select, ignore = config.selection(select, ignore)
        config.install()
    try:
        with gc_paused():
            return _check_paths(paths, Selection(select, ignore), config, baseline, results, jobs, cache,
                                keep_parse, fixable_only)
    finally:
        if config is not None:
            reset_active()


@dataclass
class _File:
    """One file of the run: its entry in the report, its findings after its own
    suppressions, and the cards oraclelint failed on."""

    entry: FileEntry
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failures: list[Diagnostic] = field(default_factory=list)
    result: ReadResult | None = None  # read in this run (None: answered from the cache)
    digest: str | None = None  # of the bytes read, where the file can be kept in the cache


def _check_paths(paths: Iterable[str], selection: Selection, config: Config | None,
                 baseline: Baseline | None, results: list[ReadResult] | None = None,
                 jobs: int | None = 1, cache: "ResultCache | None" = None, keep_parse: bool = True,
                 fixable_only: bool = False) -> Report:
    report = Report()
    read_here = results is None  # not a fix's second look at files it is editing
    if not read_here:
        cache = None
    if results is None:
        files = _read(paths, cache, config, report.passed_over)
    else:
        files = [_File(_entry(r), result=r) for r in _not_passed_over(results, report.passed_over)]
    fresh = [f for f in files if f.result is not None]
    for f in fresh:
        report.cards.extend(f.result.cards)
    orphans: tuple[list[Diagnostic], list[Diagnostic]] = ([], [])  # findings of cards of no file
    if report.cards:
        problem = _oracle_problem(selection) if cache is not None else None
        failures: list[Diagnostic] = []
        found = _lint(report.cards, selection, jobs, failures, keep_parse, fixable_only)
        orphans = _by_file(fresh, found, failures)
        if cache is not None and _oracle_problem(selection) != problem:
            cache = None  # the Oracle index broke during the run: results not to keep
    if fresh:
        from linter import suppress
    for f in fresh:
        r = f.result
        pre: list[Diagnostic] = []
        if r.error and selection.active(UNREADABLE):
            pre.append(unreadable_diagnostic(r))
        if r.warnings and selection.active(MALFORMED_ENTRY):
            pre.extend(entry_diagnostics(r))
        f.diagnostics = suppress.apply(r.cards, pre + f.diagnostics, selection)
        if cache is not None and f.digest is not None and not f.failures:
            _keep(cache, f, fixable_only)
    diagnostics = [d for f in files for d in f.diagnostics] + orphans[0]
    failures = [d for f in files for d in f.failures] + orphans[1]
    if config is not None and read_here:
        declared, declared_failures = _declared_reminders(config, selection, cache)
        diagnostics.extend(declared)
        failures.extend(declared_failures)
    report.files = [f.entry for f in files]
    diagnostics.sort(key=Diagnostic.sort_key)
    if config is not None:
        diagnostics = config.apply(diagnostics)
    if baseline is not None:
        diagnostics, report.baselined = baseline.filter(diagnostics)
    # a card that was not checked is always reported: no selection, suppression or baseline hides it
    report.diagnostics = diagnostics + failures
    report.diagnostics.sort(key=Diagnostic.sort_key)
    return report


def _entry(r: ReadResult) -> FileEntry:
    return FileEntry(r.path, r.format, len(r.cards), r.error.describe() if r.error else None)


def _not_passed_over(results: Iterable[ReadResult], passed_over: list[str]) -> list[ReadResult]:
    """The results that are card files; the paths of the others (files a folder scan found
    that are no card files) go to ``passed_over``."""
    out = []
    for r in results:
        if r.skipped:
            passed_over.append(r.path)
        else:
            out.append(r)
    return out


def _read(paths: Iterable[str], cache: "ResultCache | None", config: Config | None,
          passed_over: list[str]) -> list[_File]:
    """The files under ``paths``, each answered from the cache or read; the paths of files
    a folder scan found that are no card files go to ``passed_over``."""
    if cache is None:
        return [_File(_entry(r), result=r) for r in _not_passed_over(read_paths(paths, config), passed_over)]
    from linter import cache as cached

    scanned: set[str] = set()
    options = config.scan_options() if config is not None else None
    found, missing = readers.discover(list(paths), options, scanned)
    out: list[_File] = []
    for p in found:
        raw = cached.file_bytes(p)
        if raw is None:  # not a regular file, too large, unreadable: the reader says why
            r = readers.read_file(p)
            digest = None
        else:
            digest = cached.digest(raw)
            entry = cache.get(os.path.abspath(p), digest, p)
            if entry is not None:
                out.append(_File(FileEntry(p, entry.format, entry.cards, entry.error), entry.diagnostics,
                                 entry.failures))
                continue
            r = readers.read_bytes(raw, p)
        if p in scanned:
            r.skipped = readers.passed_over(r)
            if r.skipped:
                passed_over.append(r.path)
                continue
        out.append(_File(_entry(r), result=r, digest=digest))
    out.extend(_File(_entry(r), result=r) for r in missing)
    return out


def _lint(cards: list[Card], selection: Selection, jobs: int | None, failures: list[Diagnostic],
          keep_parse: bool, fixable_only: bool) -> list[Diagnostic]:
    from linter import lint, parallel

    workers = parallel.workers_for(jobs, len(cards))
    if workers > 1:
        return parallel.lint_in_workers(cards, selection, workers, failures, fixable_only=fixable_only)
    found = lint.lint_cards(cards, selection=selection, errors=failures, keep_parse=keep_parse)
    if fixable_only:
        from linter.fixes import file_planners, take_off_unfixable

        take_off_unfixable(found, file_planners(cards))
    return found


def _by_file(files: list[_File], found: list[Diagnostic],
             failures: list[Diagnostic]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """Hand each file the findings and failures of its cards (in the order found); what
    belongs to no file is returned."""
    of_source = {}
    for f in files:
        for card in f.result.cards:
            if card.source is not None:
                of_source[id(card.source)] = f
    by_path = {f.entry.path: f for f in files}

    def owner(d: Diagnostic) -> _File | None:
        card = d.card_obj
        source = getattr(card, "source", None)
        return of_source.get(id(source)) if source is not None else by_path.get(d.path)

    rest: tuple[list[Diagnostic], list[Diagnostic]] = ([], [])
    for d in found:
        f = owner(d)
        (f.diagnostics if f is not None else rest[0]).append(d)
    for d in failures:
        f = owner(d)
        (f.failures if f is not None else rest[1]).append(d)
    return rest


def _oracle_problem(selection: Selection) -> str | None:
    """Why the Oracle index cannot be used now (for a run that selects an ORC check)."""
    from linter.checks import codes

    if not any(c.startswith("ORC") and selection.active(c) for c in codes()):
        return None
    from linter.checks import _oracle

    return _oracle.reference_problem()


def _keep(cache: "ResultCache", f: _File, fixes_checked: bool) -> None:
    """Keep a file's results in the cache, its fixes that cannot be applied taken off (here,
    unless ``fixes_checked``: they were as its cards were checked)."""
    from linter.cache import Entry

    if not fixes_checked:
        from linter.fixes import drop_unfixable

        drop_unfixable(Report(diagnostics=f.diagnostics, cards=f.result.cards))
    cache.put(os.path.abspath(f.entry.path), f.digest,
              Entry(f.entry.format, f.entry.cards, f.entry.error, f.diagnostics, f.failures))


def _declared_reminders(config: Config, selection: Selection,
                        cache: "ResultCache | None") -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The findings of the reminder texts the configuration declares, and the failures."""
    if config.path is None or not any(k.reminder for k in config.keywords):
        return [], []
    name = f"declared reminders\0{os.path.abspath(config.path)}\0{os.getcwd()}"
    if cache is not None:
        entry = cache.get(name, "", None)
        if entry is not None:
            return entry.diagnostics, entry.failures
    failures: list[Diagnostic] = []
    found = lint_declared_reminders(config, selection, failures)
    if cache is not None and not failures:
        from linter.cache import Entry

        cache.put(name, "", Entry("configuration", 0, None, found, failures))
    return found, failures


def filter_findings(report: Report, selection: Selection, config: Config | None = None,
                    baseline: Baseline | None = None) -> list[Diagnostic]:
    """The cards' own suppressions, then the configuration's ignores and severities, then the baseline."""
    from linter import suppress

    out = suppress.apply(report.cards, report.diagnostics, selection)
    if config is not None:
        out = config.apply(out)
    if baseline is not None:
        out, report.baselined = baseline.filter(out)
    return out


def read_paths(paths: Iterable[str], config: Config | None = None) -> list[ReadResult]:
    """Every file under ``paths`` read; a file a folder scan found that is no card file is
    marked ``skipped`` (passed over, counted, never an error)."""
    scanned: set[str] = set()
    options = config.scan_options() if config is not None else None
    files, missing = readers.discover(list(paths), options, scanned)
    out = []
    for p in files:
        result = readers.read_file(p)
        if p in scanned:
            result.skipped = readers.passed_over(result)
        out.append(result)
    return out + list(missing)


def lint_declared_reminders(config: Config, selection: Selection, errors: list[Diagnostic]) -> list[Diagnostic]:
    """The wording and symbol checks on the reminder texts the configuration declares
    (reported in the configuration file; no fix is offered there)."""
    from linter.checks._declared import CODE_PREFIXES, declared_reminder_cards
    from linter.checks.base import all_checks
    from linter.lint import lint_cards

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
        end_line=line, end_column=col, entry=result.source.entry if result.source else None,
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
            entry=result.source.entry if result.source else None,
        ))
    return out
