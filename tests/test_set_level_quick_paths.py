"""The quick paths of the set-level checks' text work give what the plain way gives.

SET002 and TPL012 skip a pattern where a text lacks what every match of it holds, and write
some of their replacements without patterns; TPL011 looks for an apostrophe before it looks
back at the word; SLF001 reads a capitalized word to a name's end without going back; SET001
splits names at white space without a pattern; SET002 and TPL012 go through the cards with
something collected only, set by set. Each is held here against the plain way, on invented
texts and on texts made at random (with a fixed seed) from the pieces those patterns care
about.
"""

from __future__ import annotations

import random
import re

import pytest

from _helpers import random_texts

from linter.checks import SET001, SET002, SLF001, TPL011, TPL012, TYP004, _sets
from linter.model import Card, Face
from linter.source import SourceFile

PIECES = ["a", "b", "s", "ss", "ies", " ", "  ", "'", "\u2019", ",", ".", ";", ":", "(", ")", '"', "{", "}",
          "{2}", "{G}{U}", "1", "X", "x", "N", "é", "\u017f", "\u0130", "_", "-", "twice", "thrice", " times",
          " time", "its ", "their ", "them ", "it ", "one, two, or ", "{R}, {G}, and ", "[cost]", "[N]",
          "[creature type]", "[pronoun]", "[possessive]", "TYPE", " or TYPE", "counters", "cards", "boss",
          "flies", "Zephyrs"]

INVENTED = [
    "",
    "(When this creature enters, put two +1/+1 counters on it.)",
    "(Pay {2}{U} or {X}: this happens twice, thrice, or 3 times; its owners' cards.)",
    "(Exile it, then return it as a TYPE or TYPE token with flying, haste, and ward {1}.)",
    "({1}, {2}, or {3}: the bosses' glass flies past the wizards.)",
    "(Pay [cost] and put [N] counters on [pronoun]; [possessive] controller draws.)",
    "(\u017fix \u0130slands, one, two, and three.)",
]

#: the plain pattern of TPL012's plural nouns, which its quick one must match
_PLURAL = re.compile(rf"\b({'|'.join(TPL012._PLURAL_NOUNS)})s\b")


def _texts() -> list[str]:
    return random_texts(PIECES, INVENTED, 3000, 14)


def _plain_words(text: str) -> str:
    """SET002's loose words, every pattern tried on every text."""
    s = text.replace("\u2019", "'").lower()
    s = SET002._MANA.sub(" M ", s)
    s = SET002._NUMBER.sub(" N ", s)
    s = SET002._MULTIPLE.sub(" N ", SET002._SPACE.sub(" ", s))
    s = SET002._POSSESSIVE.sub(" POSS ", s)
    s = SET002._PRONOUN.sub(" PRON ", s)
    s = re.sub(r"([,.;:()\"])", r" \1 ", s)
    s = re.sub(r"\b(\w+?)ies\b", r"\1y", s)
    s = re.sub(r"\b(\w{3,}?)s\b", r"\1", s)
    s = SET002._SPACE.sub(" ", s).strip()
    return SET002._LIST.sub(r"\1 \2 ", s + " ").strip()


def _plain_placeholders(reminder: str) -> str:
    text = reminder.strip().strip("()").strip().replace("\u2019", "'")
    for rx, repl in TPL012._PLACEHOLDERS:
        text = rx.sub(repl, text)
    return text


def _plain_the_rest(text: str) -> str:
    text = TPL012._TYPE_LIST.sub("TYPE", text)
    text = TPL012._MANA.sub("{COST}", text)
    text = TPL012._number().sub("N", text)
    text = TPL012._PRONOUN.sub("PRON", text)
    text = TPL012._POSSESSIVE.sub("POSS", text)
    text = _PLURAL.sub(r"\1", text)
    return TPL012._SPACE.sub(" ", text)


@pytest.mark.parametrize("plain, quick", [
    (_plain_words, SET002._words.__wrapped__),
    (_plain_placeholders, TPL012._placeholders.__wrapped__),
    (_plain_the_rest, TPL012._the_rest.__wrapped__),
], ids=["SET002-words", "TPL012-placeholders", "TPL012-the-rest"])
def test_quick_text_work_is_the_plain_one(plain, quick):
    for text in _texts():
        assert quick(text) == plain(text), text


def test_quick_paths_are_taken_and_change_texts():
    # the invented texts reach every replacement the quick paths guard (a test that cannot fail
    # otherwise: a guard that never lets a text through would still agree on unchanged texts)
    words = [SET002._words.__wrapped__(t) for t in INVENTED]
    assert "happen N or N ;" in words[2]  # "twice", "3 times" and the list of them
    assert "( M or M : the bosse' glas fly" in words[4]  # costs, their list, "-ies", a plural
    assert TPL012._placeholders.__wrapped__(INVENTED[5]).startswith("Pay {COST} and put N")
    assert "{COST}" in TPL012._the_rest.__wrapped__(INVENTED[2])


def test_apostrophes_found_as_by_a_look_behind():
    plain = re.compile(r"(?<=\w)['\u2019]")
    for text in _texts():
        card = Card(name="Test Card", faces=[Face(name="Test Card", oracle_text=text)])
        found = [(m.start(), m.group(0)) for m in plain.finditer(text)]
        want = [(0, [p for p, ch in found if ch == "'"], [p for p, ch in found if ch != "'"])] if found else []
        assert TPL011.MixedApostrophes().collect(card) == want, text


