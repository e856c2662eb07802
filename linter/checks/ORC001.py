"""ORC001: a card's rules text differs from its current Oracle text."""

from __future__ import annotations

from typing import Iterable

from linter.checks._oracle import OracleCheck, drift_of, file_view
from linter.checks.base import Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


class RulesTextDiffersFromOracle(OracleCheck):
    """Rules text that has drifted from the card's current Oracle text.

    ## What it does
    In a file that mirrors Oracle (a cube list, a Cockatrice set, a proxy
    file: ``set-kind = "oracle"``, or detected when it holds at least 10
    cards and at least 60% of them are real cards again: a real name and the
    real mana cost, type line and mostly the real rules text) and for reprints of real cards in a
    custom set (a card, or a face, whose name, mana cost, type line and most
    of its rules text are a real card's), compares each face's rules text with the Oracle text of the
    local Oracle index (``oraclelint oracle update``, or ``--oracle PATH``)
    and reports each face whose text differs, with a short word-level diff:
    removed words in ``[-…-]``, Oracle's words in ``{+…+}``, a line break as
    ``¶``. Typography does not count (curly or straight apostrophes and
    quotes, a minus sign or a hyphen, " - " or an em dash, line endings,
    blank lines), nor does reminder text, which has no rules meaning; but
    whitespace is text, and a text that differs only by a double space or a
    space at a line's end is reported as differing in spacing. The message
    names the date of the Oracle data. With no index the check does nothing.

    ## Why is this bad?
    A card's wording is its Oracle text (CR 108.1); printed wording ages as
    templates change ("enters the battlefield" became "enters"), and a file
    that means to hold real cards misleads its readers once it disagrees
    with Oracle. Reminder text is left out because it only summarizes rules
    (CR 207.2a).

    ## Example
    ```yaml
    name: Quarry Sprinter            # a real card in the index
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental Warrior
    oracle_text: "Haste\\nWhen Quarry Sprinter enters the battlefield, scry 1."
    ```

    ## Use instead
    ```yaml
    name: Quarry Sprinter
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental Warrior
    oracle_text: "Haste\\nWhen this creature enters, scry 1."
    ```

    ## Fix safety
    The fix replaces the whole rules text with the Oracle text (reminder text
    included, as Oracle has it). It is safe in a file declared a mirror
    (``set-kind = "oracle"``): the Oracle text is the card's wording by
    definition. Elsewhere (a mirror only detected, a reprint in a custom set)
    it is unsafe: the card may be a designer's own card that shares a name, and
    a fix must never turn it into another card's text. A file that keeps older
    wording on purpose should ignore ORC001 instead.
    """

    code = "ORC001"
    name = "rules-text-differs-from-oracle"
    category = "oracle"
    severity = "warning"
    rules = ("108.1", "207.2a")
    fixable = True
    scope = "set"
    needs_parse = False
    message = "rules text differs from the Oracle text ({date}): {diff}"
    facts = ("drift",)

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        view = file_view(cards)
        if view is None:
            return
        for card, i, face, oracle in view.mirrored_faces():
            if face.oracle_text is None:
                continue
            diff = drift_of(card, i, face.oracle_text, oracle.get("oracle_text"))
            if diff is None:
                continue
            new = (oracle.get("oracle_text") or "").replace("\r\n", "\n")
            fix = Fix("Take the Oracle text", [Edit(0, len(face.oracle_text), new)], safe=view.fixes_safe,
                      face=i, field="oracle_text")
            yield card, self.hit(face=i, field="oracle_text", start=0, end=len(face.oracle_text), fix=fix,
                                 date=view.date, diff=diff)
