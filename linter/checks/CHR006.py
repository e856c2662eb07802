"""CHR006: a loyalty on a face that is not a planeswalker."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import effective_types, stated
from linter.checks._colors import describe_face
from linter.checks.base import Check, Hit
from linter.model import Card


class LoyaltyOnNonPlaneswalker(Check):
    """A loyalty number on a face whose type line names no planeswalker.

    ## What it does
    Reports a face that gives a loyalty although it is not a planeswalker.
    Faces whose type line holds an unknown word are left to the type-line
    checks.

    ## Why is this bad?
    Loyalty is a characteristic only planeswalkers have (CR 306.5). On any
    other card it is a leftover, a number in the wrong field (a battle's
    defense, a creature's toughness), or the type line lost "Planeswalker".

    ## Example
    ```yaml
    name: Vessa, Tide Oracle
    mana_cost: "{2}{U}{U}"
    type_line: Legendary Creature — Human Wizard
    loyalty: "4"
    ```

    ## Use instead
    ```yaml
    name: Vessa, Tide Oracle
    mana_cost: "{2}{U}{U}"
    type_line: Legendary Planeswalker — Vessa
    loyalty: "4"
    ```

    ## Fix safety
    No automatic fix: either the type line or the loyalty is wrong.
    """

    code = "CHR006"
    name = "loyalty-on-non-planeswalker"
    category = "rules"
    severity = "warning"
    rules = ("306.5",)
    needs = ("field:loyalty",)
    message = "{which} is not a planeswalker, but has a loyalty ({value})"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not stated(face.loyalty):
                continue  # none, or "NA": the file's word for "not applicable"
            kinds = effective_types(face)
            if not kinds or "Planeswalker" in kinds:
                continue
            yield self.hit(face=i, field="loyalty", which=describe_face(face), value=face.loyalty)
