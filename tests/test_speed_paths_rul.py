"""The quicker paths of RUL009, RUL010 and RUL013 find what they found before: RUL009 looks up
the zones and the set's own zones only at a place it reads, RUL010's patterns give up at once
at a letter no word of theirs starts with, and RUL013 asks whether the card may become a
creature only once it has found a move of the card itself onto the battlefield."""

from __future__ import annotations

import re

import pytest

from linter.checks import RUL010
from linter.engine import lint_cards
from linter.model import Card, Face


def _findings(text: str, type_line: str, code: str) -> list[tuple]:
    face = Face(name="Glint Rite", mana_cost="{1}{U}", type_line=type_line, oracle_text=text)
    return [(d.code, d.line, d.column, d.message) for d in lint_cards([Card(name="Glint Rite", faces=[face])],
                                                                       select=[code])]


@pytest.mark.parametrize(("text", "found"), [
    ("Draw a card.\nAt the beginning of your upkeep, if this card is in your graveyard, return it to the "
     "battlefield.", True),
    ("Return this card from your graveyard to the battlefield.", True),
    # a move of the card itself, but the card becomes a creature: left alone
    ("Draw a card.\nAt the beginning of your upkeep, if this card is in your graveyard, return it to the "
     "battlefield. It's a 2/2 creature in addition to its other types.", False),
    ("Return this card from your graveyard to the battlefield. This card becomes a 3/3 Elemental creature.", False),
    # a creature that may become one, but no move of the card itself
    ("Return target creature card from your graveyard to the battlefield. Glint Rite becomes a 3/3 creature.",
     False),
])
def test_a_spell_moving_itself_is_judged_whether_or_not_it_becomes_a_creature(text, found):
    assert bool(_findings(text, "Sorcery", "RUL013")) is found


def test_the_first_letters_leave_the_words_found_as_they_were():
    words = RUL010._lower_words()
    plain = re.compile(rf"\b(?:{'|'.join(re.escape(w) for w in words)})\b")
    texts = ["If this spell was kicked, draw a card.", "Exile target card. Return the exiled card.",
             "the chosen type; a card named Glint Rite", "rekicked unnamed exiledx xexiled", "Prowl {B}",
             "IF IT WAS KICKED, ÉXILED", "offspring, entwined, squad, foretold"]
    for text in texts:
        low = text.lower()
        assert [m.span() for m in RUL010._folded_words().finditer(low)] == [m.span() for m in plain.finditer(low)]
        blind = re.compile(plain.pattern, re.I)
        assert [m.span() for m in RUL010._words().finditer(text)] == [m.span() for m in blind.finditer(text)]


@pytest.mark.parametrize(("text", "found"), [
    ("Return target creature card from your crypt to your hand.", True),
    ("Return target creature card from your graveyard to your libary.", True),
    ("Draw a card.", False),
    ("Put target creature card from your graveyard onto the battlefield.", False),
])
def test_places_are_judged_by_the_zones_looked_up_at_the_first_one(text, found):
    # a set's own zones are held in tests/cases/RUL009.yaml
    assert bool(_findings(text, "Sorcery", "RUL009")) is found
