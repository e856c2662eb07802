"""The quick test before a product text pattern is searched (the hints of
rules_data/products.yaml): a text whose lower case holds none of an entry's hints is not
searched, so every match of the pattern must hold one (in the lower case of a text where
case-blind patterns read no more than it shows: ``hint_text``)."""

from __future__ import annotations

import re
import sys

from linter.checks import _products

# invented texts: some say what a pattern of the data looks for, in any case and beyond ASCII
TEXTS = [
    "Target creature perpetually gets +1/+1.",
    "PERPETUALLY", "Conjure a card named Quill Sprite into your hand.", "CONJURES TWO COPIES of it",
    "Seek a land card.", "seeks that many cards", "\u017feek a creature card.",  # a long s, as case-blind reads an s
    "Draw a spellbook card.", "You get a boon.", "Boons are kept.", "It intensifies by 1.", "It specializes.",
    "heist", "Add {½}.", "Add {HR}.", "{∞}", "Add {hr}.", "{H}",
    "Choose one — • Seek a land card.", "Heist — perpetually", "Conjure a card named Dûl.",
    "\u0130t seeks a card.", "CONJ\u016aRE", "SEE\u212a A CARD", "SEEK \u0131T", "s\u0131mple",
    "Flying", "When this creature enters, draw a card.", "Ceeking the seekers", "Conjured nothing",
    "", "{T}: Add {G}.",
]


def _patterns():
    return _products._data()[2]


def test_hints_cover_every_match():
    hits = 0
    for p in _patterns():
        for text in TEXTS:
            low = _products.hint_text(text)
            if low is None:
                continue  # always searched
            for _m in p.rx.finditer(text):
                hits += 1
                assert not p.hints or any(h in low for h in p.hints), (p.rx.pattern, text)
    assert hits >= 10


def test_the_quick_test_never_changes_a_verdict():
    patterns = _patterns()
    assert sum(bool(p.hints) for p in patterns) == len(patterns), "an entry without hints is always searched"
    for text in TEXTS:
        low = _products.hint_text(text)
        found = [p.rx.search(text) is not None for p in patterns]
        assert [p.search(text, low) for p in patterns] == found, text
        assert _products._may_match(low) or not any(found), text


def test_a_text_beyond_ascii_is_searched_whatever_its_hints():
    seek = next(p for p in _patterns() if "seek" in p.hints)
    assert _products.hint_text("\u017feek a card") is None
    assert re.search(seek.rx, "\u017feek a card") and seek.search("\u017feek a card", None)
    assert _products.hint_text("Choose one — • Draw a card.") == "choose one — • draw a card."


def test_only_the_listed_letters_read_as_ascii_ones_their_lower_case_does_not_show():
    beyond_ascii = "".join(map(chr, range(128, sys.maxunicode + 1)))
    odd = {c for c in re.findall("(?i)[a-z]", beyond_ascii) if not c.lower().isascii()}
    assert odd and set(_products._READ_AS_ASCII.findall(beyond_ascii)) == odd


def test_the_one_scan_for_hints_finds_what_looking_for_each_finds():
    import random

    hints = sorted({h for p in _patterns() for h in p.hints})
    rng = random.Random(7)
    texts = [t.lower() for t in TEXTS] + [" ".join(rng.choice(hints + ["card", "a", "{1}", "the"])[::rng.choice((1, -1))]
                                                   for _ in range(rng.randint(0, 6))) for _ in range(400)]
    agree = {True: 0, False: 0}
    for low in texts:
        plain = any(h in low for h in hints)
        assert _products._may_match(low) == plain, low
        agree[plain] += 1
    assert agree[True] > 20 and agree[False] > 20
