"""Quick paths of the set-level checks' collecting and judging give what the plain way gives.

SET002's loose form skips a parameter or name the text (lowered) does not hold; the
reminders in an ability of a face with few of them are found without an index (SortedSpans,
as SET002 and TPL012 use it); SLF001
judges a file's leftovers against the names of its cards whose folded form may end like one
of them, not against all; TYP004 guesses what a word means once per word and card types in
a file. Each is held here against the plain way, on invented cards and texts made at random
(with a fixed seed).
"""

from __future__ import annotations

import random

import pytest

from linter.checks import SET002, SLF001, TPL012, TYP004
from linter.engine import parse_cards
from linter.model import Card, Face
from linter.nlp import text as spans_text


def _plain_loose(text: str, variables: list[str], selves: list[str], subtypes: list[str]) -> str:
    """SET002's loose form, every parameter and name handed to the replacement."""
    s = text.replace("\u2019", "'")
    for v in sorted(variables, key=len, reverse=True):
        s = SET002._replace_ci(s, v, " P ", word=False)
    for name in sorted(selves, key=len, reverse=True):
        s = SET002._replace_ci(s, name, " SELF ", word=name[:1].isalnum())
    for run in sorted(subtypes, key=len, reverse=True):
        if " " in run:
            s = SET002._replace_ci(s, run, " TYPE ", word=True)
        elif run in s:
            s = SET002._one_type(run).sub(" TYPE ", s)
    s = SET002._TYPE_LIST.sub(" TYPE ", s)
    return SET002._words(s)


def test_loose_form_skips_only_what_the_text_does_not_hold():
    # "p" and "self" are found in what an earlier replacement wrote (" P ", " SELF "); "İ" and
    # "ſ" lower to another length or match under another case ("ſ" is an "s" to a pattern)
    pieces = ["Vell", "vell", "VELL", " ", "x", "X", "p", "P", "self", "SELF", "İ", "i", "ſ", "s", "’", "'",
              "{2}", "Bird", "this creature", "This Creature", ",", "-", "é"]
    words = ["Vell", "vell", "x", "X", "p", "self", "İ", "ſ", "s", "this creature", "Bird", "é", "", "-"]
    rng = random.Random(7)
    skipped = 0
    for _ in range(6000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 9)))
        variables = rng.sample(words, rng.randint(0, 2))
        selves = rng.sample(words, rng.randint(0, 3))
        subtypes = rng.sample(["Bird", "Human Cleric", "Elf"], rng.randint(0, 2))
        assert SET002.loose(text, variables, selves, subtypes) == _plain_loose(text, variables, selves, subtypes), \
            (text, variables, selves, subtypes)
        low = text.replace("\u2019", "'").lower()
        skipped += any(w and w.lower() not in low for w in variables + selves)
    assert skipped > 1000  # the quick test was taken, not only the plain way


def _plain_judged(cards: list[Card], collected: list) -> list:
    """SLF001's findings, every name of the file folded and looked at."""
    names = {c.name for c in cards} | {f.name for c in cards for f in c.faces}
    written = {p for n in names for p in (n or "").split("//")}
    others = SLF001._Names({SLF001._fold(p) for p in written if p.strip()})
    return [(card, hit) for card, found in zip(cards, collected) for hit, run, possessive in (found or ())
            if not SLF001._excused(run, others, possessive)]


def test_leftovers_judged_against_the_names_that_may_end_like_them():
    texts = ["Whenever Captain Vell attacks, draw a card.", "Mirror Gate's controller draws a card.",
             "Whenever Old Torvin deals damage, scry 1.", "Flying", None]
    # names that excuse a leftover only once folded (a prefix, an accent, quotes, a token's
    # suffix), by their end, by a possessive's "s", or not at all though they end alike
    pool = ["Rigger Captain Vell", "A-Captain Vell", "Captain V\u00e9ll", '"Captain Vell"', "Captain Vell (Token)",
            "Up // Captain Vell", "Bo Vell", "Vell", "CR02-Old Torvin", "Torvin", "Mirror Gates", "Mirror Gate (Token)",
            "Gate", "A-Vell", "CR02-Torvin", "Old Torvin\u2019s", "  ", "", None, "Lim-D\u00fbl, Old Torvin", "Captain Vellx"]
    rng = random.Random(11)
    cards = [Card(name=f"Test Card {k}", faces=[Face(name=f"Test Card {k}", type_line="Creature — Bird",
                                                      oracle_text=t)]) for k, t in enumerate(texts)]
    parse_cards(cards)
    check = SLF001.LeftoverName()
    collected = [check.collect(card) for card in cards]
    assert sum(bool(c) for c in collected) == 3
    counts = set()
    for _ in range(300):
        others = [Card(name=n, faces=[Face(name=rng.choice([n, None, "Other Face"]), oracle_text="Draw a card.")])
                  for n in rng.sample(pool, rng.randint(0, 6))]
        file = cards + others
        found = collected + [None] * len(others)
        got = list(check.check_collected(file, found))
        want = _plain_judged(file, found)
        assert [(id(c), h) for c, h in got] == [(id(c), h) for c, h in want], [c.name for c in others]
        counts.add(len(got))
    assert counts == {0, 1, 2, 3}  # each leftover excused by some names and kept by others


