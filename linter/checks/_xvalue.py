"""Where a face's rules text mentions the letter X and whether anything gives it a value (CR 107.3).

Shared by ABL010 (X without a value) and ABL011 ({X} in a mana cost that nothing uses).
The phrase lists live in rules_data/x_value.yaml and are compiled once.
"""

from __future__ import annotations

import functools
import re

from linter.catalogue import load
from linter.checks.api import plain_text as _plain
from linter.model import Card, Face

# X as a number: not part of a word ("Xenagos", "X-Men") nor a placeholder name ("a card named X");
# a P/T sign is fine ("+X/+X")
X_RE = re.compile(r"(?<![A-Za-z0-9'’])(?<!named )X(?![A-Za-z0-9'’]|-[A-Za-z])")
X_SYMBOL_RE = re.compile(r"\{X\}")
_X_IN = re.compile(r"\bX\b|\{X\}")


@functools.lru_cache(maxsize=None)
def _patterns() -> dict[str, re.Pattern]:
    data = load("x_value")
    return {key: re.compile("|".join(f"(?:{p})" for p in data[key])) for key in data}


def plain_text(card: Card, face: Face) -> str:
    """The face's rules text with reminder text and the card's own names blanked."""
    plain = _plain(face)
    for name in {face.name, card.name}:
        if name and "X" in name and name in plain:
            plain = plain.replace(name, " " * len(name))
    return plain


def mentions(plain: str) -> list[tuple[int, int]]:
    """Spans of every X that stands for a number in ``plain``."""
    if "X" not in plain:
        return []
    return [m.span() for m in X_RE.finditer(plain)]


def card_has_x_cost(card: Card) -> bool:
    return any("{X}" in (f.mana_cost or "").upper() for f in card.faces)


def defined_on_face(face: Face, plain: str) -> bool:
    """Whether the face's own text gives X a value: an activation or keyword cost with X, a
    definition ("where X is …"), or an action whose quantity its controller chooses."""
    if face.parsed is not None:
        for ability in face.parsed.walk():
            if any(_X_IN.search(part.text) for part in ability.cost):
                return True
            if ability.kind == "keyword" and ability.parameter and _X_IN.search(ability.parameter):
                return True
    pats = _patterns()
    return bool(pats["defines"].search(plain) or pats["chosen_by_acting"].search(plain))


def uses_paid_mana(text: str) -> bool:
    """Text that makes the amount paid for {X} matter without naming X."""
    return bool(_patterns()["uses_paid_mana"].search(text))
