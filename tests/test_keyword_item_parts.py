"""The parts of a face's keyword items that KWD001-KWD003 read give what the whole judgement gives.

KWD001 and the product judgement read only the items of the unknown lines, KWD003 only those
of the face's own keyword abilities, and KWD002 judges all the items together (where a name or
a label is told from a malformed keyword) only on a face where its keyword abilities, granted
ones included, or its unknown lines show an item that may be malformed; that whole judgement
takes the unknown lines' items already made, as they are (an item it tells from a name or a
label is a copy). Each part is held here against the plain way (every item of the face
judged together, then the part picked out), and
each check's findings against those it makes when fed from the plain way, on texts made at
random (with a fixed seed) from keyword lines, unknown words, reminder text, quoted abilities
that grant keywords, and commas and semicolons between items.
"""

from __future__ import annotations

import random

import pytest
import yaml

from linter.checks import KWD001, KWD002, KWD003
from linter.checks import _keywords as K
from linter.lint import parse_cards
from linter.readers import read_text

ITEMS = [
    "Flying", "flying", "Vigilance", "Trample", "Haste", "Equip {2}", "Equip", "Equip 2", "Equip {1}{W}",
    "Ward {2}", "Ward", "Ward—Pay 3 life", "Crew 3", "Crew", "Crew two", "Protection from red", "Protection red",
    "Protection from", "Flying 2", "Enchant creature", "Enchant", "Kicker {1}{R}", "Kicker", "Cycling {2}",
    "Hexproof from blue", "Partner with Trynn, Champion of Freedom", "Partner", "Landwalk", "Islandwalk",
    "Reach", "Buyback {3}", "Station", "Station 2", "Flyng", "Vigilanse", "Trampel", "Kickr {2}{R}",
    "Spellslinger 2", "Spellslinger", "Gloom", "Frobnicate {X}", "Blorp—Sacrifice a creature", "Augment {2}{G}",
    "Rangeling", "Alpha strike", "Double team", "Specialize {3}", "Landfall", "Murasame — Equip {5}",
    "Champion of the Flame", "Realize—{2}{B}, Sacrifice a creature", "Devour 2", "Modular 1", "Bushido X",
]
REMINDERS = ["", "", "", " (This creature can't be blocked except by creatures with flying or reach.)",
             " (Attach to target creature you control. Equip only as a sorcery.)", " (It can't be blocked.)"]
SEPARATORS = [", ", ", ", "; ", ",", " ", ". "]
OTHER_LINES = [
    "When this creature enters, draw a card.",
    "Champion of the Flame gets +1/+1 for each Aura attached to it.",
    "Landfall \u2014 Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
    "{T}: Add {G}.",
    "Equipped creature gets +2/+0.",
    "Protection Fighting Style \u2014 When this creature enters, it gains protection from red.",
    "Creatures you control get +1/+1.",
]
TYPE_LINES = ["Creature \u2014 Bird", "Instant", "Sorcery", "Artifact \u2014 Equipment", "Artifact \u2014 Vehicle",
              "Enchantment \u2014 Aura", "Artifact \u2014 Spacecraft", "Land"]


def _keyword_line(rng: random.Random) -> str:
    items = [rng.choice(ITEMS) for _ in range(rng.randint(1, 4))]
    line = items[0]
    for item in items[1:]:
        line += rng.choice(SEPARATORS) + (item.lower() if rng.random() < 0.5 else item)
    return line + rng.choice(["", "", "."]) + rng.choice(REMINDERS)


