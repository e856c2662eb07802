"""CHR001: a colors field that disagrees with the colors of the mana cost."""

from __future__ import annotations

import functools
from typing import Iterable

from linter.checks._colors import color_words, defined_colors, describe_face
from linter.checks.base import Check, Hit
from linter.model import Card, cost_colors


@functools.lru_cache(maxsize=4096)
def _cost_colors(cost: str | None) -> frozenset[str]:
    """:func:`~linter.model.cost_colors`, worked out once per cost (files repeat their costs)."""
    return frozenset(cost_colors(cost))


def _card_colors(card: Card) -> set[str]:
    """The colors of the whole card's mana costs and color indicators."""
    whole: set[str] = set()
    for face in card.faces:
        whole |= _cost_colors(face.mana_cost) | set(face.color_indicator or ())
    return whole


class ColorsDisagreeWithCost(Check):
    """A face whose colors field leaves out a color of its mana cost, or adds one.

    ## What it does
    Compares the colors field of each face that has a mana cost with the
    colors of the mana symbols in that cost (hybrid and Phyrexian symbols
    count with each of their colors). It reports a color of the cost that the
    colors field lacks; and, where the file says the face has no color
    indicator, a color the field adds. Faces whose text defines their own
    color ("… is all colors", Devoid) are skipped. Where the file has no
    color-indicator field (Cockatrice XML), an added color may be a color
    indicator, and where a card's faces share one colors field it is the
    whole card's: neither is reported.

    ## Why is this bad?
    An object is the color of the mana symbols in its mana cost, plus the
    colors of its color indicator (CR 105.2, 202.2, 204.2). A colors field
    that says otherwise is wrong, and every tool that filters, sorts or
    builds decks by color gets the card wrong.

    ## Example
    ```yaml
    name: Cinder Acolyte
    mana_cost: "{1}{R}{W}"
    type_line: Creature — Human Cleric
    colors: [R]
    ```

    ## Use instead
    ```yaml
    name: Cinder Acolyte
    mana_cost: "{1}{R}{W}"
    type_line: Creature — Human Cleric
    colors: [R, W]
    ```

    ## Fix safety
    No automatic fix: the colors field may be right and the cost wrong.
    """

    code = "CHR001"
    name = "colors-disagree-with-mana-cost"
    category = "rules"
    severity = "error"
    rules = ("105.2", "202.2", "204.2")
    needs = ("field:mana_cost",)
    message = "{which} has the mana cost {cost}, so it is {expected}, but its colors are given as {colors}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if face.colors is None or not face.mana_cost:
                continue
            if face.color_indicator:  # RUL004 compares colors, indicator and cost
                continue
            from_cost = _cost_colors(face.mana_cost)
            colors = set(face.colors)
            missing = from_cost - colors
            extra = colors - from_cost
            # an extra color may come from an indicator the file cannot express, or be the
            # whole card's colors given on each face
            if extra and (face.color_indicator is None or colors == _card_colors(card)):
                extra = set()
            if not missing and not extra:
                continue
            if defined_colors(card, face) is not None:
                continue
            yield self.hit(face=i, field="colors", which=describe_face(face), cost=face.mana_cost,
                           expected=color_words(from_cost), colors=color_words(colors))
