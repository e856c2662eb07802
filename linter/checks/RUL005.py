"""RUL005: a mana value field that disagrees with the mana cost."""

from __future__ import annotations

import functools
import math
import re
from typing import Iterable, Iterator

from linter.checks._symbols import symbol_table
from linter.checks.api import CardContext
from linter.checks.base import Check, Hit
from linter.model import Card, Face, cost_symbols, mana_value

#: layouts whose later faces have the front face's mana value (CR 202.3b; a
#: flipped card keeps its mana cost)
_FRONT_VALUE_LAYOUTS = frozenset({"transform", "flip", "double_faced_token"})
#: layouts whose mana value is the sum of the faces' (CR 202.3d, 709.4b)
_SPLIT_LAYOUTS = frozenset({"split", "aftermath", "fuse"})


def _number(x: float) -> str:
    if math.isinf(x):
        return "∞"
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _is_split(card: Card) -> bool:
    """A split card: halves that add up. Adventurer and Omen cards have the
    characteristics of their main face outside the stack (CR 715.4, 720)."""
    if (card.layout or "").lower() not in _SPLIT_LAYOUTS or len(card.faces) < 2:
        return False
    return not any({"Adventure", "Omen"} & set(f.subtypes) for f in card.faces)


@functools.lru_cache(maxsize=4096)
def _value(cost: str) -> float:
    """:func:`~linter.model.mana_value`, worked out once per cost (files repeat their costs)."""
    return mana_value(cost)


@functools.lru_cache(maxsize=4096)
def _note(cost: str | None) -> str:
    """Why the value of a cost may surprise: X, hybrid, Phyrexian symbols."""
    syms = [s.upper() for s in cost_symbols(cost or "")]
    notes = []
    if any(s in ("X", "Y", "Z") for s in syms):
        notes.append("X counts as 0")
    if any("/" in s and "P" not in s.split("/") for s in syms):
        notes.append("a hybrid symbol counts its largest part")
    if any("P" in s.split("/") for s in syms):
        notes.append("a Phyrexian symbol counts 1")
    return f" ({'; '.join(notes)})" if notes else ""


@functools.lru_cache(maxsize=4096)
def _computable(cost: str | None) -> bool:
    """Whether every symbol of a cost has a known mana value (a custom or
    malformed symbol has none; SYM001 reports the malformed ones)."""
    table = symbol_table()
    if re.sub(r"\{[^{}]*\}", "", cost or "").strip():
        return False  # something outside braces: SYM001/SYM003 report it
    return all(table.known(s, in_cost=True) for s in cost_symbols(cost or ""))


def card_mana_value(card: Card) -> tuple[float, str] | None:
    """The card's mana value outside the stack and how it was worked out, or None
    when a needed mana cost is absent from the file."""
    if not card.faces:
        return None
    if _is_split(card):
        costs = [f.mana_cost for f in card.faces]
        if any(c is None or not _computable(c) for c in costs):
            return None
        shown = " + ".join(c or "no cost" for c in costs)
        return sum(_value(c) for c in costs), f"the halves' costs {shown} add up{_note(''.join(costs))}"  # type: ignore[arg-type]
    front = card.faces[0]
    if front.mana_cost is None or not _computable(front.mana_cost):
        return None
    if front.mana_cost == "" and (card.layout or "").lower() == "meld":
        return None  # a melded permanent adds up the costs of two cards (202.3c)
    if front.mana_cost == "":
        return 0.0, "it has no mana cost"
    return _value(front.mana_cost), f"its mana cost is {front.mana_cost}{_note(front.mana_cost)}"


def face_mana_value(card: Card, i: int) -> tuple[float, str] | None:
    """One face's own mana value, or None when it cannot be known from the card."""
    face: Face = card.faces[i]
    layout = (card.layout or "").lower()
    if i > 0 and layout in _FRONT_VALUE_LAYOUTS:
        front = card.faces[0]
        if front.mana_cost is None or not _computable(front.mana_cost):
            return None
        return _value(front.mana_cost), f"a back face has the front face's mana value ({front.mana_cost or 'no cost'})"
    if i > 0 and (layout == "meld" or (not layout and not face.mana_cost)):
        return None  # a melded face adds up two cards; without a layout a back face is ambiguous
    if face.mana_cost is None or not _computable(face.mana_cost):
        return None
    if face.mana_cost == "":
        return 0.0, "it has no mana cost"
    return _value(face.mana_cost), f"its mana cost is {face.mana_cost}{_note(face.mana_cost)}"


