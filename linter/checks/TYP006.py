"""TYP006: supertypes and card types in an unconventional order."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import CharData, TypeLine, Word, char_data, judged_type_lines
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


def _needs() -> tuple[str, ...]:
    """The check's needs: the word out of order ranks below a word before it, so it is a word
    of the order of rules_data/characteristics.yaml, of none of the last-ranked types."""
    rank = char_data().rank
    last = max(rank.values())
    return tuple(f"type-word:{w}" for w, k in sorted(rank.items()) if k < last)


class TypeWordOrder(Check):
    """Supertypes after card types, or card types in an unusual order.

    ## What it does
    Checks the order of the words before the dash: "Token" first, then the
    supertypes (Basic, Legendary, World, Ongoing before Snow), then Kindred,
    then Artifact and Enchantment, then Land, then the other card types
    ("Legendary Enchantment Creature", "Artifact Land", "Kindred Instant").
    It reports the first word that stands too late and offers the line in
    the conventional order.

    ## Why is this bad?
    A card's supertypes are printed directly before its card types (CR
    205.4a), and Oracle type lines keep one order for the card types. The
    rules do not care, but "Creature Legendary — Elf" reads as a mistake,
    search and sorting tools miss it, and sets stay consistent.

    ## Example
    ```yaml
    name: Ysolde, Grove Warden
    mana_cost: "{2}{G}{G}"
    type_line: Creature Legendary — Elf Druid
    ```

    ## Use instead
    ```yaml
    name: Ysolde, Grove Warden
    mana_cost: "{2}{G}{G}"
    type_line: Legendary Creature — Elf Druid
    ```

    ## Fix safety
    Safe: the fix reorders the words and keeps every one of them.
    """

    code = "TYP006"
    name = "type-words-out-of-order"
    category = "rules"
    severity = "warning"
    rules = ("205.4a", "205.2a")
    needs = _needs()
    message = "{word!r} comes before {other!r}: write {good!r}"
    fixable = True
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, (head, late, other, good) in judged_type_lines(card, _out_of_order):
            start, end = head[0].start, head[-1].end
            fix = Fix(f"Reorder to {good!r}", [Edit(start, end, good)], face=i, field="type_line")
            yield self.hit(face=i, field="type_line", start=head[late].start, end=head[late].end,
                           fix=fix, word=head[late].text, other=other, good=good)


def _out_of_order(tl: TypeLine, data: CharData) -> list[tuple[list[Word], int, str, str]]:
    """(the words before the dash, the first one out of order, a word it belongs before,
    the words in order) for a type line whose words before the dash are out of order."""
    head = tl.head
    if len(head) < 2 or any(w.text not in data.rank for w in head):
        return []
    ranks = [data.rank[w.text] for w in head]
    late = next((k for k in range(1, len(head)) if ranks[k] < max(ranks[:k])), None)
    if late is None:
        return []
    good_words = [w.text for w in sorted(head, key=lambda w: data.rank[w.text])]
    good = " ".join(good_words)
    other = next(w.text for w in head[:late] if data.rank[w.text] > ranks[late])
    return [(head, late, other, good)]
