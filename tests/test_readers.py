"""Card file readers: formats, joined faces, source positions, errors (invented cards only)."""

from __future__ import annotations

import json
from itertools import permutations
from pathlib import Path

import pytest

from linter.readers import discover, read_bytes, read_file, read_text
from linter.readers.detect import UNSUPPORTED
from linter.readers.fields import _IN_ORDER, _as_colors, _read_colors, walk_object
from linter.readers.jsonpos import Tokens, parse_json
from linter.readers.mana import braced_cost

FIX = Path(__file__).resolve().parent / "fixtures" / "readers"


# helpers ------------------------------------------------------------------------


def raw_position(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based line and column of the nth occurrence of ``needle`` in ``text``."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, col


def pos_in(face_or_card, field: str, needle: str) -> tuple[int, int]:
    """Where the source file has the character of ``field``'s value at which ``needle`` starts."""
    value = getattr(face_or_card, field)
    return face_or_card.locs[field].position(value.index(needle))


def card_named(result, name: str):
    matches = [c for c in result.cards if c.name == name]
    assert matches, f"{name!r} not among {[c.name for c in result.cards]}"
    return matches[0]


# mana costs -----------------------------------------------------------------------


@pytest.mark.parametrize("raw, oracle", [
    ("1RG", "{1}{R}{G}"),
    ("G/WG/W", "{G/W}{G/W}"),
    ("2/W", "{2/W}"),
    ("WP", "{W/P}"),
    ("W/P", "{W/P}"),
    ("2BP", "{2}{B/P}"),
    ("G/W/P", "{G/W/P}"),
    ("X", "{X}"),
    ("XRR", "{X}{R}{R}"),
    ("10", "{10}"),
    ("C", "{C}"),
    ("S", "{S}"),
    ("HW", "{HW}"),
    ("{2}{U}", "{2}{U}"),
    ("", ""),
])
def test_unbraced_costs_become_oracle_form(raw, oracle):
    assert braced_cost(raw)[0] == oracle


# Cockatrice ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def v3():
    r = read_file(str(FIX / "cockatrice-v3.xml"))
    assert r.error is None, r.error
    return r


@pytest.fixture(scope="module")
def v4():
    r = read_file(str(FIX / "cockatrice-v4.xml"))
    assert r.error is None, r.error
    return r


def test_cockatrice_v3_fields(v3):
    assert v3.format == "cockatrice"
    assert v3.entries == 7  # the commented-out template is not an entry
    c = card_named(v3, "Hedge Warden")
    f = c.front
    assert (c.set_code, c.released, c.layout, c.cmc) == ("TV3", "2019-05-03", "normal", 2.0)
    assert f.mana_cost == "{G/W}{G/W}"
    assert f.colors == ("W", "G")
    assert f.type_line == "Creature — Dryad Soldier"
    assert (f.power, f.toughness, f.loyalty) == ("2", "3", None)
    assert f.oracle_text.endswith("it doesn't untap during its controller's next untap step.")
    assert "—" in f.oracle_text
    assert f.color_indicator is None


def test_cockatrice_positions_after_entities(v3):
    text = (FIX / "cockatrice-v3.xml").read_text(encoding="utf-8")
    f = card_named(v3, "Hedge Warden").front
    assert pos_in(f, "oracle_text", "untap during") == raw_position(text, "untap during")
    assert pos_in(f, "oracle_text", "{T}") == raw_position(text, "{T}: Tap target")
    assert pos_in(f, "oracle_text", "Vigilance") == raw_position(text, "Vigilance")
    g = card_named(v3, "Fume Sermon").front
    assert g.mana_cost == "{2}{B/P}"
    assert g.oracle_text == "Each opponent loses 2 life & you gain 2 life."
    assert pos_in(g, "oracle_text", "you gain") == raw_position(text, "you gain 2")
    # the mana cost's symbols point at what was written
    assert g.locs["mana_cost"].position(g.mana_cost.index("{B/P}")) == raw_position(text, "BP</manacost>")


def test_cockatrice_split_entry_becomes_faces(v3):
    text = (FIX / "cockatrice-v3.xml").read_text(encoding="utf-8")
    c = card_named(v3, "Scorch // Soothe")
    assert c.layout == "split"
    assert [f.name for f in c.faces] == ["Scorch", "Soothe"]
    assert [f.mana_cost for f in c.faces] == ["{1}{R}", "{2}{W}"]
    assert [f.type_line for f in c.faces] == ["Instant", "Sorcery"]
    assert c.faces[0].oracle_text == "Scorch deals 2 damage to any target."
    assert c.faces[1].oracle_text == "You gain 4 life."
    # "2 // 3" gives each half's own mana value; the card's (their sum) is not in the file
    assert c.cmc is None and [f.cmc for f in c.faces] == [2.0, 3.0]
    assert c.faces[1].locs["cmc"].position() == raw_position(text, "3</cmc>")
    assert c.faces[0].locs["cmc"].position() == raw_position(text, "2 // 3</cmc>")
    assert pos_in(c.faces[1], "oracle_text", "4 life") == raw_position(text, "4 life")
    assert pos_in(c.faces[1], "name", "Soothe") == raw_position(text, "Soothe</name>")
    assert c.faces[1].locs["mana_cost"].position(0) == raw_position(text, "2W</manacost>")


def test_cockatrice_faces_joined_by_picture_id(v3):
    text = (FIX / "cockatrice-v3.xml").read_text(encoding="utf-8")
    pair = [c for c in v3.cards if c.name == "Moonlit Tracker // Howling Tracker"]
    assert len(pair) == 2  # two printings, each with its own back face
    for card in pair:
        assert card.layout == "transform"
        assert card.cmc == 2.0
        back = card.faces[1]
        assert (back.mana_cost, back.colors, back.color_indicator) == ("", ("G",), ("G",))
        assert back.type_line == "Creature — Werewolf"
    # the first front (id 4444...) is paired with the back of the same id, which comes last
    first_back_line = pair[0].faces[1].locs["name"].position()[0]
    assert first_back_line == raw_position(text, "Howling Tracker", 1)[0]
    assert pair[1].faces[1].locs["name"].position()[0] == raw_position(text, "Howling Tracker", 0)[0]
    assert pair[0].loc.position()[0] < pair[1].loc.position()[0]
    assert len(v3.cards) == 5


def test_cockatrice_v4_related_transform(v4):
    assert v4.format == "cockatrice"
    c = card_named(v4, "Gravewake Courier // Gravewake Herald")
    assert c.layout == "transform"
    assert c.set_code == "TV4" and c.released == "2026-02-13"
    front, back = c.faces
    assert (front.mana_cost, front.colors, front.power, front.toughness) == ("{2}{B}", ("B",), "3", "2")
    assert (back.mana_cost, back.colors, back.color_indicator) == ("", ("B", "R"), ("B", "R"))
    assert "Gravewake Herald" not in [x.name for x in v4.cards]


def test_cockatrice_adventure_entry(v4):
    c = card_named(v4, "Thornback Ogre // Stomp the Path")
    assert c.layout == "adventure"
    ogre, stomp = c.faces
    assert (ogre.mana_cost, stomp.mana_cost) == ("{3}{R}{G}", "{1}{G}")
    assert (ogre.type_line, stomp.type_line) == ("Creature — Ogre Warrior", "Sorcery — Adventure")
    assert (ogre.power, ogre.toughness, stomp.power) == ("5", "4", None)
    assert ogre.oracle_text is None and stomp.oracle_text is None  # the entry's text is empty
    assert c.extra["colors"] == ("R", "G")


def test_cockatrice_entity_numeric_and_card_loc(v4):
    text = (FIX / "cockatrice-v4.xml").read_text(encoding="utf-8")
    c = card_named(v4, "Mirror Veil")
    assert "can't be the target" in c.front.oracle_text
    assert pos_in(c.front, "oracle_text", "be the target") == raw_position(text, "be the target")
    line, _col = c.loc.position()
    assert text.splitlines()[line - 1].strip() == "<card>"
    assert text.splitlines()[line].strip() == "<name>Mirror Veil</name>"


def test_cockatrice_entry_without_name_is_skipped_with_warning(v4):
    text = (FIX / "cockatrice-v4.xml").read_text(encoding="utf-8")
    assert v4.entries == 6
    msgs = [w for w in v4.warnings if "without a name" in w[0]]
    assert len(msgs) == 1
    _msg, line, col = msgs[0]
    assert (line, col) == (raw_position(text, "<name></name>")[0] - 1, 5)


def test_cockatrice_token(v4):
    t = card_named(v4, "Spirit Token")
    assert t.is_token and t.layout == "token"
    assert t.front.colors == ("W",) and t.front.color_indicator is None


def test_cockatrice_crlf_positions():
    text = (FIX / "cockatrice-v4.xml").read_text(encoding="utf-8")
    crlf = text.replace("\n", "\r\n")
    r = read_text(crlf, "crlf.xml")
    assert r.error is None
    c = card_named(r, "Gravewake Courier // Gravewake Herald")
    assert c.front.oracle_text.count("\r") == 0
    assert pos_in(c.front, "oracle_text", "{4}{B}") == raw_position(crlf, "{4}{B}")
    back = c.faces[1]
    assert pos_in(back, "oracle_text", "Whenever") == raw_position(crlf, "Whenever this creature attacks")


def test_cockatrice_cdata_and_nested_comment():
    xml = ("<cockatrice_carddatabase version=\"4\"><cards>\n<card>\n<name>Vault Key</name>\n"
           "<text><![CDATA[{T}: Add <one> mana.]]> Then <!-- note --> scry 1.</text>\n"
           "<prop><type>Artifact</type><manacost>3</manacost></prop>\n</card>\n</cards></cockatrice_carddatabase>")
    r = read_text(xml, "cdata.xml")
    assert r.error is None, r.error
    f = r.cards[0].front
    assert f.oracle_text == "{T}: Add <one> mana. Then  scry 1."
    assert pos_in(f, "oracle_text", "<one>") == raw_position(xml, "<one>")
    assert pos_in(f, "oracle_text", "scry") == raw_position(xml, "scry")
    assert f.mana_cost == "{3}"


def test_cockatrice_root_element_checked():
    r = read_text("<carddb><cards><card><name>X</name></card></cards></carddb>", "x.xml")
    assert r.error is not None and "cockatrice_carddatabase" in r.error.reason


def test_cockatrice_entities_are_refused():
    xml = ('<?xml version="1.0"?>\n<!DOCTYPE cockatrice_carddatabase [<!ENTITY big "lots">]>\n'
           "<cockatrice_carddatabase><cards><card><name>&big;</name></card></cards></cockatrice_carddatabase>")
    r = read_text(xml, "evil.xml")
    assert r.error is not None and r.cards == []
    assert r.error.line == 2


def _trice_file(*entries: str) -> str:
    """A v4 Cockatrice file holding the given <card> bodies."""
    cards = "".join(f"<card>\n{e}\n</card>\n" for e in entries)
    return (f'<cockatrice_carddatabase version="4">\n<sets><set><name>TQX</name></set></sets>\n'
            f"<cards>\n{cards}</cards>\n</cockatrice_carddatabase>\n")


def _trice_entry(name: str, cost: str, type_line: str, text: str, cmc: str, pic: str | None = None, **more: str) -> str:
    url = f' picURL="https://img.example/cards/normal/front/{pic[0]}/{pic[1]}/{pic}.jpg"' if pic else ""
    extra = "".join(f"<{k}>{v}</{k}>" for k, v in more.items())
    return (f"<name>{name}</name>\n<text>{text}</text>\n<prop><type>{type_line}</type><manacost>{cost}</manacost>"
            f"<cmc>{cmc}</cmc>{extra}</prop>\n<set{url}>TQX</set>")


def test_cockatrice_per_face_mana_values_of_an_adventurer_entry():
    xml = _trice_file(_trice_entry("Bramble Tusker // Root Out", "3G // 1G",
                                   "Creature — Boar // Sorcery — Adventure",
                                   "Trample\n---\nDestroy target artifact.", "4 // 2", pt="4/4"))
    r = read_text(xml, "adv.xml")
    c = r.cards[0]
    assert c.layout == "adventure"
    assert c.cmc is None and [f.cmc for f in c.faces] == [4.0, 2.0]
    assert c.faces[1].locs["cmc"].position() == raw_position(xml, "2</cmc>")


def test_cockatrice_mana_values_that_do_not_match_the_faces_are_kept_as_written():
    xml = _trice_file(_trice_entry("Ebb // Flow", "U // 1U", "Instant // Instant",
                                   "Tap a creature.\n---\nDraw a card.", "1 // 2 // 3"))
    c = read_text(xml, "odd.xml").cards[0]
    assert c.cmc is None and [f.cmc for f in c.faces] == [None, None]
    assert c.extra["cmc"] == "1 // 2 // 3"
    assert c.locs["cmc"].position() == raw_position(xml, "1 // 2 // 3")


def test_cockatrice_per_face_mana_values_reach_the_mana_value_check():
    from linter.engine import lint_cards

    right = _trice_entry("Blaze // Frost", "1R // 1U", "Instant // Instant", "Deal 2.\n---\nTap it.", "2 // 2")
    # a generator that counted characters: "1R/G" -> 4
    wrong = _trice_entry("Clash // Colossal", "1R/G // RG", "Instant // Instant", "Fight.\n---\nGrow.", "4 // 2")
    xml = _trice_file(right, wrong)
    r = read_text(xml, "split.xml")
    ds = lint_cards(r.cards, select=["RUL005"])
    assert [(d.card, d.face) for d in ds] == [("Clash // Colossal", 0)]
    assert (ds[0].line, ds[0].column) == raw_position(xml, "4 // 2")
    assert "given as 4" in ds[0].message and "is 2" in ds[0].message


_ID1 = "5a5a5a5a-1111-4111-8111-111111111111"
_ID2 = "5b5b5b5b-2222-4222-8222-222222222222"


def test_cockatrice_split_halves_listed_apart_are_joined():
    xml = _trice_file(
        _trice_entry("Gust", "1U", "Instant", "Return target creature to its owner's hand.", "5", _ID1),
        _trice_entry("Gale", "2G", "Sorcery", "Put a +1/+1 counter on each creature you control.", "5", _ID1),
        _trice_entry("Lone Sentry", "1W", "Creature — Human Soldier", "Vigilance", "2", pt="2/2"))
    r = read_text(xml, "halves.xml")
    assert r.entries == 3 and len(r.cards) == 2
    c = card_named(r, "Gust // Gale")
    assert c.layout == "split"
    assert [f.name for f in c.faces] == ["Gust", "Gale"]
    assert [f.mana_cost for f in c.faces] == ["{1}{U}", "{2}{G}"]
    assert [f.type_line for f in c.faces] == ["Instant", "Sorcery"]
    assert c.faces[1].oracle_text.startswith("Put a +1/+1 counter")
    assert (c.cmc, c.extra["back_cmc"]) == (5.0, 5.0)
    assert pos_in(c.faces[1], "oracle_text", "counter on each") == raw_position(xml, "counter on each")
    assert c.faces[1].locs["mana_cost"].position() == raw_position(xml, "2G</manacost>")
    assert c.loc.position()[0] == raw_position(xml, "<name>Gust</name>")[0] - 1


def test_cockatrice_aftermath_and_room_halves():
    xml = _trice_file(
        _trice_entry("Dig", "2B", "Sorcery", "Mill three cards.", "6", _ID1),
        _trice_entry("Delve Deep", "3B", "Sorcery", "Aftermath (Cast this spell only from your graveyard.)\n"
                     "Return a creature card from your graveyard to your hand.", "6", _ID1),
        _trice_entry("Drafty Hall", "1U", "Enchantment — Room", "When you unlock this door, scry 2.", "5", _ID2),
        _trice_entry("Quiet Study", "2U", "Enchantment — Room", "You have no maximum hand size.", "5", _ID2))
    r = read_text(xml, "rooms.xml")
    assert [(c.name, c.layout) for c in r.cards] == [("Dig // Delve Deep", "aftermath"),
                                                    ("Drafty Hall // Quiet Study", "split")]


def test_cockatrice_halves_of_two_printings_are_not_crossed():
    # the same card twice with the same picture, and once more with another
    xml = _trice_file(
        _trice_entry("Gust", "1U", "Instant", "Bounce.", "5", _ID1),
        _trice_entry("Gale", "2G", "Sorcery", "Grow.", "5", _ID1),
        _trice_entry("Gust", "1U", "Instant", "Bounce.", "5", _ID1),
        _trice_entry("Gale", "2G", "Sorcery", "Grow.", "5", _ID1),
        _trice_entry("Gust", "1U", "Instant", "Bounce.", "5", _ID2),
        _trice_entry("Gale", "2G", "Sorcery", "Grow.", "5", _ID2))
    r = read_text(xml, "printings.xml")
    assert [c.name for c in r.cards] == ["Gust // Gale"] * 3
    lines = [[f.locs["name"].position()[0] for f in c.faces] for c in r.cards]
    assert all(a < b for a, b in lines)
    assert sorted(x for pair in lines for x in pair) == sorted(set(x for pair in lines for x in pair))


def test_cockatrice_same_picture_entries_that_are_not_halves_stay_apart():
    xml = _trice_file(
        # two creatures, two entries of one name, an instant with a creature
        _trice_entry("Reef Guard", "1U", "Creature — Merfolk", "Ward {1}", "2", _ID1, pt="1/3"),
        _trice_entry("Reef Scout", "U", "Creature — Merfolk", "Islandwalk", "1", _ID1, pt="1/1"),
        _trice_entry("Gust", "1U", "Instant", "Bounce.", "2", _ID2),
        _trice_entry("Gust", "1U", "Instant", "Bounce.", "2", _ID2))
    r = read_text(xml, "apart.xml")
    assert [c.name for c in r.cards] == ["Reef Guard", "Reef Scout", "Gust", "Gust"]
    xml = _trice_file(_trice_entry("Gust", "1U", "Instant", "Bounce.", "2", _ID1),
                      _trice_entry("Reef Guard", "1U", "Creature — Merfolk", "Ward {1}", "2", _ID1, pt="1/3"))
    assert len(read_text(xml, "mixed.xml").cards) == 2


def test_cockatrice_halves_follow_a_known_split_name():
    # the file's own "Gale // Gust" entry says which half comes first
    xml = _trice_file(
        _trice_entry("Gust", "1U", "Instant", "Bounce.", "5", _ID1),
        _trice_entry("Gale", "2G", "Sorcery", "Grow.", "5", _ID1),
        _trice_entry("Gale // Gust", "2G // 1U", "Sorcery // Instant", "Grow.\n---\nBounce.", "3 // 2", _ID2))
    r = read_text(xml, "known.xml")
    assert [c.name for c in r.cards] == ["Gale // Gust", "Gale // Gust"]
    joined = r.cards[0]
    assert [f.mana_cost for f in joined.faces] == ["{2}{G}", "{1}{U}"]
    assert joined.faces[0].locs["name"].position()[0] > joined.faces[1].locs["name"].position()[0]


# Scryfall JSON -----------------------------------------------------------------------


def test_scryfall_page():
    r = read_file(str(FIX / "scryfall-page.json"))
    assert r.error is None and r.format == "scryfall"
    assert len(r.cards) == 4
    q = card_named(r, "Quarry Sentinel")
    assert (q.layout, q.cmc, q.color_identity, q.keywords, q.set_code, q.released) == (
        "normal", 4.0, ("W",), ("Vigilance",), "tsf", "2026-03-06")
    assert q.front.type_line == "Artifact Creature — Golem"
    text = (FIX / "scryfall-page.json").read_text(encoding="utf-8")
    # "\u2014" in the type line and "\n" in the text are escapes in the file
    assert pos_in(q.front, "type_line", "Golem") == raw_position(text, "Golem")
    assert pos_in(q.front, "oracle_text", "{T}") == raw_position(text, "{T}: Tap")
    d = card_named(r, "Ember Acolyte // Blazing Zealot")
    assert d.layout == "transform" and [f.name for f in d.faces] == ["Ember Acolyte", "Blazing Zealot"]
    assert d.faces[1].color_indicator == ("R",) and d.faces[1].mana_cost == ""
    s = card_named(r, "Sift // Sort")
    assert s.extra["mana_cost"] == "{U} // {1}{B}" and s.faces[1].mana_cost == "{1}{B}"
    assert s.faces[0].colors is None  # a split card's colors are the card's
    assert s.extra["colors"] == ("U", "B")
    bird = card_named(r, "Bird")
    assert bird.is_token and bird.layout == "token"


def test_json_positions_with_escapes():
    card = {"name": "Echo \"Twin\"", "type_line": "Creature — Spirit",
            "oracle_text": "Flying\nWhen this creature enters \u2014 or dies \U0001F600, draw a card.\n{T}: Scry 1."}
    text = json.dumps(card, ensure_ascii=True)
    assert "\\u2014" in text and "\\ud83d\\ude00" in text and "\\n" in text
    r = read_text(text, "one.json")
    assert r.error is None and r.format == "scryfall"
    f = r.cards[0].front
    assert f.oracle_text == card["oracle_text"]
    assert pos_in(f, "oracle_text", "draw") == raw_position(text, "draw")
    assert pos_in(f, "oracle_text", "{T}") == raw_position(text, "{T}")
    assert pos_in(f, "oracle_text", "or dies") == raw_position(text, "or dies")
    assert pos_in(f, "name", "Twin") == raw_position(text, "Twin")
    assert f.locs["oracle_text"].position(len(f.oracle_text)) == raw_position(text, '"}')


def test_json_duplicate_keys_keep_positions():
    text = ('[{"name": "First", "name": "Second", "type_line": "Instant",\n'
            ' "legalities": {"a": "b", "a": "c"}, "oracle_text": "Draw two cards."}]')
    r = read_text(text, "dup.json")
    assert r.error is None
    f = r.cards[0].front
    assert f.name == "Second"
    assert pos_in(f, "oracle_text", "two") == raw_position(text, "two")


def _loc_key(loc, value):
    offsets = [loc.offset(i) for i in range(len(value) + 1)] if isinstance(value, str) else []
    return loc.start, loc.end, loc.exact, offsets


def test_json_places_found_when_asked_are_those_of_a_walk_of_the_file():
    # a card keeps where its object starts; the places of its fields are looked up when
    # first asked for, and are those a walk of the whole file's string tokens finds
    cards = [
        {"object": "card", "name": "Quill \"Echo\"", "type_line": "Creature \u2014 Bird",
         "oracle_text": "Flying\nWhen this creature enters, scry 1. \U0001F600", "cmc": 2.0,
         "image_uris": {"small": "x", "large": ["y", {"z": "w"}]}, "colors": ["U"], "color_identity": ["U"]},
        {"object": "card", "name": "Dawn // Dusk", "mana_cost": "{W} // {B}", "layout": "split",
         "card_faces": [{"name": "Dawn", "mana_cost": "{W}", "oracle_text": "Gain 2 life."}, "not a face",
                        {"name": "Dusk", "mana_cost": "{B}", "oracle_text": "Draw a card.", "cmc": 1}]},
        {},
        {"object": "card", "name": "Tarn Wisp", "type_line": "Instant", "oracle_text": "Scry 2.",
         "oraclelint-ignore": ["RUL001"], "keywords": [], "digital": False},
    ]
    text = json.dumps(cards, indent=1, ensure_ascii=False)
    text = text.replace('"name": "Tarn Wisp"', '"name": "Tarn Whisp", "name": "Tarn Wisp"')  # a repeated key
    r = read_text(text, "bulk.json")
    assert r.error is None and [c.name for c in r.cards][-1] == "Tarn Wisp"
    tokens = Tokens(r.source)
    for card, node in zip(r.cards, parse_json(text, keep_duplicates=True)):
        fields, faces, start = walk_object(tokens, node)
        assert card.loc.start == start
        parts = [(card, fields)] + list(zip(card.faces, faces or [fields]))
        for obj, walked in parts:
            for key, loc in obj.locs.items():
                assert _loc_key(loc, walked[key][0]) == _loc_key(walked[key][1], walked[key][0]), key
    assert r.cards[-1].locs["name"] is r.cards[-1].front.locs["name"]
    assert pos_in(r.cards[-1].front, "name", "Wisp") == raw_position(text, "Wisp")


def test_json_value_nested_too_deeply_to_walk_places_the_card_at_its_start():
    text = ('[{"name": "Deep", "type_line": "Instant", "oracle_text": "Draw a card.", "junk": '
            + "[" * 700 + "]" * 700 + "}]")
    r = read_text(text, "deep.json")
    assert r.error is None and r.cards[0].front.oracle_text == "Draw a card."
    loc = r.cards[0].front.locs["oracle_text"]
    assert loc.position() in ((1, 2), raw_position(text, "Draw a card."))


def test_scryfall_numbers_and_lists_have_spans():
    text = '{"name": "Gauge", "type_line": "Artifact", "cmc": 3.0, "colors": [], "color_identity": ["U", "R"]}'
    r = read_text(text, "g.json")
    c = r.cards[0]
    assert c.cmc == 3.0 and c.front.colors == () and c.color_identity == ("U", "R")
    loc = c.locs["cmc"]
    assert text[loc.start:loc.end] == "3.0" and not loc.exact
    ci = c.locs["color_identity"]
    assert text[ci.start:ci.end] == '["U", "R"]'


def test_colors_looked_up_are_those_read_letter_by_letter():
    # the lists in WUBRG order are looked up: each must convert as any other list does
    assert len(_IN_ORDER) == 32
    for colors in _IN_ORDER:
        assert _as_colors("colors", list(colors)) == _read_colors("colors", list(colors)) == (colors, None)
    others = [list(p) for p in permutations("WUBRG", 3)] + [
        ["u", "W"], [" G "], ["W", "W"], ["W", "X"], ["W", 1], ["W", ["U"]], [{"c": "W"}], [True], "WU", "u, r", None, 3]
    for value in others:
        assert _as_colors("colors", value) == _read_colors("colors", value)
    assert _as_colors("colors", ["G", "W"]) == (("W", "G"), None)


def test_scryfall_wrong_types_warn_not_crash():
    text = '[{"name": "Oddity", "type_line": "Creature", "colors": "X", "power": true, "cmc": "lots"}]'
    r = read_text(text, "odd.json")
    assert r.error is None and len(r.cards) == 1
    reasons = " | ".join(w[0] for w in r.warnings)
    assert "unknown color" in reasons and "power" in reasons and "cmc" in reasons
    assert all(w[1] == 1 for w in r.warnings)


# MTGJSON -------------------------------------------------------------------------------


def test_mtgjson_set_file():
    r = read_file(str(FIX / "mtgjson-set.json"))
    assert r.error is None and r.format == "mtgjson"
    assert r.entries == 4 and len(r.cards) == 3
    door = card_named(r, "Cellar Door // Cellar Depths")
    assert [f.name for f in door.faces] == ["Cellar Door", "Cellar Depths"]
    assert door.layout == "transform" and door.cmc == 2.0
    assert door.faces[1].color_indicator == ("B",) and door.faces[1].mana_cost == ""
    assert (door.set_code, door.released) == ("TMJ", "2026-01-16")
    oracle = card_named(r, "Brine Oracle")
    assert oracle.front.name == "Brine Oracle" and oracle.front.mana_cost == "{2}{U}"
    text = (FIX / "mtgjson-set.json").read_text(encoding="utf-8")
    assert pos_in(door.faces[1], "oracle_text", "Deathtouch") == raw_position(text, "Deathtouch")
    rat = card_named(r, "Rat")
    assert rat.is_token


def test_mtgjson_atomic():
    data = {"meta": {"version": "5"}, "data": {
        "Gale Sprite": [{"name": "Gale Sprite", "manaCost": "{1}{U}", "manaValue": 2.0, "type": "Creature — Faerie",
                         "text": "Flying", "power": "1", "toughness": "1", "colors": ["U"], "colorIdentity": ["U"],
                         "layout": "normal", "keywords": ["Flying"]}],
        "Rise // Fall": [
            {"name": "Rise // Fall", "faceName": "Rise", "side": "a", "manaCost": "{W}", "type": "Instant",
             "text": "You gain 2 life.", "layout": "split", "manaValue": 3.0, "colors": ["W"]},
            {"name": "Rise // Fall", "faceName": "Fall", "side": "b", "manaCost": "{1}{B}", "type": "Sorcery",
             "text": "Each player discards a card.", "layout": "split", "manaValue": 3.0, "colors": ["B"]}]}}
    r = read_text(json.dumps(data, indent=1), "AtomicCards.json")
    assert r.error is None and r.format == "mtgjson"
    assert [c.name for c in r.cards] == ["Gale Sprite", "Rise // Fall"]
    rf = r.cards[1]
    assert [f.name for f in rf.faces] == ["Rise", "Fall"] and rf.layout == "split" and rf.cmc == 3.0
    assert r.cards[0].keywords == ("Flying",)


# YAML ------------------------------------------------------------------------------------


def test_yaml_multidoc_and_block_scalars():
    r = read_file(str(FIX / "cards-multidoc.yaml"))
    assert r.error is None and r.format == "yaml", r.error
    assert r.warnings == []
    text = (FIX / "cards-multidoc.yaml").read_text(encoding="utf-8")
    w = card_named(r, "Orchard Warden")
    assert w.front.oracle_text == "Reach\nWhen this creature enters, you gain 3 life."
    assert (w.front.power, w.front.toughness, w.layout) == ("2", "4", "normal")
    assert pos_in(w.front, "oracle_text", "you gain") == raw_position(text, "you gain 3")
    assert pos_in(w.front, "oracle_text", "Reach") == raw_position(text, "  Reach")[:1] + (3,)
    assert pos_in(w.front, "mana_cost", "{G}") == raw_position(text, "{G}")
    q = card_named(r, "Quiet the Storm")
    assert q.front.oracle_text == "Counter target noncreature spell unless its controller pays {2}."
    assert q.front.locs["oracle_text"].exact is False
    assert q.front.locs["oracle_text"].position(30) == raw_position(text, "Counter target noncreature")
    assert pos_in(q.front, "mana_cost", "{U}") == raw_position(text, "{U}'")
    s = card_named(r, "Saltmarsh Ritualist // Saltmarsh Lich")
    assert s.layout == "transform" and s.faces[1].color_indicator == ("B",)
    assert s.faces[1].mana_cost is None
    assert s.loc.position() == raw_position(text, "name: Saltmarsh Ritualist //")


def test_yaml_list_and_quoted_escapes():
    text = ('- name: "Storm \\u2014 Caller"\n'
            '  type_line: Sorcery\n'
            '  oracle_text: "Draw a card.\\nThen discard a card \\u2014 or don\'t."\n'
            "- name: 'Nobody''s Hero'\n"
            "  type_line: 'Creature — Human'\n")
    r = read_text(text, "cards.yml")
    assert r.error is None
    a, b = r.cards
    assert a.front.name == "Storm — Caller"
    assert pos_in(a.front, "name", "Caller") == raw_position(text, "Caller")
    assert pos_in(a.front, "oracle_text", "or don") == raw_position(text, "or don")
    assert b.front.name == "Nobody's Hero"
    assert pos_in(b.front, "name", "Hero") == raw_position(text, "Hero")


def test_yaml_literal_block_crlf_and_indent_indicator():
    text = "name: Wick\ntype_line: Instant\noracle_text: |2\n    Draw a card.\n    Scry 2.\n".replace("\n", "\r\n")
    r = read_text(text, "wick.yaml")
    assert r.error is None, r.error
    f = r.cards[0].front
    assert f.oracle_text == "  Draw a card.\n  Scry 2."
    assert pos_in(f, "oracle_text", "Scry") == raw_position(text, "Scry")
    assert pos_in(f, "oracle_text", "Draw") == raw_position(text, "Draw")


def test_yaml_unquoted_mana_symbol_and_unknown_fields_warn():
    text = "name: Gust\nmana_cost: {U}\ntype_line: Instant\noracle_txt: Draw a card.\n"
    r = read_text(text, "gust.yaml")
    assert r.error is None
    assert r.cards[0].front.mana_cost == "{U}"
    msgs = {w[0]: (w[1], w[2]) for w in r.warnings}
    assert msgs["mana_cost: write {U} in quotes (unquoted, YAML reads it as a mapping)"] == (2, 12)
    assert msgs["unknown field 'oracle_txt'"] == (4, 1)


def test_yaml_set_mapping_defaults_and_ignore_field():
    text = ('set: ABC\nreleased_at: "2025-11-14"\ncards:\n'
            "  - name: One\n    type_line: Instant\n    oraclelint-ignore: [RUL002]\n"
            "  - name: Two\n    type_line: Sorcery\n    set: XYZ\n")
    r = read_text(text, "set.yaml")
    one, two = r.cards
    assert (one.set_code, one.released, two.set_code) == ("ABC", "2025-11-14", "XYZ")
    assert one.extra["oraclelint-ignore"] == ["RUL002"]
    assert one.locs["oraclelint-ignore"].position()[0] == 6


def test_yaml_unquoted_brace_text_is_an_error_with_hint():
    r = read_text("name: Elf\ntype_line: Creature — Elf\noracle_text: {T}: Add {G}.\n", "elf.yaml")
    assert r.error is not None and r.cards == []
    assert (r.error.line, r.error.column) == (3, 17)
    assert "must be quoted" in r.error.reason


# errors and detection -------------------------------------------------------------------


def test_malformed_json_gives_place():
    r = read_text('[\n  {"name": "Cut",\n   "oracle_text": "Deal 2 dama', "cut.json")
    assert r.error is not None and r.cards == []
    assert r.error.line == 3 and r.error.column is not None
    assert r.error.describe().startswith("line 3, column ")
    r = read_text('{"name": "A",, "type_line": "Instant"}', "comma.json")
    assert (r.error.line, r.error.column) == (1, 14)


def test_unexpected_end_of_json_message():
    r = read_text('[{"name": "A", "type_line": "Instant"}', "end.json")
    assert r.error is not None and "unexpected end of JSON" in r.error.reason


def test_malformed_xml_gives_place():
    xml = "<cockatrice_carddatabase>\n<cards>\n<card><name>A</name>\n</cards>\n</cockatrice_carddatabase>"
    r = read_text(xml, "bad.xml")
    assert r.error is not None and r.error.line == 4 and "mismatched tag" in r.error.reason


def test_malformed_yaml_gives_place():
    r = read_text("name: A\ncolors: [W, U\ntype_line: Instant\n", "bad.yaml")
    assert r.error is not None and r.error.line is not None and r.error.reason.startswith("malformed YAML")


def test_undecodable_bytes_give_place():
    r = read_bytes(b'name: ok\noracle_text: "caf\xe9 au lait"\n', "latin.yaml")
    assert r.error is not None
    assert (r.error.line, r.error.column) == (2, 18)
    assert "UTF-8" in r.error.reason


def test_bom_is_dropped_and_remembered():
    body = '[{"name": "Bom", "type_line": "Instant", "oracle_text": "Draw a card."}]'
    r = read_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"), "bom.json")
    assert r.error is None and r.source.bom and r.source.raw.startswith(b"\xef\xbb\xbf")
    assert r.source.text == body
    assert pos_in(r.cards[0].front, "oracle_text", "card") == raw_position(body, "card.")


@pytest.mark.parametrize("name, content, fmt", [
    ("cards.txt", (FIX / "cockatrice-v4.xml").read_text(encoding="utf-8"), "cockatrice"),
    ("cards.yaml", (FIX / "scryfall-page.json").read_text(encoding="utf-8"), "scryfall"),
    ("set.data", (FIX / "mtgjson-set.json").read_text(encoding="utf-8"), "mtgjson"),
    ("notes.txt", "name: Plain Text Card\ntype_line: Instant\noracle_text: Draw a card.\n", "yaml"),
    ("cards.xml", "name: Mislabelled\ntype_line: Sorcery\n", "yaml"),
])
def test_format_detected_from_content(tmp_path, name, content, fmt):
    p = tmp_path / name
    p.write_text(content, encoding="utf-8")
    r = read_file(str(p))
    assert r.error is None, r.error
    assert r.format == fmt and r.cards
    assert r.source.format == fmt


@pytest.mark.parametrize("content", [
    "just some words\n", "<html><body>hi</body></html>", '{"a": [1, 2]}', "- 1\n- 2\n", "12\n",
])
def test_unsupported_content(tmp_path, content):
    p = tmp_path / "thing.txt"
    p.write_text(content, encoding="utf-8")
    r = read_file(str(p))
    assert r.error is not None and r.error.reason == UNSUPPORTED and r.cards == []
    assert r.format == ""


def test_read_file_missing_and_directory(tmp_path):
    assert read_file(str(tmp_path / "nope.json")).error.reason == "no such file or directory"
    assert read_file(str(tmp_path)).error is not None


def test_empty_files_have_no_cards_and_no_error():
    assert read_text("", "empty.yaml").error is None
    assert read_text("---\n", "empty.yaml").cards == []
    assert read_text("[]", "empty.json").error is not None  # nothing says it holds cards


def test_discover(tmp_path):
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "b.yaml").write_text("name: B\n")
    (tmp_path / "set" / "a.json").write_text("[]")
    (tmp_path / "set" / "deep").mkdir()
    (tmp_path / "set" / "deep" / "c.XML").write_text("<x/>")
    (tmp_path / "set" / "readme.md").write_text("# no")
    for hidden in (".git", "node_modules", ".venv", ".cache"):
        (tmp_path / "set" / hidden).mkdir()
        (tmp_path / "set" / hidden / "x.json").write_text("[]")
    (tmp_path / "single.txt").write_text("name: S\n")
    files, missing = discover([str(tmp_path / "set"), str(tmp_path / "single.txt"), str(tmp_path / "gone")])
    rel = [str(Path(f).relative_to(tmp_path)) for f in files]
    assert rel == sorted(rel)
    assert set(rel) == {"set/a.json", "set/b.yaml", "set/deep/c.XML", "single.txt"}
    assert len(missing) == 1 and missing[0].path.endswith("gone") and missing[0].error is not None


