"""TYP009: a card with rules text and a mana cost or power/toughness, but a blank type line."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import not_a_card
from linter.checks.base import Check, Hit
from linter.model import Card


class CardWithoutTypeLine(Check):
    """A card whose type line is blank although it has rules text and a mana cost or stats.

    ## What it does
    Reports a face whose type line is there but blank, on an entry that is a
    card: it has rules text, and a mana cost, a power and toughness, a
    loyalty or a defense. An entry that is no card (a note kept as a token,
    an empty slot, a decklist) is FMT004's note instead; a file that does not
    give type lines at all is not judged.

    ## Why is this bad?
    The type line holds the card's types (CR 205.1, 205.2a), and the rules
    depend on them: without one the card is neither a permanent nor a spell
    the rules know how to cast or resolve.

    ## Example
    ```yaml
    name: Ember Scout
    mana_cost: "{R}"
    type_line: ""
    oracle_text: "Haste"
    ```

    ## Use instead
    ```yaml
    name: Ember Scout
    mana_cost: "{R}"
    type_line: Creature — Goblin Scout
    oracle_text: "Haste"
    ```

    ## Fix safety
    No automatic fix: the card's types are the designer's to write.
    """

    code = "TYP009"
    name = "card-without-type-line"
    category = "rules"
    severity = "error"
    rules = ("205.1", "205.2a")
    needs = ("blank:type_line",)
    message = "{which} has no type line"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        if not_a_card(card):
            return
        for i, face in enumerate(card.faces):
            if face.type_line is not None and not face.type_line.strip():
                which = repr(face.name) if face.name else "this card"
                yield self.hit(face=i, field="type_line", which=which)
