"""RUL003: a colored face without a mana cost that has no color indicator."""

from __future__ import annotations

from typing import Iterable

from linter.checks._colors import color_words, defined_colors, describe_face
from linter.checks.base import Check, Hit
from linter.model import Card


class MissingColorIndicator(Check):
    """A colored face with no mana cost and no color indicator.

    ## What it does
    Reports a face of a card that has no mana cost (the file says so: an
    empty cost, not a missing field) and whose colors are given and not
    colorless, but that has no color indicator and no ability of its own
    that defines its color. Tokens are not reported (their colors come from
    the effect that creates them), nor are the flipped halves of flip cards.

    ## Why is this bad?
    An object's colors come from the mana symbols of its mana cost, its
    color indicator, or an ability that defines its color (CR 105.2, 202.2,
    204). A face with none of these is colorless, whatever the colors field
    says: the card needs a color indicator (as the back faces of
    double-faced cards have, CR 712) or the colors field is wrong.

    ## Example
    ```yaml
    name: Dawn of the Old Grove
    mana_cost: ""
    type_line: Sorcery
    colors: [G]
    oracle_text: "Suspend 4—{G}\\nCreate two 2/2 green Bear creature tokens."
    ```

    ## Use instead
    ```yaml
    name: Dawn of the Old Grove
    mana_cost: ""
    type_line: Sorcery
    colors: [G]
    color_indicator: [G]
    oracle_text: "Suspend 4—{G}\\nCreate two 2/2 green Bear creature tokens."
    ```

    ## Fix safety
    No automatic fix: add the color indicator, or correct the colors.
    """

    code = "RUL003"
    name = "color-indicator-missing"
    category = "rules"
    severity = "warning"
    rules = ("204.1", "202.2", "105.2")
    needs = ("blank:mana_cost",)  # it reads faces whose mana cost is given as none
    message = "{which} has no mana cost and is {colors}, but has no color indicator"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        if card.is_token:
            return
        for i, face in enumerate(card.faces):
            if i > 0 and card.layout == "flip":
                continue  # a flipped half keeps the card's mana cost
            if face.mana_cost != "" or not face.colors or face.color_indicator:
                continue
            if defined_colors(card, face) is not None:
                continue
            yield self.hit(face=i, field="colors", which=describe_face(face), colors=color_words(face.colors))
