"""TPL005: an ability's sentence that starts in lower case or ends without a full stop."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter.checks import api
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Ability, Card, Face

_KINDS = frozenset({"activated", "triggered", "static", "spell", "loyalty", "chapter"})
_LABEL = re.compile(r"[^—\n]{1,60}? — ")
# what a finished ability may end with: a full stop (inside quotes or brackets
# too), a modal instruction's dash, a question or exclamation mark
_ENDINGS = frozenset('.!?"”)]—:')
_CLASS_LEVEL = re.compile(r"[Ll]evel \d+\s*$")


class SentenceForm(Check):
    """An ability whose text starts in lower case or does not end with a full stop.

    ## What it does
    Reads each ability the parser found that is written as sentences
    (activated, loyalty, triggered, static and spell abilities, and chapter
    abilities), leaving out reminder text and bulleted modes. The first word
    of the effect (after a cost's colon, an ability word's dash or a
    chapter's dash) must start with a capital letter, and the text must end
    with a full stop (a modal instruction ends with its dash). Keyword lines
    and bare ability words are not sentences and are not read.

    ## Why is this bad?
    Rules text is written as sentences (CR 207.1); a line without its full
    stop often means text was lost, and exporters that join lines use the
    full stop to tell where one ability ends.

    ## Example
    ```yaml
    oracle_text: "{T}: draw a card, then discard a card"
    ```

    ## Use instead
    ```yaml
    oracle_text: "{T}: Draw a card, then discard a card."
    ```

    ## Fix safety
    Safe: capitalizing the first letter and adding the full stop change no
    word.
    """

    code = "TPL005"
    name = "sentence-not-capitalized-or-closed"
    category = "templating"
    severity = "warning"
    rules = ("207.1",)
    fixable = True
    # the kinds of ability it reads (_KINDS): keyword, level and unknown lines are no sentences
    needs = tuple(f"ability:{kind}" for kind in sorted(_KINDS))
    message = "this ability {what}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for view in api.card_faces(card):
            yield from self._face(view.index, view.face)

    def _face(self, i: int, face: Face) -> Iterator[Hit]:
        text = face.oracle_text or ""
        reminders: dict[int, int] = {}  # where each reminder text ends -> where it starts
        for s, e in face.parsed.reminders:
            reminders.setdefault(e, s)
        for a in face.parsed.abilities:
            if a.kind not in _KINDS:
                continue
            start = self._body_start(text, a)
            if start is not None and start < len(text) and text[start].islower() and text[start].isalpha():
                fix = Fix("capitalize", [Edit(start, start + 1, text[start].upper())], face=i, field="oracle_text")
                yield self.hit(face=i, field="oracle_text", start=start, end=start + 1, fix=fix,
                               what="starts with a lower-case letter")
            end = self._own_end(text, a, reminders)
            if a.kind == "activated" and _CLASS_LEVEL.match(text, a.effect_start or a.start, end):
                continue  # a Class's level line ("{2}{U}: Level 2") is no sentence
            if a.modes and text[end - 1] in "-–":
                continue  # the modal instruction's dash (TPL007 judges its form)
            if end > a.start and text[end - 1] not in _ENDINGS:
                fix = Fix("add a full stop", [Edit(end, end, ".")], face=i, field="oracle_text")
                yield self.hit(face=i, field="oracle_text", start=max(a.start, end - 1), end=end, fix=fix,
                               what="does not end with a full stop")

    @staticmethod
    def _body_start(text: str, a: Ability) -> int | None:
        """Where the first sentence of the effect starts (skipping a cost, a label, a dash)."""
        if a.kind in ("activated", "loyalty", "chapter"):
            pos = a.effect_start
        elif a.ability_word or a.keyword:
            m = _LABEL.match(text, a.start)
            pos = m.end() if m else None
        else:
            pos = a.start
        if pos is None:
            return None
        while pos < a.end and text[pos] in " \t":
            pos += 1
        return pos if pos < a.end else None

    @staticmethod
    def _own_end(text: str, a: Ability, reminders: dict[int, int]) -> int:
        """The end of the ability's own text: before its modes, trailing reminder text and spaces."""
        end = a.modes[0][0] if a.modes else a.end
        changed = True
        while changed:
            changed = False
            while end > a.start and text[end - 1] in " \t\n":
                end -= 1
                changed = True
            s = reminders.get(end)
            if s is not None and s >= a.start:
                end = s
                changed = True
        return end
