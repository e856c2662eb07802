"""TYP002: subtypes written without the dash in front of them."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import type_lines
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


class SubtypesWithoutDash(Check):
    """Subtypes that follow the card types with no dash between them.

    ## What it does
    Reports a type line without a dash whose words after the card types are
    known subtypes ("Creature Human Soldier"), and offers to put the dash in.

    ## Why is this bad?
    Subtypes are listed after a long dash (CR 205.3b). Without it a reader,
    and every tool that splits the type line at the dash, takes "Human" for a
    card type that does not exist and the card for one without subtypes: it
    is no Human for "Humans you control get +1/+1".

    ## Example
    ```yaml
    name: Harbor Lookout
    mana_cost: "{1}{U}"
    type_line: Creature Merfolk Scout
    ```

    ## Use instead
    ```yaml
    name: Harbor Lookout
    mana_cost: "{1}{U}"
    type_line: Creature — Merfolk Scout
    ```

    ## Fix safety
    Safe: the fix inserts " — " in front of the first subtype.
    """

    code = "TYP002"
    name = "subtypes-without-dash"
    category = "rules"
    severity = "warning"
    rules = ("205.3b",)
    message = "no dash between the types and the subtypes {subtypes!r}"
    fixable = True
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face, tl in type_lines(card):
            if not tl.dashless or not tl.head:
                continue
            last, first = tl.head[-1], tl.subtypes[0]
            fix = Fix("Insert a dash before the subtypes", [Edit(last.end, first.start, " — ")],
                      face=i, field="type_line")
            yield self.hit(face=i, field="type_line", start=first.start, end=tl.subtypes[-1].end,
                           fix=fix, subtypes=" ".join(w.text for w in tl.subtypes))