def _plain_name_key(name: str) -> str:
    return re.sub(r"\s+", " ", name.replace("\u2019", "'")).strip().casefold()


def test_name_key_splits_at_what_the_pattern_calls_white_space():
    spaces = [ch for ch in map(chr, range(0x3000 + 1)) if ch.isspace()]
    assert all(re.fullmatch(r"\s", ch) for ch in spaces)
    rng = random.Random(7)
    pieces = ["Ab", "c\u2019d", "\u00c9t\u00e9", "STRASSE", "\u00df", "-", ","] + spaces
    for _ in range(3000):
        name = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        assert SET001.name_key(name) == _plain_name_key(name), repr(name)


def _card(name: str | None, code: str | None, fmt: str, faces: tuple[str | None, ...] = ()) -> Card:
    return Card(name=name, faces=[Face(name=f) for f in faces] or [Face(name=name)], set_code=code,
                source=SourceFile(path="cards.json", text="", format=fmt))


def test_found_in_sets_keeps_the_sets_and_their_order():
    rng = random.Random(11)
    for fmt in ("scryfall", "yaml"):
        for _ in range(300):
            cards = [_card(f"Card {k}", rng.choice([None, "", " abc", "ABC", "xyz", "Xyz "]), fmt)
                     for k in range(rng.randint(0, 12))]
            found = [rng.choice([[], [k], None, [k, k]]) for k in range(len(cards))]
            value = {id(card): v for card, v in zip(cards, found)}
            want = [[(card, value[id(card)]) for card in group if value[id(card)]] for group in _sets.sets_of(cards)]
            assert _sets.found_in_sets(cards, found) == [group for group in want if group]


def test_name_endings_found_as_by_a_lazy_word():
    from linter.catalogue import load

    verbs = "|".join(re.escape(v) for v in load("self_reference")["verbs"])
    plain = re.compile(rf"[A-Z][\w'’\-]*?(?P<tail>\s(?:{verbs})\b|(?P<poss>['’]s)\b(?!\s+[A-Z]))")
    quick = SLF001._data()[0]
    rng = random.Random(3)
    pieces = ["A", "Bo", "mc", "D", "'", "’", "s", "s ", "'s", "’s ", "-", "_", "1", " ", " deals", " is",
              " isn't", "  Zed", "\n", "é", "x", " has", " X"]
    texts = ["Vell's Tiller's Rake deals 2 damage.", "Kor'Dan's gets +1/+1.", "O'Brien-Kal’s Owl’s Nest is here."]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 10))) for _ in range(20000)]
    for text in texts:
        want = [(m.span(), m.start("tail"), m.group("poss")) for m in plain.finditer(text)]
        assert [(m.span(), m.start("tail"), m.group("poss")) for m in quick.finditer(text)] == want, text


def test_unknown_subtypes_kept_by_type_line_are_each_cards_own():
    # TYP004 works out a card's unknown subtypes once per type line (of a card of one face) or
    # tuple of them: each card of a file gets what it gets checked alone
    def card(*lines: str | None) -> Card:
        return Card(name="Test Card", faces=[Face(name=f"Face {k}", type_line=t) for k, t in enumerate(lines)])

    cards = [card("Creature — Zorbling"), card("Creature — Zorbling", "Artifact — Qaxit"), card(None),
             card("Creature — Elf", "Creature — Zorbling"), card("Creature — Zorbling"), card(),
             card("Artifact — Qaxit"), card(None, None), card("Creature — Zorbling")]
    check = TYP004.UnknownSubtype()
    together = [(id(c), h.face, h.start, h.end) for c, h in check.check_set(cards)]
    alone = [(id(c), h.face, h.start, h.end) for c in cards for _c, h in check.check_set([c])]
    assert together == alone and len(together) == 7


def test_reminders_collected_as_when_every_card_is_gone_through():
    from linter.engine import parse_cards

    texts = ["Flying", "Skyward 2 (When this creature enters, scry 2.)", "Draw a card.", None,
             "Vigilance (This creature attacks without turning sideways.)\nFoo (bar.)"]
    cards = [Card(name=f"Test Card {k}", faces=[Face(name=f"Test Card {k}", type_line="Creature — Bird",
                                                      oracle_text=t)]) for k, t in enumerate(texts)]
    cards.append(Card(name="Up // Down", faces=[Face(name="Up", type_line="Sorcery", oracle_text="Draw a card."),
                                                 Face(name="Down", type_line="Creature — Bird",
                                                      oracle_text="Ward {2} (Whenever this becomes the "
                                                                  "target of a spell, counter it.)")]))
    parse_cards(cards)
    check = SET002.InconsistentReminderText()
    collected = [check.collect(card) for card in cards]
    assert collected == [list(SET002.occurrences(card)) for card in cards]
    assert [bool(c) for c in collected] == [False, True, False, False, True, True]


def test_name_tails_are_the_ends_after_each_space():
    names = {"Vell", "Rigger Captain Vell", "Ash  Vale", "Tide ", " Crest", "A B C D", ""}
    want = {name[k + 1:] for name in names for k, ch in enumerate(name) if ch == " "}
    assert SLF001._Names(names).tails == want
    assert want >= {"Captain Vell", "Vell", " Vale", "Vale", "", "Crest", "B C D", "C D", "D"}
