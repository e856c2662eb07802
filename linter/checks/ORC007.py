"""ORC007: a card name a few letters away from a real card's name."""

from __future__ import annotations

from typing import Iterable

from linter.checks._oracle import OracleCheck, file_view, is_card, near_names, quote_names
from linter.checks.base import Hit
from linter.model import Card

#: at most this many real names are named in one message
SHOWN = 3


class NameCloseToARealCard(OracleCheck):
    """A card name that is not a real card's but is a few letters away from one.

    ## What it does
    Looks up each card's name (each face's name for a card of several faces)
    in the Oracle index (``oraclelint oracle update``, or ``--oracle PATH``).
    A name that is no real card's but within a small edit distance of one —
    two letters inserted, deleted, replaced or swapped for names of 8
    characters or more, one for names of 5 to 7 (shorter names are a letter
    away from too many others), compared after case, accents and
    punctuation are evened out — is reported with the closest real names. In a file that mirrors Oracle, a name that is a real card's
    written another way ("Aether" for "Æther") is reported with the Oracle
    spelling. Tokens are left out. The message names the date of the Oracle
    data; with no index the check does nothing.

    ## Why is this bad?
    In a file that mirrors Oracle a near miss is most likely a typo, and the
    card is then not compared with its Oracle text at all. In a custom set a
    name that reads almost like a real card's invites confusion with it,
    even though the rules would tell the two apart (CR 201.2a); the designer
    may want to know.

    ## Example
    ```yaml
    name: Quarry Sprintre            # a real card is named Quarry Sprinter
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental
    ```

    ## Use instead
    ```yaml
    name: Quarry Sprinter
    mana_cost: "{1}{R}"
    type_line: Creature — Elemental
    ```

    ## Fix safety
    No automatic fix: a near miss may be a deliberate new name.
    """

    code = "ORC007"
    name = "name-close-to-a-real-card"
    category = "oracle"
    severity = "info"
    rules = ("201.1", "201.2a")
    scope = "set"
    needs_parse = False
    message = "{subject} ({date})"
    facts = ("near",)

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        view = file_view(cards)
        if view is None:
            return
        for m in view.matches:
            card = m.card
            if m.oracle is not None:
                if not m.exact and (view.kind == "oracle" or m.reprint):
                    yield card, self.hit(field="name", date=view.date,
                                         subject=f"'{card.name}' is written '{m.oracle.name}' in Oracle")
                continue
            if not is_card(card):
                continue
            real = {i for i, *_rest in m.real_faces}
            for i, face in enumerate(card.faces):
                name = face.name or (card.name if len(card.faces) == 1 else None)
                if not name or i in real:
                    continue
                close = near_names(view.index, card, i, name)
                if not close:
                    continue
                names = [n for _d, n in close[:SHOWN]]
                more = f" (and {len(close) - SHOWN} more)" if len(close) > SHOWN else ""
                noun = "name" if len(names) == 1 else "names"
                yield card, self.hit(face=i, field="name", date=view.date,
                                     subject=f"'{name}' is close to the real card {noun} {quote_names(names)}{more}")
