"""ORC006: a custom card that carries a real card's name."""

from __future__ import annotations

from typing import Iterable

from linter.checks._oracle import OracleCheck, file_view
from linter.checks.base import Hit
from linter.model import Card


def _what(real, name: str | None = None) -> str:
    """The real card (or its face of that name) in a few words: type line and mana cost."""
    fields = real.face(name) if name and real.faces else None
    if fields is None:
        fields = {"type_line": real.type_line, "mana_cost": real.mana_cost}
        if real.faces and not real.type_line:
            fields["type_line"] = " // ".join(f.get("type_line", "?") for f in real.faces)
    parts = [p for p in (fields.get("type_line"), fields.get("mana_cost")) if p]
    return ", ".join(parts) or "a real card"


class NameOfARealCard(OracleCheck):
    """A card of a custom set that takes the name of a real card.

    ## What it does
    In a custom set (``set-kind = "custom"``, or any file not taken for an
    Oracle mirror: one declared ``set-kind = "oracle"``, or one of at least 10
    cards of which at least 60% are real cards again), looks up each card's name
    and each face's name in the Oracle index (``oraclelint oracle update``,
    or ``--oracle PATH``) and reports a card that has a real card's name but
    is not that card: its mana cost or type line differ from the real one's,
    or, in a file declared ``set-kind = "custom"``, its rules text is mostly
    other text (in a file that does not say, Oracle may have changed a real
    card's text since it was printed). Such a card is never compared with the
    real one, so ``--fix`` never turns it into the real card. A card that agrees with the real
    card (older wording allowed) is a reprint, which custom sets may hold,
    and so is a face named like a real card that agrees with it (a custom
    card whose back face shows the real card it conjures); ORC001-ORC005
    compare those with their Oracle text instead. A name that only differs
    from a real one by case, accents, ligatures or punctuation ("Aether" for
    "Æther") counts as the same name. Tokens are left out: their names are
    not unique and tokens are not cards. The message names the date of the
    Oracle data; with no index the check does nothing.

    ## Why is this bad?
    Objects with a name in common have the same name (CR 201.2a), and deck
    construction counts copies by name (CR 100.2a): a new card named like a
    real one would be the same card for every rule and effect that looks at
    names, and its players would confuse the two.

    ## Example
    ```yaml
    name: Quarry Sprinter            # the name of a real 2/1 red creature
    mana_cost: "{3}{U}"
    type_line: Creature — Merfolk Scout
    ```

    ## Use instead
    ```yaml
    name: Shoal Sprinter
    mana_cost: "{3}{U}"
    type_line: Creature — Merfolk Scout
    ```

    ## Fix safety
    No automatic fix: only the designer can choose a new name.
    """

    code = "ORC006"
    name = "name-of-a-real-card"
    category = "oracle"
    severity = "error"
    rules = ("201.2a", "100.2a")
    scope = "set"
    needs_parse = False
    message = "{name} ({what}; {date}): a new card needs a name of its own"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        view = file_view(cards)
        if view is None or view.kind != "custom":
            return
        for m in view.matches:
            card = m.card
            if m.oracle is not None and not m.reprint:
                found = m.found_name or card.name
                if m.exact:
                    name = f"'{found}' is the name of a real card"
                else:
                    name = f"'{found}' is the name of the real card '{m.oracle.name}', written differently"
                # the card's name, or its front face's when that is the name found
                face = 0 if found != card.name else None
                yield card, self.hit(face=face, field="name", name=name, what=_what(m.oracle, found),
                                     date=view.date)
            for i, real, _fields, agrees in m.real_faces:
                if agrees or (m.oracle is not None and real.name == m.oracle.name):
                    continue  # a reprint of the real card's face, or the card itself judged above
                face = card.faces[i]
                yield card, self.hit(face=i, field="name", name=f"'{face.name}' is the name of a real card",
                                     what=_what(real, face.name), date=view.date)
