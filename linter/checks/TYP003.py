"""TYP003: a subtype that belongs to none of the card's types."""

from __future__ import annotations

from typing import Iterable, Iterator

from linter.checks._chars import CharData, TypeLine, Word, judged_type_lines, subtype_families
from linter.checks.base import Check, Hit
from linter.model import Card


def _family_names(types: Iterable[str]) -> str:
    names = sorted(t.lower() for t in types)
    return " or ".join(names)


class SubtypeOfOtherType(Check):
    """A subtype that is not a subtype of any card type on the type line.

    ## What it does
    Reports each subtype that belongs to none of the card types in front of
    the dash: an enchantment type on an artifact ("Artifact — Aura"), a
    creature type on a noncreature ("Enchantment — Elf" without Kindred), a
    land type on a creature. Creature types belong to creatures and kindreds;
    spell types to instants and sorceries. Type lines with an unknown card
    type are left to TYP001.

    ## Why is this bad?
    Each subtype is correlated to its card type (CR 205.3c), and an object
    cannot have a subtype that does not correspond to one of its types (CR
    205.3d): the subtype is simply not there. An "Artifact — Aura" is no Aura,
    has no enchant ability to attach with, and stays on the battlefield
    unattached.

    ## Example
    ```yaml
    name: Gilded Shackles
    mana_cost: "{2}{W}"
    type_line: Artifact — Aura
    oracle_text: "Enchant creature\\nEnchanted creature can't attack."
    ```

    ## Use instead
    ```yaml
    name: Gilded Shackles
    mana_cost: "{2}{W}"
    type_line: Enchantment — Aura
    oracle_text: "Enchant creature\\nEnchanted creature can't attack."
    ```

    ## Fix safety
    No automatic fix: either the card type or the subtype is wrong.
    """

    code = "TYP003"
    name = "subtype-of-other-card-type"
    category = "rules"
    severity = "error"
    rules = ("205.3c", "205.3d")
    message = "{word!r} is a subtype of {family}, and this type line has no {family}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, (w, family) in judged_type_lines(card, _misplaced):
            yield self.hit(face=i, field="type_line", start=w.start, end=w.end, word=w.text, family=family)


def _misplaced(tl: TypeLine, data: CharData) -> Iterator[tuple[Word, str]]:
    """(subtype, the card types it belongs to) of each subtype of a type line that belongs
    to none of the line's card types (a line with an unknown word before the dash is TYP001's)."""
    if tl.unknown_head(data):
        return
    kinds = tl.card_types(data)
    if not kinds:
        return
    for w in tl.subtypes:
        families = subtype_families(w.key, data)
        if families and not families & kinds:
            yield w, _family_names(families)
