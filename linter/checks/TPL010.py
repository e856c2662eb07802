"""TPL010: reminder text that is not closed in parentheses."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Card

_PARENS = re.compile(r"[()\[\]]")
# parentheses that pair up one level deep, and no square bracket: nothing to report (most
# texts with reminder text), decided without a Python loop
_PAIRED = re.compile(r"[^()\[\]]*(?:\([^()\[\]]*\)[^()\[\]]*)*")


class ReminderParentheses(Check):
    """Reminder text whose parentheses do not match.

    ## What it does
    Finds an opening parenthesis that is never closed and a closing one that
    was never opened, and reminder text written in square brackets after a
    keyword. Reminder text that runs over a line break is tolerated, and so
    are the square brackets of a card with Cleave, which mark the words its
    cleave cost removes (CR 702.148a).

    ## Why is this bad?
    Reminder text is written in parentheses (CR 207.2a); it has no rules
    meaning, so a reader and the parser must be able to tell where it ends.
    An unclosed parenthesis hides every ability after it on the line.

    ## Example
    ```yaml
    oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach."
    ```

    ## Use instead
    ```yaml
    oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach.)"
    ```

    ## Fix safety
    No fix: where the reminder text was meant to end is not certain.
    """

    code = "TPL010"
    name = "reminder-text-unparenthesized"
    category = "templating"
    severity = "warning"
    rules = ("207.2a",)
    needs = ("text:(", "text:)", "text:[", "text:]")
    message = "{what}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            text = face.oracle_text
            if not text or not _PARENS.search(text) or _PAIRED.fullmatch(text):
                continue
            # Cleave's square brackets mark the words its cost removes (CR 702.148a)
            cleave = face.parsed is not None and any(a.keyword == "Cleave" for a in face.parsed.walk())
            yield from self._line(i, text, 0, brackets_are_text=cleave)

    def _line(self, i: int, line: str, pos: int, brackets_are_text: bool = False) -> Iterable[Hit]:
        stack: list[tuple[str, int]] = []
        for m in _PARENS.finditer(line):
            ch, k = m.group(0), m.start()
            if ch in "([":
                stack.append((ch, k))
                continue
            want = "(" if ch == ")" else "["
            if stack and stack[-1][0] == want:
                opened = stack.pop()[1]
                if ch == "]" and not stack and not brackets_are_text and self._reminder_in_brackets(line, opened):
                    yield self.hit(face=i, field="oracle_text", start=pos + opened, end=pos + k + 1,
                                   what="reminder text is written in parentheses, not square brackets")
                continue
            yield self.hit(face=i, field="oracle_text", start=pos + k, end=pos + k + 1,
                           what=f"{ch!r} closes nothing")
        for ch, k in stack:
            eol = line.find("\n", k)
            yield self.hit(face=i, field="oracle_text", start=pos + k, end=pos + (eol if eol >= 0 else len(line)),
                           what=f"{ch!r} is never closed")

    @staticmethod
    def _reminder_in_brackets(line: str, opened: int) -> bool:
        """Square brackets holding a sentence after a keyword: "Flying [This creature …]"."""
        inner = line[opened + 1:]
        return opened > 0 and bool(re.match(r"[A-Z][a-z]+ [a-z]", inner))
