"""CHR005: a "*" (or X) power or toughness that no ability of the card defines."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks._chars import defines_power_toughness, defines_x
from linter.checks.api import plain_text
from linter.checks._colors import describe_face
from linter.checks.base import Check, Hit
from linter.model import Card

_STAR = re.compile(r"\*")
_X = re.compile(r"\bX\b")


class UndefinedStarPowerToughness(Check):
    """A power or toughness of "*" (or X) with nothing in the text that defines it.

    ## What it does
    Reports a face whose power or toughness holds a "*" when none of the
    card's text has an ability that defines it: a characteristic-defining
    ability ("… power is equal to …", "… power and toughness are each equal
    to …"), or an ability that sets the numbers as the permanent enters ("As
    this creature enters, …"). A power or toughness of X needs a text that
    says what X is. Tokens are left out (their creating effect defines them),
    and so are faces whose file gives no rules text.

    ## Why is this bad?
    A "*" stands for a number that an ability of the card defines (CR 208.2a,
    208.2b, 604.3). Without one the card has no way to know its power or
    toughness: the ability was lost, or the "*" should be a number.

    ## Example
    ```yaml
    name: Hoard Devourer
    mana_cost: "{2}{B}"
    type_line: Creature — Horror
    oracle_text: Menace
    power: "*"
    toughness: "*"
    ```

    ## Use instead
    ```yaml
    name: Hoard Devourer
    mana_cost: "{2}{B}"
    type_line: Creature — Horror
    oracle_text: "Menace\\nHoard Devourer's power and toughness are each equal to the number of cards in your graveyard."
    power: "*"
    toughness: "*"
    ```

    ## Fix safety
    No automatic fix: only the designer knows what the number is.
    """

    code = "CHR005"
    name = "undefined-star-power-toughness"
    category = "rules"
    severity = "error"
    rules = ("208.2a", "208.2b", "604.3")
    needs = ("field:power", "field:toughness")
    message = "{which} has {what} {value}, but no ability of the card defines it"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        if card.is_token:
            return
        texts = [(f, plain_text(f)) for f in card.faces if f.oracle_text is not None]
        for i, face in enumerate(card.faces):
            if face.oracle_text is None:
                continue
            for field in ("power", "toughness"):
                value = getattr(face, field)
                if not value:
                    continue
                if _STAR.search(value):
                    if any(defines_power_toughness(card, f, t) for f, t in texts):
                        continue
                elif _X.search(value):
                    if any(defines_x(t) or defines_power_toughness(card, f, t) for f, t in texts):
                        continue
                else:
                    continue
                yield self.hit(face=i, field=field, which=describe_face(face), what=field, value=repr(value))
                break  # one finding per face
