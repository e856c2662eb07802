"""Cards outside the tournament card pool (Un-sets, playtest cards, Alchemy and other
digital-only products): told apart by what the file says of them, else by their own text.

The templating checks leave such cards alone by default (they break the conventions on
purpose); the rules checks read them like any other card.  rules_data/products.yaml holds
the field values and the patterns.
"""

from __future__ import annotations

import functools
import operator
import re
from dataclasses import dataclass

from linter import config
from linter.catalogue import load
from linter.checks._chars import nontraditional_card_type_word
from linter.checks._keywords import keyword_outside_cr
from linter.checks.api import TextPieces, plain_text
from linter.model import Card


@dataclass(frozen=True)
class Product:
    """Why a card is outside the tournament card pool."""

    product: str  # "Alchemy", "Un-set", or the field's value ("funny", "playtest")
    reason: str  # what says so, for a reader ("set_type funny", "its text says 'perpetually'")
    from_data: bool  # the file's own fields say so (not a guess from the text)


@dataclass(frozen=True)
class _Pattern:
    product: str
    rx: re.Pattern
    what: str
    #: pieces, in lower case, one of which every match of ``rx`` holds (none given: empty)
    hints: tuple[str, ...] = ()

    def search(self, text: str, low: str | None) -> bool:
        """Whether the pattern matches ``text`` (``low``: ``hint_text(text)``; where it is None
        the text is always searched)."""
        if self.hints and low is not None and not any(hint in low for hint in self.hints):
            return False
        return self.rx.search(text) is not None


#: the letters beyond ASCII that a case-blind pattern reads as ASCII ones ("ſ" as an "s")
#: while their lower case is none (the Kelvin sign's is a "k"); a test holds that there are no
#: others
_READ_AS_ASCII = re.compile("[\u0130\u0131\u017f]")


def hint_text(text: str) -> str | None:
    """``text`` in lower case, where every match of a pattern, case-blind ones too, shows in
    it in lower case, so that the hints can be looked for in it; None where a case-blind
    pattern reads more in the text than its lower case shows (it is then always searched)."""
    if not text.isascii() and _READ_AS_ASCII.search(text):
        return None
    return text.lower()


def _pattern(entry: dict) -> _Pattern:
    return _Pattern(entry["product"], re.compile(entry["pattern"]), entry["what"], tuple(entry.get("hints", ())))


@functools.lru_cache(maxsize=1)
def _data() -> tuple[dict[str, frozenset], tuple[_Pattern, ...], tuple[_Pattern, ...]]:
    data = load("products")
    fields = {k: frozenset(v) for k, v in data["fields"].items()}
    names = tuple(_pattern(e) for e in data["names"])
    text = tuple(_pattern(e) for e in data["text"])
    return fields, names, text


@functools.lru_cache(maxsize=1)
def _text_hints() -> TextPieces | None:
    """The hints of every text pattern, one of which the lower case of a text any of them
    matches holds, found in one scan of a text; None where a pattern has none (every text is
    then searched)."""
    patterns = _data()[2]
    if not all(p.hints for p in patterns):
        return None
    return TextPieces({hint: 1 for p in patterns for hint in p.hints})


def _may_match(low: str | None) -> bool:
    """Whether a text pattern may match the text whose ``hint_text`` is ``low`` (one look for
    every hint at once: most texts hold none)."""
    hints = _text_hints()
    return low is None or hints is None or bool(hints.held_in_lower_case(low))


#: the card's fields that say what product it comes from, promo_types apart
_FIELD_ATTRS = ("set_type", "border_color", "security_stamp", "digital")
#: every product field of a card, promo_types too, in one tuple
_product_fields = operator.attrgetter(*_FIELD_ATTRS, "promo_types")


def non_tournament(card: Card) -> Product | None:
    """Why ``card`` is outside the tournament card pool, or None when nothing says so.

    The card's own fields (set_type, digital, border_color, security_stamp,
    promo_types) decide where the file has them; otherwise, in a file of real
    cards (not a custom set's), its name and its rules text (read once
    parsed): Alchemy's keyword actions, an Un-set's symbols, keywords and type
    words printed only outside the pool.
    """
    given = _product_fields(card)
    if given.count(None) < len(given):
        return _from_fields(card)
    return _from_text(card) if _judged_by_text(card) else None


def _from_fields(card: Card) -> Product | None:
    fields, _names, _text = _data()
    for key in _FIELD_ATTRS:
        value = getattr(card, key)
        if value is not None and value in fields.get(key, ()):
            shown = str(value).lower() if isinstance(value, bool) else value
            return Product(str(shown), f"{key} {shown}", True)
    for promo in card.promo_types or ():
        if promo in fields.get("promo_types", ()):
            return Product(promo, f"promo_types {promo}", True)
    return None


#: formats that only hold a designer's own cards: there Alchemy's words ("conjure") are the
#: set's own mechanics, and nothing says a card is outside the tournament pool but its fields
CUSTOM_FORMATS = frozenset({"mse-set", "msehub", "lackeybot"})


def _judged_by_text(card: Card) -> bool:
    """Whether the own text of a card whose file gives none of the product fields (a
    Cockatrice set's <settype> "expansion" or "custom" has said what it is) may say that it
    is outside the tournament card pool: not in a custom set (its format, or set-kind =
    "custom")."""
    if config.active().set_kind == "custom":
        return False
    fmt = card.source.format if card.source is not None else ""
    return fmt not in CUSTOM_FORMATS


def _from_text(card: Card) -> Product | None:
    _fields, names, text = _data()
    for p in names:
        if card.name and p.rx.search(card.name):
            return Product(p.product, f"its name has {p.what}", False)
    for face in card.faces:
        if not face.oracle_text:
            continue
        own = plain_text(face)
        low = hint_text(own)
        if _may_match(low):
            for p in text:
                if p.search(own, low):
                    return Product(p.product, f"its text has {p.what}", False)
        item = keyword_outside_cr(face)
        if item is not None:
            return Product("Un-set or Alchemy", f"its keyword {item.name!r} is printed only outside "
                           "the tournament card pool", False)
    for face in card.faces:
        word = nontraditional_card_type_word(face.type_line) if face.type_line else None
        if word is not None:  # a subtype is no sign: some ("Cyborg") also stand on tournament cards
            return Product("Un-set", f"its type word {word.text!r} is printed only outside the tournament card pool",
                           False)
    return None
