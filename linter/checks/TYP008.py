"""TYP008: a type word printed only on cards outside the tournament card pool."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import char_data, nontraditional_type_words
from linter.checks.base import Check, Hit
from linter.model import Card


def _needs() -> tuple[str, ...]:
    """The check's needs: the nontraditional words (rules_data/characteristics.yaml)."""
    data = char_data()
    return tuple(f"type-word:{w}" for w in sorted({*data.odd_supertypes, *data.odd_card_types, *data.all_odd_subtypes}))


class NontraditionalTypeWord(Check):
    """A supertype, card type or subtype that only Un-cards and the like print.

    ## What it does
    Notes type words that the Comprehensive Rules' lists do not hold but
    that real cards outside the tournament card pool print: the "Host"
    supertype, the old "Summon" card type, creature types such as "Mime" or
    "Cyborg", digital-only spell types (the list is
    rules_data/characteristics.yaml).

    ## Why is this bad?
    The rules know only the supertypes, card types and subtypes they list
    (CR 205.2a, 205.3, 205.4a). A card that uses another word works only
    with rules of its own: fine for a silly set, worth knowing for one meant
    to be played with ordinary cards.

    ## Example
    ```yaml
    name: Backstage Crasher
    mana_cost: "{1}{R}"
    type_line: Host Creature — Goblin
    ```

    ## Use instead
    ```yaml
    name: Backstage Crasher
    mana_cost: "{1}{R}"
    type_line: Creature — Goblin
    ```

    ## Fix safety
    No automatic fix: the word may be intended.
    """

    code = "TYP008"
    name = "nontraditional-type-word"
    category = "rules"
    severity = "info"
    rules = ("205.2a", "205.3a", "205.4a")
    needs = _needs()
    message = "{word!r} is not a {kind} of the Comprehensive Rules; only cards outside the tournament card pool print it"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, w, kind in nontraditional_type_words(card):
            yield self.hit(face=i, field="type_line", start=w.start, end=w.end, word=w.text, kind=kind)
