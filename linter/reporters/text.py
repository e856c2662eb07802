"""Plain text: one line a finding, then a summary line."""

from __future__ import annotations

from linter.diagnostics import Diagnostic
from linter.engine import Report
from linter.reporters.base import Reporter
from linter.reporters.snippet import snippet
from linter.reporters.style import paint, printable


def format_line(d: Diagnostic, color: bool = False) -> str:
    """One finding on one line; what comes from the files (path, message, card name) with its
    control characters escaped."""
    rules = f" [CR {', '.join(d.rules)}]" if d.rules else ""
    card = f" ({printable(d.card)})" if d.card else ""
    fix = " [*]" if d.fix is not None and d.fix.safe else ""
    entry = f":{printable(d.entry)}" if d.entry else ""
    return (f"{paint(printable(d.path), 'path', color)}{entry}:{d.line}:{d.column}: {paint(d.code, d.severity, color)} "
            f"{paint(d.severity, d.severity, color)}: {printable(d.message)}{paint(rules, 'rules', color)}"
            f"{paint(card, 'card', color)}{paint(fix, 'fix', color)}")


class TextReporter(Reporter):
    def handle(self, d: Diagnostic) -> None:
        if self.quiet and d.severity == "info":
            return
        self.stream.write(format_line(d, self.color) + "\n")
        if self.show_source:
            for line in snippet(d, self.color):
                self.stream.write(line + "\n")
        if self.show_fixes and d.fix is not None:
            kind = "safe fix" if d.fix.safe else "unsafe fix (--unsafe-fixes)"
            self.stream.write(f"  = {paint(kind, 'fix', self.color)}: {printable(d.fix.title)}\n")

    def stop(self, report: Report) -> None:
        for err in report.internal_errors:
            self.stream.write(printable(err) + "\n")
        s = report.summary()
        if self.quiet and not (s["error"] or s["warning"] or report.unreadable):
            return
        problems = s["error"] + s["warning"] + s["info"]
        files = f"{s['files']} file" + ("" if s["files"] == 1 else "s")
        cards = f"{s['cards']} card" + ("" if s["cards"] == 1 else "s")
        parts = f"{s['error']} error(s), {s['warning']} warning(s), {s['info']} info"
        unread = f"; {report.unreadable} file(s) could not be read" if report.unreadable else ""
        if report.passed_over:
            n = len(report.passed_over)
            unread += f"; {n} file{'' if n == 1 else 's'} passed over (not card files)"
        if report.baselined:
            unread += f"; {report.baselined} known finding(s) in the baseline not shown"
        fixable = sum(1 for d in report.diagnostics if d.fix is not None and d.fix.safe)
        fixes = f"; {fixable} fixable with --fix ([*])" if fixable else ""
        if problems:
            self.stream.write(f"Found {problems} problem(s) ({parts}) in {files}, {cards}{unread}{fixes}.\n")
        else:
            self.stream.write(f"All clear: {files}, {cards} checked{unread}.\n")
