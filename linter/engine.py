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
INTERNAL_ERROR = "FMT003"


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
        results = read_paths(paths, config)
    for result in results:
        if result.skipped:
            report.passed_over.append(result.path)
            continue
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

    cards = declared_reminder_cards(config)
    codes = [c for c in all_checks() if c.startswith(CODE_PREFIXES) and selection.active(c)]
    if not cards or not codes:
        return []
    found = lint_cards(cards, selection=Selection(codes), errors=errors)
    for d in found:
        d.fix = None
    return found


#: faces parsed in one ``nlp.pipe`` batch
PARSE_BATCH = 256


def parse_cards(cards: list[Card]) -> list[tuple[Card, int, Exception]]:
    """Run the NLP pipeline over every face of every card (sets ``face.parsed``).

    A face whose parse raises keeps ``parsed = None`` and is returned as
    (card, face index, exception); every other face is parsed.  After a
    failure the batch it happened in is parsed again one face at a time to
    find the face, and the rest goes on in batches.
    """
    from linter import nlp  # spaCy is imported only when a run needs it

    failed: list[tuple[Card, int, Exception]] = []
    pending = [(face, card, i) for card in cards for i, face in enumerate(card.faces)]
    with gc_paused():
        while pending:
            try:
                nlp.parse_faces(((face, card) for face, card, _i in pending), batch_size=PARSE_BATCH)
                break
            except Exception:
                rest = [item for item in pending if item[0].parsed is None]
                suspects, pending = rest[:PARSE_BATCH], rest[PARSE_BATCH:]
                for face, card, i in suspects:
                    try:
                        nlp.parse_faces([(face, card)], batch_size=1)
                    except Exception as exc:  # one face's text must not stop the run
                        face.parsed = None
                        failed.append((card, i, exc))
    return failed


def active_checks(selection: Selection) -> list[Check]:
    return [cls() for code, cls in all_checks().items() if selection.active(code)]


def lint_cards(cards: list[Card], select=None, ignore=None, *, selection: Selection | None = None,
               errors: list[Diagnostic] | None = None) -> list[Diagnostic]:
    """Parse the cards' rules text and run the active checks over them.

    A parse or a check that raises on a card becomes one FMT003 diagnostic
    for that card in ``errors`` (not in the returned findings); the other
    checks of the card, and every other card, are still checked.
    """
    with gc_paused():
        return _lint_cards(cards, selection or Selection(select, ignore), errors)


def _lint_cards(cards: list[Card], selection: Selection, errors: list[Diagnostic] | None) -> list[Diagnostic]:
    checks = active_checks(selection)
    if not cards or not checks:
        return []
    errors = errors if errors is not None else []
    unparsed: set[int] = set()  # ids of cards with a face whose parse failed
    if any(getattr(c, "needs_parse", True) for c in checks):
        for card, face, exc in parse_cards([c for c in cards if any(f.parsed is None for f in c.faces)]):
            unparsed.add(id(card))
            errors.append(internal_error(card, exc, "the parse of its rules text", face=face))
    out: list[Diagnostic] = []
    card_checks = [c for c in checks if c.scope == "card"]
    set_checks = [c for c in checks if c.scope == "set"]
    for card in cards:
        parsed = id(card) not in unparsed
        for check in card_checks:
            if not check.applies_to(card) or (not parsed and getattr(check, "needs_parse", True)):
                continue
            try:
                for hit in check.check_card(card):
                    out.append(resolve(check, card, hit))
            except Exception as exc:  # a bug in one check must not stop the run
                errors.append(internal_error(card, exc, check.code))
    if set_checks:
        by_file: dict[str, list[Card]] = {}
        for card in cards:
            by_file.setdefault(card.source.path if card.source else "", []).append(card)
        for file_cards in by_file.values():
            for check in set_checks:
                group = [c for c in file_cards if check.applies_to(c)
                         and (id(c) not in unparsed or not getattr(check, "needs_parse", True))]
                if not group:
                    continue
                try:
                    for card, hit in check.check_set(group):
                        out.append(resolve(check, card, hit))
                except Exception as exc:
                    errors.append(internal_error(group[0], exc, f"{check.code} (a check of the whole file)"))
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
        entry=card.source.entry if card.source else None,
    )


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


def describe_exception(exc: BaseException, limit: int = 300) -> str:
    """"KeyError: 'x' (ABL003.py:42)": the type, the message on one line, where it was raised."""
    text = " ".join(str(exc).split())
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    out = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        out += f" ({last.filename.replace(chr(92), '/').rsplit('/', 1)[-1]}:{last.lineno})"
    return out


def internal_error(card: Card, exc: BaseException, what: str, face: int | None = None) -> Diagnostic:
    """The FMT003 finding of a card that ``what`` (a check's code, or the parse) failed on."""
    from linter.checks.FMT003 import CardNotChecked as check

    field = "oracle_text" if face is not None else None
    hit = Hit(check.message.format(what=what, error=describe_exception(exc)), face=face, field=field,
              start=0 if face is not None else None)
    d = resolve(check, card, hit)
    if face is None and card.loc is not None:  # the card as a whole: where its entry starts
        d.line, d.column = card.loc.position(0)
        d.end_line, d.end_column = d.line, d.column
    return d

