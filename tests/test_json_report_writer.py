"""The JSON report writes each finding by the template of its shape: the text is that
of ``json.dumps`` on the finding's ``as_dict()``, whatever the values' types."""

from __future__ import annotations

import json

import pytest

from linter.diagnostics import Diagnostic, Edit, Fix
from linter.reporters import json as json_reporter
from linter.reporters.json import dumps_indented


class _Text(str):
    pass


class _Number(int):
    pass


def _finding(**changes) -> Diagnostic:
    values = dict(code="TPL003", name="old-wording", category="templating", severity="warning",
                  message='Say "this creature" — 100% of the time\n\\ é \u2028', rules=("702.9", "201.5"),
                  path="sets/cards.json", line=12, column=7, end_line=12, end_column=19, card="Vale // Ridge",
                  face=1, field="oracle_text", start=4, end=16,
                  fix=Fix("Use the current wording", [Edit(4, 16, "this creature"), Edit(20, 20, "’")],
                          safe=True, face=1, field="oracle_text"))
    values.update(changes)
    return Diagnostic(**values)


#: the changes to the usual finding of each case (made anew for each test: one holds a generator)
_CASES = [
    lambda: {},
    lambda: dict(fix=None, face=None, field=None, card=None, start=None, end=None),
    lambda: dict(entry="set", rules=(), fix=Fix("Drop it", [], safe=False)),
    lambda: dict(rules=["702.9"], fix=Fix("x", [Edit(0, 1, "")], face=None, field=None)),
    lambda: dict(message=_Text("a text of a subclass"), path=_Text("p.json")),
    # values of other types than the shape's: written as json.dumps writes them
    lambda: dict(line=True), lambda: dict(column=3.0), lambda: dict(end_line=_Number(4)), lambda: dict(face=False),
    lambda: dict(rules=(rule for rule in ["702.9"])), lambda: dict(rules=("702.9", 5)), lambda: dict(card=7),
    lambda: dict(fix=Fix("x", [Edit(True, 2, "y")])), lambda: dict(fix=Fix("x", [Edit(0, 2, None)])),
    lambda: dict(fix=Fix("x", (Edit(0, 2, "y"),))), lambda: dict(fix=Fix("x", [], safe=1)),
    lambda: dict(fix=Fix(3, [])),
]
#: the cases the template does not write (the finding is written from its as_dict())
_OTHER_TYPES = range(5, len(_CASES))


def _plain(value):
    if isinstance(value, Diagnostic):
        return value.as_dict()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@pytest.mark.parametrize("k", range(len(_CASES)))
@pytest.mark.parametrize("indent", [2, 4, 0])
def test_a_finding_is_written_as_json_dumps_writes_its_dict(k: int, indent: int) -> None:
    report = {"files": [{"path": "p.json"}], "diagnostics": [_finding(**_CASES[k]()), _finding()],
              "summary": {"files": 1}}
    plain = _plain({**report, "diagnostics": [_finding(**_CASES[k]()), _finding()]})
    assert dumps_indented(report, indent) == json.dumps(plain, ensure_ascii=False, indent=indent)


def test_the_usual_finding_is_written_by_its_template() -> None:
    # the template, not the fallback to as_dict(), wrote the usual finding
    d = _finding()
    assert json_reporter._diagnostic(d, "\n  ", "  ") == json.dumps(d.as_dict(), ensure_ascii=False, indent=2) \
        .replace("\n", "\n  ")
    for k in _OTHER_TYPES:
        with pytest.raises((json_reporter._NotPlain, TypeError)):
            json_reporter._diagnostic(_finding(**_CASES[k]()), "\n", "  ")


def test_a_finding_beside_a_value_json_dumps_must_write_is_written_too() -> None:
    # a key that is no text sends the whole report to json.dumps, findings included
    report = {"diagnostics": [_finding()], 1: "one"}
    assert dumps_indented(report) == json.dumps(_plain(report), ensure_ascii=False, indent=2)


class _Finding(Diagnostic):
    __slots__ = ()


def test_a_finding_of_a_subclass_is_written_from_its_dict() -> None:
    d = _Finding(**{f: getattr(_finding(), f) for f in Diagnostic.__slots__})
    report = {"diagnostics": [d, _finding()]}
    assert dumps_indented(report) == json.dumps(_plain(report), ensure_ascii=False, indent=2)
