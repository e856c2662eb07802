"""MAN002: generic mana written as several numbers, or {0} beside other symbols."""

from __future__ import annotations

import functools
from typing import Iterable

from linter.checks._chars import braced, cost_fix
from linter.checks.base import Check, Hit
from linter.model import Card, cost_symbols


class SplitGenericMana(Check):
    """A mana cost with more than one generic number, or {0} with other symbols.

    ## What it does
    Reports a mana cost that writes its generic part as several numbers
    ("{1}{1}{R}", "{2}{G}{1}") or that holds {0} next to other symbols
    ("{0}{R}"), and offers the cost with one number.

    ## Why is this bad?
    A number symbol stands for that much generic mana (CR 107.4b), and a
    printed cost gives its generic part as one number; {0} stands for a cost
    of nothing and is only written alone (CR 107.4d). "{1}{1}" is usually a
    typo for "{2}" or for a colored symbol, and tools that read the first
    number as the generic cost get it wrong.

    ## Example
    ```yaml
    name: Cinder Hound
    mana_cost: "{1}{1}{R}"
    type_line: Creature — Dog
    ```

    ## Use instead
    ```yaml
    name: Cinder Hound
    mana_cost: "{2}{R}"
    type_line: Creature — Dog
    ```

    ## Fix safety
    Unsafe: the numbers are added up, which keeps the mana value, but a
    "{1}" may have been meant as a colored symbol. A file that writes costs
    without braces (Cockatrice XML, Magic Set Editor) gets the new cost
    without them too.
    """

    code = "MAN002"
    name = "generic-mana-split"
    category = "symbols"
    severity = "warning"
    rules = ("107.4b", "107.4d", "202.1")
    needs = ("field:mana_cost",)
    message = "mana cost {cost} {what}: write {good}"
    fixable = True
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            cost = face.mana_cost
            found = _merged(cost) if cost else None
            if found is None:
                continue
            good, what = found
            fix = cost_fix(i, cost, good, f"Write {good}", safe=False)
            yield self.hit(face=i, field="mana_cost", start=0, end=len(cost), fix=fix,
                           cost=cost, what=what, good=good)


@functools.lru_cache(maxsize=4096)
def _merged(cost: str) -> tuple[str, str] | None:
    """(the cost with its generic mana as one number, what is wrong) for a cost that
    splits its generic mana or writes {0} beside other symbols, else None; worked out
    once per cost (files repeat their costs)."""
    symbols = cost_symbols(cost)
    if braced(symbols) != cost:
        return None  # something besides braced symbols: the symbol checks report it
    numbers = [s for s in symbols if s.isdigit()]
    if len(symbols) < 2 or not numbers:
        return None
    if len(numbers) == 1 and numbers[0] != "0":
        return None
    total = sum(int(n) for n in numbers)
    rest = [s for s in symbols if not s.isdigit()]
    variables = [s for s in rest if s in ("X", "Y", "Z")]
    others = [s for s in rest if s not in ("X", "Y", "Z")]
    generic = [str(total)] if total or not rest else []
    good = braced(variables + generic + others)
    what = "has several generic numbers" if len(numbers) > 1 else "has {0} beside other symbols"
    return good, what
