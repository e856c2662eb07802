"""The quick paths of SYM003, SET002 and TPL012 give what the plain patterns give.

SYM003 tries its cost pattern only at a line start with a colon within reach; SET002 sets
punctuation apart with a replacement per mark and makes its spaces one with a split; TPL012
takes numbers out a word at a time, finds a plural noun by its "s" and leaves a text with
single spaces alone. Each is held against the plain way on invented
texts and on texts drawn at random from pieces that make every path choose both ways.
"""

from __future__ import annotations

import re

from _helpers import random_texts
from test_set_level_quick_paths import _PLURAL, _plain_the_rest  # the plain ways of TPL012

from linter.checks import SET002, SYM003, TPL012
from linter.checks.api import at_line_starts

PIECES = ["Add", "add", "adds", "Add G", "adds 2R", "add WU", "Ladd", "ADD", "dd", "dds", " ", "  ", "\n", "\t", "\u00a0", ": ", ":", ",", ", ",
          ".", ";", "(", ")", '"', "\u2014", " \u2014 ", "\u2014\n", "2", "10", "X", "G", "R", "T", "Q", "S",
          "{2}", "{G}", "{T}", "Chapter I", "Equip", "a", "an", "An", "two", "Two", "TWO", "twenty", "x",
          "\u0130t", "\u017fix", "\u0131", "\u0663", "\u00b2", "1st", "a_b", "counters", "Counters", "cards",
          "cardss", "times", "lands's", "tokens", "it", "its", "their", "cities", "twice", "m , n"]

INVENTED = [
    "T: Add G.",
    "Add G.\nadd 2GG or Add  R",
    "Its controller adds R.\nT: Add U.",
    "xadd G, Ladd G, aDd G, ADD G",
    "Foo\n\u2014 T: Draw a card.",
    "abc \u2014\nT: Untap it.",
    "abc\n\u2014\n2, T: Add B.",
    "Chapter I \u2014 T: Add C.",
    "+1: Draw a card.\n0: Scry 1.\n\u22122: T: Untap.",
    "Flying\n" + "w" * 40 + " \u2014 " + "1" * 34 + ", T: Add G.",
    "x" * 90 + ": no cost\n" + "y" * 10 + " \u2014 " + "z" * 30 + " 2, T: Add G.",
    "Put two +1/+1 counters on it. Twenty cards, an X, \u0130t has \u017fix \u0663 cards.",
    "Creatures  you\tcontrol\u00a0get +1/+1 (it's\ntheir turn).",
]

TEXTS = random_texts(PIECES, INVENTED, 3000, 14)


def test_sym003_costs_tried_only_near_a_colon_as_at_every_line_start() -> None:
    cost = SYM003._patterns()[1]
    found = 0
    for text in TEXTS:
        want = [(m.span(), m.group("cost")) for m in at_line_starts(cost, text)]
        assert [(m.span(), m.group("cost")) for m in at_line_starts(cost, text, ":", SYM003._COST_REACH)] == want, text
        found += bool(want)
    assert found > 20


def test_sym003_reach_is_the_longest_match_of_the_cost_pattern() -> None:
    cost = SYM003._patterns()[1]
    longest = "a" * 40 + " \u2014 " + "b" * 40 + ": "
    m = cost.match(longest)
    assert m is not None and m.end() == SYM003._COST_REACH
    assert cost.match("a" * 41 + " \u2014 " + "b" * 40 + ": ") is None


def test_tpl012_numbers_out_a_word_at_a_time_as_by_the_pattern() -> None:
    for text in TEXTS:
        assert TPL012._numbers_out(text) == TPL012._number().sub("N", text), text


def test_tpl012_plural_found_by_its_s_as_by_the_noun() -> None:
    for text in TEXTS + [t.lower() for t in TEXTS]:
        assert TPL012._PLURAL_S.sub("", text) == _PLURAL.sub(r"\1", text), text


def test_tpl012_the_rest_as_with_a_pattern_for_each_step() -> None:
    for text in TEXTS + ["TYPE or TYPE", "a b", "a  b", "a\u2028b", " a ", ""]:
        assert TPL012._the_rest.__wrapped__(text) == _plain_the_rest(text), text


def _plain_words(text: str) -> str:
    """SET002's _words with a translation for the punctuation and a pattern for the spaces."""
    s = text.replace("\u2019", "'").lower()
    s = SET002._MANA.sub(" M ", s)
    s = re.sub(r"\s+", " ", SET002._NUMBER.sub(" N ", s))
    s = SET002._MULTIPLE.sub(" N ", s)
    s = SET002._POSSESSIVE.sub(" POSS ", s)
    s = SET002._PRONOUN.sub(" PRON ", s)
    s = s.translate(str.maketrans({mark: f" {mark} " for mark in ',.;:()"'}))
    s = SET002._IES.sub(r"\1y", s)
    s = SET002._PLURAL_S.sub("", s)
    s = re.sub(r"\s+", " ", s).strip()
    return SET002._LIST.sub(r"\1 \2 ", s + " ").strip()


def test_set002_words_as_with_a_translation_and_a_pattern_for_spaces() -> None:
    for text in TEXTS:
        assert SET002._words.__wrapped__(text) == _plain_words(text), text


def test_set002_erased_makes_spaces_one_as_a_pattern() -> None:
    for text in TEXTS:
        want = " " + text + " "
        for group in (*SET002._variants().get("*", ()), *SET002._variants().get("flying", ())):
            for phrase in group:
                want = want.replace(" " + phrase + " ", " ")
        want = re.sub(r"\s+", " ", want).strip()
        assert SET002._erased.__wrapped__(text, "flying") == want, text
