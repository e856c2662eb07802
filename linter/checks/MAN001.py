"""MAN001: a mana cost whose symbols are not in the conventional order."""

from __future__ import annotations

import functools
from typing import Iterable

from linter.checks._chars import braced, conventional_cost, cost_fix
from linter.checks.base import Check, Hit
from linter.model import Card


@functools.lru_cache(maxsize=4096)
def _reordered(cost: str) -> str | None:
    """The cost written in the conventional order where that differs from ``cost``; None
    where it is in order or has no conventional order (worked out once per cost: files
    repeat their costs)."""
    good_symbols = conventional_cost(cost)
    if good_symbols is None:
        return None
    good = braced(good_symbols)
    return None if good == cost else good


class ManaCostOrder(Check):
    """Mana symbols in an order that printed mana costs never use.

    ## What it does
    Compares each mana cost with the same symbols in the conventional order:
    {X} first, then the generic number, then {C} and {S}, then the colored
    symbols. Colors follow the color wheel the short way round: allied pairs
    clockwise ({W}{U}, {G}{W}), enemy pairs from the color two steps behind
    ({W}{B}, {R}{W}), three-color costs from the start of their run
    ({G}{W}{U}) or, with a gap, from the color both others are two steps
    from ({W}{B}{G}), four colors after the missing one, all five W U B R G.
    A hybrid or Phyrexian symbol goes with the earliest of its colors, after
    the plain symbols of that color ({2}{G}{G/U/P}{U}).

    ## Why is this bad?
    The order does not change what the cost is (CR 107.4, 202.1), but every
    printed card and Oracle text keep this one, and so do search engines that
    match costs as text. "{G}{1}" or "{U}{W}" reads as a typo, and two cards
    of one set whose costs differ only in order look different.

    ## Example
    ```yaml
    name: Harbor Warden
    mana_cost: "{U}{W}{1}"
    type_line: Creature — Human Soldier
    ```

    ## Use instead
    ```yaml
    name: Harbor Warden
    mana_cost: "{1}{W}{U}"
    type_line: Creature — Human Soldier
    ```

    ## Fix safety
    Safe: the fix writes the same symbols in the conventional order. A file
    that writes costs without braces (Cockatrice XML, Magic Set Editor) gets
    the new cost without them too ("2GW").
    """

    code = "MAN001"
    name = "mana-cost-out-of-order"
    category = "symbols"
    severity = "warning"
    rules = ("107.4", "202.1")
    needs = ("cost:}{",)  # two symbols at least: one alone is in order
    message = "mana cost {cost} is not in the conventional order: write {good}"
    fixable = True
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            cost = face.mana_cost
            if not cost:
                continue
            good = _reordered(cost)
            if good is None:
                continue
            fix = cost_fix(i, cost, good, f"Reorder to {good}")
            yield self.hit(face=i, field="mana_cost", start=0, end=len(cost), fix=fix, cost=cost, good=good)
