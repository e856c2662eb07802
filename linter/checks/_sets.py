"""The sets that the set-level checks (SET001, SET002, TPL012) compare cards within, and what
they set aside when they compare reminder texts.

A set is the cards of one file that share a set code (Scryfall's ``set``, a
Cockatrice ``<set>``, an MSE-Hub or LackeyBot set id); a file whose cards name
no set is one set itself (a Magic Set Editor set, a custom set's YAML or XML).
A bulk Oracle file is not a set: cards of Scryfall or MTGJSON files that name
no set are compared with nothing, unless the configuration says the file is a
custom set (``set-kind = "custom"``); in a file the configuration calls a mirror
of Oracle (``set-kind = "oracle"``) only cards that name a set are grouped.
"""

from __future__ import annotations

import re

from linter import config
from linter.model import Card

#: formats of Oracle card data: their files are card references, not sets, unless they name one
ORACLE_FORMATS = frozenset({"scryfall", "mtgjson"})


def sets_of(cards: list[Card]) -> list[list[Card]]:
    """The cards of one file in groups of one set each (cards of no set left out)."""
    return list(_grouped(cards, None).values())


def found_in_sets(cards: list[Card], found: list) -> list[list[tuple[Card, object]]]:
    """The groups of :func:`sets_of`, in its order, of the cards whose ``found`` (one value
    for each card: what a check collected of it) is not empty, each card with its value; a
    set none of whose cards has a value is left out. A check that judges what few cards
    hold (reminder texts) then goes through those, not through every card of the file."""
    return [group for group in _grouped(cards, found).values() if group]


def _grouped(cards: list[Card], found: list | None) -> dict[str | None, list]:
    """Set code as compared (None: the file's own set) -> the set's cards, or where ``found``
    is given, its cards with a value that is not empty, each as (card, value); a set's place
    is that of its first card."""
    kind = config.active().set_kind
    groups: dict[str | None, list] = {}
    codes: dict[str | None, str | None] = {}  # each set code as written, as compared
    for k, card in enumerate(cards):
        written = card.set_code
        if written not in codes:
            codes[written] = (written or "").strip().casefold() or None
        code = codes[written]
        if code is None and not _file_is_a_set(card, kind):
            continue
        group = groups.get(code)
        if group is None:
            group = groups[code] = []
        if found is None:
            group.append(card)
        elif found[k]:
            group.append((card, found[k]))
    return groups


def _file_is_a_set(card: Card, kind: str | None) -> bool:
    if kind is not None:
        return kind == "custom"
    fmt = card.source.format if card.source is not None else ""
    return fmt not in ORACLE_FORMATS


_NONE = re.compile(r"\bnone\b")


def as_fewer_than(reminder: str, parameter: str | None) -> str:
    """A reminder of a keyword whose number is 1 written with "none" where the others say
    "fewer than N" ("Infuse 1 (… if it has none.)"): the same words for the comparison."""
    if (parameter or "").strip().lower() in ("1", "one"):
        return _NONE.sub("fewer than one", reminder)
    return reminder
