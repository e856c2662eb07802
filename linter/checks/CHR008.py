"""CHR008: a defense on a face that is not a battle."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import effective_types, stated
from linter.checks._colors import describe_face
from linter.checks.base import Check, Hit
from linter.model import Card


class DefenseOnNonBattle(Check):
    """A defense number on a face whose type line names no battle.

    ## What it does
    Reports a face that gives a defense although it is not a battle. Faces
    whose type line holds an unknown word are left to the type-line checks.

    ## Why is this bad?
    Defense is a characteristic of battles (CR 310.4). On any other card it
    is a leftover, or a number in the wrong field (a planeswalker's loyalty).

    ## Example
    ```yaml
    name: Siege of the Ashen Gate
    mana_cost: "{2}{R}"
    type_line: Enchantment
    defense: "5"
    ```

    ## Use instead
    ```yaml
    name: Siege of the Ashen Gate
    mana_cost: "{2}{R}"
    type_line: Battle — Siege
    defense: "5"
    ```

    ## Fix safety
    No automatic fix: either the type line or the defense is wrong.
    """

    code = "CHR008"
    name = "defense-on-non-battle"
    category = "rules"
    severity = "warning"
    rules = ("310.4",)
    needs = ("field:defense",)
    message = "{which} is not a battle, but has a defense ({value})"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not stated(face.defense):
                continue  # none, or "NA": the file's word for "not applicable"
            kinds = effective_types(face)
            if not kinds or "Battle" in kinds:
                continue
            yield self.hit(face=i, field="defense", which=describe_face(face), value=face.defense)
