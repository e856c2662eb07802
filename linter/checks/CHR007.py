"""CHR007: a planeswalker face without a loyalty."""

from __future__ import annotations

from typing import Iterable

from linter.checks._colors import describe_face
from linter.checks._printed import carried, faces_of_type, is_transform_back, placeholder
from linter.checks.base import Check, Hit
from linter.model import Card


class PlaneswalkerWithoutLoyalty(Check):
    """A planeswalker face that has no loyalty, in a file that gives loyalty.

    ## What it does
    In a file whose other faces carry a loyalty, reports a face of a
    planeswalker card (not a token) that has none. The back face of a
    transforming card (a back face without a mana cost of its own) prints no
    loyalty and is not reported; nor is a placeholder entry without rules text
    and mana cost, nor a file that never gives loyalty.

    ## Why is this bad?
    A planeswalker card prints its loyalty, and it enters with that many
    loyalty counters (CR 306.5a, 306.5b). Without one it enters with none and
    is put into its owner's graveyard at once.

    ## Example
    ```yaml
    - name: Oren, Stormcaller
      mana_cost: "{3}{R}"
      type_line: Legendary Planeswalker — Oren
      oracle_text: "+1: Oren, Stormcaller deals 1 damage to each opponent."
    - name: Talla, Dune Walker
      mana_cost: "{2}{W}"
      type_line: Legendary Planeswalker — Talla
      loyalty: "3"
    ```

    ## Use instead
    ```yaml
    - name: Oren, Stormcaller
      mana_cost: "{3}{R}"
      type_line: Legendary Planeswalker — Oren
      oracle_text: "+1: Oren, Stormcaller deals 1 damage to each opponent."
      loyalty: "4"
    ```

    ## Fix safety
    No automatic fix: only the designer knows the number.
    """

    code = "CHR007"
    name = "planeswalker-without-loyalty"
    category = "rules"
    severity = "error"
    rules = ("306.5", "306.5a")
    scope = "set"
    message = "{which} is a planeswalker but has no loyalty"
    needs_parse = False

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        if not carried(cards, "loyalty"):
            return
        for card, i, face in faces_of_type(cards, "Planeswalker"):
            if face.loyalty or is_transform_back(card, i, face) or placeholder(face):
                continue
            yield card, self.hit(face=i, field="type_line", which=describe_face(face))
