"""Colors a face's own text defines (characteristic-defining abilities), shared by the color checks."""

from __future__ import annotations

import re

from linter.checks.api import face_view, plain_text
from linter.model import COLOR_NAMES, COLORS, Card, Face, order_colors

_NAME_TO_LETTER = {name: letter for letter, name in COLOR_NAMES.items()}
_COLOR_WORD = r"(?:white|blue|black|red|green)"
# "<who> is all colors." as a sentence of its own; "who" must name the object itself
_CDA = re.compile(
    r"(?:^|(?<=[.\n])|(?<=[.\n]\s))(?P<who>[^.\n]{1,60}?) is "
    rf"(?P<what>all colors|colorless|{_COLOR_WORD}(?:(?:,| and|, and) {_COLOR_WORD})*)\.",
    re.I | re.M)
# what every sentence _CDA reads has, a quick test before it
_CDA_WORDS = re.compile(rf" is (?:all colors|colorless|{_COLOR_WORD})", re.I)
_DEVOID = re.compile(r"(?:^|\n)\s*Devoid(?![a-z])")
_NO_COLOR = re.compile(r"\bhas no color\b|\bis colorless\b", re.I)


def defined_colors(card: Card, face: Face) -> set[str] | None:
    """The colors a characteristic-defining ability of the face gives it
    ("This card is all colors.", "Ghostly Wisp is blue and black.", "Devoid"),
    or None when its text defines none."""
    text = face.oracle_text or ""
    if not text:
        return None
    plain = plain_text(face)
    m = None
    if _CDA_WORDS.search(plain):
        view = face_view(card, face)
        m = next((m for m in _CDA.finditer(plain) if view.is_self(m.group("who"))), None)
    if m:
        what = m.group("what").lower()
        if what == "all colors":
            return set(COLORS)
        if what == "colorless":
            return set()
        return {_NAME_TO_LETTER[w] for w in re.findall(_COLOR_WORD, what)}
    # the words each pattern needs, a quick test before it: most faces have neither
    if ("Devoid" in plain and _DEVOID.search(plain)) or ("color" in plain.lower() and _NO_COLOR.search(plain)):
        return set()
    return None


def describe_face(face) -> str:
    return repr(face.name) if face.name else "this face"


def color_words(colors) -> str:
    names = [COLOR_NAMES[c] for c in order_colors(colors)]
    if not names:
        return "colorless"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
