"""The table of known brace symbols (rules_data/symbols.yaml) shared by the symbol checks."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from linter.catalogue import CatalogueError, load

#: a braced symbol: an opening brace, no brace or line break, a closing brace
BRACED = re.compile(r"\{([^{}\n]*)\}")


@dataclass(frozen=True, slots=True)
class SymbolTable:
    """What may stand between braces, in mana costs and in rules text."""

    cost_symbols: frozenset[str]
    text_symbols: frozenset[str]
    cost_patterns: tuple[re.Pattern, ...]
    text_patterns: tuple[re.Pattern, ...]
    unbraced_letters: str
    #: answers of :meth:`known` already given (cards repeat their symbols)
    _known: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: the symbols :meth:`known` found known, in costs and in text, for :meth:`all_known`
    _known_sets: dict = field(default_factory=lambda: {True: set(), False: set()}, compare=False, hash=False,
                              repr=False)

    def known(self, symbol: str, *, in_cost: bool) -> bool:
        """Whether ``symbol`` (the text between the braces) is a known symbol."""
        key = (symbol, in_cost)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = self._look_up(symbol, in_cost)
        return found

    def all_known(self, symbols, *, in_cost: bool) -> bool:
        """Whether every one of ``symbols`` is a known symbol: one set test where each was
        seen before (a text's symbols nearly always were)."""
        seen = self._known_sets[in_cost]
        if seen.issuperset(symbols):
            return True
        for symbol in symbols:
            if not self.known(symbol, in_cost=in_cost):
                return False
            seen.add(symbol)
        return True

    def _look_up(self, symbol: str, in_cost: bool) -> bool:
        if symbol in self.cost_symbols:
            return True
        if any(p.fullmatch(symbol) for p in self.cost_patterns):
            return True
        if in_cost:
            return False
        return symbol in self.text_symbols or any(p.fullmatch(symbol) for p in self.text_patterns)

    def suggestion(self, symbol: str, *, in_cost: bool) -> str | None:
        """The known symbol a malformed one most likely means, or None.

        Upper case for lower case ("{g}" -> "{G}"), the conventional order of
        a hybrid symbol ("{U/W}" -> "{W/U}", "{P/G}" -> "{G/P}"), the slash a
        Phyrexian or hybrid symbol lacks ("{GP}" -> "{G/P}").
        """
        candidates = []
        up = symbol.upper().strip()
        candidates.append(up)
        parts = [p for p in up.split("/") if p]
        if len(parts) > 1:
            colors = [p for p in parts if p != "P"]
            phyrexian = "P" in parts
            for order in (colors, list(reversed(colors))):
                candidates.append("/".join(order + (["P"] if phyrexian else [])))
        if "/" not in up and 2 <= len(up) <= 3 and all(c in "WUBRGCP2" for c in up):
            candidates.append("/".join(up))
            candidates.append("/".join(reversed(up)))
        for cand in candidates:
            if cand != symbol and self.known(cand, in_cost=in_cost):
                return cand
        return None


@functools.lru_cache(maxsize=None)
def symbol_table() -> SymbolTable:
    data = load("symbols")
    cost_symbols: set[str] = set()
    text_symbols: set[str] = set()
    cost_patterns: list[re.Pattern] = []
    text_patterns: list[re.Pattern] = []
    for name, group in data["groups"].items():
        if not group.get("symbols") and not group.get("pattern"):
            raise CatalogueError("symbols.yaml", f"groups.{name}", "a group needs symbols or a pattern")
        (cost_symbols if group["in_cost"] else text_symbols).update(group.get("symbols") or ())
        if group.get("pattern"):
            try:
                pattern = re.compile(group["pattern"])
            except re.error as exc:
                raise CatalogueError("symbols.yaml", f"groups.{name}.pattern", str(exc)) from None
            (cost_patterns if group["in_cost"] else text_patterns).append(pattern)
    return SymbolTable(
        cost_symbols=frozenset(cost_symbols),
        text_symbols=frozenset(text_symbols),
        cost_patterns=tuple(cost_patterns),
        text_patterns=tuple(text_patterns),
        unbraced_letters="".join(data["unbraced_letters"]),
    )
