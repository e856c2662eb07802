"""CHR004: a creature face without a power or a toughness."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks._colors import describe_face
from linter.checks._printed import carried, faces_of_type, placeholder
from linter.checks.base import Check, Hit
from linter.model import Card


#: what a printed power or toughness looks like: digits, *, X, and their sums ("1+*")
_NUMBERISH = re.compile(r"[-+]?[\d.½∞]*(?:[*X²]|[\d½∞]+)(?:[-+][\d*X]+)*")


class CreatureWithoutPowerToughness(Check):
    """A creature face that has no power, no toughness, or only one of them.

    ## What it does
    Reports a face of a creature card (not a token) that gives a power but no
    toughness or a toughness but no power, or a placeholder such as "NA"
    where the power/toughness goes; and, in a file whose other faces
    carry power and toughness, a creature face that has neither. A file that
    never gives power and toughness says nothing about them and is not
    reported, nor is a face the file gives no rules text and no mana cost
    (a placeholder entry).

    ## Why is this bad?
    Every creature card prints a power and a toughness (CR 208.1); one whose
    power/toughness is missing cannot be played as intended, and a variable
    one is printed as "*" (CR 208.2). Tokens are left out: the effect that
    creates a token defines its characteristics (CR 111.3).

    ## Example
    ```yaml
    name: Mossback Grazer
    mana_cost: "{3}{G}"
    type_line: Creature — Beast
    power: "4"
    ```

    ## Use instead
    ```yaml
    name: Mossback Grazer
    mana_cost: "{3}{G}"
    type_line: Creature — Beast
    power: "4"
    toughness: "4"
    ```

    ## Fix safety
    No automatic fix: only the designer knows the numbers.
    """

    code = "CHR004"
    name = "creature-without-power-toughness"
    category = "rules"
    severity = "error"
    rules = ("208.1", "208.2")
    scope = "set"
    message = "{which} is a creature but has {what}"
    needs_parse = False

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        file_has_pt = carried(cards, "power") or carried(cards, "toughness")
        for card, i, face in faces_of_type(cards, "Creature"):
            p, t = face.power, face.toughness
            if p and not t and not _NUMBERISH.fullmatch(p):
                yield card, self.hit(face=i, field="power", which=describe_face(face),
                                     what=f"{p!r} for a power/toughness, which is no number")
            elif p and not t:
                yield card, self.hit(face=i, field="power", which=describe_face(face), what="a power but no toughness")
            elif t and not p:
                yield card, self.hit(face=i, field="toughness", which=describe_face(face), what="a toughness but no power")
            elif not p and not t and file_has_pt and not placeholder(face):
                yield card, self.hit(face=i, field="type_line", which=describe_face(face),
                                     what="no power/toughness")
