"""SUP002: an inline suppression that suppresses nothing."""

from __future__ import annotations

from linter.checks.base import Check


class UnusedSuppression(Check):
    """A suppression whose code reported nothing on the card.

    ## What it does
    Reports each code of an ``oraclelint: ignore[...]`` directive or an
    ``oraclelint-ignore`` field that matched no finding on its card during
    this run, and each code that is not a check code at all. A code whose
    check did not run (switched off with ``--select`` or ``--ignore``) is
    not reported. The suppression pass of the engine finds these; this
    check has nothing to do on its own.

    ## Why is this bad?
    A suppression outlives the defect it was written for: once the card is
    fixed, the stale directive would hide the same defect if it came back.
    A misspelt code suppresses nothing while looking as if it did.

    ## Example
    A card whose text no longer has the defect the comment accepted::

        name: Ember Scout
        # oraclelint: ignore[RUL002]
        type_line: Creature — Goblin Scout

    ## Use instead
    Remove the directive (or the code from its list)::

        name: Ember Scout
        type_line: Creature — Goblin Scout

    ## Fix safety
    No automatic fix yet: removing a directive is safe only on a full run
    with every check selected.
    """

    code = "SUP002"
    name = "unused-suppression"
    category = "format"
    severity = "info"
    rules = ("200.1",)
    message = "unused suppression: no {code} finding on this card"
    unknown_message = "suppression names {code}, which is not a check code"
    needs_parse = False
