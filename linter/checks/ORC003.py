"""ORC003: a card's type line differs from its Oracle type line."""

from __future__ import annotations

from typing import Iterable

from linter.checks._oracle import OracleCheck, file_view, type_line
from linter.checks.base import Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


class TypeLineDiffersFromOracle(OracleCheck):
    """A type line that differs from the card's Oracle type line.

    ## What it does
    In a file that mirrors Oracle (``set-kind = "oracle"``, or detected when it
    holds at least 10 cards and at least 60% of them are real cards again:
    a real name and the real mana cost, type line and mostly the real rules
    text) and for reprints in a
    custom set, compares each face's type line with the Oracle index's
    (``oraclelint oracle update``, or ``--oracle PATH``) and reports a face
    whose type line differs. The dash does not count (Cockatrice's " - ", an
    en dash or the em dash), nor does spacing. Type lines change with the
    rules (Tribal became Kindred, creature types are updated), so older files
    drift. The message names the date of the Oracle data; with no index the
    check does nothing.

    ## Why is this bad?
    The type line holds the card's types, subtypes and supertypes (CR 205.1),
    part of its Oracle wording (CR 108.1); what a card is, and what affects
    it, follows from them.

    ## Example
    ```yaml
    # config: {set-kind: oracle}
    name: Quarry Sprinter            # a real card, an Elemental Warrior in Oracle
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental
    ```

    ## Use instead
    ```yaml
    # config: {set-kind: oracle}
    name: Quarry Sprinter
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental Warrior
    ```

    ## Fix safety
    The fix writes the Oracle type line over the file's. It is safe in a file
    declared a mirror (``set-kind = "oracle"``): the Oracle type line is the
    card's; elsewhere it is unsafe, as a designer's card may only share the name. Where the file's text cannot take the
    edit exactly (Cockatrice's " - " dash), the finding is reported without a fix.
    """

    code = "ORC003"
    name = "type-line-differs-from-oracle"
    category = "oracle"
    severity = "warning"
    rules = ("108.1", "205.1")
    fixable = True
    scope = "set"
    needs_parse = False
    message = "type line '{mine}' differs from the Oracle type line '{theirs}' ({date})"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        view = file_view(cards)
        if view is None:
            return
        for card, i, face, oracle in view.mirrored_faces():
            if face.type_line is None:
                continue
            theirs = oracle.get("type_line") or ""
            if type_line(face.type_line) == type_line(theirs):
                continue
            fix = Fix("Write the Oracle type line", [Edit(0, len(face.type_line), theirs)], safe=view.fixes_safe,
                      face=i, field="type_line")
            yield card, self.hit(face=i, field="type_line", start=0, end=len(face.type_line), fix=fix,
                                 mine=face.type_line, theirs=theirs, date=view.date)