class ManaValueMismatch(Check):
    """A mana value (cmc) field that disagrees with the mana cost.

    ## What it does
    Where the file gives a card's or a face's mana value, compares it with
    the value of the mana cost: X counts 0, a hybrid symbol its largest
    part, a Phyrexian symbol 1; a card with no mana cost has 0; the back
    face of a transforming card has the front face's value; a split card
    adds up its halves; an adventurer's or Omen card's value is its main
    face's; a modal double-faced card's back face has its own.

    ## Why is this bad?
    Mana value is defined by the mana cost alone (CR 202.3). A wrong field
    misleads every search, filter and deck tool that trusts it, and hides
    whether the cost or the number is the mistake.

    ## Example
    ```yaml
    name: Hedge Mender
    mana_cost: "{X}{G/W}{G/W}"
    cmc: 4
    ```

    ## Use instead
    ```yaml
    name: Hedge Mender
    mana_cost: "{X}{G/W}{G/W}"
    cmc: 2
    ```

    ## Fix safety
    No automatic fix yet: replacing the number is safe when the cost is right.
    """

    code = "RUL005"
    name = "mana-value-disagrees-with-cost"
    category = "rules"
    severity = "error"
    rules = ("202.3", "202.3a", "202.3b", "202.3d", "202.3e", "202.3f")
    needs = ("field:cmc",)
    message = "{subject} is given as {given}, but {what} is {expected}: {why}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        if not card.faces:
            return
        for given, face, what, expected, also in self._comparisons(card):
            value, why = expected
            if given is None or math.isclose(given, value) or (also is not None and math.isclose(given, also)):
                continue
            if CardContext(card).lone_entry and self._may_be_half(card.faces[0], given, value):
                continue
            yield self.hit(face=face, field="cmc", subject=what[0], given=_number(given), what=what[1],
                           expected=_number(value), why=why,
                           rules=("202.3",) + self._subrules(card, face))

    def _comparisons(self, card: Card) -> Iterator[tuple[float | None, int | None, tuple[str, str], tuple[float, str], float | None]]:
        """(given, face, what is compared, the expected value and why, another acceptable value)."""
        whole = card_mana_value(card)
        if whole is not None:
            yield card.cmc, None, ("mana value", "the card's mana value"), whole, None
            # a Cockatrice back face's entry repeats the card's mana value (files made
            # from Scryfall data) or gives the face's own (files some editors export)
            back = card.extra.get("back_cmc")
            if isinstance(back, (int, float)) and len(card.faces) > 1:
                printed = card.faces[1].mana_cost
                own = _value(printed) if printed is not None and _computable(printed) else None
                yield float(back), 1, ("the back face's entry's mana value", "the card's"), whole, own
        for i, face in enumerate(card.faces):
            if face.cmc is None:
                continue
            own = face_mana_value(card, i)
            if own is not None:
                yield face.cmc, i, ("this face's mana value", "its value"), own, None

    @staticmethod
    def _may_be_half(face: Face, given: float, value: float) -> bool:
        """A lone entry may be the back face of a double-faced card (no cost, the
        front's value) or one half of a split card (an instant, sorcery or Room)."""
        if face.mana_cost == "" and given > 0:
            return True
        # files give a half either the halves' sum or the first half's value
        return face.has_type("Instant", "Sorcery") or "Room" in face.subtypes

    @staticmethod
    def _subrules(card: Card, face: int | None) -> tuple[str, ...]:
        layout = (card.layout or "").lower()
        if _is_split(card):
            return ("202.3d",)
        if face is not None and face > 0 and layout in _FRONT_VALUE_LAYOUTS:
            return ("202.3b",)
        target = card.faces[face or 0]
        syms = [s.upper() for s in cost_symbols(target.mana_cost or "")]
        out = []
        if any(s in ("X", "Y", "Z") for s in syms):
            out.append("202.3e")
        if any("/" in s and "P" not in s.split("/") for s in syms):
            out.append("202.3f")
        return tuple(out)
