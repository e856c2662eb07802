"""A parse that is dropped once its card is checked is freed at once.

A run pauses the cyclic garbage collector (it would scan the growing heap of
cards again and again), so a parse whose parts point back at one another
would stay in memory until the end of the run: reference counting alone must
free it.
"""

from __future__ import annotations

import gc

from linter import lint
from linter.checks.api import card_faces
from linter.gcpause import gc_paused
from linter.model import Card, Face
from linter.selection import Selection

TEXTS = [
    ("Grove Tender", "Creature — Elf Druid", "{1}{G}",
     "Flying\nCreatures you control have \"{T}: Add {G}.\"\nWhen this creature enters, draw a card."),
    ("Vault Keeper", "Creature — Human Wizard", "{2}{U}",
     "When this creature enters, exile target artifact an opponent controls until this creature "
     "leaves the battlefield.\n{1}, {T}: Put a +1/+1 counter on target creature. It gains "
     "\"Whenever this creature attacks, scry 1.\" until end of turn."),
    ("Ember Rite", "Sorcery", "{R}",
     "Kicker {2}{R} (You may pay an additional {2}{R} as you cast this spell.)\n"
     "Ember Rite deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead."),
    ("Tidal Chant", "Enchantment — Saga", "{3}{U}",
     "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)\n"
     "I — Draw two cards.\nII — Return target creature to its owner's hand."),
]


def _cards() -> list[Card]:
    out = []
    for name, type_line, cost, text in TEXTS * 3:
        face = Face(name=name, mana_cost=cost, type_line=type_line, oracle_text=text)
        out.append(Card(name=name, faces=[face]))
    return out


def _leftovers() -> list[str]:
    """The objects of oraclelint's own classes that only the cyclic collector would free."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return sorted({type(o).__qualname__ for o in gc.garbage
                       if type(o).__module__.startswith("linter")
                       or getattr(o, "__module__", "").startswith("linter.")})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_dropped_parse_leaves_nothing_for_the_cyclic_collector():
    lint.lint_cards(_cards()[:1], selection=Selection(None, None))  # what is built once per run
    cards = _cards()
    gc.collect()
    with gc_paused():
        lint.lint_cards(cards, selection=Selection(None, None), keep_parse=False)
        for card in cards:
            assert all(face.parsed is None for face in card.faces)
        assert _leftovers() == []


def test_a_kept_parse_is_whole():
    """Kept (as the language server keeps it), the parse still reads its meaning and views."""
    cards = _cards()
    lint.lint_cards(cards, selection=Selection(None, None), keep_parse=True)
    view = next(iter(card_faces(cards[0])))
    granted = [a for a in view.parsed.walk() if a.kind == "activated"]
    assert granted and granted[0].meaning is not None
    assert view.parsed._view is view


def test_release_lets_go_of_the_links_back():
    cards = _cards()
    lint.lint_cards(cards[:2], selection=Selection(None, None), keep_parse=True)
    parsed = cards[1].faces[0].parsed
    abilities = list(parsed.walk())
    assert any(a.granted for a in parsed.abilities)  # a quoted ability, granted
    assert all(a._parsed is parsed for a in abilities)
    parsed.release()
    assert parsed._view is None
    assert all(a._parsed is None for a in abilities)


def test_a_parse_whose_meaning_was_read_is_freed_once_released():
    """What each ability does (read for the few faces a check asks it of) holds no cycle either."""
    warm = _cards()[:1]  # what is built once per run
    lint.parse_cards(warm)
    warm[0].faces[0].parsed.read_meaning()
    cards = _cards()
    gc.collect()
    with gc_paused():
        lint.parse_cards(cards)
        for card in cards:
            for face in card.faces:
                face.parsed.read_meaning()
                assert any(a.meaning is not None for a in face.parsed.walk())
                face.parsed.release()
                face.parsed = None
        assert _leftovers() == []
