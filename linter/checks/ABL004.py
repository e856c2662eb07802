"""ABL004: Saga chapters that do not run I, II, III … without a gap, a repeat or a step back."""

from __future__ import annotations

from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Ability, Card
from linter.nlp.text import to_roman


def chapter_problem(chapters: list[Ability]) -> tuple[Ability, str] | None:
    """The first ability at which a Saga's chapters go wrong, and why."""
    seen: set[int] = set()
    last_first = 0
    for ability in chapters:
        numbers = list(ability.chapters)
        if numbers != sorted(numbers):
            return ability, f"{', '.join(map(to_roman, numbers))} are not in ascending order"
        for n in numbers:
            if n in seen:
                return ability, f"chapter {to_roman(n)} appears twice"
            seen.add(n)
        # "I, III —" then "II, IV —" is a real layout: each line starts after the last one
        if numbers[0] < last_first:
            return ability, f"chapter {to_roman(numbers[0])} comes after chapter {to_roman(last_first)}"
        last_first = numbers[0]
    missing = [n for n in range(1, max(seen) + 1) if n not in seen]
    if missing:
        where = chapters[0] if missing[0] == 1 else next(
            (a for a in chapters if min(a.chapters) > missing[0]), chapters[-1])
        names = ", ".join(to_roman(n) for n in missing)
        return where, f"chapter{'s' if len(missing) > 1 else ''} {names} {'are' if len(missing) > 1 else 'is'} missing"
    return None


class SagaChaptersOutOfSequence(Check):
    """Saga chapters that skip, repeat or go back ("I, II, IV", "I, II, II").

    ## What it does
    Reads the chapter symbols of each Saga face in printed order and reports
    the first place where they stop counting up from I: a missing chapter, a
    chapter printed twice, or a chapter printed before a lower one. A
    symbol shared by several chapters ("I, II —") counts each of them, and
    interleaved lines such as "I, III —" then "II, IV —" are accepted. A Saga
    whose text has no chapter ability at all is reported too.

    ## Why is this bad?
    Chapter symbols carry Roman numerals counted from I (CR 714.2a); each
    chapter triggers when lore counters reach its number (CR 714.2b), and
    the Saga is sacrificed once they reach its final chapter number, the
    greatest one it has (CR 714.2d, 714.4). A gap means a turn on which
    nothing happens, a repeat means an effect that happens twice, and a Saga
    without chapters is sacrificed as soon as it enters.

    ## Example
    ```yaml
    name: The Siege of Emberhold
    mana_cost: "{2}{R}"
    type_line: Enchantment — Saga
    oracle_text: "I — Create a 1/1 red Goblin creature token.\\nII — Goblins you control get +1/+0 until end of turn.\\nIV — The Siege of Emberhold deals 3 damage to any target."
    ```

    ## Use instead
    ```yaml
    name: The Siege of Emberhold
    mana_cost: "{2}{R}"
    type_line: Enchantment — Saga
    oracle_text: "I — Create a 1/1 red Goblin creature token.\\nII — Goblins you control get +1/+0 until end of turn.\\nIII — The Siege of Emberhold deals 3 damage to any target."
    ```

    ## Fix safety
    No automatic fix: renumbering can change when each effect happens.
    """

    code = "ABL004"
    name = "saga-chapters-out-of-sequence"
    category = "abilities"
    severity = "error"
    rules = ("714.2a", "714.2d")
    needs = ("type:Saga",)
    message = "this Saga's chapters do not count up from I: {why}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if face.parsed is None or "Saga" not in face.subtypes:
                continue
            chapters = [a for a in face.parsed.abilities if a.kind == "chapter" and a.chapters]
            if not chapters:
                if len((face.oracle_text or "").split()) > 1:  # not a placeholder such as "NA"
                    yield self.hit(face=i, field="oracle_text", why="it has no chapter ability at all",
                                   start=0, end=len(face.oracle_text or ""))
                continue
            found = chapter_problem(chapters)
            if found is not None:
                ability, why = found
                yield self.hit(face=i, field="oracle_text", start=ability.start,
                               end=ability.effect_start or ability.end, why=why)
