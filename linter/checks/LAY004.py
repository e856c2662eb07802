"""LAY004: the back face of a transforming double-faced card printed with a mana cost."""

from __future__ import annotations

from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Card


class TransformBackFaceWithManaCost(Check):
    """A transforming (nonmodal) double-faced card whose back face has a mana cost.

    ## What it does
    On a card with the transform layout, reports a face after the first whose
    mana cost is given and not empty.

    ## Why is this bad?
    The back face of a transforming card is not cast on its own: the card is
    cast front face up (CR 712.8c), and the back face has no mana cost, its
    mana value being worked out from the front face's cost (CR 202.3a,
    202.3b, 712.8e). A cost printed on the back face misleads players and
    every tool that reads it; often the card was meant to be modal
    double-faced.

    ## Example
    ```yaml
    name: Lantern Keeper // Lantern Wraith
    layout: transform
    card_faces:
      - name: Lantern Keeper
        mana_cost: "{1}{B}"
        type_line: Creature — Human Cleric
        oracle_text: "When this creature dies, transform it."
        power: "2"
        toughness: "1"
      - name: Lantern Wraith
        mana_cost: "{3}{B}"
        type_line: Creature — Spirit
        oracle_text: "Flying"
        power: "3"
        toughness: "3"
    ```

    ## Use instead
    Drop the back face's mana cost and give it a color indicator
    (`color_indicator: [B]`), or make the card `layout: modal_dfc` if both
    faces are meant to be cast.

    ## Fix safety
    No automatic fix: the layout or the cost may be what is wrong.
    """

    code = "LAY004"
    name = "transform-back-face-with-mana-cost"
    category = "rules"
    severity = "error"
    rules = ("202.3b", "712.8c", "712.8e")
    needs = ("layout:transform",)
    message = "{which} is the back face of a transforming card but has a mana cost ({cost}){hint}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        if (card.layout or "").lower() != "transform":
            return
        front = card.faces[0].oracle_text or "" if card.faces else ""
        for i, face in enumerate(card.faces[1:], start=1):
            if face.mana_cost:
                hint = ""
                if face.name and f"named {face.name}" in front:
                    # a set that shows the card the front conjures or creates as its "back face"
                    hint = "; the front face names it as another card, so list it as a card of its own"
                yield self.hit(face=i, field="mana_cost", which=face.name or f"face {i + 1}", cost=face.mana_cost,
                               hint=hint)
