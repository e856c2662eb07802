"""ABL003: a chapter ability on a face that is not a Saga."""

from __future__ import annotations

from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Card


class ChapterAbilityOutsideSaga(Check):
    """A chapter ability ("I —", "II, III —") on a face that is not a Saga.

    ## What it does
    Reports each chapter ability of a face's rules text when the face's type
    line does not carry the Saga subtype.

    ## Why is this bad?
    A chapter symbol is a triggered ability that looks at lore counters
    being put on "this Saga" (CR 714.2, 714.2b). Only a Saga gets a lore
    counter as it enters and at each precombat main phase (CR 714.3a,
    714.3c), so on anything else the chapters never trigger. The type line
    most likely lost its "— Saga".

    ## Example
    ```yaml
    name: Ballad of the Drowned Bell
    mana_cost: "{1}{U}"
    type_line: Enchantment
    oracle_text: "I — Draw a card.\\nII — Scry 2."
    ```

    ## Use instead
    ```yaml
    name: Ballad of the Drowned Bell
    mana_cost: "{1}{U}"
    type_line: Enchantment — Saga
    oracle_text: "(As this Saga enters and after your draw step, add a lore counter.)\\nI — Draw a card.\\nII — Scry 2."
    ```

    ## Fix safety
    No automatic fix: the designer decides whether the card is a Saga.
    """

    code = "ABL003"
    name = "chapter-ability-outside-saga"
    category = "abilities"
    severity = "error"
    rules = ("714.2", "714.2b", "714.3a")
    needs = ("ability:chapter",)
    message = "a chapter ability on a face that is not a Saga ({type_line}): it never triggers"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not face.type_line or face.parsed is None or "Saga" in face.subtypes:
                continue
            for ability in face.parsed.abilities:
                if ability.kind == "chapter":
                    yield self.hit(face=i, field="oracle_text", start=ability.start,
                                   end=ability.effect_start or ability.end, type_line=face.type_line.strip())
