"""RUL006: a color identity field that disagrees with the card."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.checks._colors import color_words, defined_colors
from linter.checks._symbols import BRACED, symbol_table
from linter.checks.api import plain_text
from linter.checks.base import Check, Hit
from linter.model import COLORS, Card, cost_symbols, symbol_colors

#: the mana a basic land type's intrinsic ability makes (CR 305.6); data
#: sources count it in the identity although the text box shows it only as
#: reminder text, and CR 903.5d treats it alike for deck building
_BASIC_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def symbol_identity(symbol: str) -> set[str]:
    """The colors one symbol adds to a color identity (hybrid: both, Phyrexian: its own, half: its own)."""
    s = symbol.upper()
    if len(s) == 2 and s[0] == "H" and s[1] in COLORS:
        return {s[1]}
    return symbol_colors(s)


@functools.lru_cache(maxsize=1024)
def _identity_of(symbol: str) -> frozenset[str]:
    """:func:`symbol_identity`, worked out once per symbol (cards repeat their symbols)."""
    return frozenset(symbol_identity(symbol))


@functools.lru_cache(maxsize=4096)
def _cost_identity(cost: str) -> tuple[frozenset[str], bool]:
    """The colors a mana cost adds to a color identity, and whether one of its symbols is
    of unknown meaning, worked out once per cost (costs repeat from card to card)."""
    table = symbol_table()
    symbols = cost_symbols(cost)
    colors = frozenset().union(*(_identity_of(s) for s in symbols))
    return colors, not all(table.known(s, in_cost=False) for s in symbols)


_NOT_IDENTITY = re.compile(r"\bdoes(?:n't| not) affect (?:its|this card's) color identity\b")


def card_identity(card: Card) -> tuple[set[str], set[str], bool]:
    """The colors of the card's identity (CR 903.4), the colors its basic land
    types may add besides, and whether a symbol of unknown meaning (a custom
    set's own, or a malformed one) may add colors that cannot be seen."""
    table = symbol_table()
    colors: set[str] = set()
    basic: set[str] = set()
    unknown = False
    for face in card.faces:
        cost_colors, cost_unknown = _cost_identity(face.mana_cost or "")
        colors |= cost_colors
        unknown = unknown or cost_unknown
        text = face.oracle_text or ""
        if text:
            plain = plain_text(face)  # reminder text does not count (903.4c)
            symbols = set(BRACED.findall(plain))
            for symbol in symbols:
                colors |= _identity_of(symbol)
            unknown = unknown or not table.all_known(symbols, in_cost=False)
        colors |= set(face.color_indicator or ())
        if card.is_token:
            # a token is no card and has no color identity by the rules; data sources
            # give it its colors (which come from the effect that makes it, CR 111.3)
            basic |= set(face.colors or ())
        defined = defined_colors(card, face)
        # a card may say that the ability does not count ("This ability doesn't affect its
        # color identity.")
        if defined and not _NOT_IDENTITY.search(text):
            colors |= defined
        for sub in face.subtypes:
            if sub in _BASIC_LAND_COLORS:
                basic.add(_BASIC_LAND_COLORS[sub])
    return colors, basic - colors, unknown


class ColorIdentityMismatch(Check):
    """A color identity field that disagrees with the card's symbols and indicators.

    ## What it does
    Where the file gives a card's color identity, works it out from the card:
    the colors of the mana symbols in every face's mana cost and rules text
    (hybrid symbols count both colors, Phyrexian symbols their color), every
    face's color indicator, and abilities that define a face's color.
    Reminder text does not count. The colors of basic land types may be
    included or left out, and so may a token's colors. Where the card holds a
    symbol of unknown meaning (a custom set's own symbol), only colors
    missing from the field are reported.

    ## Why is this bad?
    Color identity decides which Commander decks may hold the card
    (CR 903.4). It includes the back face of a double-faced card and an
    adventurer's Adventure (903.4d, 903.4e) but not reminder text (903.4c).
    A wrong field lets deck builders accept an illegal card or refuse a
    legal one.

    ## Example
    ```yaml
    name: Ashen Bargainer
    mana_cost: "{1}{B}"
    color_identity: [B]
    oracle_text: "{R}, {T}: Ashen Bargainer deals 1 damage to any target."
    ```

    ## Use instead
    ```yaml
    name: Ashen Bargainer
    mana_cost: "{1}{B}"
    color_identity: [B, R]
    oracle_text: "{R}, {T}: Ashen Bargainer deals 1 damage to any target."
    ```

    ## Fix safety
    No automatic fix yet: replacing the field is safe when the card's text is right.
    """

    code = "RUL006"
    name = "color-identity-disagrees-with-card"
    category = "rules"
    severity = "error"
    rules = ("903.4", "903.4c", "903.4d")
    needs = ("field:color_identity",)
    message = "color identity is given as {given}, but the card's symbols and indicators make it {expected}{detail}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        if card.color_identity is None or not card.faces:
            return
        given = set(card.color_identity)
        expected, optional, unknown = card_identity(card)
        missing = expected - given
        extra = set() if unknown else given - expected - optional
        if not missing and not extra:
            return
        parts = []
        if missing:
            parts.append(f"{color_words(missing)} missing")
        if extra:
            parts.append(f"{color_words(extra)} not on the card")
        yield self.hit(field="color_identity", given=color_words(given), expected=color_words(expected),
                       detail=f" ({'; '.join(parts)})")
