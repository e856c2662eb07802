"""--statistics: one line per code with its count, most frequent first."""

from __future__ import annotations

import json
from collections import Counter
from typing import Iterable, TextIO

from linter.diagnostics import SEVERITIES, Diagnostic
from linter.reporters.style import paint


def statistics(diagnostics: Iterable[Diagnostic]) -> list[dict]:
    """Per code: count, name, severity and how many are safely fixable.

    A code whose findings have different severities (a check that makes some of its
    findings notes, a configuration that raises some) says "mixed", and ``severities``
    gives the count of each."""
    counts: Counter = Counter()
    fixable: Counter = Counter()
    severities: dict[str, Counter] = {}
    first: dict[str, Diagnostic] = {}
    for d in diagnostics:
        counts[d.code] += 1
        severities.setdefault(d.code, Counter())[d.severity] += 1
        first.setdefault(d.code, d)
        if d.fix is not None and d.fix.safe:
            fixable[d.code] += 1
    rows = []
    for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        d = first[code]
        row = {"code": code, "name": d.name, "severity": d.severity, "count": n, "fixable": fixable[code]}
        if len(severities[code]) > 1:
            row["severity"] = "mixed"
            row["severities"] = {s: severities[code][s] for s in SEVERITIES if severities[code][s]}
        rows.append(row)
    return rows


def format_statistics(rows: list[dict], color: bool = False) -> list[str]:
    if not rows:
        return []
    wn = max(len(str(r["count"])) for r in rows)
    wc = max(len(r["code"]) for r in rows)
    ws = max(len(r["severity"]) for r in rows)
    out = []
    for r in rows:
        fix = " [*]" if r["fixable"] else ""
        mixed = ""
        if "severities" in r:
            mixed = " (" + ", ".join(f"{n} {s}" for s, n in r["severities"].items()) + ")"
        out.append(f"{paint(str(r['count']).rjust(wn), 'count', color)}  "
                   f"{paint(r['code'].ljust(wc), r['severity'], color)}  "
                   f"{paint(r['severity'].ljust(ws), r['severity'], color)}  {r['name']}{mixed}{fix}")
    return out


def write_statistics(diagnostics: Iterable[Diagnostic], stream: TextIO, fmt: str = "text",
                     color: bool = False) -> None:
    rows = statistics(diagnostics)
    if fmt == "json":
        json.dump(rows, stream, indent=2)
        stream.write("\n")
        return
    for line in format_statistics(rows, color):
        stream.write(line + "\n")
