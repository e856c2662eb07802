"""SYM002: a brace without its partner ("{2}{G", "{1}{W}}")."""

from __future__ import annotations

from typing import Iterable, Iterator

from linter.checks._symbols import BRACED
from linter.checks.base import Check, Hit
from linter.model import Card


def _balanced(text: str) -> bool:
    """Whether every brace of ``text`` belongs to a symbol ("{", no brace or line break, "}"):
    as many symbols as opening braces and as closing braces (each symbol holds one of each).
    Counting decides it several times faster than matching the whole text."""
    opening = text.count("{")
    return opening == text.count("}") and (opening == 0 or len(BRACED.findall(text)) == opening)


#: the fields whose braces are judged, and how a message names them
_FIELDS = (("mana_cost", "the mana cost"), ("oracle_text", "the rules text"))


def unbalanced(text: str) -> Iterator[tuple[int, int, str]]:
    """Each brace without a partner: (start, end, what is wrong).

    A symbol never spans lines and never holds another brace, so an opening
    brace is closed by the next closing brace on its line or not at all.
    """
    if _balanced(text):  # the common case, decided without a Python loop
        return
    open_at: int | None = None
    for i, ch in enumerate(text):
        if ch == "{":
            if open_at is not None:
                yield open_at, i, "an opening brace that is never closed"
            open_at = i
        elif ch == "}":
            if open_at is None:
                yield i, i + 1, "a closing brace that was never opened"
            open_at = None
        elif ch == "\n" and open_at is not None:
            yield open_at, i, "an opening brace that is never closed"
            open_at = None
    if open_at is not None:
        yield open_at, len(text), "an opening brace that is never closed"


class UnbalancedBraces(Check):
    """A brace in a mana cost or rules text that has no partner.

    ## What it does
    Reports an opening brace that is not closed before the next brace or the
    end of the line, and a closing brace that was never opened, in mana
    costs and rules text (reminder text included).

    ## Why is this bad?
    A symbol is written between one pair of braces (CR 107.4); with a brace
    missing, the symbol cannot be read and every tool that renders or
    searches the text misreads it.

    ## Example
    ```yaml
    name: Ember Courier
    mana_cost: "{2}{R"
    oracle_text: "Kicker {1}{R} (You may pay an additional {1}{R}} as you cast this spell.)"
    ```

    ## Use instead
    ```yaml
    name: Ember Courier
    mana_cost: "{2}{R}"
    oracle_text: "Kicker {1}{R} (You may pay an additional {1}{R} as you cast this spell.)"
    ```

    ## Fix safety
    No automatic fix: whether a brace is missing or one too many depends on
    what the author meant.
    """

    code = "SYM002"
    name = "unbalanced-symbol-braces"
    category = "symbols"
    severity = "error"
    rules = ("107.4", "202.1")
    needs = ("field:mana_cost", "text:{", "text:}")
    message = "{problem} in {where}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            for field, where in _FIELDS:
                value = getattr(face, field)
                if not value or _balanced(value):
                    continue  # no brace without its partner: most values, and no generator made
                for start, end, problem in unbalanced(value):
                    yield self.hit(face=i, field=field, start=start, end=max(end, start + 1),
                                   problem=problem, where=where)
