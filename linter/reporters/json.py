"""One JSON object: the tool, the files, the diagnostics, the summary."""

from __future__ import annotations

import json

from linter import __version__
from linter.engine import Report
from linter.reporters.base import Reporter


def tool_info() -> dict:
    from linter.tables import cr_edition

    return {"name": "oraclelint", "version": __version__, "cr_edition": cr_edition()}


class JsonReporter(Reporter):
    def write(self, report: Report) -> None:
        obj = {
            "tool": tool_info(),
            "files": [
                {"path": f.path, "format": f.format, "cards": f.cards, "error": f.error}
                for f in report.files
            ],
            "passed_over": list(report.passed_over),
            "diagnostics": [d.as_dict() for d in report.diagnostics],
            "summary": report.summary(),
        }
        if report.internal_errors:
            obj["internal_errors"] = report.internal_errors
        # made whole, then written once: a large report is a million pieces
        self.stream.write(json.dumps(obj, ensure_ascii=False, indent=2))
        self.stream.write("\n")
