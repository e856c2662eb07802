"""ABL005: a Saga whose reminder text sacrifices it after another chapter than its last."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api
from linter.nlp.text import from_roman, to_roman

_SACRIFICE_AFTER = re.compile(r"\b[Ss]acrifice (?:it |this Saga )?after (?P<n>[IVX]+)\b")


class SagaReminderDisagreesWithChapters(api.FaceCheck):
    """A Saga whose reminder text names another last chapter than the one it has.

    ## What it does
    Compares the chapter named in a Saga's reminder text ("Sacrifice after
    III.") with its final chapter number, the greatest chapter it prints,
    and reports the reminder text when they differ.

    ## Why is this bad?
    A Saga is sacrificed once its lore counters reach its final chapter
    number, the greatest number among its chapter abilities (CR 714.2d,
    714.4). The reminder text only explains that; when it names another
    chapter, a chapter was added or removed and the reminder was not kept
    in step, and players will read the wrong length.

    ## Example
    ```yaml
    name: Tale of the Tidewright
    mana_cost: "{2}{U}"
    type_line: Enchantment — Saga
    oracle_text: "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\\nI — Draw a card.\\nII — Scry 2."
    ```

    ## Use instead
    ```yaml
    name: Tale of the Tidewright
    mana_cost: "{2}{U}"
    type_line: Enchantment — Saga
    oracle_text: "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)\\nI — Draw a card.\\nII — Scry 2."
    ```

    ## Fix safety
    The fix rewrites the numeral in the reminder text to the final chapter.
    It is unsafe: the chapters may be what is wrong.
    """

    code = "ABL005"
    name = "saga-reminder-disagrees-with-chapters"
    category = "abilities"
    severity = "warning"
    rules = ("714.2d",)
    needs = ("ability:chapter",)
    fixable = True
    message = "the reminder text says to sacrifice after {said}, but the last chapter is {last}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        from linter.diagnostics import Edit, Fix

        text = face.text
        if "after" not in text or not face.reminders:
            return
        numbers = [n for a in face.abilities if a.kind == "chapter" for n in a.chapters]
        if not numbers:
            return
        last = max(numbers)
        for start, end in face.reminders:
            m = _SACRIFICE_AFTER.search(text, start, end)
            if m is None:
                continue
            said = from_roman(m.group("n"))
            if said != last:
                numeral = to_roman(last)
                fix = Fix(f"Sacrifice after {numeral}", [Edit(m.start("n"), m.end("n"), numeral)],
                          safe=False, face=face.index, field="oracle_text")
                yield face.hit(self, m.start("n"), m.end("n"), fix=fix, said=m.group("n"), last=numeral)