def _line(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.6:
        return _keyword_line(rng)
    if roll < 0.8:
        return rng.choice(OTHER_LINES)
    grant = _keyword_line(rng).split(" (")[0].rstrip(".")
    return rng.choice(["Creatures you control have \"", "Equipped creature has \"", "This creature gains \""]) + \
        grant + rng.choice(["\"", ".\"", "\" until end of turn."])


def _texts(n: int = 1500, seed: int = 20260702) -> list[str]:
    rng = random.Random(seed)
    return ["\n".join(_line(rng) for _ in range(rng.randint(1, 4))) for _ in range(n)]


@pytest.fixture(scope="module")
def cards() -> list:
    rng = random.Random(7)
    entries = [{"name": f"Test Card {n}", "type_line": rng.choice(TYPE_LINES), "oracle_text": text}
               for n, text in enumerate(_texts())]
    result = read_text(yaml.safe_dump(entries, sort_keys=False, allow_unicode=True), path="cards.yaml")
    assert result.error is None
    parse_cards(result.cards)
    return result.cards


def _key(item: K.Item, status: bool = True) -> tuple:
    return (item.start, item.end, item.text, item.name, item.keyword, item.status if status else None,
            id(item.ability), item.granted, item.expected, item.suggestion, item.signal)


def _plain(face) -> list[K.Item]:
    """Every item of the face judged together, made afresh (not the cached judgement)."""
    if face.parsed is None or not face.oracle_text:
        return []
    return K._items(face)


def _faces(cards: list):
    for card in cards:
        for face in card.faces:
            K._CACHE.clear()  # each part is made afresh for the face, not read from another part
            yield face


def test_unknown_line_items_are_the_unknown_lines_part(cards) -> None:
    signalled = outside = 0
    for face in _faces(cards):
        plain = [i for i in _plain(face) if i.ability.kind == "unknown"]
        quick = K.unknown_line_items(face)
        # the part's statuses are those before names and labels are told apart: "shape" may be "ok"
        assert [_key(i, False) for i in quick] == [_key(i, False) for i in plain], face.oracle_text
        for q, p in zip(quick, plain):
            assert q.status == p.status or (q.status, p.status) == ("shape", "ok"), face.oracle_text
        assert ([_key(i) for i in quick if i.status == "unknown" and i.signal]
                == [_key(i) for i in plain if i.status == "unknown" and i.signal]), face.oracle_text
        first = next((i for i in plain if i.status == "outside-cr"), None)
        found = K.keyword_outside_cr(face)
        assert (found is None) == (first is None) and (found is None or _key(found) == _key(first)), face.oracle_text
        signalled += any(i.status == "unknown" and i.signal for i in plain)
        outside += first is not None
    assert signalled > 50 and outside > 50  # the texts hold such items, not only texts without them


def test_own_keyword_items_are_the_own_keywords_part(cards) -> None:
    typed = 0
    for face in _faces(cards):
        plain = [i for i in _plain(face) if i.ability.kind == "keyword" and not i.granted]
        quick = K.own_keyword_items(face)
        assert [_key(i, False) for i in quick] == [_key(i, False) for i in plain], face.oracle_text
        for q, p in zip(quick, plain):
            assert q.status == p.status or (q.status, p.status) == ("shape", "ok"), face.oracle_text
        assert ([_key(i, False) for i in K.own_keyword_items(face, typed=True)]
                == [_key(i, False) for i in plain if i.keyword.types]), face.oracle_text
        typed += any(i.keyword.types for i in plain)
    assert typed > 100


def test_malformed_items_are_those_of_the_whole_judgement(cards) -> None:
    malformed = granted = unknown = 0
    for face in _faces(cards):
        plain = [i for i in _plain(face) if i.status in ("missing", "shape")]
        assert [_key(i) for i in K.malformed_items(face)] == [_key(i) for i in plain], face.oracle_text
        malformed += bool(plain)
        granted += any(i.granted for i in plain)
        unknown += any(i.ability.kind == "unknown" for i in plain)
        # a face whose every "shape" item turns out a name or a label has none: the quick look
        # says "maybe", the whole judgement says no
    assert malformed > 100 and granted > 20 and unknown > 20


def test_the_whole_judgement_made_from_the_unknown_lines_part_is_the_plain_one(cards) -> None:
    for face in _faces(cards):
        before = [_key(i) for i in K.unknown_line_items(face)]
        assert [_key(i) for i in K.keyword_items(face)] == [_key(i) for i in _plain(face)], face.oracle_text
        # the part it was made from is left as it was: an item told from a name is a copy
        assert [_key(i) for i in K.unknown_line_items(face)] == before, face.oracle_text


def _hits(check, cards: list) -> list:
    return [(card.name, hit) for card in cards for hit in check.check_card(card)]


@pytest.mark.parametrize(("module", "cls", "part"), [
    (KWD001, "UnknownKeyword", "unknown_line_items"),
    (KWD002, "KeywordParameterMalformed", "malformed_items"),
    (KWD003, "KeywordOnWrongCardType", "own_keyword_items"),
])
def test_checks_find_what_they_find_from_the_whole_judgement(cards, monkeypatch, module, cls, part) -> None:
    check = getattr(module, cls)()
    K._CACHE.clear()
    quick = _hits(check, cards)
    plain_parts = {
        "unknown_line_items": lambda face: [i for i in _plain(face) if i.ability.kind == "unknown"],
        "malformed_items": lambda face: [i for i in _plain(face) if i.status in ("missing", "shape")],
        "own_keyword_items": lambda face, typed=False: [
            i for i in _plain(face)
            if i.ability.kind == "keyword" and not i.granted and (not typed or i.keyword.types)],
    }
    monkeypatch.setattr(module, part, plain_parts[part])
    plain = _hits(check, cards)
    assert quick == plain
    assert len(plain) > 20


def test_a_keyword_granted_by_a_granted_ability_is_looked_at() -> None:
    # the parser nests no grant in a grant on the texts above: a parse made by hand, as walk() reads it
    from linter.model import Ability, Face, ParsedText

    text = 'Creatures you control have "Creatures you control have \'Ward\'."'
    ward = text.index("Ward")
    inner = Ability("keyword", "Ward", ward, ward + 4, keyword="Ward")
    middle = Ability("static", text[28:-2], 28, len(text) - 2, granted=[inner])
    outer = Ability("static", text, 0, len(text), granted=[middle])
    face = Face(name="Test Card", type_line="Creature \u2014 Bird", oracle_text=text,
                parsed=ParsedText(text, abilities=[outer]))
    K._CACHE.clear()
    plain = [_key(i) for i in _plain(face) if i.status in ("missing", "shape")]
    assert len(plain) == 1
    K._CACHE.clear()
    assert [_key(i) for i in K.malformed_items(face)] == plain
