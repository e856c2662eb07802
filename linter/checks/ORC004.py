"""ORC004: a card's power, toughness, loyalty or defense differs from Oracle's."""

from __future__ import annotations

from typing import Iterable

from linter.checks._oracle import OracleCheck, file_view, stat
from linter.checks.base import Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card

_FIELDS = ("power", "toughness", "loyalty", "defense")
_RULES = {"power": ("108.1", "208.1"), "toughness": ("108.1", "208.1"), "loyalty": ("108.1", "306.5a"),
          "defense": ("108.1", "310.4a")}


class StatDiffersFromOracle(OracleCheck):
    """A power, toughness, loyalty or defense that differs from the card's Oracle value.

    ## What it does
    In a file that mirrors Oracle (``set-kind = "oracle"``, or detected when it
    holds at least 10 cards and at least 60% of them are real cards again:
    a real name and the real mana cost, type line and mostly the real rules
    text) and for reprints in a
    custom set, compares each face's power, toughness, starting loyalty and
    defense with the Oracle index's (``oraclelint oracle update``, or
    ``--oracle PATH``) and reports each one that differs, or that the Oracle
    card does not have. A value the file does not give is not compared. The
    message names the date of the Oracle data; with no index the check does
    nothing.

    ## Why is this bad?
    These numbers are printed characteristics of the card (CR 208.1,
    306.5a, 310.4a) and part of its Oracle wording (CR 108.1); a wrong one
    changes how the card plays.

    ## Example
    ```yaml
    # config: {set-kind: oracle}
    name: Quarry Sprinter            # a real card, 2/1 in Oracle
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental Warrior
    power: "3"
    toughness: "1"
    ```

    ## Use instead
    ```yaml
    # config: {set-kind: oracle}
    name: Quarry Sprinter
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental Warrior
    power: "2"
    toughness: "1"
    ```

    ## Fix safety
    The fix writes the Oracle value over the file's. It is safe in a file
    declared a mirror (``set-kind = "oracle"``), unsafe elsewhere (a designer's
    card may only share the name). When the
    Oracle card has no such value at all, there is no fix: removing a field
    is left to the editor.
    """

    code = "ORC004"
    name = "stat-differs-from-oracle"
    category = "oracle"
    severity = "warning"
    rules = ("108.1", "208.1", "306.5a", "310.4a")
    fixable = True
    scope = "set"
    needs_parse = False
    message = "{what} {mine} differs from the Oracle {what} {theirs} ({date})"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        view = file_view(cards)
        if view is None:
            return
        for card, i, face, oracle in view.mirrored_faces():
            for key in _FIELDS:
                value = getattr(face, key)
                if value is None:
                    continue
                theirs = oracle.get(key)
                if stat(value) == stat(theirs):
                    continue
                fix = None
                if theirs is not None:
                    fix = Fix(f"Write the Oracle {key} {theirs}", [Edit(0, len(value), str(theirs))], safe=view.fixes_safe,
                              face=i, field=key)
                yield card, self.hit(face=i, field=key, start=0, end=len(value), fix=fix, rules=_RULES[key],
                                     what=key, mine=value, theirs=theirs if theirs is not None else "(none)",
                                     date=view.date)
