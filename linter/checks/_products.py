"""Cards outside the tournament card pool (Un-sets, playtest cards, Alchemy and other
digital-only products): told apart by what the file says of them, else by their own text.

The templating checks leave such cards alone by default (they break the conventions on
purpose); the rules checks read them like any other card.  rules_data/products.yaml holds
the field values and the patterns.
"""

from __future__ import annotations

import functools
import re
import weakref
from dataclasses import dataclass

from linter.catalogue import load
from linter.checks.api import plain_text
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


@functools.lru_cache(maxsize=1)
def _data() -> tuple[dict[str, frozenset], tuple[_Pattern, ...], tuple[_Pattern, ...]]:
    data = load("products")
    fields = {k: frozenset(v) for k, v in data["fields"].items()}
    names = tuple(_Pattern(e["product"], re.compile(e["pattern"]), e["what"]) for e in data["names"])
    text = tuple(_Pattern(e["product"], re.compile(e["pattern"]), e["what"]) for e in data["text"])
    return fields, names, text


_FIELD_ATTRS = (("set_type", "set_type"), ("border_color", "border_color"),
                ("security_stamp", "security_stamp"), ("digital", "digital"))

_seen: "weakref.WeakKeyDictionary[Card, Product | None]" = weakref.WeakKeyDictionary()


def non_tournament(card: Card) -> Product | None:
    """Why ``card`` is outside the tournament card pool, or None when nothing says so.

    The card's own fields (set_type, digital, border_color, security_stamp,
    promo_types) decide where the file has them; otherwise, in a file of real
    cards (not a custom set's), its name and its rules text (read once
    parsed): Alchemy's keyword actions, an Un-set's symbols, keywords and type
    words printed only outside the pool.
    """
    try:
        return _seen[card]
    except KeyError:
        pass
    found = _from_fields(card) or (_from_text(card) if _judged_by_text(card) else None)
    if card.faces and all(f.parsed is not None or not f.oracle_text for f in card.faces):
        _seen[card] = found  # the text's verdict is final once the parse has run
    return found


def _from_fields(card: Card) -> Product | None:
    fields, _names, _text = _data()
    for key, attr in _FIELD_ATTRS:
        value = getattr(card, attr)
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
    """Whether a card's own text may say that it is outside the tournament card pool: where
    the file gives none of the product fields (a Cockatrice set's <settype> "expansion" or
    "custom" has said what it is), and not in a custom set (its format, or set-kind =
    "custom")."""
    from linter import config

    if any(getattr(card, attr) is not None for _key, attr in _FIELD_ATTRS) or card.promo_types is not None:
        return False
    if config.active().set_kind == "custom":
        return False
    fmt = card.source.format if card.source is not None else ""
    return fmt not in CUSTOM_FORMATS


@functools.lru_cache(maxsize=1)
def _text_patterns() -> tuple[tuple[re.Pattern, _Pattern], ...]:
    """Each text pattern with a looser one before it: without a leading word boundary,
    which matches wherever the pattern does, and, starting with a plain word, is found
    many times faster (most texts match no pattern)."""
    out = []
    for p in _data()[2]:
        pattern, flags = p.rx.pattern, ""
        if pattern.startswith("(?i)"):
            pattern, flags = pattern[4:], "(?i)"
        loose = p.rx
        if pattern.startswith("\\b"):
            try:
                loose = re.compile(flags + pattern[2:], p.rx.flags & ~(re.UNICODE | re.IGNORECASE))
            except re.error:
                loose = p.rx
        out.append((loose, p))
    return tuple(out)


def _from_text(card: Card) -> Product | None:
    from linter.checks._chars import nontraditional_type_words
    from linter.checks._keywords import keyword_items

    _fields, names, _text = _data()
    for p in names:
        if card.name and p.rx.search(card.name):
            return Product(p.product, f"its name has {p.what}", False)
    for face in card.faces:
        if not face.oracle_text:
            continue
        own = plain_text(face)
        for loose, p in _text_patterns():
            if loose.search(own) and p.rx.search(own):
                return Product(p.product, f"its text has {p.what}", False)
        if face.parsed is not None:
            for item in keyword_items(face):
                if item.status == "outside-cr":
                    return Product("Un-set or Alchemy", f"its keyword {item.name!r} is printed only outside "
                                   "the tournament card pool", False)
    for _i, word, kind in nontraditional_type_words(card):
        if kind == "subtype":
            continue  # some ("Cyborg") also stand on tournament cards
        return Product("Un-set", f"its type word {word.text!r} is printed only outside the tournament card pool", False)
    return None
