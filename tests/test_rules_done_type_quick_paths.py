"""The quick looks of RUL007, RUL014 and RUL016 before the meaning is read give what the
plain way gives.  RUL007 passes over an ability whose meaning has no clause (a keyword), whose
effect has no "become" outside reminder text or no "creature" after one, or which keeps each
card type it may take away (the face's own only with a self-reference before the verb).
RUL014 reads the meaning only where a triggered ability holds, before its effect, the words of
a tap for mana and a self-reference; RUL016 only where a "search" has no trigger word before it
in its sentence and no shuffle or rider after it.  Each look is held here against the plain
way (the meaning read on every face the checks' other looks let through) on invented texts and
on texts made at random (with a fixed seed) from the pieces those looks care about."""

from __future__ import annotations

import pytest
from _helpers import random_texts

from linter.checks import RUL007, RUL014, RUL016
from linter.lint import lint_cards
from linter.model import Card, Face


def _findings(text: str, type_line: str, codes: list[str]) -> list[tuple]:
    face = Face(name="Glint Warden", mana_cost="{1}{U}", type_line=type_line, oracle_text=text, power="1",
                toughness="1")
    card = Card(name="Glint Warden", faces=[face])
    return [(d.code, d.line, d.column, d.message) for d in lint_cards([card], select=codes)]


def _quick_and_slow(monkeypatch, texts: list[str], type_line: str, codes: list[str], plain_ways) -> tuple[list, list]:
    """The findings of each text with the checks' quick looks, then with each (class, name,
    look) of ``plain_ways`` put in place of a quick look (the plain way)."""
    quick = [_findings(t, type_line, codes) for t in texts]
    for cls, name, look in plain_ways:
        monkeypatch.setattr(cls, name, staticmethod(look))
    return quick, [_findings(t, type_line, codes) for t in texts]


PIECES_014_016 = [
    "Whenever ", "When ", "this land ", "Glint Warden ", "enchanted land ", "a player ", "you ", "is tapped ", "taps ",
    "tap ", "tapped ", "a Forest ", "it ", "for mana", ", ", ". ", "\n", "add an additional {G}", "its controller adds {G}",
    "{T}: Add {G}.\n", "Enchant land\n", "(", ")", "\"", "Search ", "search ", "searches ", "searching ", "Research ",
    "your library ", "their library ", "for a card", ", then shuffle", "Shuffle. ", "instead", "the rest ", "while ",
    "— ", "Players can't search libraries", "put it into your hand", "Whenever an opponent searches their library, ",
    "FlashWhenever ", "xSearch ", "SEARCHES ", "{2}: ", "Creatures you control have \"", "When you do, ",
    "Whenever this land is tapped for mana, ", "Whenever Glint Warden becomes tapped for mana, ",
    "Whenever you tap Glint Warden for mana, ", "Whenever enchanted land is tapped for mana, ", "At ", "untap it",
]

INVENTED_014_016 = [
    "Whenever this land is tapped for mana, add an additional {G}.",
    "Whenever Glint Warden is tapped for mana, add {G}.",
    "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
    "Whenever you tap Glint Warden for mana, draw a card.",
    "Creatures you control have \"Whenever this creature is tapped for mana, add {G}.\"",
    "Search your library for a card and put it into your hand.",
    "Search your library for a card, put it into your hand, then shuffle.",
    "Whenever an opponent searches their library, draw a card.\nSearch your library for a card.",
    "While you're searching your library, you may cast this card. Search your library for a card.",
    "Search your library for a card instead.",
    "{2}: Search your library for a land card and put it onto the battlefield.",
    "FlashSearch your library for a card and put it into your hand.",
]

TEXTS_014_016 = random_texts(PIECES_014_016, INVENTED_014_016, 600, 12, seed=20260418)


@pytest.mark.parametrize("type_line", ["Land", "Creature — Elf", "Sorcery"])
def test_rul014_rul016_quick_looks_give_what_the_plain_way_gives(monkeypatch, type_line):
    codes = ["RUL014", "RUL016"]
    quick, slow = _quick_and_slow(monkeypatch, TEXTS_014_016, type_line, codes, [
        (RUL014.TappedForManaWithoutManaAbility, "_may_be_tapped_itself", lambda face, ability: True),
        (RUL016.LibrarySearchWithoutShuffle, "_may_search", lambda text, ability: True),
    ])
    found = [d[0] for f in slow for d in f]
    if type_line != "Sorcery":
        assert min(found.count(c) for c in codes) >= 20, "too few findings: the comparison would prove little"
    for text, q, s in zip(TEXTS_014_016, quick, slow):
        assert q == s, text