def test_nothing_raises_on_garbage():
    samples = ["{", "[", "<", "<cockatrice_carddatabase", "- name: [", "\x00\x01", "{\"data\": {\"cards\": 5}}",
               '{"object": "list", "data": [1, "two", null]}', '[{"name": 5, "type_line": ["x"]}]',
               "cards: 7\n", "cards:\n  - 1\n  - name: Fine\n", "*alias\n", "!!python/object:os.system x\n"]
    for s in samples:
        for name in ("x.json", "x.xml", "x.yaml", "x.txt"):
            r = read_text(s, name)
            assert r.error is not None or isinstance(r.cards, list)


def test_yaml_merge_keys_and_star_hint():
    text = ("x-red-instant: &red\n  type_line: Instant\n  colors: [R]\n"
            "cards:\n  - <<: *red\n    name: Zap\n    oracle_text: Zap deals 1 damage to any target.\n")
    r = read_text(text, "merge.yaml")
    assert r.error is None and r.warnings == []
    f = r.cards[0].front
    assert (f.name, f.type_line, f.colors) == ("Zap", "Instant", ("R",))
    assert f.locs["type_line"].position() == raw_position(text, "Instant")
    r = read_text("name: Ooze\ntype_line: Creature — Ooze\npower: */*\n", "ooze.yaml")
    assert r.error is not None and (r.error.line, r.error.column) == (3, 9)
    assert "'*'" in r.error.reason


def _entry(name, cost, extra=""):
    return (f"<card><name>{name}</name><text>Text of {name}.</text><prop><type>Creature — Test</type>"
            f"<manacost>{cost}</manacost>{extra}</prop></card>\n")


def test_cockatrice_back_face_listed_first_and_unlinked_back_side():
    xml = ("<cockatrice_carddatabase version=\"4\"><cards>\n"
           + _entry("Night Form", "", "") .replace("</card>", "<related attach=\"transform\">Day Form</related></card>")
           + _entry("Day Form", "1G", "").replace("</card>", "<related attach=\"transform\">Night Form</related></card>")
           + _entry("Open Door", "2U", "<layout>modal_dfc</layout><side>front</side>")
           + _entry("Closed Door", "3U", "<layout>modal_dfc</layout><side>back</side>")
           + "</cards></cockatrice_carddatabase>")
    r = read_text(xml, "order.xml")
    assert r.error is None
    assert [c.name for c in r.cards] == ["Day Form // Night Form", "Open Door // Closed Door"]
    assert r.cards[0].layout == "transform" and r.cards[1].layout == "modal_dfc"
    assert r.cards[1].faces[1].mana_cost == "{3}{U}"
