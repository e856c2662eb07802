"""FMT004: an entry of a card file that is no card (a note, a decklist, an empty slot)."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import not_a_card
from linter.checks.base import Check, Hit
from linter.model import Card


class EntryNotACard(Check):
    """An entry of a card file that is no card: a set's notes, a decklist, an empty slot.

    ## What it does
    Notes, once per entry, an entry whose type line is blank on every face
    and that is kept as a token (a set's archetype notes, a deck's header),
    has no rules text (an empty slot of a set skeleton), or has nothing of a
    card beside its text (no mana cost, power, toughness, loyalty or
    defense: a decklist, a pronunciation guide). No other check reads such
    an entry. An entry that has rules text and a mana cost or a power and
    toughness but no type line is a card missing its type line (TYP009).

    ## Why is this bad?
    Every card has a type line (CR 205.1); an entry without one is no game
    object, and the rules checks would judge its words as rules text (a
    decklist's "4 Island" is not an ability). It is worth knowing where a
    set's files mix notes with cards, for the tools that print or export
    them.

    ## Example
    ```yaml
    name: Archetypes
    layout: token
    type_line: ""
    oracle_text: "{W}{U}: Flyers\\n{B}{R}: Sacrifice"
    ```

    ## Use instead
    Keep the notes outside the card file, or leave them as they are: this is
    only a note.

    ## Fix safety
    No automatic fix.
    """

    code = "FMT004"
    name = "entry-is-not-a-card"
    category = "format"
    severity = "info"
    rules = ("205.1",)
    needs = ("blank:type_line",)  # an entry that is no card has a blank type line on every face
    message = "this entry is no card (it has no type line{why}): it is not checked"
    needs_parse = False
    reads_non_cards = True

    def check_card(self, card: Card) -> Iterable[Hit]:
        if not not_a_card(card):
            return
        if card.is_token:
            why = " and is kept as a token"
        elif not any((f.oracle_text or "").strip() for f in card.faces):
            why = " and no rules text"
        else:
            why = ", no mana cost and no power or toughness"
        yield self.hit(face=0, field="type_line", why=why)
