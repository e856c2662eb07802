"""Findings travel back from worker processes pickled: each comes back as it went."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from linter.diagnostics import Diagnostic, Edit, Fix


def _finding(**changes) -> Diagnostic:
    # every field a value of its own, so that one put in another's place shows
    values = {f.name: f"{f.name}-value" for f in dataclasses.fields(Diagnostic)}
    values.update(rules=("702.9", "201.5"), line=3, column=4, end_line=5, end_column=6, face=1, start=7, end=8,
                  fix=Fix("title", [Edit(1, 2, "x"), Edit(3, 3, "")], safe=False, face=0, field="oracle_text"),
                  card_obj={"a": "card"})
    values.update(changes)
    return Diagnostic(**values)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("changes", [{}, {"fix": None, "card_obj": None, "entry": None},
                                     {"fix": Fix("t", [], safe=True)}])
def test_a_pickled_finding_comes_back_field_for_field(protocol: int, changes: dict) -> None:
    d = _finding(**changes)
    back = pickle.loads(pickle.dumps([d, d], protocol))
    assert back[0] is back[1]  # one object, pickled once
    for f in dataclasses.fields(Diagnostic):
        assert getattr(back[0], f.name) == getattr(d, f.name), f.name
    assert type(back[0]) is Diagnostic
    if d.fix is not None:
        assert type(back[0].fix) is Fix and all(type(e) is Edit for e in back[0].fix.edits)


def test_a_copy_of_a_finding_shares_its_values_and_a_deep_copy_does_not() -> None:
    d = _finding()
    shallow, deep = copy.copy(d), copy.deepcopy(d)
    assert shallow == d and shallow is not d and shallow.fix is d.fix and shallow.card_obj is d.card_obj
    assert deep == d and deep.fix is not d.fix and deep.fix == d.fix and deep.card_obj == d.card_obj
