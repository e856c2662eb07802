"""SYM004: a quotation mark in the rules text that has no partner."""

from __future__ import annotations

from typing import Iterable, Iterator

from linter.checks.base import Check, Hit
from linter.model import Card

#: the marks that open and close a quoted ability or name: curly, or straight
_OPENING, _CLOSING, _STRAIGHT = "“", "”", '"'


def _paired(text: str) -> bool:
    """Whether every quotation mark of a text of one line has its partner, decided by
    counting where that is certain (the common case): straight marks only, an even
    number of them, pair up one after another.  Curly marks may stand in the wrong
    order however many there are, so a text with any is gone through
    (:func:`unpaired`)."""
    return _OPENING not in text and _CLOSING not in text and text.count(_STRAIGHT) % 2 == 0


def unpaired(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, what is wrong) of each quotation mark without a partner.

    A quotation never runs over a line break and never holds another double quotation
    (a quotation inside one is written with single marks), so a quotation is closed by
    the next double mark of its line, or not at all.  A straight mark opens where no
    quotation is open and closes one where it is (left over, it may be either: the
    message does not say which); a curly opening mark inside an open quotation, and a
    curly closing mark where none is open, are misplaced.
    """
    open_at: int | None = None
    for i, ch in enumerate(text):
        if ch == "\n":
            if open_at is not None:
                yield open_at, open_at + 1, _left_open(text[open_at], " on its line")
            open_at = None
        elif ch == _CLOSING:
            if open_at is None:
                yield i, i + 1, "a closing quotation mark that was never opened"
            open_at = None
        elif ch == _OPENING:
            if open_at is not None:
                yield open_at, open_at + 1, _left_open(text[open_at], "")
            open_at = i
        elif ch == _STRAIGHT:
            open_at = i if open_at is None else None
    if open_at is not None:
        yield open_at, open_at + 1, _left_open(text[open_at], "")


def _left_open(mark: str, where: str) -> str:
    if mark == _STRAIGHT:
        return f"a quotation mark without a partner{where}"
    return f"an opening quotation mark that is never closed{where}"


class UnpairedQuotationMark(Check):
    """A quotation mark in the rules text that has no partner.

    ## What it does
    Pairs the double quotation marks of each face's rules text (reminder
    text included), straight or curly, line by line, and reports an opening
    mark that is not closed before the end of its line, a closing mark that
    was never opened, and an opening curly mark inside a quotation that is
    still open. A straight mark left over may be a missing opening or a
    missing closing one: the message says only that it has no partner.
    Single quotation marks and apostrophes are left alone.

    ## Why is this bad?
    Quotation marks hold the ability an effect grants ("Creatures you
    control have "{T}: Add {G}.""): the quoted text is an ability of the
    object that gains it, not of the card (CR 113.1a). With a mark missing,
    nobody can tell where the granted ability ends and the card's own
    abilities start again, so the text no longer says what the card does.
    No current Oracle text of a tournament card leaves a quotation open or
    runs one over a line break.

    ## Example
    ```yaml
    name: Grove Warden
    type_line: Creature — Elf Druid
    oracle_text: "Other Elves you control have \\"{T}: Add {G}.\\nGrove Warden gets +1/+1 for each other Elf you control."
    ```

    ## Use instead
    ```yaml
    name: Grove Warden
    type_line: Creature — Elf Druid
    oracle_text: "Other Elves you control have \\"{T}: Add {G}.\\"\\nGrove Warden gets +1/+1 for each other Elf you control."
    ```

    ## Fix safety
    No automatic fix: where the missing mark goes (and whether a mark is one
    too many) depends on what the author meant.
    """

    code = "SYM004"
    name = "unpaired-quotation-mark"
    category = "symbols"
    severity = "error"
    rules = ("113.1a", "207.1")
    needs = ('text:"', "text:“", "text:”")
    message = "{problem} in the rules text"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            text = face.oracle_text
            if not text or ("\n" not in text and _paired(text)):
                continue  # one line whose marks pair up: most texts, no generator made
            for start, end, problem in unpaired(text):
                yield self.hit(face=i, field="oracle_text", start=start, end=end, problem=problem)

