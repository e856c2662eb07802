"""TYP001: a word before the dash that is neither a supertype nor a card type."""

from __future__ import annotations

from typing import Iterable, Iterator

from linter.checks._chars import CharData, TypeLine, Word, closest, judged_type_lines
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


class UnknownTypeWord(Check):
    """A word in front of the type line's dash that is no supertype or card type.

    ## What it does
    Reports each word before the dash (or in a type line without one) that
    is not a supertype or card type of the Comprehensive Rules, nor one of
    the few printed only outside the tournament card pool (those get a note
    from TYP008). The message names the closest supertype or card type. A
    known subtype written without a dash is reported by TYP002 instead.

    ## Why is this bad?
    A type line holds supertypes and card types, then a dash and the subtypes
    (CR 205.2a, 205.4a). A misspelt or invented card type gives the card no
    type the rules know: it cannot be cast as intended, and every effect that
    looks for "creature" or "artifact" misses it.

    ## Example
    ```yaml
    name: Gravel Sentinel
    mana_cost: "{3}"
    type_line: Artifact Creture — Golem
    ```

    ## Use instead
    ```yaml
    name: Gravel Sentinel
    mana_cost: "{3}"
    type_line: Artifact Creature — Golem
    ```

    ## Fix safety
    The fix replaces the word with the suggested one. It is safe when only
    the letter case differs; otherwise it is unsafe (the suggestion is a
    guess).
    """

    code = "TYP001"
    name = "unknown-card-type"
    category = "rules"
    severity = "warning"
    rules = ("205.2a", "205.4a")
    message = "{word!r} is neither a supertype nor a card type{hint}"
    fixable = True
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, (w, guess, hint) in judged_type_lines(card, _unknown):
            fix = None
            if guess:
                fix = Fix(f"Replace with {guess!r}", [Edit(w.start, w.end, guess)],
                          safe=guess.lower() == w.text.lower(), face=i, field="type_line")
            yield self.hit(face=i, field="type_line", start=w.start, end=w.end, fix=fix,
                           word=w.text, hint=hint)


def _unknown(tl: TypeLine, data: CharData) -> Iterator[tuple[Word, str | None, str]]:
    """(word, the supertype or card type it may mean, the message's hint) of each word
    before the dash of a type line that is neither a supertype nor a card type."""
    known = None  # made at the first unknown word: most type lines have none
    for w in tl.unknown_head(data):
        if known is None:
            known = data.supertypes | data.card_types
        guess = closest(w.text, known)
        hint = f": did you mean {guess!r}?" if guess else ""
        if not guess and not tl.separator:
            hint = " (subtypes go after a dash)"
        yield w, guess, hint
