"""SARIF 2.1.0 for code scanning: the checks as rules, the findings as results."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from urllib.parse import quote

from linter import __version__
from linter.diagnostics import Diagnostic
from linter.engine import Report
from linter.reporters.base import Reporter
from linter.reporters.json import dumps_indented

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
# Where a reader finds the rules a check cites.
CR_URI = "https://magic.wizards.com/en/rules"


def information_uri() -> str | None:
    """The project's home page as the installed package's metadata gives it."""
    try:
        from importlib.metadata import PackageNotFoundError, metadata
    except ImportError:  # pragma: no cover
        return None
    try:
        meta = metadata("oraclelint")
    except PackageNotFoundError:
        return None
    for entry in meta.get_all("Project-URL") or ():
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository") and url.strip():
            return url.strip()
    home = meta.get("Home-page")
    return home if home and home != "UNKNOWN" else None


def rule_descriptor(cls) -> dict:
    """One check as a SARIF reportingDescriptor, documented from its docstring."""
    sections = cls.doc_sections()
    refs = ", ".join(cls.rules)
    what = sections.get("What it does") or cls.summary()
    help_text = cls.doc() + f"\n\nComprehensive Rules: {refs}."
    return {
        "id": cls.code,
        "name": cls.name,
        "shortDescription": {"text": cls.summary()},
        "fullDescription": {"text": " ".join(what.split())},
        "help": {"text": help_text, "markdown": _markdown(cls, refs)},
        "helpUri": CR_URI,
        "defaultConfiguration": {"level": LEVELS[cls.severity]},
        "properties": {
            "category": cls.category,
            "tags": ["oraclelint", cls.category],
            "cr-references": list(cls.rules),
            "fixable": bool(cls.fixable),
        },
    }


def _markdown(cls, refs: str) -> str:
    """The docstring with its ``::`` blocks as fenced code."""
    out: list[str] = [f"**{cls.code} {cls.name}**", ""]
    in_block = False
    for line in cls.doc().splitlines()[1:]:
        if in_block:
            if line.strip() and not line.startswith("    "):
                out.append("```")
                in_block = False
            else:
                out.append(line[4:] if line.startswith("    ") else line)
                continue
        if line.startswith("## "):
            out.append("### " + line[3:])
        elif line.rstrip().endswith("::"):
            out.append(line.rstrip()[:-1])
            out.append("```")
            in_block = True
        else:
            out.append(line)
    if in_block:
        while out and not out[-1].strip():
            out.pop()
        out.append("```")
    out += ["", f"Comprehensive Rules: {refs}."]
    return "\n".join(out).strip() + "\n"


def artifact_uri(path: str, base: Path | None = None) -> str:
    """A relative, forward-slash URI for a path under ``base`` (the working
    folder); an absolute file URI for one outside it."""
    return _artifact_uri(path, base, os.getcwd())


@functools.lru_cache(maxsize=1024)
def _artifact_uri(path: str, base: Path | None, cwd: str) -> str:
    """:func:`artifact_uri`, worked out once per path, base and working folder (``cwd``,
    what a relative path and the default base are taken from): a run's findings name a
    few files, and each finding asks."""
    base = base or Path(cwd)
    absolute = Path(os.path.abspath(path))
    try:
        rel = absolute.relative_to(base.absolute())
    except ValueError:
        return absolute.as_uri()
    # the name's own bytes, percent-encoded: a file name that is not UTF-8 stays the same file
    return quote(os.fsencode(rel.as_posix()), safe="/")


def result(d: Diagnostic, rule_index: dict[str, int], base: Path | None = None) -> dict:
    refs = f" [CR {', '.join(d.rules)}]" if d.rules else ""
    card = f" ({d.card})" if d.card else ""
    region = {"startLine": max(d.line, 1), "startColumn": max(d.column, 1)}
    end_line, end_column = d.end_line, d.end_column
    if (end_line, end_column) >= (d.line, d.column):
        region["endLine"] = max(end_line, 1)
        region["endColumn"] = max(end_column, 1)
    out: dict = {
        "ruleId": d.code,
        "level": LEVELS.get(d.severity, "warning"),
        "message": {"text": f"{d.message}{refs}{card}"},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": {"uri": artifact_uri(d.path, base)} if d.path else {"uri": "."},
                "region": region,
            },
        }],
        "properties": {"category": d.category, "cr-references": list(d.rules)},
    }
    if d.code in rule_index:
        out["ruleIndex"] = rule_index[d.code]
    if d.entry:
        # the region is in the archive's entry: said as the artifact's description, and in the
        # properties for tools that read them
        out["locations"][0]["physicalLocation"]["artifactLocation"]["description"] = {
            "text": f"entry {d.entry!r} of the archive"}
        out["properties"]["entry"] = d.entry
        out["message"]["text"] = f"{d.entry}:{d.line}:{d.column}: {out['message']['text']}"
    if d.card:
        out["properties"]["card"] = d.card
        out["locations"][0]["logicalLocations"] = [{"name": d.card, "kind": "object"}]
    if d.card_obj is not None or d.path:
        from linter.baseline import key_of

        key = key_of(d, base or Path.cwd())
        out["partialFingerprints"] = {
            "oraclelintFinding/v1": f"{key.path}|{key.card}|{key.face}|{key.field}|{key.code}|{key.text_hash}",
        }
    return out


def sarif_log(report: Report, base: Path | None = None) -> dict:
    from linter.checks.base import all_checks

    checks = all_checks()
    rules = [rule_descriptor(cls) for cls in checks.values()]
    index = {r["id"]: i for i, r in enumerate(rules)}
    driver: dict = {
        "name": "oraclelint",
        "version": __version__,
        "semanticVersion": __version__,
        "rules": rules,
    }
    uri = information_uri()
    if uri:
        driver["informationUri"] = uri
    try:
        from linter.tables import cr_edition

        driver["properties"] = {"cr-edition": cr_edition()}
    except Exception:  # the catalogue is optional for the output itself
        pass
    notes = [{"level": "error", "message": {"text": err}} for err in report.internal_errors]
    invocation: dict = {"executionSuccessful": not (report.internal_errors or report.crashed)}
    if notes:
        invocation["toolExecutionNotifications"] = notes
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "invocations": [invocation],
            "columnKind": "unicodeCodePoints",
            "results": [result(d, index, base) for d in report.diagnostics],
        }],
    }


class SarifReporter(Reporter):
    def write(self, report: Report) -> None:
        self.stream.write(dumps_indented(sarif_log(report)))
        self.stream.write("\n")
