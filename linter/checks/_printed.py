"""Printed numbers a card type requires (power/toughness, loyalty, defense): which faces
must carry one, and whether a file carries the field at all."""

from __future__ import annotations

from typing import Iterable, Iterator

from linter.checks._chars import effective_types
from linter.model import Card, Face


def faces_of_type(cards: Iterable[Card], card_type: str) -> Iterator[tuple[Card, int, Face]]:
    """Every face of a non-token card whose type line names ``card_type``."""
    # whether a type line names it, worked out once per type line (a set repeats them)
    names: dict[str | None, bool] = {}
    for card in cards:
        if card.is_token:
            continue
        for i, face in enumerate(card.faces):
            found = names.get(face.type_line)
            if found is None:
                kinds = effective_types(face)
                found = names[face.type_line] = bool(kinds) and card_type in kinds
            if found:
                yield card, i, face


def carried(cards: Iterable[Card], attr: str) -> bool:
    """Whether the file gives ``attr`` on any face at all (absent is not empty: a file
    that never writes the field says nothing about it)."""
    return any(getattr(f, attr) is not None for c in cards for f in c.faces)


def is_transform_back(card: Card, i: int, face: Face) -> bool:
    """A back face without a mana cost of its own: its number is not printed (a
    transformed permanent keeps its counters)."""
    return i > 0 and face.mana_cost in ("", None) and card.layout not in ("split", "adventure", "flip")


def placeholder(face: Face) -> bool:
    """A face the file gives nothing but a name and a type line for: no rules text and
    no mana cost (as the one-entry "A // B" records of some Cockatrice files are). What
    such a face lacks says nothing."""
    return not (face.oracle_text or "").strip() and not face.mana_cost
