"""CHR002: a face with both a mana cost and a color indicator."""

from __future__ import annotations

from typing import Iterable

from linter.checks._colors import color_words, describe_face
from linter.checks.base import Check, Hit
from linter.model import Card, cost_colors


class CostAndColorIndicator(Check):
    """A face that has a mana cost and a color indicator.

    ## What it does
    Notes each face whose mana cost holds at least one symbol and that also
    has a color indicator, and says what the indicator adds: colors the cost
    does not give, or nothing at all.

    ## Why is this bad?
    It is legal: the object is the colors of its cost and of its indicator
    (CR 202.2, 204.2). But a color indicator is usually found on cards
    without a mana cost (CR 204.1), and few real cards carry both (a {0}
    spell that is nonetheless blue). An indicator left over from an earlier
    design, or one that repeats the cost's colors, is worth a look.

    ## Example
    ```yaml
    name: Tidecaller's Pact
    mana_cost: "{1}{U}"
    type_line: Instant
    colors: [U]
    color_indicator: [U]
    ```

    ## Use instead
    ```yaml
    name: Tidecaller's Pact
    mana_cost: "{1}{U}"
    type_line: Instant
    colors: [U]
    ```

    ## Fix safety
    No automatic fix: a designer may want the indicator.
    """

    code = "CHR002"
    name = "mana-cost-with-color-indicator"
    category = "rules"
    severity = "info"
    rules = ("204.1", "204.2", "202.2")
    needs = ("field:color_indicator",)
    message = "{which} has both a mana cost ({cost}) and a {indicator} color indicator{adds}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not face.mana_cost or not face.color_indicator:
                continue
            extra = set(face.color_indicator) - cost_colors(face.mana_cost)
            adds = (f": the indicator makes it {color_words(extra)} as well" if extra
                    else ": the indicator adds no color the cost does not give")
            yield self.hit(face=i, field="color_indicator", which=describe_face(face),
                           cost=face.mana_cost, indicator=color_words(face.color_indicator), adds=adds)
