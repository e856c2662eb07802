"""FMT003: a card that could not be checked because oraclelint itself failed on it."""

from __future__ import annotations

from linter.checks.base import Check


class CardNotChecked(Check):
    """A card that oraclelint could not parse or check: an internal error.

    ## What it does
    Reports a card on which the parse of its rules text, or one check, raised
    an error inside oraclelint. The message names the card, the check (or the
    parse), the kind of error and its message, and the place in oraclelint's
    code where it happened. Every other check of the card still runs (after a
    failed parse, every check that does not need the parse), and every other
    card and file is checked as usual; the run exits with status 2. The
    finding is always reported, whatever ``--select`` or ``--ignore`` say.

    ## Why is this bad?
    What was not checked may hold any defect (CR 200.1: every part of a card
    is text to be checked), and a bug in the linter must not pass silently as
    "All clear" nor stop the rest of the run.

    ## Example
    A rules text that trips over a bug in one check::

        cards.yaml:3:1: FMT003 error: internal error: TPL005 failed on this card:
        IndexError: list index out of range (TPL005.py:88) [CR 200.1] (Ember Scout)

    ## Use instead
    Nothing in the card needs to change: report the message (it names where
    oraclelint failed) so that the check can be fixed. Until then the card's
    other findings are still reported.

    ## Fix safety
    No automatic fix: the card may be correct.
    """

    code = "FMT003"
    name = "card-could-not-be-checked"
    category = "format"
    severity = "error"
    rules = ("200.1",)
    message = "internal error: {what} failed on this card: {error}"
    needs_parse = False
