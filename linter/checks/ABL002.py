"""ABL002: a loyalty ability on a face that is not a planeswalker."""

from __future__ import annotations

from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Card


class LoyaltyAbilityOutsidePlaneswalker(Check):
    """A loyalty ability printed on a face that is not a planeswalker.

    ## What it does
    Reports each ability of a face's own rules text whose cost is a loyalty
    symbol ("+1:", "−2:", "0:") when the face's type line names no
    Planeswalker. Abilities granted inside quotes are left alone: an effect
    may give a loyalty ability to a planeswalker it names.

    ## Why is this bad?
    An ability with a loyalty symbol in its cost is a loyalty ability, and
    normally only planeswalkers have them (CR 606.2); its cost is to add or
    remove loyalty counters (CR 606.4). Loyalty is a characteristic only
    planeswalkers have, and only a planeswalker enters with loyalty counters
    (CR 306.5, 306.5b), so on any other permanent a "−2:" ability cannot be
    paid until "+1:" abilities have added counters. Usually the type line
    lost its card type; a set that gives creatures loyalty on purpose needs
    rules text saying how many counters they enter with.

    ## Example
    ```yaml
    name: Vessa, Tide Caller
    mana_cost: "{2}{U}{U}"
    type_line: Legendary Creature — Vessa
    loyalty: "4"
    oracle_text: "+1: Draw a card.\\n−3: Return target creature to its owner's hand."
    ```

    ## Use instead
    ```yaml
    name: Vessa, Tide Caller
    mana_cost: "{2}{U}{U}"
    type_line: Legendary Planeswalker — Vessa
    loyalty: "4"
    oracle_text: "+1: Draw a card.\\n−3: Return target creature to its owner's hand."
    ```

    ## Fix safety
    No automatic fix: either the type line or the costs are wrong, and only
    the designer knows which.
    """

    code = "ABL002"
    name = "loyalty-ability-outside-planeswalker"
    category = "abilities"
    severity = "error"
    rules = ("606.2", "606.4", "306.5", "306.5b")
    needs = ("ability:loyalty",)
    message = ("a loyalty ability ({cost}) on a face that is not a planeswalker ({type_line}): "
               "nothing gives it loyalty counters as it enters")

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not face.type_line or face.parsed is None:
                continue
            loyalty = [a for a in face.parsed.abilities if a.kind == "loyalty"]
            if not loyalty or face.has_type("Planeswalker"):
                continue  # most faces have no loyalty ability: the type line need not be split
            for ability in loyalty:
                cost = " ".join(p.text for p in ability.cost) or ability.text.split(":", 1)[0]
                yield self.hit(face=i, field="oracle_text", start=ability.start, end=ability.end,
                               cost=cost.strip(), type_line=face.type_line.strip())
