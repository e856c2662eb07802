"""The quick looks of RUL001, RUL010, RUL012 and RUL013 before the meaning is read give what the plain way
gives: RUL010 judges a participle by the words around it ("the" before it with no "of"
between, "of that", "with" after it) on faces with quoted abilities too, where no quoted
ability holds a reference's word; RUL012 settles a triggered ability with no self-reference
before its effect and a word of a delayed trigger or of another zone; RUL001 reads the meaning only where one ability holds the words
of an arrival and of a use, and no haste; RUL013 only where one ability holds the words of
a move onto the battlefield and a self-reference or a word of a reference. Each is held here
against the plain way (the meaning read on every face) on invented texts and on texts made
at random (with a fixed seed) from the pieces those looks care about."""

from __future__ import annotations

import pytest
from _helpers import random_texts

from linter.checks import RUL001, RUL010, RUL012, RUL013
from linter.engine import lint_cards
from linter.model import Card, Face

PIECES = ["the ", "The ", "that ", "of ", "with ", "with it", "named ", "exiled ", "revealed ", "milled ", "chosen ",
          "destroyed ", "sacrificed ", "kicked", "card ", "cards ", "creature ", "top ", "this creature", "it ",
          "Return ", "Put ", "If ", "if ", "this spell was ", " was ", "\"", "{T}: ", ". ", ", ", "\n", "Kicker {2}\n",
          "Exile target card. ", "Reveal a card. ", "Whenever ", "At the beginning of ", "this turn", " dies, ",
          "your graveyard", "Glint Warden", " deals damage, ", "you gain 1 life.", "next end step, ", "(", ")",
          "Create a 1/1 green Elf creature token", " with haste", " with \"{T}: Add {G}.\"", "Then tap it for mana.",
          " for mana", "You may activate its {T} abilities", " activates ", "{T}", "put it onto the battlefield",
          "When a creature enters, ", "untap it", "Return ", "return ", "Put ", " to the battlefield", "this card ",
          "that card ", "target creature card ", "Exile Glint Warden. ", "the exiled card ", " onto the battlefield. ",
          "As an additional cost to cast this spell, discard a card.\n", "from your graveyard"]

INVENTED = [
    "Creatures you control named Glint Warden have \"{T}: Return the exiled card to its owner's hand.\"",
    "Creatures you control named Glint Warden have \"{T}: Draw a card.\"\nReturn the destroyed creature to your hand.",
    "{T}: Put a card of that revealed color into your hand.",
    "This creature gets +1/+1 for each creature named Glint Warden and for each card revealed with it.",
    "Return the top milled card of your library to your hand.",
    "Draw cards equal to the number of creatures named Glint Warden on the battlefield.",
    "Create a token named Glint Warden with \"When this creature dies, if it was kicked, draw a card.\"",
    "Glint Warden deals 2 damage to any target.\nWhenever Glint Warden deals damage this turn, you gain 1 life.",
    "Draw a card.\nWhenever a creature dies this turn, you gain 1 life.",
    "Draw a card.\nAt the beginning of your upkeep, return this card from your graveyard to your hand.",
    "Draw a card.\nWhenever this spell deals damage, you gain 1 life.",
    "Create a 1/1 green Elf creature token with \"{T}: Add {G}.\" Then tap it for mana.",
    "Create a 1/1 green Elf creature token with \"{T}: Add {G}.\"\n{1}: Tap target creature for mana.",
    "Put a creature card from your hand onto the battlefield. You may activate its {T} abilities this turn.",
    "Return target card from your graveyard to the battlefield.\n{1}: Draw a card, creating a 1/1 green Elf creature "
    "token with \"{T}: Add {G}.\" Then tap it for mana.",
    "As long as you control a Forest, this creature has haste.\nWhen this creature enters, create a 1/1 green Elf "
    "creature token with \"{T}: Add {G}.\" Then tap it for mana.",
    "As an additional cost to cast this spell, sacrifice a creature.\nReturn target creature card from your graveyard "
    "to the battlefield.",
    "Return target creature card from your graveyard to the battlefield.\nAt the beginning of your upkeep, if this "
    "card is in your graveyard, return it to the battlefield.",
    "Exile Glint Warden.\nReturn the exiled card to the battlefield.",
    "Draw a card.\n{2}: Return Glint Warden from your graveyard to the battlefield.",
    "Exile target creature. Return that card to the battlefield under its owner's control.",
    "Create a 1/1 green Elf creature token with haste and \"{T}: Add {G}.\" Then tap it for mana.",
]

TEXTS = random_texts(PIECES, INVENTED, 300, 14)


def _findings(text: str, type_line: str) -> list[tuple]:
    face = Face(name="Glint Warden", mana_cost="{1}{U}", type_line=type_line, oracle_text=text, power="1",
                toughness="1")
    card = Card(name="Glint Warden", faces=[face])
    return [(d.code, d.line, d.column, d.message) for d in lint_cards([card], select=["RUL001", "RUL010", "RUL012", "RUL013"])]


@pytest.fixture
def plain(monkeypatch):
    """The plain way: the meaning read on every face that holds one of the words."""
    def plain_way():
        monkeypatch.setattr(RUL010.LinkedReferenceWithoutLink, "_may_be_unlinked", staticmethod(lambda face, m: True))
        monkeypatch.setattr(RUL012.BattlefieldAbilityOnSpell, "_triggers_somewhere",
                            staticmethod(lambda face, ability: False))
        monkeypatch.setattr(RUL001.TapAbilityWhileSummoningSick, "_may_arrive_then_use",
                            staticmethod(lambda face, ability: True))
        monkeypatch.setattr(RUL013.SpellEntersBattlefield, "_may_put_itself", staticmethod(lambda face, ability: True))
    return plain_way


@pytest.mark.parametrize("type_line", ["Creature — Human", "Sorcery"])
def test_quick_looks_give_what_the_plain_way_gives(plain, type_line):
    quick = [_findings(t, type_line) for t in TEXTS]
    plain()
    slow = [_findings(t, type_line) for t in TEXTS]
    assert any(quick), "the texts hold no finding: the comparison would prove nothing"
    for text, q, s in zip(TEXTS, quick, slow):
        assert q == s, text


def test_the_words_the_quick_looks_trust_are_the_meaning_layers():
    """What the quick looks take for granted of the lexicon: every form of the verbs of an
    arrival, a use and a move (RUL001, RUL013) holds the letters they look for, and "of" is
    no word an object has before its noun (RUL010)."""
    from linter.nlp.meaning import _h, lexicon
    from linter.nlp.rulerefs import patterns_data, word_forms

    forms = {k.lower(): list(v) for k, v in (patterns_data().get("forms") or {}).items()}
    for verb, letters in (("create", "creat"), ("enter", "enter"), ("activate", "activat"), ("put", "put"),
                          ("return", "return")):
        assert all(letters in f.lower() for f in word_forms(verb, forms)), verb
    assert _h("of") not in lexicon().cls
