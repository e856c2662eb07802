"""LAY001: a transforming or modal double-faced card that does not have exactly two faces."""

from __future__ import annotations

from typing import Iterable

from linter.catalogue import load
from linter.checks.base import Check, Hit
from linter.model import Card


class DoubleFacedFaceCount(Check):
    """A card whose layout is double-faced (transform, modal_dfc) with other than two faces.

    ## What it does
    Reports a card whose layout says it is a transforming (nonmodal) or modal
    double-faced card when the file gives it one face, or more than two.

    ## Why is this bad?
    A double-faced card has a card face on each side (CR 712.1); a
    transforming one turns from one face to the other (CR 712.2), and a modal
    one is cast or played with the face its player chooses (CR 712.3). With
    one face there is nothing to transform into or choose; with three, no one
    can tell which faces belong together. Usually a face went missing or two
    cards were merged when the file was exported.

    ## Example
    ```yaml
    name: Moonlit Tracker
    layout: transform
    card_faces:
      - name: Moonlit Tracker
        mana_cost: "{1}{G}"
        type_line: Creature — Human Werewolf
        oracle_text: "Daybound"
        power: "2"
        toughness: "2"
    ```

    ## Use instead
    ```yaml
    name: Moonlit Tracker // Moonlit Howler
    layout: transform
    card_faces:
      - name: Moonlit Tracker
        mana_cost: "{1}{G}"
        type_line: Creature — Human Werewolf
        oracle_text: "Daybound"
        power: "2"
        toughness: "2"
      - name: Moonlit Howler
        type_line: Creature — Werewolf
        color_indicator: [G]
        oracle_text: "Nightbound"
        power: "4"
        toughness: "3"
    ```

    ## Fix safety
    No automatic fix: only the designer has the missing face.
    """

    code = "LAY001"
    name = "double-faced-wrong-face-count"
    category = "rules"
    severity = "error"
    rules = ("712.1", "712.2", "712.3")
    #: the layouts of ``two_faces`` in rules_data/layouts.yaml: the only ones it judges
    needs = ("layout:transform", "layout:modal_dfc")
    message = "a {layout} card has exactly two faces, but this one has {count}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        layout = (card.layout or "").lower()
        if layout not in load("layouts")["two_faces"] or len(card.faces) == 2:
            return
        yield self.hit(field="layout", layout=layout, count=len(card.faces))