PIECES_007 = [
    "This land ", "this artifact ", "Glint Warden ", "Target land ", "target artifact you control ", "It ", "it ",
    "becomes ", "become ", "became ", "a 3/3 ", "an X/X ", "Elemental ", "artifact ", "land ", "creature", " creature ",
    "with haste", " until end of turn", ". ", ", ", "\n", "It's still a land. ", "that's still an artifact",
    " in addition to its other types", "{2}{R}: ", "{T}: Add {R}.\n", "Whenever this creature becomes blocked, ",
    "When this land enters, ", "Crew 2 (Tap any number of creatures you control with total power 2 or more: This "
    "Vehicle becomes an artifact creature until end of turn.)", "(This land becomes a 2/2 creature.)", "Flying\n",
    "Creatures you control have \"", "\"", "As this land becomes tapped, ", "copy of ", "or ", "Becomes ",
    "This land becomes a 3/3 Elemental creature", "target land becomes a 0/0 creature", "{1}: ",
    "Glint Warden becomes a 2/2 creature", "This artifact becomes a 2/2 creature", "it becomes a 1/1 creature",
    "Target artifact becomes an artifact creature", "this land becomes a copy of target land",
    "This artifact becomes a 2/2 artifact creature", "becomes an artifact  creature", "becomes a nonartifact creature",
    "becomes a non-artifact creature", "becomes a 1/1 land creature", "artifact creatures", "(artifact) creature",
    "2artifact creature", " artifact", "land", "Artifact creature", " artifact creature",
]

INVENTED_007 = [
    "{T}: Add {R}.\n{2}{R}: Until end of turn, this land becomes a 3/3 red Elemental creature with haste.",
    "{T}: Add {R}.\n{2}{R}: Until end of turn, this land becomes a 3/3 red Elemental creature with haste. It's still a land.",
    "{1}: This artifact becomes a 2/2 artifact creature until end of turn.",
    "{1}: This artifact becomes a 2/2 creature until end of turn.",
    "Crew 2 (Tap any number of creatures you control with total power 2 or more: This land becomes a 2/2 creature.)",
    "Whenever this creature becomes blocked, target land becomes a 0/0 creature.",
    "Lands you control have \"{T}: This land becomes a 1/1 creature until end of turn.\"",
    "Flying\ncreature in addition to its other typesArtifact creature it becomes a 1/1 creature.",
    "{1}: This artifact becomes a 2/2 artifact  creature until end of turn.",
    "{1}: This artifact becomes a 2/2 nonartifact creature until end of turn.",
    "{1}: Target artifact becomes a 2/2 artifact creature and target land becomes a 0/0 creature.",
]

TEXTS_007 = random_texts(PIECES_007, INVENTED_007, 600, 10, seed=20260419)


@pytest.mark.parametrize("type_line", ["Land", "Artifact", "Enchantment"])
def test_rul007_quick_look_gives_what_the_plain_way_gives(monkeypatch, type_line):
    quick, slow = _quick_and_slow(monkeypatch, TEXTS_007, type_line, ["RUL007"], [
        (RUL007.TypeChangeDropsCardTypes, "_keeps_types", lambda face, ability, own: False),
    ])
    assert sum(map(bool, slow)) >= 10, "too few findings: the comparison would prove little"
    for text, q, s in zip(TEXTS_007, quick, slow):
        assert q == s, text


def test_the_words_the_rul007_look_trusts_are_the_meaning_layers():
    """RUL007's look takes a card type written just before "creature" to be in what an object
    becomes: the meaning layer reads both as nouns (no verbs), and an object phrase goes on
    over its nouns."""
    from linter.nlp import meaning as M

    lex = M.lexicon()
    for word in ("artifact", "land", "creature", "creatures"):
        cls = lex.cls.get(M._h(word), 0)
        assert cls & M.NOUN and not cls & M.VERB, word
    assert RUL007._KEPT == {"artifact", "land"}
