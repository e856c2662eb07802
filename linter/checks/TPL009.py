"""TPL009: a small count written in digits where Oracle text spells it out ("draw 2 cards")."""

from __future__ import annotations

import functools
import re
from typing import Iterable, Iterator

from linter.checks._templating import cap, sentence_start, small_numbers
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card

# A count of things: a number, up to three describing words (colors, types,
# "other", "additional", a power/toughness such as "1/1"), then a counted noun.
# Damage, life, loyalty, power and toughness and keyword numbers ("Scry 2")
# keep their digits, and none of them is followed by such a noun.
_NOUNS = (r"cards?|creatures?|permanents?|tokens?|lands?|artifacts?|enchantments?|spells?|players?|"
          r"opponents?|times|colors|targets?|abilities|modes|counters?|instants?|sorceries|"
          r"planeswalkers?|battles?|cards?")
_STOP = r"(?:X|exactly|zero|one|two|three|four|five|six|seven|eight|nine|ten|damage|life|to|and|or|of|that|the|each|in|on|from|with|for|than|less|more|fewer|equal|among|at|as)"
_COUNT = re.compile(
    rf"(?<![\w+\-−/{{$])(?P<n>[0-9]|1[0-9]|20)(?![\w/+%{{])"
    rf"(?=(?: (?:[+-]\d+/[+-]\d+|\d+/\d+|(?!{_STOP}\b)[A-Za-z]+)){{0,3}}? (?:{_NOUNS})\b)"
)
# where every count starts: a digit, with nothing before it that _COUNT's lookbehind refuses
# (most digits of a text are in mana symbols, "{2}", or in "+1/+1", and are passed over here)
_DIGIT = re.compile(r"[0-9](?<![\w+\-−/{$][0-9])")


def _counts(text: str) -> Iterator[re.Match]:
    """The matches of _COUNT in ``text``, as finditer gives them: the pattern is tried only
    at a digit (where every match starts), not at each character of the text."""
    end = 0
    for digit in _DIGIT.finditer(text):
        if digit.start() >= end:
            m = _COUNT.match(text, digit.start())
            if m is not None:
                end = m.end()
                yield m
# a number that is a value, not a count: "mana value 2", "power 3", "with 4 or more"
_VALUE_BEFORE = re.compile(r"(?:mana value|power|toughness|value|loyalty|defense|level|total|life|score|number|"
                           r"equal to|is|was|are|be|deals?|lose|loses|gain|gains|pay|pays)\s+$", re.I)
_VALUE_AFTER = re.compile(r"\s+(?:or (?:more|less|greater|fewer)|damage|life|loyalty|mana)\b")


def _action_before() -> re.Pattern:
    """A keyword action that takes a number written in digits ("incubate 3", "scry 2"),
    the set's own included."""
    from linter import tables

    return _action_before_for(tables.extension_version())


@functools.lru_cache(maxsize=4)
def _action_before_for(version: int) -> re.Pattern:
    from linter import tables

    names = sorted((n for n in tables.keyword_actions() if n not in _COUNTED_ACTIONS), key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r"|rolled|rolls?)s?\s+$", re.I)


# keyword actions whose number counts cards and is spelled out ("mill two cards")
_COUNTED_ACTIONS = frozenset({"mill", "draw", "discard", "create", "sacrifice", "exile", "destroy", "return"})


@functools.lru_cache(maxsize=1)
def _words() -> tuple[str, ...]:
    return small_numbers()


class NumberAsDigits(Check):
    """A small count written in digits where Oracle text spells it out.

    ## What it does
    Finds a count of cards, creatures, tokens, counters, targets and other
    objects written with digits ("draw 2 cards", "create 3 1/1 white Soldier
    creature tokens", "up to 2 target creatures") and offers the word.
    Digits stay where Oracle text uses them: damage, life, loyalty, power and
    toughness, mana value and other values compared with "or less", keyword
    numbers ("Scry 2"), and X.

    ## Why is this bad?
    Oracle text spells out the number of things an effect counts and keeps
    digits for amounts such as damage and life (CR 107.1 describes the
    numbers of the game); mixing the two makes similar cards read unlike.

    ## Example
    ```yaml
    oracle_text: "When this creature enters, draw 2 cards."
    ```

    ## Use instead
    ```yaml
    oracle_text: "When this creature enters, draw two cards."
    ```

    ## Fix safety
    Safe: the number stays the same.
    """

    code = "TPL009"
    name = "number-as-digits"
    category = "templating"
    severity = "warning"
    rules = ("107.1",)
    needs = ("text:0", "text:1", "text:2", "text:3", "text:4", "text:5", "text:6", "text:7", "text:8", "text:9")
    fixable = True
    message = "write the count {n} as {word!r}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        words = _words()
        for i, face in enumerate(card.faces):
            text = face.oracle_text
            if not text:
                continue
            for m in _counts(text):
                s, e = m.span("n")
                if _VALUE_BEFORE.search(text, max(0, s - 20), s) or _VALUE_AFTER.match(text, e) \
                        or _action_before().search(text, max(0, s - 30), s):
                    continue
                n = int(m.group("n"))
                if n >= len(words):
                    continue
                word = cap(words[n], sentence_start(text, s))
                fix = Fix(f"write {word!r}", [Edit(s, e, word)], face=i, field="oracle_text")
                yield self.hit(face=i, field="oracle_text", start=s, end=e, fix=fix, n=n, word=word)
