"""Select and ignore by code prefix."""

import pytest

from linter.selection import Selection, parse_codes


def test_parse_codes_splits_and_uppercases():
    assert parse_codes("rul, SYM001,,") == ["RUL", "SYM001"]
    assert parse_codes(["RUL001", "abl"]) == ["RUL001", "ABL"]
    assert parse_codes(None) == []


@pytest.mark.parametrize(
    "select, ignore, code, expected",
    [
        (None, None, "RUL001", True),
        ("RUL", None, "RUL001", True),
        ("RUL", None, "SYM001", False),
        (None, "RUL", "RUL001", False),
        ("RUL", "RUL001", "RUL001", False),
        ("RUL", "RUL001", "RUL002", True),
        ("RUL001", "RUL", "RUL001", True),  # the more specific choice wins
        ("RUL", "RUL", "RUL001", False),  # on a tie ignore wins
        ("ALL", "SYM", "SYM001", False),
        ("ALL", None, "SYM001", True),
    ],
)
def test_longest_prefix_decides(select, ignore, code, expected):
    assert Selection(select, ignore).active(code) is expected
