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
    kind = config.active().set_kind
    groups: dict[str | None, list[Card]] = {}
    codes: dict[str | None, str | None] = {}  # each set code as written, as compared
    for card in cards:
        written = card.set_code
        if written not in codes:
            codes[written] = (written or "").strip().casefold() or None
        code = codes[written]
        if code is None and not _file_is_a_set(card, kind):
            continue
        groups.setdefault(code, []).append(card)
    return list(groups.values())


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
