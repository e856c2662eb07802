"""One JSON object: the tool, the files, the diagnostics, the summary."""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any, Callable

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
        self.stream.write(dumps_indented(obj))
        self.stream.write("\n")


def dumps_indented(obj: Any, indent: int = 2) -> str:
    """``json.dumps(obj, ensure_ascii=False, indent=indent)``, the same text written faster.

    With an indent, the standard library encodes in Python, a generator per
    container; a report is plain data (dicts with text keys, lists, text,
    numbers, booleans, None), which this writes with one loop per container,
    each scalar by the encoder's own function.  Anything else (a key that is no
    text, a value of another type, nesting too deep) is left to ``json.dumps``.
    """
    out: list[str] = []
    try:
        _write(obj, out, "\n", " " * indent)
    except (_NotPlain, RecursionError):
        return json.dumps(obj, ensure_ascii=False, indent=indent)
    return "".join(out)


class _NotPlain(Exception):
    """A value :func:`dumps_indented` leaves to ``json.dumps``."""


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


#: how ``json.dumps`` writes a scalar of each type (subclasses are left to it)
_SCALARS: dict[type, Callable[[Any], str]] = {
    str: encode_basestring, int: int.__repr__, float: _float,
    bool: lambda value: "true" if value else "false", type(None): lambda _value: "null",
}


def _write(value: Any, out: list[str], newline: str, step: str) -> None:
    """Append the indented JSON of ``value`` to ``out``; ``newline`` is a line break and
    the indent of the line the value starts on."""
    scalar = _SCALARS.get(type(value))
    if scalar is not None:
        out.append(scalar(value))
        return
    kind = type(value)
    if kind is dict:
        if not value:
            out.append("{}")
            return
        inner = newline + step
        before = "{" + inner
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlain()
            scalar = _SCALARS.get(type(item))
            if scalar is not None:
                out.append(before + encode_basestring(key) + ": " + scalar(item))
            else:
                out.append(before + encode_basestring(key) + ": ")
                _write(item, out, inner, step)
            before = "," + inner
        out.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = newline + step
        before = "[" + inner
        for item in value:
            scalar = _SCALARS.get(type(item))
            if scalar is not None:
                out.append(before + scalar(item))
            else:
                out.append(before)
                _write(item, out, inner, step)
            before = "," + inner
        out.append(newline + "]")
    else:
        raise _NotPlain()
