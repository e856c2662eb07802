"""The quick looks of RUL007, RUL008, RUL014 and RUL016 before the meaning is read give what
the plain way gives.  RUL007 passes over an ability whose meaning has no clause (a keyword),
whose effect has no "become" outside reminder text or no "creature" after one, or which keeps
each card type it may take away (the face's own only with a self-reference before the verb).
RUL008 reads the meaning only where an ability may hold what it reports: a trigger that is
"When you do", or in the effect "When you do" or an "if" whose condition ends in "do" (CR
118.12), with no choice before it in the ability and, before it in the effect, a word of a
state or no sentence that surely ends.  RUL014 reads it only where a triggered ability holds,
before its effect, the words of a tap for mana and a self-reference; RUL016 only where a
"search" has no trigger word before it in its sentence and no shuffle or rider after it.  Each
look is held here against the plain way (the meaning read on every face the checks' other
looks let through) on invented texts and on texts made at random (with a fixed seed) from the
pieces those looks care about; the facts of the lexicon and the tokenizer RUL008's look takes
for granted are pinned as well."""

from __future__ import annotations

import pytest
from _helpers import random_texts

from linter.checks import RUL007, RUL008, RUL014, RUL016
from linter.lint import lint_cards
from linter.model import Card, Face

PIECES_008 = [
    "If you do, ", "If you don't, ", "If you do,", "If they do, ", "If a player does, ", "if that player can't, ",
    "If you can, ", "When you do, ", "When you did, ", "When they do, ", "When you don't, ", "you do", "you don't ",
    "You may ", "you may ", "unless ", "choose ", "This creature is indestructible", "It's a ", "It's still a land",
    "Glint Warden's power", "its owner's hand", "has flying", "gets +1/+1", "gains haste", "loses flying", "have ",
    "are ", "is ", "Draw a card", "draw a card", "Sacrifice it", "sacrifice a creature", "exile it", "Otherwise",
    "Otherwise, ", "Activate only as a sorcery", "{T}: ", "{2}, {T}: ", "Whenever Glint Warden attacks, ",
    "When this creature enters, ", "At the beginning of your upkeep, ", "When you do", ". ", ".", ", ", ",", "\n",
    " (", "(Reminder text: you may draw.)", ")", "\"", "Glint Warden ", "this creature ", "target creature ",
    "1,000 ", "Reach", "Flying\n", "If ", "if ", " do, ", " does, ", " did, ", " can't, ", " cannot, ", "Then ",
    "Enchanted creature has ", "Creatures you control get +1/+1", "Creatures you control have \"", "sacrifIce ",
    "— ", "• ", "; ", "Mill two cards", "you lose 2 life", "whenYou do, ", "ReachIf you do, ", "IF YOU DO, ",
    "Mr. ", "vs. ", "e.g. ", "Swamp. ", "land.", "{T}. ", "1. ", "(draw). ", "  ", "\t", "\n\n\n\n", " \n ", "..",
    "draw a card if you do", " and ", " or ", " then ", "lands you control have \"", "doDraw", "don't", " a player ",
    "exile it. ", "this Equipment. ", "Lockjaw. ", "roll a d20. ", "Bob Jr. ", "Messrs. ", "Wash. ", "co. ", "them.",
    "x.y. ", "2/2. ",
]

INVENTED_008 = [
    "When you do, this creature deals 2 damage to any target.",
    "Haste\nWhen you do, this creature deals 2 damage to any target.",
    "If you do, draw a card.",
    "This creature has flying. If you do, draw a card.",
    "Enchanted creature gets +1/+1. If you do, draw a card.",
    "It's still a land. When you do, draw a card.",
    "Draw a card. If you do, you lose 2 life.",
    "You may sacrifice a creature. If you do, draw a card.",
    "If this land would enter, sacrifice a Forest instead. If you do, put this land onto the battlefield.",
    "When this creature enters, if it entered from your graveyard, exile it. If you do, draw a card.",
    "{T}: Activate only as a sorcery. If you do, draw a card.",
    "Otherwise. If you do, draw a card.",
    "Creatures you control have \"{T}: Draw a card.\" If you do, draw a card.",
    "Creatures you control have \"If you do, draw a card.\"",
    "If 1,000 players do, draw a card.",
    "If you, do, draw a card.",
    "ReachIf you do, draw a card.",
    "Reach\nWhen you do, draw a card.",
    "Flying\nWhenever this creature attacks, when you do, draw a card.",
    "Draw a card (you may discard). If you do, draw a card.",
    "Glint Warden's power is 2. If you do, draw a card.",
    "Flying\nMr. .2/2. Whenever Glint Warden attacks, If you do, draw a card.",
    "Draw a card if you do.",
    "Exile it. If you do, draw a card.",
    "Sacrifice Bob Jr. If you do, draw a card.",
]

TEXTS_008 = random_texts(PIECES_008, INVENTED_008, 600, 12)


def _findings(text: str, type_line: str, codes: list[str]) -> list[tuple]:
    face = Face(name="Glint Warden", mana_cost="{1}{U}", type_line=type_line, oracle_text=text, power="1",
                toughness="1")
    card = Card(name="Glint Warden", faces=[face])
    return [(d.code, d.line, d.column, d.message) for d in lint_cards([card], select=codes)]


