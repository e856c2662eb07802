"""The quick paths of TPL003, SYM003 and KWD001 give what the plain way gives.

TPL003 works out what it judges a face's self-references by once for the face (the name
"~" stands for, the face's noun, its types), not once for each reference; SYM003 looks the
keywords' first words up once per text, not once per line and piece; KWD001 judges the keyword
items only of a face with a line the parser could not read as abilities (the only lines
that hold an unknown item).
"""

from __future__ import annotations

import pytest
import yaml
from _helpers import random_texts

from linter.checks import SYM003
from linter.checks._keywords import keyword_items
from linter.engine import lint_cards
from linter.lint import parse_cards
from linter.readers import read_text
from linter.tables import extension_version


def _cards(*cards: dict) -> list:
    result = read_text(yaml.safe_dump(list(cards), sort_keys=False, allow_unicode=True), path="cards.yaml")
    assert result.error is None
    return result.cards


# -- TPL003: several references of one face, each judged by what the face says ------------

def _tpl003(card: dict) -> list[tuple[str, int, int, str, bool]]:
    found = []
    for d in lint_cards(_cards(card), select=["TPL003"]):
        (edit,) = d.fix.edits
        found.append((d.code, edit.start, edit.end, edit.text, d.fix.safe))
    return found


TPL003_CASES = [
    pytest.param({"name": "Ember Pup", "type_line": "Creature — Elemental Dog",
                  "oracle_text": "When Ember Pup enters, ~ deals 1 damage to any target.\n"
                                 "Return Ember Pup to its owner's hand: CARDNAME gains flying.\n"
                                 "Discard Ember Pup: Draw a card."},
                 [("TPL003", 5, 14, "this creature", True),
                  ("TPL003", 23, 24, "this creature", True),
                  ("TPL003", 62, 71, "this creature", False),  # returned from where?
                  ("TPL003", 93, 101, "This creature", True),
                  ("TPL003", 124, 133, "this card", False)],
                 id="each-reference-of-a-face-gets-its-own-words"),
    pytest.param({"name": "Terra, Magical Adept", "type_line": "Legendary Creature — Human Wizard",
                  "oracle_text": "When ~ enters, draw a card.\nCARDNAME can't be countered.\nDiscard Terra: Draw a card."},
                 [("TPL003", 5, 6, "Terra", True),
                  ("TPL003", 28, 36, "This spell", True),
                  ("TPL003", 65, 70, "this card", False)],
                 id="a-legend-s-placeholders-and-name-in-one-face"),
    pytest.param({"name": "Grim Lattice", "type_line": "Artifact Land",
                  "oracle_text": "{T}: Add {B}.\nReturn Grim Lattice to its owner's hand: ~ deals 1 damage to you."},
                 [("TPL003", 21, 33, "this land", False),
                  ("TPL003", 55, 56, "This land", False)],
                 id="an-artifact-land-s-noun-is-uncertain-for-every-reference"),
]


@pytest.mark.parametrize(("card", "expected"), TPL003_CASES)
def test_tpl003_several_references_of_one_face(card: dict, expected: list) -> None:
    assert _tpl003(card) == expected


# -- SYM003: the first words looked up once per text find what a lookup per piece finds -----

PIECES = ["Equip", "Kicker", "Suspend", "Cycling", "Ward", "Flying", "equip", " ", "  ", "\n", ", ", ",", ".",
          ";", "(", ")", "\u2014", "-", "\u00a0", "2", "10", "X", "G", "R", "W", "U", "B", "C", "S", "T", "x",
          "g", "{2}", "{G}", "{X}", "+1", "a", "Add", ": "]

INVENTED = [
    "Equip 2",
    "Equip 2(",
    "Kicker 1R, flying",
    "Flying, equip 3",
    "Suspend 3\u20141U",
    "Cycling 2\nEquip X",
    "Equip 1\u00a0",
    "Equip 2.",
    "Equip {2}",
    "Flying\nWard 2;",
    "Equip G",
    "Equip g",
]


def _plain_keyword_costs(text: str) -> list[tuple[int, int, str]]:
    """unbraced_keyword_costs with the keywords' first words looked up for every line."""
    found = []
    pos = 0
    for line in text.split("\n"):
        if SYM003._may_be_keyword(line):
            found += [(pos + s, pos + e, run) for s, e, run in SYM003._line_keyword_costs(line, extension_version())]
        pos += len(line) + 1
    return found


def test_sym003_keyword_costs_are_those_of_a_lookup_per_line() -> None:
    texts = random_texts(PIECES, INVENTED, 4000, 10)
    found = 0
    for text in texts:
        plain = _plain_keyword_costs(text)
        assert list(SYM003.unbraced_keyword_costs(text)) == plain, text
        found += bool(plain)
    assert found > 20  # the texts hold such costs, not only texts without them


# -- KWD001: faces without an unknown line have no unknown keyword ----------------------

KEYWORD_TEXTS = [
    "Flyng, vigilance",
    "Flying, vigilance",
    "Flying\nSpellslinger 2",
    "Creatures you control have \"Flyng, vigilance.\"",
    "Equip {2}\nKickr {2}{R}",
    "Flying (This creature can't be blocked except by creatures with flying or reach.)\nTrampel",
    "Landfall \u2014 Whenever a land you control enters, draw a card.",
    "Vigilanse, haste\nEquip {1}",
]


def test_kwd001_findings_are_those_of_every_face_s_items() -> None:
    cards = _cards(*({"name": f"Test Card {n}", "type_line": "Creature — Bird", "oracle_text": text}
                     for n, text in enumerate(KEYWORD_TEXTS)))
    parse_cards(cards)
    from linter.checks.KWD001 import UnknownKeyword

    check = UnknownKeyword()
    flagged = 0
    for card in cards:
        plain = [(i, item.start, item.end) for i, face in enumerate(card.faces) for item in keyword_items(face)
                 if item.status == "unknown" and item.signal]
        assert [(h.face, h.start, h.end) for h in check.check_card(card)] == plain, card.faces[0].oracle_text
        flagged += bool(plain)
    assert flagged >= 2
