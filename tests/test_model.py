"""Mana helpers of the card model."""

import pytest

from linter.model import cost_colors, mana_value, order_colors, split_type_line, symbol_colors


@pytest.mark.parametrize("cost, value", [
    ("{2}{G}{G}", 4), ("{X}{R}", 1), ("{2/W}{2/W}", 4), ("{G/P}", 1), ("{W/U}", 1),
    ("{HR}", 0.5), ("", 0), ("{10}", 10),
])
def test_mana_value(cost, value):
    assert mana_value(cost) == value


def test_colors_of_symbols():
    assert symbol_colors("G/W") == {"G", "W"}
    assert symbol_colors("HR") == {"R"}
    assert symbol_colors("2/B") == {"B"}
    assert symbol_colors("C") == set()
    assert cost_colors("{1}{U/P}{HB}") == {"U", "B"}


def test_order_colors_takes_any_iterable():
    assert order_colors(c for c in "GWU") == ("W", "U", "G")


def test_split_type_line_accepts_hyphen_and_token():
    assert split_type_line("Legendary Creature - Elf Druid") == (("Legendary",), ("Creature",), ("Elf", "Druid"), False)
    assert split_type_line("Token Artifact — Treasure") == ((), ("Artifact",), ("Treasure",), True)
