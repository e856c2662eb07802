"""TPL011: a file whose rules texts mix the straight (') and the curly (’) apostrophe."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card

STRAIGHT, CURLY = "'", "\u2019"
# an apostrophe inside or at the end of a word ("can't", "opponents'"), not an opening quote,
# one pattern for each: the apostrophe is matched first and the word character before it
# looked back at, so that the search skips from apostrophe to apostrophe instead of trying a
# look-behind at every character
_IN_WORD = {ch: re.compile(rf"{ch}(?<=\w{ch})") for ch in (STRAIGHT, CURLY)}
_STRAIGHT, _CURLY = _IN_WORD[STRAIGHT].finditer, _IN_WORD[CURLY].finditer


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


class MixedApostrophes(Check):
    """A file whose rules texts mix the straight (') and the curly (’) apostrophe.

    ## What it does
    Counts the apostrophes inside or after words ("can't", "opponent's",
    "owners'") in the rules text of every card of a file. When both styles
    occur, the cards that use the rarer style are reported (on a tie, the
    straight apostrophe that Oracle text uses wins).

    ## Why is this bad?
    Rules text is read as text (CR 207.1): a search for "can't" misses
    "can’t", and a set looks inconsistent when its cards were typed in
    different editors. One style per file avoids both.

    ## Example
    ```yaml
    cards:
      - {name: Gate Warden, type_line: Creature — Human Soldier, oracle_text: "This creature can't block."}
      - {name: Gate Keeper, type_line: Creature — Human Soldier, oracle_text: "This creature can’t attack."}
      - {name: Gate Guard, type_line: Creature — Human Soldier, oracle_text: "This creature can't be blocked."}
    ```

    ## Use instead
    The same apostrophe in every card: "can't" on Gate Keeper too.

    ## Fix safety
    Safe: only the apostrophe's character changes.
    """

    code = "TPL011"
    name = "mixed-apostrophes"
    category = "templating"
    severity = "info"
    rules = ("207.1",)
    fixable = True
    scope = "set"
    message = "this file writes apostrophes as {want!r} ({majority}) but this text uses {found!r} ({count})"

    def collect(self, card: Card) -> list[tuple[int, list[int], list[int]]]:
        """The apostrophes of each face's rules text that has any (the face's index, the
        offsets of the straight ones, those of the curly ones): the check reads the text,
        never its parse."""
        out = []
        for i, face in enumerate(card.faces):
            text = face.oracle_text
            if not text:
                continue
            straight = [m.start() for m in _STRAIGHT(text)] if STRAIGHT in text else []
            curly = [m.start() for m in _CURLY(text)] if CURLY in text else []
            if straight or curly:
                out.append((i, straight, curly))
        return out

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        return self.check_collected(cards, [self.collect(card) for card in cards])

    def check_collected(self, cards: list[Card], collected: list) -> Iterable[tuple[Card, Hit]]:
        counts = {STRAIGHT: 0, CURLY: 0}
        for faces in collected:
            for _i, straight, curly in faces:
                counts[STRAIGHT] += len(straight)
                counts[CURLY] += len(curly)
        if not counts[STRAIGHT] or not counts[CURLY]:
            return  # one style (or none): nothing to report, and no card to go through again
        want = CURLY if counts[CURLY] > counts[STRAIGHT] else STRAIGHT
        other = CURLY if want == STRAIGHT else STRAIGHT
        for card, faces in zip(cards, collected):
            for i, straight, curly in faces:
                bad = curly if other == CURLY else straight
                if not bad:
                    continue
                fix = Fix(f"write {want!r}", [Edit(p, p + 1, want) for p in bad], face=i, field="oracle_text")
                yield card, self.hit(face=i, field="oracle_text", start=bad[0], end=bad[0] + 1, fix=fix,
                                     want=want, majority=_times(counts[want]), found=other,
                                     count=_times(len(bad)))
