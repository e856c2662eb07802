"""The pipeline in one place: files -> cards -> nlp.pipe -> checks -> filter -> report."""

from __future__ import annotations

import contextlib
import gc
import traceback
from dataclasses import dataclass, field
from typing import Iterable

from linter import parallel, readers, suppress
from linter.baseline import Baseline
from linter.checks.base import Check, Hit, all_checks, one_finding_per_defect
from linter.config import Config, reset_active
from linter.diagnostics import Diagnostic
from linter.model import Card
from linter.readers.base import ReadResult
from linter.selection import Selection

UNREADABLE = "FMT001"
MALFORMED_ENTRY = "FMT002"


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

    def exit_code(self) -> int:
        if self.unreadable or self.internal_errors:
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
    if workers > 1:
        found = parallel.lint_in_workers(report.cards, selection, workers, report.internal_errors)
    else:
        found = lint_cards(report.cards, selection=selection, errors=report.internal_errors)
    report.diagnostics.extend(found)
    if config is not None and read_here:
        report.diagnostics.extend(lint_declared_reminders(config, selection, report.internal_errors))
    report.diagnostics = filter_findings(report, selection, config, baseline)
    report.diagnostics.sort(key=Diagnostic.sort_key)
    return report


@contextlib.contextmanager
def gc_paused():
    """Pause the cyclic garbage collector for one run.

    A run builds tens of thousands of long-lived card, face and ability
    objects and frees them together at the end; the collector's repeated
    scans of that growing heap cost more than a third of the parse time and
    find nothing to free.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


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


def lint_declared_reminders(config: Config, selection: Selection, errors: list[str]) -> list[Diagnostic]:
    """The wording and symbol checks on the reminder texts the configuration declares
    (reported in the configuration file; no fix is offered there)."""
    from linter.checks._declared import CODE_PREFIXES, declared_reminder_cards

    cards = declared_reminder_cards(config)
    codes = [c for c in all_checks() if c.startswith(CODE_PREFIXES) and selection.active(c)]
    if not cards or not codes:
        return []
    found = lint_cards(cards, selection=Selection(codes), errors=errors)
    for d in found:
        d.fix = None
    return found


def parse_cards(cards: list[Card]) -> None:
    """Run the NLP pipeline over every face of every card (sets ``face.parsed``)."""
    from linter import nlp  # spaCy is imported only when a run needs it

    with gc_paused():
        nlp.parse_faces((face, card) for card in cards for face in card.faces)


def active_checks(selection: Selection) -> list[Check]:
    return [cls() for code, cls in all_checks().items() if selection.active(code)]


def lint_cards(cards: list[Card], select=None, ignore=None, *, selection: Selection | None = None,
               errors: list[str] | None = None) -> list[Diagnostic]:
    """Parse the cards' rules text and run the active checks over them."""
    with gc_paused():
        return _lint_cards(cards, selection or Selection(select, ignore), errors)


def _lint_cards(cards: list[Card], selection: Selection, errors: list[str] | None) -> list[Diagnostic]:
    checks = active_checks(selection)
    if not cards or not checks:
        return []
    if any(getattr(c, "needs_parse", True) for c in checks):
        parse_cards([c for c in cards if any(f.parsed is None for f in c.faces)])
    errors = errors if errors is not None else []
    out: list[Diagnostic] = []
    card_checks = [c for c in checks if c.scope == "card"]
    set_checks = [c for c in checks if c.scope == "set"]
    for card in cards:
        for check in card_checks:
            if not check.applies_to(card):
                continue
            try:
                for hit in check.check_card(card):
                    out.append(resolve(check, card, hit))
            except Exception as exc:  # a bug in one check must not stop the run
                errors.append(_internal_error(check, card, exc))
    if set_checks:
        by_file: dict[str, list[Card]] = {}
        for card in cards:
            by_file.setdefault(card.source.path if card.source else "", []).append(card)
        for file_cards in by_file.values():
            for check in set_checks:
                group = [c for c in file_cards if check.applies_to(c)]
                if not group:
                    continue
                try:
                    for card, hit in check.check_set(group):
                        out.append(resolve(check, card, hit))
                except Exception as exc:
                    errors.append(_internal_error(check, group[0], exc))
    return one_finding_per_defect(out)


def resolve(check: Check, card: Card, hit: Hit) -> Diagnostic:
    """Turn a check's hit into a diagnostic with a line and column in the source file."""
    loc = card.field_loc(hit.face, hit.field)
    line = column = end_line = end_column = 1
    if loc is not None:
        start = hit.start or 0
        line, column = loc.position(start)
        if hit.end is not None and hit.end > start:
            # the end is one past the last character of the span, so that markup or
            # escapes between the span and the next character are not covered
            end_line, end_column = loc.position(hit.end - 1)
            end_column += 1
        else:
            end_line, end_column = line, column
    face_name = None
    if hit.face is not None and 0 <= hit.face < len(card.faces):
        face_name = card.faces[hit.face].name
    return Diagnostic(
        code=check.code, name=check.name, category=check.category,
        severity=hit.severity or check.severity, message=hit.message,
        rules=tuple(hit.rules if hit.rules is not None else check.rules),
        path=card.source.path if card.source else "",
        line=line, column=column, end_line=end_line, end_column=end_column,
        card=card.name or face_name, face=hit.face, field=hit.field,
        start=hit.start, end=hit.end, fix=hit.fix, card_obj=card,
    )


def unreadable_diagnostic(result: ReadResult) -> Diagnostic:
    from linter.checks.FMT001 import UnreadableFile

    err = result.error
    assert err is not None
    line, col = err.line or 1, err.column or 1
    return Diagnostic(
        code=UnreadableFile.code, name=UnreadableFile.name, category=UnreadableFile.category,
        severity=UnreadableFile.severity,
        message=UnreadableFile.message.format(reason=err.reason),
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


def _internal_error(check: Check, card: Card, exc: Exception) -> str:
    where = card.source.path if card.source else "<string>"
    if card.loc is not None:
        line, col = card.loc.position(0)
        where = f"{where}:{line}:{col}"
    tb = traceback.extract_tb(exc.__traceback__)[-1]
    return (f"{where}: internal error in {check.code} on card {card.name!r}: "
            f"{type(exc).__name__}: {exc} ({tb.filename.rsplit('/', 1)[-1]}:{tb.lineno})")

