"""CHR009: a battle face without a defense."""

from __future__ import annotations

from typing import Iterable

from linter.checks._colors import describe_face
from linter.checks._printed import carried, faces_of_type, is_transform_back, placeholder
from linter.checks.base import Check, Hit
from linter.model import Card


class BattleWithoutDefense(Check):
    """A battle face that has no defense, in a file that gives defense.

    ## What it does
    In a file whose other faces carry a defense, reports a face of a battle
    card (not a token) that has none. A back face without a mana cost of its
    own is not reported, nor is a placeholder entry without rules text and
    mana cost, nor a file that never gives defense.

    ## Why is this bad?
    A battle card prints its defense and enters with that many defense
    counters (CR 310.4a, 310.4b). Without one it enters with none and is put
    into its owner's graveyard at once.

    ## Example
    ```yaml
    - name: Siege of Emberhold
      mana_cost: "{2}{R}"
      type_line: Battle — Siege
    - name: Siege of the Tidewall
      mana_cost: "{3}{U}"
      type_line: Battle — Siege
      defense: "4"
    ```

    ## Use instead
    ```yaml
    - name: Siege of Emberhold
      mana_cost: "{2}{R}"
      type_line: Battle — Siege
      defense: "5"
    ```

    ## Fix safety
    No automatic fix: only the designer knows the number.
    """

    code = "CHR009"
    name = "battle-without-defense"
    category = "rules"
    severity = "error"
    rules = ("310.4", "310.4a")
    scope = "set"
    message = "{which} is a battle but has no defense"
    needs_parse = False

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        if not carried(cards, "defense"):
            return
        for card, i, face in faces_of_type(cards, "Battle"):
            if face.defense or is_transform_back(card, i, face) or placeholder(face):
                continue
            yield card, self.hit(face=i, field="type_line", which=describe_face(face))
