"""One JSON object: the tool, the files, the diagnostics, the summary."""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any, Callable

from linter import __version__
from linter.diagnostics import Diagnostic, Fix
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
            "diagnostics": report.diagnostics,  # each written as its as_dict() (see _write)
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
    each scalar by the encoder's own function.  A :class:`Diagnostic` stands for
    its ``as_dict()``.  Anything else (a key that is no text, a value of another
    type, nesting too deep) is left to ``json.dumps``.
    """
    out: list[str] = []
    try:
        _write(obj, out, "\n", " " * indent)
    except (_NotPlain, RecursionError):
        return json.dumps(obj, ensure_ascii=False, indent=indent, default=_as_dict)
    return "".join(out)


def _as_dict(value: Any) -> Any:
    """``json.dumps``'s ``default``: a Diagnostic as its ``as_dict()``."""
    if isinstance(value, Diagnostic):
        return value.as_dict()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


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
    elif kind is Diagnostic:
        try:
            out.append(_diagnostic(value, newline, step))
        except (_NotPlain, TypeError):  # a value of a type the shape does not expect: written as any dict
            _write(value.as_dict(), out, newline, step)
    else:
        raise _NotPlain()


# A report's findings are most of it (thousands of them, each some forty pieces, nearly
# every one with a fix), all of one shape: each is written by one ``%`` template of its
# indentation.  Text goes in by the encoder's function (which takes text only: anything
# else raises TypeError), numbers by ``%d`` once their type is checked (a bool is no
# number here); a value of another type than the shape's raises _NotPlain or TypeError,
# and the finding is written from its as_dict() as any dict is.

_DIAGNOSTIC_KEYS = ("path", "entry", "line", "column", "end_line", "end_column", "code", "name", "category",
                    "severity", "message", "rules", "card", "face", "field", "fix")
_NUMBERS = frozenset({"line", "column", "end_line", "end_column"})
_FIX_KEYS = ("title", "safe", "face", "field", "edits")
_EDIT_KEYS = ("start", "end", "text")


def _dict_template(keys: tuple[str, ...], newline: str, step: str, numbers: frozenset = frozenset()) -> str:
    """The ``%`` template of a dict with these keys as _write writes it at ``newline``:
    ``%d`` for the keys in ``numbers``, ``%s`` (a value's JSON) for the others."""
    inner = newline + step
    return "{" + ",".join(inner + encode_basestring(key).replace("%", "%%") + (": %d" if key in numbers else ": %s")
                          for key in keys) + newline + "}"


#: (newline, step) -> the templates of a finding, its fix and an edit, and the line breaks
#: the items of its rules, of its fix's edits, and the edits' keys start on
_SHAPES: dict[tuple[str, str], tuple[str, str, str, str, str, str]] = {}


def _shape(newline: str, step: str) -> tuple[str, str, str, str, str, str]:
    shape = _SHAPES.get((newline, step))
    if shape is None:
        inner = newline + step  # the finding's keys, and where its fix opens
        fix_inner = inner + step  # the fix's keys, the rules' items, and where the edits open
        edit_at = fix_inner + step  # where each edit opens
        shape = _SHAPES[(newline, step)] = (
            _dict_template(_DIAGNOSTIC_KEYS, newline, step, _NUMBERS), _dict_template(_FIX_KEYS, inner, step),
            _dict_template(_EDIT_KEYS, edit_at, step, frozenset({"start", "end"})), inner, fix_inner, edit_at)
    return shape


def _diagnostic(d: Diagnostic, newline: str, step: str) -> str:
    """The JSON of ``d.as_dict()`` as :func:`_write` writes it at ``newline``."""
    template, fix_template, edit_template, inner, fix_inner, edit_at = _shape(newline, step)
    text = encode_basestring
    rules = d.rules
    if type(rules) is not tuple and type(rules) is not list:
        raise _NotPlain()
    rules_text = "[" + fix_inner + ("," + fix_inner).join([text(r) for r in rules]) + inner + "]" if rules else "[]"
    fix = d.fix
    if fix is None:
        fix_text = "null"
    elif type(fix) is Fix and type(fix.safe) is bool and type(fix.edits) is list \
            and (fix.face is None or type(fix.face) is int):
        edits = []
        for e in fix.edits:
            if type(e.start) is not int or type(e.end) is not int:
                raise _NotPlain()
            edits.append(edit_template % (e.start, e.end, text(e.text)))
        fix_text = fix_template % (
            text(fix.title), "true" if fix.safe else "false", "null" if fix.face is None else fix.face,
            "null" if fix.field is None else text(fix.field),
            "[" + edit_at + ("," + edit_at).join(edits) + fix_inner + "]" if edits else "[]")
    else:
        raise _NotPlain()
    face = d.face
    if not (type(d.line) is type(d.column) is type(d.end_line) is type(d.end_column) is int) \
            or (face is not None and type(face) is not int):
        raise _NotPlain()
    return template % (
        text(d.path), "null" if d.entry is None else text(d.entry), d.line, d.column, d.end_line, d.end_column,
        text(d.code), text(d.name), text(d.category), text(d.severity), text(d.message), rules_text,
        "null" if d.card is None else text(d.card), "null" if face is None else face,
        "null" if d.field is None else text(d.field), fix_text)
