"""TPL008: a mode of a modal ability that does not start with "• "."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card

# a line after a modal instruction (or after another mode) that starts with a
# stand-in for the bullet: "-", "*", "·", "o", or a bullet without its space
_MODE_LINE = re.compile(r"(?m)^(?P<mark>(?:[-*·]|•)[ \t]*|•)(?=[A-Za-z{+])")
_MODE_GOOD = "• "
_INSTRUCTION_END = re.compile(r"(?:—|–|-|:)\s*$|\b(?:[Cc]hoose (?:one|two|three|four|five|one or more|one or both|any number|up to \w+|X)\b.*)$")


class ModeBullet(Check):
    """A mode of a modal ability that does not start with "• ".

    ## What it does
    Finds the lines that list the modes of a modal spell or ability (after a
    line ending in a modal instruction, or after another mode) and start with
    a hyphen, an asterisk, a middle dot, or a bullet without its space.
    A loyalty ability ("-2: …") is not a mode and is left alone.

    ## Why is this bad?
    A modal spell or ability lists its modes as a bulleted list after the
    instruction to choose (CR 700.2); a hyphen at the start of a line reads
    like a loyalty cost.

    ## Example
    ```yaml
    oracle_text: "Choose one —\\n- Draw a card.\\n- You gain 3 life."
    ```

    ## Use instead
    ```yaml
    oracle_text: "Choose one —\\n• Draw a card.\\n• You gain 3 life."
    ```

    ## Fix safety
    Safe: only the mark before the mode changes.
    """

    code = "TPL008"
    name = "mode-without-bullet"
    category = "templating"
    severity = "warning"
    rules = ("700.2",)
    needs = ("text:-", "text:*", "text:·", "text:•")
    fixable = True
    message = "a mode starts with '• ', not {mark!r}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            text = face.oracle_text
            if not text:
                continue
            for m in _MODE_LINE.finditer(text):
                mark = m.group("mark")
                if mark == _MODE_GOOD:
                    continue
                if not self._after_instruction(text, m.start()):
                    continue
                fix = Fix("write '• '", [Edit(m.start(), m.end("mark"), _MODE_GOOD)], face=i, field="oracle_text")
                yield self.hit(face=i, field="oracle_text", start=m.start(), end=m.end("mark"), fix=fix, mark=mark)

    @staticmethod
    def _after_instruction(text: str, start: int) -> bool:
        """Whether the line before ``start`` is a modal instruction or another mode."""
        k = start - 1
        while k >= 0:
            line_start = text.rfind("\n", 0, k) + 1
            line = text[line_start:k].strip()
            if not line:
                return False
            if line[0] in "•-*·" and not re.match(r"-\s*\d", line):
                k = line_start - 1  # another mode: keep looking up
                continue
            return bool(_INSTRUCTION_END.search(line))
        return False
