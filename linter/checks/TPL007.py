"""TPL007: an ability word, a chapter number or a modal instruction not followed by " — "."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter import tables
from linter.checks.api import at_line_starts
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card, Face

# "Landfall-Whenever", "Landfall - Whenever", "Landfall: Whenever", "Landfall—Whenever"
_WORD_DASH = re.compile(r"(?m)^(?P<word>[A-Z][A-Za-z'’ ]{2,40}?)(?P<sep>\s*(?:—|–|--?|:)\s*|\s+[—–]\s*)(?=[A-Z{])")
_CHAPTER = re.compile(r"(?m)^(?P<ch>[IVX]+(?:\s*,\s*[IVX]+)*)(?P<sep>\s*(?:—|–|--?|:)\s*)(?=\S)")
# (the word boundary before "choose" is tested after its first letter: the search skips at
# once to the next "C" or "c")
_MODAL = re.compile(
    r"(?m)(?P<ins>[Cc](?<!\w[Cc])hoose (?:one|two|three|four|five|one or more|one or both|any number|up to (?:one|two|three|four|five)|X)"
    r"(?: or more| or both)?(?: (?:that hasn't been chosen|at random)(?: this turn)?)?)"
    r"(?P<sep>\s*(?:—|–|--?|:)?\s*)$")


class LabelDash(Check):
    """An ability word, a chapter number or a modal instruction not followed by " — ".

    ## What it does
    Finds a known ability word at the start of a line ("Landfall-Whenever …",
    "Landfall: Whenever …"), a Saga's chapter numbers ("I-", "II:"), and a
    line that ends with a modal instruction ("Choose one", "Choose one -")
    whose separator is not a space, an em dash and a space. Keyword costs
    written with a dash ("Ward—Pay 3 life") are not labels and are left alone.

    ## Why is this bad?
    Ability words (CR 207.2c), chapter symbols (CR 714.2) and the instruction
    before the modes of a modal spell (CR 700.2) are set off from their text
    by " — " on every card; a hyphen or a colon reads like a cost.

    ## Example
    ```yaml
    oracle_text: "Landfall - Whenever a land you control enters, you gain 1 life."
    ```

    ## Use instead
    ```yaml
    oracle_text: "Landfall — Whenever a land you control enters, you gain 1 life."
    ```

    ## Fix safety
    Safe: only the separator changes.
    """

    code = "TPL007"
    name = "label-without-spaced-em-dash"
    category = "templating"
    severity = "warning"
    rules = ("207.2c", "714.2", "700.2")
    fixable = True
    # every separator it judges has a dash or a colon, and a modal instruction says "choose"
    needs = ("text:—", "text:–", "text:-", "text::", "text:hoose")
    message = "{what} is followed by {sep!r}: write ' — ' (a space, an em dash, a space)"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if face.oracle_text:
                yield from self._face(i, face, face.oracle_text)

    def _face(self, i: int, face: Face, text: str) -> Iterator[Hit]:
        words = tables.ability_words()
        dashed = "—" in text or "–" in text or "-" in text or ":" in text  # what every separator has
        for m in (at_line_starts(_WORD_DASH, text) if dashed else ()):
            if m.group("word").strip().lower() in words and m.group("sep") != " — ":
                yield self._hit(i, m, f"the ability word {m.group('word').strip()!r}", " — ")
        if "Saga" in face.subtypes:
            for m in at_line_starts(_CHAPTER, text):
                if m.group("sep") != " — " or re.search(r",(?! )", m.group("ch")):
                    yield self._chapter(i, m)
        for m in (_MODAL.finditer(text) if "hoose" in text else ()):
            nxt = text[m.end() + 1:m.end() + 3]
            if not nxt or nxt[0] not in "•-*·":
                continue  # no modes follow: "choose one" inside a sentence
            if m.group("sep") != " —":
                yield self._hit(i, m, f"the modal instruction {m.group('ins')!r}", " —")

    def _hit(self, i: int, m: re.Match, what: str, want: str) -> Hit:
        s, e = m.span("sep")
        fix = Fix(f"write {want!r}", [Edit(s, e, want)], face=i, field="oracle_text")
        return self.hit(face=i, field="oracle_text", start=m.start(), end=e, fix=fix, what=what,
                        sep=m.group("sep"))

    def _chapter(self, i: int, m: re.Match) -> Hit:
        chapters = ", ".join(c.strip() for c in m.group("ch").split(","))
        fix = Fix("write the chapters as 'I, II — '", [Edit(m.start(), m.end("sep"), f"{chapters} — ")],
                  face=i, field="oracle_text")
        return self.hit(face=i, field="oracle_text", start=m.start(), end=m.end("sep"), fix=fix,
                        what=f"the chapter number {m.group('ch')!r}", sep=m.group("sep"))
