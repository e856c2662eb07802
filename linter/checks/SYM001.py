"""SYM001: a brace symbol that is no known symbol ({K}, {GG}, {g}, {U/W})."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.checks._symbols import BRACED, symbol_table
from linter.checks.base import Check, Hit
from linter.config import active
from linter.model import Card


_STRAY = re.compile(r"[^\0\s0-9A-Za-z{}/]+")
# a cost of nothing but what _STRAY leaves alone (most costs): nothing stray in it
_PLAIN_COST = re.compile(r"[\s0-9A-Za-z{}/]*")


class UnknownSymbol(Check):
    """A symbol between braces that is not a symbol of the game.

    ## What it does
    Looks at every ``{…}`` in mana costs and rules text and reports the ones
    that are not in the symbol table (``rules_data/symbols.yaml``): mana
    symbols, numbers, {X}, hybrid and Phyrexian symbols in their conventional
    order, {S}, and in rules text also {T}, {Q}, {E}, {P}, {TK}, {PW}, {CHAOS}
    and loyalty symbols. In a mana cost only mana symbols are allowed. Where
    a known symbol is the likely intent (upper case, the other order of a
    hybrid symbol, a missing slash) the message names it. A custom set
    declares its own symbols in the configuration (``symbols``).

    ## Why is this bad?
    Each symbol stands for exactly one thing (CR 107.4); "{GG}" is not two
    green mana and "{K}" is nothing at all, so the cost or effect cannot be
    paid or carried out as written. Lower-case and reordered symbols do not
    match the symbols renderers, search engines and other tools know.

    ## Example
    ```yaml
    name: Thicket Warden
    mana_cost: "{1}{GG}"
    oracle_text: "{t}: Add {g}."
    ```

    ## Use instead
    ```yaml
    name: Thicket Warden
    mana_cost: "{1}{G}{G}"
    oracle_text: "{T}: Add {G}."
    ```

    ## Fix safety
    No automatic fix yet; where the message suggests a symbol, replacing it
    is safe.
    """

    code = "SYM001"
    name = "unknown-mana-symbol"
    category = "symbols"
    severity = "error"
    rules = ("107.4", "202.1")
    needs = ("field:mana_cost", "text:{")
    message = "unknown symbol {symbol}{where}{hint}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        table = symbol_table()
        declared = set(active().symbols)  # a custom set's own symbols
        for i, face in enumerate(card.faces):
            for field, in_cost in (("mana_cost", True), ("oracle_text", False)):
                value = getattr(face, field)
                if not value:
                    continue
                if _all_known(value) if in_cost else table.all_known(BRACED.findall(value), in_cost=False):
                    continue  # every symbol known: most values
                for m in BRACED.finditer(value):
                    symbol = m.group(1)
                    if table.known(symbol, in_cost=in_cost) or _declared(symbol, declared, table):
                        continue
                    if in_cost and table.known(symbol, in_cost=False):
                        where = " in a mana cost (it is no mana symbol)"
                    else:
                        where = ""
                    suggestion = table.suggestion(symbol, in_cost=in_cost)
                    hint = f": write {{{suggestion}}}" if suggestion else ""
                    yield self.hit(face=i, field=field, start=m.start(), end=m.end(),
                                   symbol=m.group(0), where=where, hint=hint)
            if face.mana_cost and not _PLAIN_COST.fullmatch(face.mana_cost):
                # characters of a mana cost outside braces that are no letters or digits
                # (those are unbraced symbols, SYM003's concern) and no braces (SYM002's)
                outside = BRACED.sub(lambda m: "\0" * len(m.group()), face.mana_cost)
                for m in _STRAY.finditer(outside):
                    yield self.hit(face=i, field="mana_cost", start=m.start(), end=m.end(),
                                   symbol=repr(m.group()), where=" outside braces in the mana cost", hint="")


@functools.lru_cache(maxsize=4096)
def _all_known(cost: str) -> bool:
    """Whether every braced symbol of a mana cost is a known mana symbol, worked out once
    per cost (most costs repeat from card to card, and hold no other symbol)."""
    table = symbol_table()
    return all(table.known(m.group(1), in_cost=True) for m in BRACED.finditer(cost))


def _declared(symbol: str, declared: set[str], table) -> bool:
    """A symbol the set declares, or a hybrid of declared and known mana symbols
    ("{I/W}" once "I" is declared), also written without the slash ("{IW}", "{WI}")."""
    if symbol in declared:
        return True
    if not declared:
        return False
    if "/" not in symbol:
        return any((symbol.startswith(d) and _mana_part(symbol[len(d):], declared, table))
                   or (symbol.endswith(d) and _mana_part(symbol[:-len(d)], declared, table))
                   for d in declared if len(symbol) > len(d))
    parts = symbol.split("/")
    return any(p in declared for p in parts) and all(_mana_part(p, declared, table) for p in parts)


def _mana_part(part: str, declared: set[str], table) -> bool:
    return part in declared or part == "P" or table.known(part, in_cost=True)

