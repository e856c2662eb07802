"""ORC002: a card's mana cost differs from its Oracle mana cost."""

from __future__ import annotations

from typing import Iterable

from linter.checks._oracle import OracleCheck, file_view, mana_cost
from linter.checks.base import Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


def _shown(cost: str) -> str:
    return cost if cost else "(none)"


class ManaCostDiffersFromOracle(OracleCheck):
    """A mana cost that differs from the card's Oracle mana cost.

    ## What it does
    In a file that mirrors Oracle (``set-kind = "oracle"``, or detected when it
    holds at least 10 cards and at least 60% of them are real cards again:
    a real name and the real mana cost, type line and mostly the real rules
    text) and for reprints in a
    custom set, compares each face's mana cost with the Oracle index's
    (``oraclelint oracle update``, or ``--oracle PATH``) and reports a face
    whose cost differs. Spaces and the case of the symbols' letters do not
    count; the order of the symbols does. A face the file gives no mana cost
    field is not compared. The message names the date of the Oracle data;
    with no index the check does nothing.

    ## Why is this bad?
    The mana cost is part of the card's Oracle wording (CR 108.1) and decides
    what casting it costs and which colors it is (CR 202.1, 202.2). A wrong
    cost in a file that means to hold the real card misplays the card.

    ## Example
    ```yaml
    # config: {set-kind: oracle}
    name: Quarry Sprinter            # a real card whose Oracle cost is {1}{R}
    mana_cost: "{2}{R}"
    type_line: Creature — Elemental Warrior
    ```

    ## Use instead
    ```yaml
    # config: {set-kind: oracle}
    name: Quarry Sprinter
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental Warrior
    ```

    ## Fix safety
    The fix writes the Oracle mana cost over the file's. It is safe in a file
    declared a mirror (``set-kind = "oracle"``): the Oracle cost is the card's
    cost; elsewhere it is unsafe, as a designer's card may only share the name. Formats that write costs without braces
    (Cockatrice) cannot take the edit; the finding is then reported without a fix.
    """

    code = "ORC002"
    name = "mana-cost-differs-from-oracle"
    category = "oracle"
    severity = "warning"
    rules = ("108.1", "202.1")
    fixable = True
    scope = "set"
    needs_parse = False
    message = "mana cost {mine} differs from the Oracle mana cost {theirs} ({date})"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        view = file_view(cards)
        if view is None:
            return
        for card, i, face, oracle in view.mirrored_faces():
            if face.mana_cost is None:
                continue
            theirs = oracle.get("mana_cost") or ""
            if mana_cost(face.mana_cost) == mana_cost(theirs):
                continue
            title = f"Write the Oracle mana cost {theirs}" if theirs else "Remove the mana cost, as Oracle has none"
            fix = Fix(title, [Edit(0, len(face.mana_cost), theirs)],
                      safe=view.fixes_safe, face=i, field="mana_cost")
            yield card, self.hit(face=i, field="mana_cost", start=0, end=len(face.mana_cost), fix=fix,
                                 mine=_shown(face.mana_cost), theirs=_shown(theirs), date=view.date)
