"""ABL008: a Case without exactly one "To solve —" and one "Solved —" ability, in that order."""

from __future__ import annotations

from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Ability, Card


def _part(ability: Ability) -> str | None:
    """Which part of a Case an ability is: "To solve", "Solved" or None."""
    label = (ability.ability_word or ability.keyword or "").strip().lower()
    if label == "to solve":
        return "To solve"
    if label == "solved":
        return "Solved"
    return None


class CaseStructure(Check):
    """A Case without one "To solve —" and one "Solved —" ability in that order.

    ## What it does
    On each face with the Case subtype, looks for the two abilities a Case is
    made of: "To solve — [condition]" and "Solved — [ability]". A Case
    without a "To solve" ability is an error; a missing "Solved" ability, a
    part printed twice, or "Solved" before "To solve" is a warning. On a face
    that is not a Case, either part is an error.

    ## Why is this bad?
    "To solve — [condition]" is a triggered ability that gives the Case the
    solved designation at the end step, and "Solved — [ability]" works only
    while the Case is solved (CR 719.3). Without the first the second never
    works; without the second solving does nothing; and both speak of "this
    Case", so they have no meaning on another permanent.

    ## Example
    ```yaml
    name: Case of the Silent Bell
    mana_cost: "{1}{W}"
    type_line: Enchantment — Case
    oracle_text: "When this Case enters, you gain 3 life.\\nSolved — Creatures you control get +1/+1."
    ```

    ## Use instead
    ```yaml
    name: Case of the Silent Bell
    mana_cost: "{1}{W}"
    type_line: Enchantment — Case
    oracle_text: "When this Case enters, you gain 3 life.\\nTo solve — You have 25 or more life.\\nSolved — Creatures you control get +1/+1."
    ```

    ## Fix safety
    No automatic fix: only the designer knows the condition or the reward.
    """

    code = "ABL008"
    name = "case-abilities-malformed"
    category = "abilities"
    severity = "error"
    rules = ("719", "719.3")
    needs = ("type:Case", "text:solve")
    message = "{problem}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if face.parsed is None or not (face.oracle_text or "").strip():
                continue
            parts = [(a, p) for a in face.parsed.abilities if (p := _part(a)) is not None]
            if "Case" not in face.subtypes:
                if face.type_line:
                    for ability, part in parts:
                        yield self.hit(face=i, field="oracle_text", start=ability.start, end=ability.end,
                                       problem=f"a \"{part} —\" ability on a face that is not a Case: it refers to a Case's solved designation")
                continue
            solve = [a for a, p in parts if p == "To solve"]
            solved = [a for a, p in parts if p == "Solved"]
            if not solve:
                where = solved[0] if solved else None
                yield self.hit(face=i, field="oracle_text" if where else "type_line",
                               start=where.start if where else None, end=where.end if where else None,
                               problem="this Case has no \"To solve —\" ability, so it never becomes solved")
                continue
            if not solved:
                yield self.hit(face=i, field="oracle_text", start=solve[0].start, end=solve[0].end, severity="warning",
                               problem="this Case has no \"Solved —\" ability, so solving it does nothing")
            for group, label in ((solve, "To solve"), (solved, "Solved")):
                if len(group) > 1:
                    yield self.hit(face=i, field="oracle_text", start=group[1].start, end=group[1].end,
                                   severity="warning", problem=f"this Case has {len(group)} \"{label} —\" abilities")
            if solved and solve and solved[0].start < solve[0].start:
                yield self.hit(face=i, field="oracle_text", start=solved[0].start, end=solved[0].end,
                               severity="warning", problem="\"Solved —\" is printed before \"To solve —\"")
