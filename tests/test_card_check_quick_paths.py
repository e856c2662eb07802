"""The quick paths of the per-card checks give what the plain way gives.

SYM003 looks for "add", TPL007 for "choose" and RUL011 for "that" from the first letter;
SYM003 and TPL007 try their patterns that start at a line's start only there; TPL009
tries its count pattern only at a digit its lookbehind lets pass; SYM001 and RUL006 ask
whether all of a text's symbols are known with one set test; CHR001 works out the colors
of each mana cost once; TPL010 passes over texts whose parentheses pair up; SYM002 counts
symbols and braces instead of matching a whole text; SYM004 counts the quotation marks of a
text of one line that has no curly ones. Each is held here against the plain
way, on invented texts and on texts made at random (with a fixed seed) from the pieces
those patterns care about.
"""

from __future__ import annotations

import re

from _helpers import random_texts

from linter.checks import CHR001, RUL011, SYM002, SYM003, SYM004, TPL007, TPL009, TPL010
from linter.checks._symbols import BRACED, SymbolTable, symbol_table
from linter.checks.api import at_line_starts
from linter.model import cost_colors

PIECES = ["a", "A", "add", "Add", "adds", "dd", "dds", "choose", "Choose", " one", " or more", "I", "II", "V", " ",
          "  ", "\n", ":", ": ", ",", ", ", ".", ";", ")", "(", "\u2014", " \u2014 ", "T", "Q", "G", "2", "10", "21",
          "{", "}", "{2}", "{G}", "{T}", "{g}", "{GG}", "{K}", "+", "-", "\u2212", "[", "]", "(A)", "(B.\nC.)", "/",
          "$", "_", "\xe9", "x", "Bad", "ladd", "cards", " cards", " creatures", " two", "that", "those", "That",
          " land", " token", " damage", " or more", "draw ", "scry ", "1/1 ", "+1/+1 ", "Landfall", "Equip ",
          "Kicker "]

INVENTED = [
    "",
    "T: Add G.",
    "Add G or R.\n2, T: Draw a card.",
    "Landfall \u2014 1G: Untap this land.\nladd 2G\nBadd R",
    "{T}: Add {G}.\n\n1, Q: Its controller adds RR.",
    "Draw 2 cards. Create 3 1/1 white Soldier creature tokens.",
    "Put a +1/+1 counter on each of up to 2 target creatures. {2}: Scry 2.",
    "\u00e9add G. _add R. 1add U.",
]


def _texts() -> list[str]:
    return random_texts(PIECES, INVENTED, 4000, 16)


def test_sym003_add_pattern_is_the_word_bounded_one() -> None:
    add, _cost, _mana = SYM003._patterns()
    plain = re.compile(r"\b[Aa]dds? " + add.pattern.split("dds? ", 1)[1])
    for text in _texts():
        quick = [m.span("run") for m in add.finditer(text)] if "dd " in text or "dds " in text else []
        assert quick == [m.span("run") for m in plain.finditer(text)], text


def test_sym003_cost_pattern_at_line_starts_is_finditer() -> None:
    _add, cost, _mana = SYM003._patterns()
    for text in _texts():
        assert [m.span() for m in at_line_starts(cost, text)] == [m.span() for m in cost.finditer(text)], text


def test_tpl009_counts_are_finditer() -> None:
    for text in _texts():
        assert [m.span() for m in TPL009._counts(text)] == [m.span() for m in TPL009._COUNT.finditer(text)], text


def test_all_known_is_each_known() -> None:
    table = symbol_table()
    fresh = SymbolTable(table.cost_symbols, table.text_symbols, table.cost_patterns, table.text_patterns,
                        table.unbraced_letters)
    for text in _texts():
        symbols = BRACED.findall(text)
        for in_cost in (True, False):
            assert fresh.all_known(symbols, in_cost=in_cost) == all(table.known(s, in_cost=in_cost)
                                                                    for s in symbols), text


def test_chr001_cost_colors_are_the_model_s() -> None:
    for cost in ("", None, "{2}{R}{W}", "{G/U}{B/P}", "{HR}", "{X}{C}", "{2/W}{2/W}", "{r}"):
        assert CHR001._cost_colors(cost) == cost_colors(cost)


def test_tpl007_patterns_are_the_plain_ones() -> None:
    plain_modal = re.compile(TPL007._MODAL.pattern.replace(r"[Cc](?<!\w[Cc])hoose", r"\b[Cc]hoose"))
    assert plain_modal.pattern != TPL007._MODAL.pattern
    texts = _texts() + ["Choose one \u2014\n\u2022 A.", "xchoose one -\n- B.", "I, II - Draw.\nIII: Foo.",
                        "Landfall - Whenever\nRaid: When"]
    for text in texts:
        assert [m.span() for m in TPL007._MODAL.finditer(text)] == [m.span() for m in plain_modal.finditer(text)]
        for pattern in (TPL007._WORD_DASH, TPL007._CHAPTER):
            assert [m.span() for m in at_line_starts(pattern, text)] == [m.span() for m in pattern.finditer(text)]


def test_tpl010_paired_texts_have_nothing_to_report() -> None:
    check = TPL010.ReminderParentheses()
    texts = _texts() + ["Flying (A.) (B.\nC.)", "Flying [This creature flies.]", "((A))", ")(", "(A"]
    for text in texts:
        if TPL010._PAIRED.fullmatch(text):
            assert list(check._line(0, text, 0)) == [], text
    assert not TPL010._PAIRED.fullmatch("Flying [This creature flies.]")
    assert TPL010._PAIRED.fullmatch("Flying (A.) (B.\nC.)")


def test_rul011_that_pattern_is_the_word_bounded_one() -> None:
    plain = re.compile(RUL011._THAT.pattern.replace(r"[Tt](?<!\w[Tt])h(?:at|ose) ", r"\b(?:[Tt]hat|[Tt]hose) "))
    assert plain.pattern != RUL011._THAT.pattern
    texts = _texts() + ["Destroy that creature.", "Exile those cards. Tap that land", "xthat creature",
                        "_Those tokens", "\u00e9that card", "That Aura's"]
    for text in texts:
        assert [m.span() for m in RUL011._THAT.finditer(text)] == [m.span() for m in plain.finditer(text)], text


def test_sym004_counting_passes_over_only_texts_whose_marks_pair_up() -> None:
    pieces = PIECES + ['"', '"', "\u201c", "\u201d", "'", "\u2019", '"{T}: Add {G}."', "\u201cX.\u201d"]
    texts = random_texts(pieces, INVENTED + ['a "b', '"a" "b"', "\u201d a \u201c", '"a\nb"', "\u201ca\u201c b\u201d"],
                         4000, 16)
    quick = 0
    for text in texts:
        if "\n" not in text and SYM004._paired(text):
            quick += 1
            assert list(SYM004.unpaired(text)) == [], text
    assert quick > 100  # the quick path is taken, and held to the plain way


def test_sym002_balanced_is_the_pattern_of_symbols() -> None:
    plain = re.compile(r"[^{}]*(?:\{[^{}\n]*\}[^{}]*)*")
    texts = _texts() + ["{2}{G", "{1}{W}}", "}{", "{\n}", "{{G}}", "{G}\n{U}", "x{y}z", ""]
    for text in texts:
        assert SYM002._balanced(text) == bool(plain.fullmatch(text)), text