@pytest.mark.parametrize("type_line", ["Creature — Human", "Sorcery", "Enchantment"])
def test_rul008_quick_look_gives_what_the_plain_way_gives(monkeypatch, type_line):
    quick = [_findings(t, type_line, ["RUL008"]) for t in TEXTS_008]
    monkeypatch.setattr(RUL008.NothingDoneBeforeWhenYouDo, "_may_find", staticmethod(lambda face, ability: True))
    slow = [_findings(t, type_line, ["RUL008"]) for t in TEXTS_008]
    assert sum(map(bool, quick)) >= 20, "too few findings: the comparison would prove little"
    for text, q, s in zip(TEXTS_008, quick, slow):
        assert q == s, text


def test_rul008_quick_look_passes_over_faces():
    """The look lets through a face that may be reported, and none where every "if you do"
    follows an action (the faces it is there to settle): a test that it is no look at all."""
    from linter.checks.api import face_view

    def let_through(text: str) -> bool:
        face = Face(name="Glint Warden", mana_cost="{1}{U}", type_line="Sorcery", oracle_text=text)
        card = Card(name="Glint Warden", faces=[face])
        lint_cards([card], select=["RUL008"])
        view = face_view(card, face)
        return any(RUL008.NothingDoneBeforeWhenYouDo._may_find(view, v.ability) for v in view.walk())

    assert let_through("If you do, draw a card.")
    assert let_through("It's still a land. When you do, draw a card.")
    assert not let_through("Tap target untapped creature you control. If you do, draw a card.")
    assert not let_through("If this land would enter, sacrifice a Forest instead. If you do, draw a card.")
    assert not let_through("Discard a card. When you do, draw a card.")


def test_the_words_the_rul008_look_trusts_are_the_meaning_layers():
    """What RUL008's look takes for granted: its state words are the ones the meaning layer
    reads as "be" and "have", and every word of an action of a static ability's state
    (gain-ability, lose-ability, modify-pt) is one of the words of a state; no keyword action
    is a state; the tokenizer keeps no "if", "do" or word of a state inside a longer word,
    and keeps none of its full stops that the look takes for a sentence end."""
    from linter import catalogue, tables
    from linter.nlp import meaning as M
    from linter.nlp.pipeline import get_pipeline
    from linter.nlp.rulerefs import patterns_data, word_forms

    check = RUL008.NothingDoneBeforeWhenYouDo
    data = catalogue.load("meaning")
    assert {M._h(w) for w in data["state_verbs"]} == {M.IS, M.ARE, M.HAS, M.HAVE, M.POSS}
    plain, static = RUL008._state_words()
    forms = {k.lower(): list(v) for k, v in (patterns_data().get("forms") or {}).items()}
    words = {f.lower() for a in data["actions"] for v in a["verbs"] for f in word_forms(v, forms)}
    words |= {f.lower() for name in tables.keyword_actions() if " " not in name for f in word_forms(name, forms)}
    by_hash = {M._h(w): w for w in words}
    lex = M.lexicon()
    assert set(lex.verbs) <= set(by_hash)
    for key, specs in lex.verbs.items():
        names = {s.name for s in specs}
        assert not names & RUL008._STATES, by_hash[key]  # "be" and "have" come from state_verbs alone
        if names & RUL008._STATIC_STATES:
            assert static.fullmatch(by_hash[key]), by_hash[key]
    assert not set(tables.keyword_actions()) & RUL008._STATIC_STATES
    assert all(p.get("sense") not in RUL008._STATIC_STATES for p in patterns_data()["patterns"])

    from spacy.attrs import ORTH

    rules = get_pipeline().tokenizer.rules
    for key, pieces in rules.items():
        at = 0
        for piece in (d[ORTH] for d in pieces):
            low = piece.lower()
            if low == "if":
                assert RUL008._IF.match(key, at), key
            if low in ("do", "does", "did", "ca", "can"):
                assert RUL008._DO.match(key, at), key
            if plain.fullmatch(piece) or static.fullmatch(piece):
                assert static.match(key, at), key
            at += len(piece)
        if key.endswith("."):
            assert not any(m.end() == len(key) + 1 for m in RUL008._sentence_end().finditer(" " + key + " ")), key
    # and what it takes for a sentence end is one
    nlp = get_pipeline()
    for text in ["Exile it. If", "Sacrifice this Equipment. If", "Roll a d20. When", "Draw a card. If", "Scry 1. If",
                 "Pay {2}. If", 'Draw "x". If', "Flying\nIf", "Draw • If", "Exile them. If"]:
        ends = [m.end() - 1 for m in RUL008._sentence_end().finditer(text)]
        assert ends, text
        starts = {t.idx: t.text for t in nlp.make_doc(text)}
        assert all(starts.get(e) in (".", "\n", "•") for e in ends), text
    assert check._ends_done("If you do, draw.", "If you do, draw.", 2, 16)


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
    quick = [_findings(t, type_line, codes) for t in TEXTS_014_016]
    monkeypatch.setattr(RUL014.TappedForManaWithoutManaAbility, "_may_be_tapped_itself",
                        staticmethod(lambda face, ability: True))
    monkeypatch.setattr(RUL016.LibrarySearchWithoutShuffle, "_may_search", staticmethod(lambda text, ability: True))
    slow = [_findings(t, type_line, codes) for t in TEXTS_014_016]
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
    quick = [_findings(t, type_line, ["RUL007"]) for t in TEXTS_007]
    monkeypatch.setattr(RUL007.TypeChangeDropsCardTypes, "_keeps_types",
                        staticmethod(lambda face, ability, own: False))
    slow = [_findings(t, type_line, ["RUL007"]) for t in TEXTS_007]
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
