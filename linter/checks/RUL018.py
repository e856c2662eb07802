"""RUL018: Flash on an instant, which can be cast at instant speed anyway."""

from __future__ import annotations

from typing import Iterable

from linter.checks import api


class FlashOnInstant(api.FaceCheck):
    """Flash printed on an instant.

    ## What it does
    Reports the keyword Flash on an instant face (not on a sorcery, an
    instant Adventure of a creature card is judged by its own face).

    ## Why is this bad?
    Flash lets a card be cast any time its controller could cast an instant
    (CR 702.8a); an instant can be cast then already (CR 304.1), so the
    keyword does nothing. The card was probably meant to be a sorcery or a
    permanent with flash, or the keyword is a leftover.

    ## Example
    ```yaml
    name: Quicksilver Thought
    mana_cost: "{1}{U}"
    type_line: Instant
    oracle_text: "Flash\\nDraw two cards."
    ```

    ## Use instead
    ```yaml
    name: Quicksilver Thought
    mana_cost: "{1}{U}"
    type_line: Instant
    oracle_text: "Draw two cards."
    ```

    ## Fix safety
    No automatic fix: whether the card should be a sorcery is the designer's call.
    """

    code = "RUL018"
    name = "flash-on-instant"
    category = "rules"
    severity = "warning"
    rules = ("702.8a", "304.1")
    needs = ("keyword:flash",)
    message = "Flash on an instant does nothing: an instant can be cast any time its controller could cast one"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if not face.is_spell or not face.face.has_type("Instant"):
            return
        for ability in face.abilities:
            if ability.kind == "keyword" and (ability.keyword or "").lower() == "flash":
                yield face.hit(self, ability.start, ability.end)
