"""ABL010: X in rules text that nothing gives a value."""

from __future__ import annotations

from typing import Iterable

from linter.checks._xvalue import card_has_x_cost, defined_on_face, mentions, plain_text
from linter.checks.base import Check, Hit
from linter.model import Card


class UndefinedX(Check):
    """X in rules text with no {X} in any cost of the card and no definition.

    ## What it does
    Reports the first X of a face's rules text (reminder text aside) when
    nothing on the card gives X a value: no mana cost of the card has {X};
    no activation cost, loyalty cost or keyword cost of the face has X; the
    text does not define it ("where X is …", "X is the number of …",
    "X can't be 0"), refer to another object's X ("a spell with {X} in its
    mana cost"), or let its controller choose it by paying or doing
    something X times ("sacrifice X creatures", "pay X life", "As an
    additional cost to cast this spell, discard X cards").

    ## Why is this bad?
    X is a placeholder for a number that the card defines or that a cost
    lets its controller choose (CR 107.3, 107.3a, 107.3c). When neither
    happens, the controller picks any value as the ability resolves
    (CR 107.3f) — almost never what the designer meant. Usually a
    "where X is …" clause or the {X} of the mana cost was lost.

    ## Example
    ```yaml
    name: Tidal Surge
    mana_cost: "{2}{U}"
    type_line: Sorcery
    oracle_text: "Return X target creatures to their owners' hands."
    ```

    ## Use instead
    ```yaml
    name: Tidal Surge
    mana_cost: "{X}{2}{U}"
    type_line: Sorcery
    oracle_text: "Return X target creatures to their owners' hands."
    ```

    ## Fix safety
    No automatic fix: only the designer knows where X should come from.
    """

    code = "ABL010"
    name = "x-without-value"
    category = "abilities"
    severity = "error"
    rules = ("107.3", "107.3a", "107.3c")
    needs = ("text:x",)
    message = "X has no value: no cost of this card has {{X}} and the text does not say what X is{more}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        if card_has_x_cost(card):
            return
        for i, face in enumerate(card.faces):
            if not face.oracle_text or "X" not in face.oracle_text:
                continue
            plain = plain_text(card, face)
            found = mentions(plain)
            if not found or defined_on_face(face, plain):
                continue
            start, end = found[0]
            more = f" ({len(found)} uses)" if len(found) > 1 else ""
            yield self.hit(face=i, field="oracle_text", start=start, end=end, more=more)
