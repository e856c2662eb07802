"""The quick test before a product text pattern is searched (rules_data/products.yaml): the
letters every match of the pattern starts with.  A text that holds none of them is not
searched, so the letters must be right for any pattern the data may hold."""

from __future__ import annotations

import re

import pytest

from linter.checks import _products


@pytest.mark.parametrize("pattern, leads", [
    (r"\bglimmerly\b", ("glimmerly",)),
    (r"\bweaves? (?:a |two )?threads?\b", ("weave",)),  # the quantified "s" is left out
    (r"\b(?:ripples?|shimmer(?:s|ed)|shine)\b", ("ripple", "shimmer", "shine")),
    ("ab|cd", ("ab", "cd")),
    ("(?:ab|cd)x", ("ab", "cd")),
    ("abc{2}", ("ab",)),
    (r"ab[\](]|cd", ("ab", "cd")),  # a class holding "]" and "(" hides no "|" from the cut
    ("ab(?#a comment|)|cd", ("ab", "cd")),
    ("(?:ab|cd)?x", ()),  # the group may be left out
    ("(?:ab)+x", ()),
    ("(?:a|)b", ()),  # an alternative that starts with nothing
    ("ab|[xy]z", ()),
    (r"\{(?:½|∞)\}", ()),  # no plain letters first
    ("(?=ab)a", ()),
    ("^A-", ()),
])
def test_the_letters_every_match_starts_with(pattern, leads):
    assert _products._leads(pattern) == leads
    found = re.compile(pattern)
    for text in ("ab", "cdx", "xx abcc yy", "glimmerly", "weave a thread", "shimmered", "ab]"):
        if found.search(text):
            assert not leads or any(lead in text for lead in leads), (pattern, text)


# invented texts: some say what a pattern of the data looks for, in any case and beyond ASCII
TEXTS = [
    "Target creature perpetually gets +1/+1.",
    "PERPETUALLY", "Conjure a card named Quill Sprite into your hand.", "CONJURES TWO COPIES of it",
    "Seek a land card.", "seeks that many cards", "\u017feek a creature card.",  # a long s, as case-blind reads an s
    "Draw a spellbook card.", "You get a boon.", "It intensifies by 1.", "heist", "Add {½}.",
    "Flying", "When this creature enters, draw a card.", "Ceeking the seekers", "Conjured nothing",
    "", "{T}: Add {G}.",
]


def test_the_quick_test_never_changes_a_verdict():
    patterns = _products._data()[2]
    assert sum(bool(p.leads) for p in patterns) >= len(patterns) // 2, "the quick test is seldom made"
    for p in patterns:
        for text in TEXTS:
            low = text.lower() if text.isascii() else None
            assert p.search(text, low) == (p.rx.search(text) is not None), (p.rx.pattern, text)
