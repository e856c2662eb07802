"""The quick test before a product text pattern is searched (the hints of
rules_data/products.yaml): a text whose lower case holds none of an entry's hints is not
searched, so every match of the pattern must hold one."""

from __future__ import annotations

import re

from linter.checks import _products

# invented texts: some say what a pattern of the data looks for, in any case and beyond ASCII
TEXTS = [
    "Target creature perpetually gets +1/+1.",
    "PERPETUALLY", "Conjure a card named Quill Sprite into your hand.", "CONJURES TWO COPIES of it",
    "Seek a land card.", "seeks that many cards", "\u017feek a creature card.",  # a long s, as case-blind reads an s
    "Draw a spellbook card.", "You get a boon.", "Boons are kept.", "It intensifies by 1.", "It specializes.",
    "heist", "Add {½}.", "Add {HR}.", "{∞}",
    "Flying", "When this creature enters, draw a card.", "Ceeking the seekers", "Conjured nothing",
    "", "{T}: Add {G}.",
]


def _patterns():
    return _products._data()[2]


def test_hints_cover_every_match():
    hits = 0
    for p in _patterns():
        for text in TEXTS:
            if not text.isascii():
                continue  # always searched
            for _m in p.rx.finditer(text):
                hits += 1
                assert not p.hints or any(h in text.lower() for h in p.hints), (p.rx.pattern, text)
    assert hits >= 10


def test_the_quick_test_never_changes_a_verdict():
    patterns = _patterns()
    assert sum(bool(p.hints) for p in patterns) == len(patterns), "an entry without hints is always searched"
    for p in patterns:
        for text in TEXTS:
            low = text.lower() if text.isascii() else None
            assert p.search(text, low) == (p.rx.search(text) is not None), (p.rx.pattern, text)


def test_a_text_beyond_ascii_is_searched_whatever_its_hints():
    seek = next(p for p in _patterns() if "seek" in p.hints)
    assert re.search(seek.rx, "\u017feek a card") and seek.search("\u017feek a card", None)
