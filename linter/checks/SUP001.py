"""SUP001: an inline suppression that does not parse."""

from __future__ import annotations

from linter.checks.base import Check


class MalformedSuppression(Check):
    """A suppression directive on a card that oraclelint cannot read.

    ## What it does
    Reports an ``oraclelint:`` directive in a card's entry (a YAML or XML
    comment, a notes field) that is not of the form
    ``oraclelint: ignore[CODE, ...]``, and an ``oraclelint-ignore`` field
    whose value is not a list of check codes. The suppression pass of the
    engine finds these; this check has nothing to do on its own.

    ## Why is this bad?
    A directive that does not parse suppresses nothing, so the author
    believes a finding is accepted while it keeps being reported, or, worse,
    believes a card was reviewed when the directive was never read.

    ## Example
    A YAML card whose comment lacks the brackets::

        name: Ember Scout
        # oraclelint: ignore RUL002
        type_line: Sorcery

    ## Use instead
    List the codes in square brackets, separated by commas::

        name: Ember Scout
        # oraclelint: ignore[RUL002]
        type_line: Sorcery

    ## Fix safety
    No automatic fix: only the author knows which codes were meant.
    """

    code = "SUP001"
    name = "malformed-suppression"
    category = "format"
    severity = "error"
    # Suppressions are this tool's own syntax, not a rule of the game: cite the
    # rule that lists the parts of a card, as the other format checks do.
    rules = ("200.1",)
    message = "malformed suppression {text!r}: write 'oraclelint: ignore[CODE, ...]'"
    field_message = "malformed suppression {text!r}: the field takes a list of check codes such as [RUL002, SYM001]"
    needs_parse = False
