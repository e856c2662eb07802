"""ABL007: a Class whose level bars do not run Level 2, Level 3, … in order."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Card

_LEVEL_BAR = re.compile(r"\s*level\s+(\d+)\s*\.?\s*$", re.I)


class ClassLevelsOutOfOrder(Check):
    """A Class whose level bars skip a level, repeat one or go back.

    ## What it does
    Reads the class level bars ("{2}{W}: Level 2") of each face with the
    Class subtype in printed order and reports the first one that is not the
    next level: the levels must be 2, 3, 4 … (a Class starts at level 1).

    ## Why is this bad?
    A level bar "[Cost]: Level N" can be activated only while the Class is
    level N−1 (CR 716.2a), and a Class without a level counts as level 1
    (CR 716.2d). A bar whose level is not one more than the bar before it
    can never be activated, so the abilities below it are never gained.

    ## Example
    ```yaml
    name: Tinkerer Class
    mana_cost: "{1}{U}"
    type_line: Enchantment — Class
    oracle_text: "Artifact spells you cast cost {1} less to cast.\\n{2}{U}: Level 3\\nWhenever you cast an artifact spell, draw a card."
    ```

    ## Use instead
    ```yaml
    name: Tinkerer Class
    mana_cost: "{1}{U}"
    type_line: Enchantment — Class
    oracle_text: "Artifact spells you cast cost {1} less to cast.\\n{2}{U}: Level 2\\nWhenever you cast an artifact spell, draw a card."
    ```

    ## Fix safety
    The fix renumbers the bar to the level it must have. It is unsafe when a
    bar is missing rather than misnumbered.
    """

    code = "ABL007"
    name = "class-levels-out-of-order"
    category = "abilities"
    severity = "error"
    rules = ("716.2", "716.2a", "716.2d")
    needs = ("type:Class",)
    fixable = True
    message = "this class level bar says Level {got}, but the bar before it reaches level {before}: {why}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        from linter.diagnostics import Edit, Fix

        for i, face in enumerate(card.faces):
            if face.parsed is None or "Class" not in face.subtypes:
                continue
            text = face.oracle_text or ""
            expected = 2
            for ability in face.parsed.abilities:
                if ability.kind != "activated" or ability.effect_start is None:
                    continue
                m = _LEVEL_BAR.match(text, ability.effect_start, ability.end)
                if m is None:
                    continue
                got = int(m.group(1))
                if got != expected:
                    why = ("it can never be activated" if got > expected
                           else "that level is already reached")
                    fix = Fix(f"Level {expected}", [Edit(m.start(1), m.end(1), str(expected))], safe=False,
                              face=i, field="oracle_text")
                    yield self.hit(face=i, field="oracle_text", start=m.start(1) - len("Level "), end=m.end(1),
                                   fix=fix, got=got, before=expected - 1, why=why)
                    break
                expected += 1
