"""LAY003: a face of a modal double-faced card that is not a land and has no mana cost."""

from __future__ import annotations

from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Card


class ModalFaceWithoutManaCost(Check):
    """A modal double-faced card's face, other than a land, printed without a mana cost.

    ## What it does
    On a card with the modal_dfc layout, reports each face that is not a land
    and whose mana cost the file gives as empty. A face whose mana cost the
    file does not carry at all is left alone, and so are land faces, which
    are played rather than cast.

    ## Why is this bad?
    Each face of a modal double-faced card has its own characteristics
    (CR 712.8), and a player casting one chooses the face to cast
    (CR 712.11b) and pays that face's mana cost. A nonland face without a
    mana cost cannot be cast from the hand at all; usually the cost was left
    off the back face, as if it were a transforming card's.

    ## Example
    ```yaml
    name: Ember Tutor // Ember Vault
    layout: modal_dfc
    card_faces:
      - name: Ember Tutor
        mana_cost: "{1}{R}"
        type_line: Sorcery
        oracle_text: "Draw two cards."
      - name: Ember Vault
        mana_cost: ""
        type_line: Artifact
        oracle_text: "{T}: Add {R}."
    ```

    ## Use instead
    ```yaml
    name: Ember Tutor // Ember Vault
    layout: modal_dfc
    card_faces:
      - name: Ember Tutor
        mana_cost: "{1}{R}"
        type_line: Sorcery
        oracle_text: "Draw two cards."
      - name: Ember Vault
        mana_cost: "{2}"
        type_line: Artifact
        oracle_text: "{T}: Add {R}."
    ```

    ## Fix safety
    No automatic fix: only the designer knows the cost.
    """

    code = "LAY003"
    name = "modal-face-without-mana-cost"
    category = "rules"
    severity = "error"
    rules = ("712.3", "712.8", "712.11b")
    needs = ("layout:modal_dfc",)
    message = "{which} is a face of a modal double-faced card and not a land, but it has no mana cost to cast it with"

    def check_card(self, card: Card) -> Iterable[Hit]:
        if (card.layout or "").lower() != "modal_dfc" or len(card.faces) < 2:
            return
        for i, face in enumerate(card.faces):
            if face.mana_cost != "" or not face.type_line or face.has_type("Land"):
                continue
            yield self.hit(face=i, field="mana_cost", which=face.name or f"face {i + 1}")