@pytest.mark.parametrize("module", [SET002, TPL012], ids=["SET002", "TPL012"])
def test_reminders_in_an_ability_found_alike_without_an_index(monkeypatch, module):
    texts = ["Flying (This creature can't be blocked.)\nWard {2} (Counter that spell.) (Or not.)",
             "Skyward 2 (When this creature enters, scry 2.)\nInfuse 1 (Put a counter on it if it has none.)",
             "(Skyward 3 (Scry 3.))\nFlying, vigilance (Both.)\nTrample (It deals excess damage.)\nDraw a card. (A note.)",
             " ".join(f"Skyward {k} (Scry {k}.)" for k in range(12))]
    cards = [Card(name=f"Test Card {k}", faces=[Face(name=f"Test Card {k}", type_line="Creature — Bird Soldier",
                                                      oracle_text=t)]) for k, t in enumerate(texts)]
    cards.append(Card(name="Test Card 9", faces=[Face(name="Test Card 9", type_line="Creature — Bird",
                                                        oracle_text="Flying (Can't be blocked.) (Or not.)")]))
    parse_cards(cards)
    flying = cards[-1].faces[0].parsed.abilities[0]
    flying.end = len(cards[-1].faces[0].oracle_text)  # an ability that holds two reminders
    for card in cards:  # the spans as a parse may hold them, out of order
        card.faces[0].parsed.reminders.reverse()

    def found() -> list:
        if module is TPL012:
            return [[item[1:4] + item[5:] for item in TPL012.ReminderTextWording().collect(card) or ()]
                    for card in cards]
        return [[(o.face, o.start, o.end, o.keyword, o.key, o.shape) for o in SET002.occurrences(card)]
                for card in cards]

    monkeypatch.setattr(spans_text, "FEW_SPANS", 1000)
    listed = found()
    monkeypatch.setattr(spans_text, "FEW_SPANS", 0)
    assert found() == listed
    assert sum(map(len, listed)) >= 5 and listed[-1][0][1:3] == (7, 26)


def test_unknown_subtypes_guessed_once_are_guessed_for_each_kind():
    # TYP004 guesses the subtype a word means once per word and card types in a file: a word
    # under other card types is guessed again ("Elff" a creature type, "Elff" an artifact's)
    lines = ["Creature — Elff Archer", "Artifact — Elff", "Creature — Elff", "Planeswalker — Jace Elff",
             "Creature — Goblinn", "Enchantment — Auraa", "Artifact Creature — Elff Equipmen", "Creature — Elff"]
    cards = [Card(name=f"Test Card {k}", faces=[Face(name=f"Test Card {k}", type_line=t)]) for k, t in enumerate(lines)]
    check = TYP004.UnknownSubtype()
    together = [(id(c), h) for c, h in check.check_set(cards)]
    fixes = [h.fix.edits[0].text if h.fix else None for _c, h in together]
    assert fixes == ["Elf", None, "Elf", None, "Goblin", "Aura", "Elf", "Equipment", "Elf"]
    for c in cards:
        alone = [h for _c, h in check.check_set([c])]
        mine = [h for k, h in together if k == id(c)]
        assert [(h.start, h.end, h.fix) for h in alone] == [(h.start, h.end, h.fix) for h in mine]


def test_sorted_spans_answer_alike_with_and_without_an_index(monkeypatch):
    rng = random.Random(7)
    for _ in range(300):
        spans = []
        for _k in range(rng.randrange(0, 12)):
            a = rng.randrange(0, 60)
            spans.append((a, a + rng.randrange(1, 15)))
        asked = [(rng.randrange(0, 70), rng.randrange(0, 15)) for _q in range(20)]

        def answers() -> list:
            found = spans_text.SortedSpans(spans)
            return [(found.starting_in(a, a + n), found.covers(a, a + n)) for a, n in asked]

        monkeypatch.setattr(spans_text, "FEW_SPANS", 1000)
        listed = answers()
        monkeypatch.setattr(spans_text, "FEW_SPANS", 0)
        assert answers() == listed, spans
