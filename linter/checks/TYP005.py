"""TYP005: a hyphen or another dash where the type line wants an em dash."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import type_lines
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card

EM_DASH = " — "


class TypeLineDash(Check):
    """A type line that separates types and subtypes with something other than " — ".

    ## What it does
    Notes a type line whose types and subtypes are separated by a hyphen
    ("Creature - Elf"), two or three hyphens, an en dash, or an em dash
    without spaces. Cockatrice card databases write " - " by convention: in
    Cockatrice XML a single spaced hyphen is accepted.

    ## Why is this bad?
    Subtypes are listed after a long dash (CR 205.3b), and Oracle text prints
    " — ". Tools that compare type lines with Oracle's, search them, or split
    them at the dash treat the other forms as different text.

    ## Example
    ```yaml
    name: Reef Stalker
    mana_cost: "{2}{U}"
    type_line: Creature - Shark
    ```

    ## Use instead
    ```yaml
    name: Reef Stalker
    mana_cost: "{2}{U}"
    type_line: Creature — Shark
    ```

    ## Fix safety
    Safe: the fix replaces the separator with " — ".
    """

    code = "TYP005"
    name = "type-line-dash-not-em-dash"
    category = "templating"
    severity = "info"
    rules = ("205.3b",)
    message = "types and subtypes are separated by {sep!r}; write ' — '"
    fixable = True
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        fmt = (card.source.format if card.source is not None else "").lower()
        for i, face, tl in type_lines(card):
            sep = tl.separator
            if sep is None or sep.text == EM_DASH:
                continue
            if sep.text == " - " and fmt.startswith("cockatrice"):
                continue
            fix = Fix("Replace with ' — '", [Edit(sep.start, sep.end, EM_DASH)], face=i, field="type_line")
            yield self.hit(face=i, field="type_line", start=sep.start, end=sep.end, fix=fix, sep=sep.text)
