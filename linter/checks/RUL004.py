"""RUL004: a color indicator that disagrees with the face's colors."""

from __future__ import annotations

from typing import Iterable

from linter.checks._colors import color_words, defined_colors, describe_face
from linter.checks.base import Check, Hit
from linter.model import Card, cost_colors


class ColorIndicatorMismatch(Check):
    """A color indicator that disagrees with the colors given for the face.

    ## What it does
    Compares a face's colors field with the colors its color indicator and
    mana cost give it, where the file has both a colors field and a color
    indicator. Faces with an ability that defines their color are skipped.

    ## Why is this bad?
    A color indicator makes the object each color it shows, and the mana
    symbols of its mana cost add theirs (CR 204.2, 202.2, 105.2). A colors
    field that says otherwise is wrong, or the indicator is: either way
    filters, deck builders and the game disagree about the card.

    ## Example
    ```yaml
    name: Moonlit Howler
    mana_cost: ""
    type_line: Creature — Wolf
    colors: [G]
    color_indicator: [R]
    ```

    ## Use instead
    ```yaml
    name: Moonlit Howler
    mana_cost: ""
    type_line: Creature — Wolf
    colors: [R]
    color_indicator: [R]
    ```

    ## Fix safety
    No automatic fix: only the author knows which of the two is right.
    """

    code = "RUL004"
    name = "color-indicator-disagrees-with-colors"
    category = "rules"
    severity = "error"
    rules = ("204.2", "202.2", "105.2")
    needs = ("field:color_indicator",)
    message = "{which} has a {indicator} color indicator{cost}, so it is {expected}, but its colors are given as {colors}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not face.color_indicator or face.colors is None:
                continue
            if defined_colors(card, face) is not None:
                continue
            from_cost = cost_colors(face.mana_cost)
            expected = set(face.color_indicator) | from_cost
            if expected == set(face.colors):
                continue
            cost = f" and {color_words(from_cost)} mana symbols in its cost" if from_cost else ""
            yield self.hit(face=i, field="color_indicator", which=describe_face(face),
                           indicator=color_words(face.color_indicator), cost=cost,
                           expected=color_words(expected), colors=color_words(face.colors))
