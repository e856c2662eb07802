"""TPL013: a double space, or a space before a line break or at the end of the rules text."""

from __future__ import annotations

from typing import Iterable

from linter.checks._textutil import stray_spacing
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


class StraySpacing(Check):
    """A double space, or a space before a line break or at the start or end of the rules text.

    ## What it does
    Finds spacing in a face's rules text that is no part of its words: two or
    more spaces (or a tab) between words, spaces or tabs before a line break
    or at the end of the text, and spaces at the start of a line or of the
    text. Reminder text and quoted abilities count too: whitespace is text.

    ## Why is this bad?
    Oracle text puts one space between words and none at a line's ends
    (CR 207.1 describes the text box the rules text is printed in). Stray
    spaces are invisible on a rendered card but make two copies of one text
    differ: a search, a diff against Oracle or a set-level comparison sees two
    different cards.

    ## Example
    ```yaml
    oracle_text: "Enchant  creature \\nEnchanted creature gets +1/+1."
    ```

    ## Use instead
    ```yaml
    oracle_text: "Enchant creature\\nEnchanted creature gets +1/+1."
    ```

    ## Fix safety
    Safe: only the spacing changes, and a run of spaces between words keeps one.
    """

    code = "TPL013"
    name = "stray-spacing-in-rules-text"
    category = "templating"
    severity = "warning"
    rules = ("207.1",)
    fixable = True
    message = "{what}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            text = face.oracle_text
            if not text:
                continue
            runs = stray_spacing(text)
            if len(runs) == 2 and runs[0][0] == 0 and runs[1][1] == len(text) and "\n" not in text:
                # " NA ": one finding for the spaces around a one-line text
                edits = [Edit(runs[0][0], runs[0][1], ""), Edit(runs[1][0], runs[1][1], "")]
                fix = Fix("delete the spaces", edits, safe=True, face=i, field="oracle_text")
                yield self.hit(face=i, field="oracle_text", start=0, end=len(text), fix=fix,
                               what="Spaces around the rules text")
                continue
            for s, e, what in runs:
                between = 0 < s and e < len(text) and not text[s - 1].isspace() and not text[e].isspace()
                new = " " if between else ""
                fix = Fix("write one space" if between else "delete the spaces", [Edit(s, e, new)],
                          safe=True, face=i, field="oracle_text")
                what = what[:1].upper() + what[1:] + ("" if "rules text" in what else " in the rules text")
                yield self.hit(face=i, field="oracle_text", start=s, end=e, fix=fix, what=what)
