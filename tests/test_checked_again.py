"""The same cards checked again in one process (a library user, an editor) under another
configuration get the findings of cards read afresh under it: nothing made under the first
configuration (the parse, what a card is) is kept for the second."""

from __future__ import annotations

import pytest

from linter.config import Config, CustomKeyword, reset_active
from linter.lint import lint_cards
from linter.readers import read_text

SCOUT = """\
name: Ember Scout
mana_cost: "{1}{R}"
type_line: Creature — Goblin Scout
oracle_text: "Blazestep 2\\nWhen this creature enters, it deals 1 damage to any target."
power: "2"
toughness: "1"
"""


def _codes(declared: bool, cards=None) -> tuple[list[str], list]:
    config = Config()
    if declared:  # the set's own keyword
        config.keywords = [CustomKeyword("Blazestep", "number")]
    config.install()
    try:
        cards = cards if cards is not None else read_text(SCOUT, path="cards.yaml").cards
        return sorted(d.code for d in lint_cards(cards)), cards
    finally:
        reset_active()


@pytest.mark.parametrize("first, then", [(False, True), (True, False)])
def test_a_parse_made_under_other_declared_keywords_is_made_again(first, then):
    fresh, _ = _codes(then)
    _, cards = _codes(first)
    again, _ = _codes(then, cards)
    assert again == fresh
    assert ("KWD001" in fresh) == (not then)  # the check that tells the two apart


def test_cards_checked_twice_under_one_configuration_are_parsed_once():
    config = Config()
    config.keywords = [CustomKeyword("Blazestep", "number")]
    config.install()
    try:
        cards = read_text(SCOUT, path="cards.yaml").cards
        first = lint_cards(cards)
        parsed = [f.parsed for c in cards for f in c.faces]
        again = lint_cards(cards)
        assert all(a is b for a, b in zip(parsed, [f.parsed for c in cards for f in c.faces]))
        assert [d.code for d in again] == [d.code for d in first]
    finally:
        reset_active()
