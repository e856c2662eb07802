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
from linter.checks._chars import nontraditional_type_words
from linter.checks._keywords import keyword_items
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
    #: what every match of ``rx`` starts with, one of these (in lower case where ``rx`` reads
    #: any case; none known: empty): a text that holds none of them needs no search
    leads: tuple[str, ...] = ()
    any_case: bool = False

    def search(self, text: str, low: str | None) -> bool:
        """Whether the pattern matches ``text`` (``low``: its lower case where it is ASCII; a
        case-blind pattern reads more in a text beyond ASCII than its lower case shows)."""
        seen = low if self.any_case else text
        if self.leads and seen is not None:
            for lead in self.leads:
                if lead in seen:
                    break
            else:
                return False
        return self.rx.search(text) is not None


def _pattern(entry: dict) -> _Pattern:
    pattern = entry["pattern"]
    rx = re.compile(pattern)
    any_case = pattern.startswith("(?i)")
    leads = _leads(pattern[4:] if any_case else pattern)
    if any_case:
        leads = tuple(lead.lower() for lead in leads)
    return _Pattern(entry["product"], rx, entry["what"], leads, any_case)


#: plain letters and spaces, as a pattern's alternative may start with
_LETTERS = re.compile(r"[A-Za-z][A-Za-z ]*")
#: what makes the sign before it optional ("conjures?") or repeats a group
_QUANTIFIERS = ("?", "*", "{", "+")


def _leads(pattern: str) -> tuple[str, ...]:
    """The letters every match of ``pattern`` starts with, one string per alternative, or
    () where an alternative does not plainly start with letters.  An alternative's word
    boundary is passed over (it is no character), and so is a group's "(?:" whose own
    alternatives all have letters ("(?:specializes?|intensity)": "specialize", "intensity");
    letters a quantifier follows lose the last ("conjures?": "conjure")."""
    out: list[str] = []
    for alternative in _alternatives(pattern):
        if alternative.startswith("\\b"):
            alternative = alternative[2:]
        letters = _LETTERS.match(alternative)
        if letters is not None:
            lead = letters.group()
            if alternative[letters.end():letters.end() + 1] in _QUANTIFIERS:
                lead = lead[:-1]
            inner = (lead,) if lead else ()
        elif alternative.startswith("(?:"):
            end = _group_end(alternative)
            optional = end is None or alternative[end + 1:end + 2] in _QUANTIFIERS
            inner = () if optional else _leads(alternative[3:end])
        else:
            inner = ()
        if not inner:
            return ()
        out += inner
    return tuple(out)


def _signs(pattern: str):
    """(position, character, depth) of each character of ``pattern`` that is no escaped
    character and stands in no character class, with the number of groups around it
    (a group's brackets count as outside it)."""
    depth, i, n = 0, 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":  # to the class's end: a "]" first in it (after "^") is one of its characters
            i += 2 if pattern[i + 1:i + 2] == "^" else 1
            i += 1 if pattern[i:i + 1] == "]" else 0
            while i < n and pattern[i] != "]":
                i += 2 if pattern[i] == "\\" else 1
        elif pattern.startswith("(?#", i):  # a comment, to its end
            i = pattern.find(")", i)
            if i < 0:
                return
        elif ch == "(":
            yield i, ch, depth
            depth += 1
        elif ch == ")":
            depth -= 1
            yield i, ch, depth
        else:
            yield i, ch, depth
        i += 1


def _alternatives(pattern: str) -> list[str]:
    """``pattern`` cut at each "|" outside its groups."""
    cuts = [i for i, ch, depth in _signs(pattern) if ch == "|" and depth == 0]
    return [pattern[a + 1:b] for a, b in zip([-1, *cuts], [*cuts, len(pattern)])]


def _group_end(pattern: str) -> int | None:
    """Where the group that ``pattern`` starts with ends (its ")"), or None."""
    return next((i for i, ch, depth in _signs(pattern) if ch == ")" and depth == 0), None)


@functools.lru_cache(maxsize=1)
def _data() -> tuple[dict[str, frozenset], tuple[_Pattern, ...], tuple[_Pattern, ...]]:
    data = load("products")
    fields = {k: frozenset(v) for k, v in data["fields"].items()}
    names = tuple(_pattern(e) for e in data["names"])
    text = tuple(_pattern(e) for e in data["text"])
    return fields, names, text


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
        low = own.lower() if own.isascii() else None
        for p in text:
            if p.search(own, low):
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
