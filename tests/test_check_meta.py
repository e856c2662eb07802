"""Every check is documented and has cases; every case file names a check.

A check that inspects cards (it implements ``check_card`` or ``check_set``)
must have ``tests/cases/<CODE>.yaml``, and with its docstring's examples at
least one card it flags and one it does not.  Checks whose findings the engine itself produces (an
unreadable file, a malformed suppression comment) have no card cases; they
are tested where the engine is.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from linter.checks.base import DOC_SECTIONS, Check, all_checks

from test_check_cases import CASES_DIR, DOC_CASES, parse_case_file

CHECKS = all_checks()
CR_NUMBER = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")


def inspects_cards(cls: type[Check]) -> bool:
    return cls.check_card is not Check.check_card or cls.check_set is not Check.check_set


CARD_CHECKS = {code: cls for code, cls in CHECKS.items() if inspects_cards(cls)}


def test_checks_are_registered():
    assert CARD_CHECKS, "no check that inspects cards is registered"


@pytest.mark.parametrize("code", sorted(CARD_CHECKS))
def test_check_has_cases_both_ways(code):
    path = CASES_DIR / f"{code}.yaml"
    assert path.is_file(), f"{code} has no case file tests/cases/{code}.yaml"
    file_code, cases, problems = parse_case_file(path)
    assert not problems, problems
    assert file_code == code
    cases = cases + [c for c in DOC_CASES if c.code == code]  # the docstring's examples run too
    assert any(c.flagged for c in cases), f"{code} has no case it must flag"
    assert any(not c.flagged for c in cases), f"{code} has no case it must leave alone"


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_check_is_documented(code):
    cls = CHECKS[code]
    sections = cls.doc_sections()
    for heading in DOC_SECTIONS:
        assert sections.get(heading), f"{code}: the docstring's '## {heading}' section is missing or empty"
    assert cls.summary(), f"{code}: the docstring has no summary line"
    assert cls.message, f"{code}: no message template"
    assert cls.rules and all(CR_NUMBER.match(r) for r in cls.rules), f"{code}: CR numbers {cls.rules!r}"


@pytest.mark.parametrize("path", sorted(CASES_DIR.glob("*.yaml")), ids=lambda p: p.name)
def test_case_file_names_a_check(path: Path):
    code, _cases, _problems = parse_case_file(path)
    assert code in CHECKS, f"{path.name} names {code!r}, which is no registered check"
    assert inspects_cards(CHECKS[code]), f"{path.name}: {code} does not inspect cards, so cards cannot test it"


@pytest.mark.corpus
@pytest.mark.parametrize("code", sorted(CHECKS))
def test_cited_rules_exist_in_the_cr(code, cr_2026):
    """Every CR number a check cites is a rule of the edition the project cites."""
    text = cr_2026.read_text(encoding="utf-8-sig")
    numbers = set(re.findall(r"(?m)^(\d{3}(?:\.\d+[a-z]?)?)\.? ", text))
    missing = [r for r in CHECKS[code].rules if r not in numbers]
    assert not missing, f"{code} cites rules that the CR does not have: {missing}"
