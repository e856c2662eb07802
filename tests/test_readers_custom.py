"""Readers for the designers' formats: Magic Set Editor sets (bare and zipped,
0.3.8 and 2.x syntax), MSE-Hub JSON and LackeyBot JSON, with invented cards.

Every normalised value is checked against the source: a character of the
Oracle-style text must map back to the character of the file it came from.
"""

from __future__ import annotations

import io
import json
import struct
import zipfile
from pathlib import Path

import pytest

from linter.readers import discover, mse, read_bytes, read_file, read_text
from linter.readers.markup import (
    MINUS, Mapped, mse_symbols, saga_chapters, strip_asterisks, strip_bbcode, strip_mse, unbracket_loyalty,
)

FIX = Path(__file__).parent / "fixtures" / "readers" / "custom"
SET_038 = FIX / "mse-038" / "set"
SET_2X = FIX / "mse-2x" / "set"
HUB = FIX / "hub-set.json"
LACKEY = FIX / "lackey-cards.json"


def card(result, name):
    return next(c for c in result.cards if c.name == name)


def raw_at(loc, i: int) -> str:
    """The character of the source file that character ``i`` of a value maps to."""
    return loc.source.text[loc.offset(i)]


def line_col(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def assert_maps(face, field: str, piece: str, needle: str, offset_in_needle: int = 0) -> None:
    """``piece`` of the face's field starts at ``needle`` (+ offset) in the source."""
    value = getattr(face, field)
    loc = face.locs[field]
    i = value.index(piece)
    assert loc.position(i) == _shift(line_col(loc.source.text, needle), offset_in_needle), (field, piece)


def _shift(pos: tuple[int, int], k: int) -> tuple[int, int]:
    return pos[0], pos[1] + k


def zipped(files: dict[str, bytes], method=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=method) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buf.getvalue()


# Magic Set Editor, 0.3.8 ---------------------------------------------------------------


@pytest.fixture(scope="module")
def set038():
    r = read_file(str(SET_038))
    assert r.error is None, r.error
    return r


def test_mse_038_cards_and_count(set038):
    assert set038.format == "mse" and set038.source.format == "mse"
    assert set038.entries == 5  # card: blocks; the description's "card:" line is not one
    assert [c.name for c in set038.cards] == [
        "Ember Courier", "Ilsa, Tide Reader", "Quiet Lantern // Roaring Beacon", "Odd Markup Hymn"]
    assert set038.warnings == [("card without a name: skipped", 67, 1)]
    assert all(c.set_code == "LNC" for c in set038.cards)


def test_mse_038_markup_is_stripped(set038):
    courier = card(set038, "Ember Courier").front
    assert courier.mana_cost == "{1}{R}"
    assert courier.type_line == "Creature — Goblin Scout"
    assert courier.oracle_text == "Haste\n{1}{R}, {T}: Ember Courier deals 1 damage to any target."
    assert courier.flavor_text == "Always late, never cold."
    assert (courier.power, courier.toughness) == ("2", "1")


def test_mse_038_positions_map_through_markup(set038):
    courier = card(set038, "Ember Courier").front
    text = courier.oracle_text
    loc = courier.locs["oracle_text"]
    # each character of the stripped text is the character of the file it came from
    for i, ch in enumerate(text):
        if ch not in "{}\n":
            assert raw_at(loc, i) == ch, (i, ch)
    assert_maps(courier, "oracle_text", "Haste", "Haste</nospellcheck>")
    assert_maps(courier, "oracle_text", "{1}{R}", "1R</sym-auto>")
    assert_maps(courier, "oracle_text", "{T}", "T</sym-auto>:")
    assert_maps(courier, "oracle_text", "Ember Courier deals", "Ember Courier</nospellcheck>")
    # the braces of {R} point at the R of "1R"
    r = text.index("{R}")
    assert raw_at(loc, r) == raw_at(loc, r + 1) == raw_at(loc, r + 2) == "R"
    assert_maps(courier, "mana_cost", "{R}", "1R\n", 1)
    assert_maps(courier, "type_line", "Goblin", "Goblin</word-list-race>")
    assert_maps(courier, "type_line", "Creature", "Creature</word-list-type>", 0)
    assert_maps(courier, "flavor_text", "never", "never cold")
    assert courier.locs["power"].position(0) == line_col(SET_038.read_text(encoding="utf-8").lstrip("\ufeff"),
                                                         "\tpower: 2", 0)[:1] + (9,)


def test_mse_038_planeswalker_loyalty_costs(set038):
    ilsa = card(set038, "Ilsa, Tide Reader").front
    assert ilsa.oracle_text == (
        "+1: Scry 2.\n\n"
        f"{MINUS}2: Draw a card, then discard a card.\n"
        f"{MINUS}7: You get an emblem with “Spells you cast cost {{1}} less.”")
    assert ilsa.loyalty == "3" and ilsa.colors == ("U",)
    loc = ilsa.locs["oracle_text"]
    text = ilsa.oracle_text
    # the cost points at its own field, the ability at its line of the rule text
    assert loc.position(0) == line_col(loc.source.text, "loyalty cost 1: +1", 0)[:1] + (18,)
    minus = text.index(MINUS)
    assert raw_at(loc, minus) == "-" and raw_at(loc, minus + 1) == "2"
    assert_maps(ilsa, "oracle_text", "Draw a card", "Draw a card")
    assert card(set038, "Ilsa, Tide Reader").layout == "normal"


def test_mse_038_second_face_and_layout(set038):
    lantern = card(set038, "Quiet Lantern // Roaring Beacon")
    assert lantern.layout == "transform"
    front, back = lantern.faces
    assert front.oracle_text == "{T}: Add {G}. Then if you control four or more artifacts, transform Quiet Lantern."
    assert front.type_line == "Artifact"
    assert back.name == "Roaring Beacon" and back.mana_cost == ""
    assert back.type_line == "Artifact Creature — Golem" and (back.power, back.toughness) == ("5", "5")
    assert back.colors == back.color_indicator == ("G",)  # no cost, colored: the frame shows an indicator
    assert_maps(back, "name", "Roaring", "Roaring Beacon")
    assert_maps(back, "oracle_text", "Trample", "Trample</nospellcheck>")


def test_mse_038_odd_markup(set038):
    hymn = card(set038, "Odd Markup Hymn").front
    assert hymn.mana_cost == "{2/W}{2/W}"
    assert hymn.type_line == "Sorcery"  # an unknown tag is removed, its text kept
    assert hymn.oracle_text == "Choose one — you gain 3 life"  # the soft line break is a space
    assert hymn.flavor_text == "Sung where the lanterns meet the sea."  # an italic last line is flavor
    assert_maps(hymn, "oracle_text", "you gain", "you gain 3 life")
    assert_maps(hymn, "oracle_text", "—", "—</mystery-tag")
    assert_maps(hymn, "flavor_text", "Sung", "Sung where")


def test_mse_keywords_of_the_set_are_kept(set038):
    kws = card(set038, "Ember Courier").extra["mse_keywords"]
    assert kws == [{"keyword": "Glimmer", "match": "Glimmer",
                    "reminder": "This creature can’t be blocked by tapped creatures.", "mode": "custom"}]


def test_mse_crlf_and_no_bom_give_the_same_cards_and_lines():
    text = SET_038.read_text(encoding="utf-8").lstrip("\ufeff")
    lf = read_text(text, "set")
    crlf = read_text(text.replace("\n", "\r\n"), "set")
    assert [c.name for c in lf.cards] == [c.name for c in crlf.cards]
    for a, b in zip(lf.cards, crlf.cards):
        for fa, fb in zip(a.faces, b.faces):
            assert fa.oracle_text == fb.oracle_text
            for key, loc in fa.locs.items():
                assert fb.locs[key].position(0) == loc.position(0), key


# Magic Set Editor, 2.x -------------------------------------------------------------------------


def test_mse_2x_underscored_keys_nested_blocks_and_includes():
    r = read_file(str(SET_2X))
    assert r.error is None and r.format == "mse"
    assert [c.name for c in r.cards] == ["Brinebound Sentry", "Oren, Wave Caller", "Kelp Shambler"]
    assert r.entries == 3
    assert r.warnings == [("include file '../outside' points outside the package", 40, 1)]
    sentry = card(r, "Brinebound Sentry").front
    assert sentry.name == "Brinebound Sentry"  # not the name inside styling_data
    assert sentry.mana_cost == "{3}{U}"
    assert sentry.type_line == "Creature — Merfolk Soldier"
    assert sentry.oracle_text == "Flash\nWhen Brinebound Sentry enters, tap target creature an opponent controls."
    assert sentry.flavor_text is None
    assert_maps(sentry, "type_line", "Soldier", "Soldier</word-list-class-en>")
    oren = card(r, "Oren, Wave Caller").front
    assert oren.oracle_text == (f"+1: Each opponent mills two cards.\n"
                                f"{MINUS}3: Return target creature card from a graveyard to its owner’s hand.")
    assert oren.colors == ("U", "B")
    assert_maps(oren, "oracle_text", "Return target", "Return target")
    kelp = card(r, "Kelp Shambler")
    assert kelp.set_code == "TDW" and kelp.front.oracle_text == "Reach"
    assert kelp.source.path.endswith("card extra") and kelp.front.locs["oracle_text"].position(0) == (6, 19)


def test_mse_notes_suppression_is_found_in_the_card_block():
    from linter.suppress import collect

    r = read_file(str(SET_2X))
    sups, bad = collect(r.cards)
    assert not bad
    assert [(s.card.name, s.codes) for s in sups] == [("Brinebound Sentry", ("TYP004",))]


def test_mse_detection_without_a_version_line():
    assert read_text("card:\n  name: X\n", "cards.txt").format != "mse"  # YAML indents with spaces
    r = read_text("card:\n\tname: Included Card\n", "card one")  # a file a package includes
    assert r.format == "mse" and [c.name for c in r.cards] == ["Included Card"]
    r = read_text("game: magic\ncard:\n\tname: Lone Card\n\tsuper type: Instant\n", "set")
    assert r.format == "mse" and [c.name for c in r.cards] == ["Lone Card"]
    assert read_text("game: magic\n", "notes.txt").format != "mse"


def test_mse_card_color_is_the_frames():
    from linter.readers.mse import _colors

    assert _colors("white, green, hybrid, horizontal") == ("W", "G")
    assert _colors("blue, red, land") == () and _colors("artifact") == () and _colors("multicolor") is None


@pytest.mark.parametrize("sheet, faces, layout", [
    ("m15-split-fusable", 2, "split"), ("m15-flip", 2, "flip"), ("m15-flipwalker", 2, "transform"),
    ("m15-saga", 1, "saga"), ("m15-leveler", 1, "leveler"), ("m15-mainframe-tokens", 1, "token"),
    ("m15-adventure", 2, "adventure"), ("m15-mainframe-dfc", 2, "transform"), ("m15-split", 1, "normal"),
    ("m15-altered", 1, "normal"), ("m15-aftermath", 2, "aftermath"),
])
def test_mse_layout_from_stylesheet(sheet, faces, layout):
    back = "\tname 2: Other Half\n\tsuper type 2: Sorcery\n" if faces == 2 else ""
    text = f"mse version: 2.0.0\ncard:\n\tstylesheet: {sheet}\n\tname: One Half\n\tsuper type: Creature\n{back}"
    r = read_text(text, "set")
    assert len(r.cards[0].faces) == faces and r.cards[0].layout == layout


def test_mse_malformed_lines_are_warnings_not_errors():
    text = ("mse version: 2.0.0\nthis line has no key\n\tstray indented line\ncard:\n\tname: Fine Card\n"
            "\tnot a key line\n\tname: Second Name\n\trule text: Draw a card.\n")
    r = read_text(text, "set")
    assert r.error is None and [c.name for c in r.cards] == ["Fine Card"]
    reasons = [w[0] for w in r.warnings]
    assert any("expected 'key: value'" in m for m in reasons)
    assert any("given twice" in m for m in reasons)


# The zipped package ----------------------------------------------------------------------------


def test_zipped_package_reads_like_the_bare_file(tmp_path):
    raw = SET_038.read_bytes()
    pkg = tmp_path / "lantern.mse-set"
    pkg.write_bytes(zipped({"set": raw, "image1": b"\x89PNG not really", "image2": b""}))
    z = read_file(str(pkg))
    bare = read_file(str(SET_038))
    assert z.error is None and z.format == "mse-set" and z.source.format == "mse-set"
    # positions are in the set entry; its bytes are the entry's, the archive's are the container's
    assert z.source.raw == raw and z.source.entry == "set" and z.source.file_bytes() == pkg.read_bytes()
    assert z.entries == bare.entries and z.warnings == bare.warnings
    assert [c.name for c in z.cards] == [c.name for c in bare.cards]
    for a, b in zip(z.cards, bare.cards):
        assert a.source.path == str(pkg)
        for fa, fb in zip(a.faces, b.faces):
            assert (fa.oracle_text, fa.mana_cost, fa.type_line) == (fb.oracle_text, fb.mana_cost, fb.type_line)
            for key, loc in fa.locs.items():
                assert fb.locs[key].position(0) == loc.position(0), key


def test_zipped_package_with_a_folder_and_includes():
    files = {"pkg/set": SET_2X.read_bytes(), "pkg/card extra": (SET_2X.parent / "card extra").read_bytes()}
    r = read_bytes(zipped(files), "tide.mse-set")
    assert r.error is None
    assert [c.name for c in r.cards] == ["Brinebound Sentry", "Oren, Wave Caller", "Kelp Shambler"]
    assert card(r, "Kelp Shambler").source.path == "tide.mse-set/card extra"


def test_bare_set_file_saved_as_mse_set(tmp_path):
    p = tmp_path / "plain.mse-set"
    p.write_bytes(SET_038.read_bytes())
    r = read_file(str(p))
    assert r.error is None and r.format == "mse" and len(r.cards) == 4


@pytest.mark.parametrize("data, reason", [
    (b"", "not a zip archive"),
    (b"just some text", "not a zip archive"),
    (b"\x00\xff\x10garbage", "not a zip archive"),
    (b"PK\x03\x04truncated", "damaged or truncated zip"),
])
def test_not_a_package(data, reason):
    r = read_bytes(data, "broken.mse-set")
    assert r.error is not None and reason in r.error.reason and r.cards == []


def test_truncated_zip():
    raw = zipped({"set": SET_038.read_bytes()})
    for cut in (len(raw) // 3, len(raw) - 10, 30):
        r = read_bytes(raw[:cut], "cut.mse-set")
        assert r.error is not None and r.cards == [], cut


def test_zip_without_set_file():
    r = read_bytes(zipped({"cards.txt": b"x", "deep/down/set": b"mse version: 2.0.0\n"}), "x.mse-set")
    assert r.error is not None and "no file named 'set'" in r.error.reason


def test_zip_member_that_is_not_utf8():
    r = read_bytes(zipped({"set": b"mse version: 2.0.0\ncard:\n\tname: \xff\xfe\n"}), "x.mse-set")
    assert r.error is not None and "not UTF-8" in r.error.reason and r.error.line == 3


def test_zip_bomb_by_ratio():
    raw = zipped({"set": b"mse version: 2.0.0\n" + b" " * (8 * 1024 * 1024)})
    r = read_bytes(raw, "bomb.mse-set")
    assert r.error is not None and "zip bomb" in r.error.reason and f"{mse.MAX_RATIO}:1" in r.error.reason


def test_zip_bomb_by_size(monkeypatch):
    monkeypatch.setattr(mse, "MAX_UNPACKED", 1000)
    data = SET_038.read_bytes() * 2
    r = read_bytes(zipped({"set": data}, zipfile.ZIP_STORED), "big.mse-set")
    assert r.error is not None and "limit of 1000 bytes" in r.error.reason and "zip bomb" in r.error.reason


def test_zip_bomb_by_size_of_includes(monkeypatch):
    monkeypatch.setattr(mse, "MAX_UNPACKED", len(SET_2X.read_bytes()) + 50)
    files = {"set": SET_2X.read_bytes(), "card extra": (SET_2X.parent / "card extra").read_bytes()}
    r = read_bytes(zipped(files), "inc.mse-set")
    assert r.error is not None and "zip bomb" in r.error.reason and r.cards == []


def test_zip_bomb_by_entries(monkeypatch):
    monkeypatch.setattr(mse, "MAX_ENTRIES", 5)
    raw = zipped({f"image{i}": b"" for i in range(6)} | {"set": SET_038.read_bytes()})
    r = read_bytes(raw, "many.mse-set")
    assert r.error is not None and "entries" in r.error.reason and "limit of 5" in r.error.reason


def test_zip_declaring_too_many_entries_is_refused_before_parsing():
    raw = bytearray(zipped({"set": SET_038.read_bytes()}))
    end = raw.rfind(b"PK\x05\x06")
    struct.pack_into("<HH", raw, end + 8, 60000, 60000)
    r = read_bytes(bytes(raw), "lying.mse-set")
    assert r.error is not None and "60000 entries" in r.error.reason


def test_encrypted_member_is_refused():
    raw = bytearray(zipped({"set": SET_038.read_bytes()}))
    for sig, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        k = raw.find(sig)
        struct.pack_into("<H", raw, k + at, struct.unpack_from("<H", raw, k + at)[0] | 1)
    r = read_bytes(bytes(raw), "locked.mse-set")
    assert r.error is not None and "encrypted" in r.error.reason


def test_a_zip_that_is_not_a_package_is_not_read_as_text():
    r = read_bytes(zipped({"cards.json": b"[]"}), "cards.zip")
    assert r.error is not None and "no file named 'set'" in r.error.reason


def test_discover_finds_packages_and_set_files(tmp_path):
    (tmp_path / "a.mse-set").write_bytes(zipped({"set": SET_038.read_bytes()}))
    unzipped = tmp_path / "b.mse-set"
    unzipped.mkdir()
    (unzipped / "set").write_bytes(SET_2X.read_bytes())
    (unzipped / "card extra").write_bytes(b"card:\n\tname: X\n")
    (tmp_path / "settings").write_text("not a set")
    files, missing = discover([str(tmp_path)])
    rel = sorted(str(Path(f).relative_to(tmp_path)) for f in files)
    assert rel == ["a.mse-set", str(Path("b.mse-set") / "set")] and not missing
    results = [read_file(f) for f in files]
    assert [len(r.cards) for r in results] == [4, 3]


# MSE-Hub JSON -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hub():
    r = read_file(str(HUB))
    assert r.error is None, r.error
    return r


def test_hub_cards_count_and_skips(hub):
    assert hub.format == "msehub"
    data = json.loads(HUB.read_text(encoding="utf-8-sig"))
    assert hub.entries == len(data["cards"]) == 8
    assert len(hub.cards) == 7
    assert hub.warnings == [("card without a name: skipped", 143, 9)]


def test_hub_fields_normalised(hub):
    lookout = card(hub, "Harbor Lookout")
    f = lookout.front
    assert f.oracle_text.endswith("scry 1. (Look at the top card of your library. You may put that card on the bottom.)")
    assert f.flavor_text == "She counts the sails before dawn."
    assert (f.power, f.toughness, f.colors, lookout.color_identity) == ("2", "2", ("W",), ("W",))
    assert f.type_line == "Creature — Human Scout" and lookout.set_code == "TST" and lookout.layout == "normal"
    sela = card(hub, "Sela, Storm Archivist")
    assert sela.front.oracle_text == ("Charting — Sela enters with an additional loyalty counter.\n"
                                      f"+1: Draw a card.\n{MINUS}2: Return target creature to its owner's hand.\n"
                                      "0: Scry 2.")
    assert sela.front.mana_cost == "{2}{I}{U}" and sela.front.colors == ("U",)
    assert sela.extra["custom_colors"] == "I" and sela.color_identity == ("U",)
    assert sela.front.loyalty == "3"


def test_hub_positions_through_escapes_and_markup(hub):
    text = HUB.read_text(encoding="utf-8-sig")
    lookout = card(hub, "Harbor Lookout").front
    assert_maps(lookout, "oracle_text", "(Look", "(Look at the top")
    assert_maps(lookout, "oracle_text", "scry 1", "scry 1. [i]")
    assert_maps(lookout, "flavor_text", "She", "She counts")
    # "\u2014" in the file is one character of the type line
    loc = lookout.locs["type_line"]
    dash = lookout.type_line.index("—")
    assert text[loc.offset(dash):loc.offset(dash) + 6] == "\\u2014"
    assert_maps(lookout, "type_line", "Human", "Human Scout")
    sela = card(hub, "Sela, Storm Archivist").front
    minus = sela.oracle_text.index(MINUS)
    assert raw_at(sela.locs["oracle_text"], minus) == "-"
    assert_maps(sela, "oracle_text", "Draw a card", "Draw a card.\\n[-2]")
    assert_maps(sela, "oracle_text", "Charting", "Charting[/i]")
    assert_maps(lookout, "power", "2", '"2/2"', 1)
    assert_maps(lookout, "toughness", "2", '"2/2"', 3)


def test_hub_layouts_faces_and_tokens(hub):
    stag = card(hub, "Copperleaf Stag // Shed the Bark")
    assert stag.layout == "adventure" and stag.front.mana_cost == "{2}{G}"  # MSE notation braced
    assert stag.faces[1].type_line == "Instant — Adventure" and stag.faces[1].mana_cost == "{G}"
    assert_maps(stag.front, "mana_cost", "{G}", '"2G"', 2)
    bell = card(hub, "Tidal Bell // Bell of the Deep")
    assert bell.layout == "transform"
    assert bell.faces[1].mana_cost == "" and bell.faces[1].color_indicator == ("U",)
    assert (bell.faces[1].power, bell.faces[1].toughness) == ("4", "4")
    gull = card(hub, "Gull")
    assert gull.layout == "token" and gull.is_token and gull.front.color_indicator is None
    anchor = card(hub, "Rusted Anchor")
    assert anchor.front.oracle_text == "Heavy — Creatures blocking this turn get -1/-0."
    assert anchor.extra["oraclelint-ignore"] == ["RUL001"] and "oraclelint-ignore" in anchor.locs


def test_hub_saga_gets_its_chapter_numbers(hub):
    saga = card(hub, "Tale of the Drowned Road")
    assert saga.layout == "saga"
    lines = saga.front.oracle_text.split("\n")
    assert [ln.split(" — ")[0] for ln in lines[1:]] == ["I", "II", "III"]
    assert saga.front.oracle_text.endswith("You gain 3 life.")  # the trailing zero-width space line is gone
    loc = saga.front.locs["oracle_text"]
    ii = saga.front.oracle_text.index("II — ")
    assert loc.position(ii) == loc.position(ii + 5)  # the inserted numeral points at its line


# LackeyBot JSON ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def lackey():
    r = read_file(str(LACKEY))
    assert r.error is None, r.error
    return r


def test_lackey_cards_count_and_skips(lackey):
    assert lackey.format == "lackeybot"
    assert lackey.entries == len(json.loads(LACKEY.read_text(encoding="utf-8"))) == 6
    assert len(lackey.cards) == 5
    assert lackey.warnings == [("entry '_TST' has no cardName: skipped", 6, 9)]


def test_lackey_fields_normalised(lackey):
    lookout = card(lackey, "Harbor Lookout")
    f = lookout.front
    assert f.oracle_text.endswith("scry 1. (Look at the top card of your library. You may put that card on the bottom of your library.)")
    assert f.flavor_text == "She counts the sails before dawn."
    assert f.type_line == "Creature — Human Scout"  # the trailing space is not part of it
    assert (f.power, f.toughness, f.colors, lookout.cmc) == ("2", "2", ("W",), 2.0)
    sela = card(lackey, "Sela, Storm Archivist").front
    assert sela.oracle_text == (f"+1: Draw a card.\n{MINUS}2: Return target creature to its owner's hand.\n"
                                f"{MINUS}X: Sela deals X damage to target creature. A */* creature dies.")
    assert sela.loyalty == "4"
    ferry = card(lackey, "Moonlit Ferryman // Ferryman of the Deep")
    assert ferry.layout == "transform" and ferry.cmc == 3.0 and ferry.extra["back_cmc"] == 0.0
    assert ferry.faces[1].color_indicator == ("B",)
    split = card(lackey, "Ebb // Flow")
    assert split.layout == "split" and split.cmc is None and split.front.colors == ("U", "R")
    anchor = card(lackey, "Rusted Anchor")
    assert anchor.front.oracle_text == "Heavy — Creatures blocking this turn get -1/-0."
    assert anchor.front.colors is None  # an empty color is not "colorless" in these files
    assert anchor.extra["oraclelint-ignore"] == "RUL001"


def test_lackey_positions(lackey):
    lookout = card(lackey, "Harbor Lookout").front
    assert_maps(lookout, "oracle_text", "(Look", "(Look at the top")
    assert_maps(lookout, "oracle_text", "scry 1", "scry 1. *(")
    assert_maps(lookout, "oracle_text", "When", "When Harbor")
    sela = card(lackey, "Sela, Storm Archivist").front
    loc = sela.locs["oracle_text"]
    k = sela.oracle_text.index(f"{MINUS}X")
    assert raw_at(loc, k) == "-" and raw_at(loc, k + 1) == "X"
    assert_maps(sela, "oracle_text", "*/*", "*/* creature")
    ferry = card(lackey, "Moonlit Ferryman // Ferryman of the Deep")
    assert ferry.faces[1].locs["oracle_text"].position(0) == line_col(LACKEY.read_text(encoding="utf-8"), "Menace")
    assert ferry.loc.position(0)[0] == 4


def _lackey_file(**cards: dict) -> str:
    """A LackeyBot file of invented cards, one per line, keyed "Name_TQX"."""
    rows = [f"{json.dumps(name + '_TQX')}: {json.dumps(fields, ensure_ascii=False)}" for name, fields in cards.items()]
    return "{\n" + ",\n".join(rows) + "\n}\n"


def test_lackey_half_mana_pipes_become_half_symbols():
    text = _lackey_file(**{
        "Ember Flick": {"cardName": "Ember Flick", "manaCost": "|{R}", "cmc": 0.5, "typeLine": "Instant",
                        "rulesText": "*(|R can be paid with {R} or by paying 1 life.)*\nDeal 1 damage.\n",
                        "color": "{Red} "},
        "Ash Hound": {"cardName": "Ash Hound", "manaCost": "{2}{B}|{B}", "cmc": 3.5,
                      "typeLine": "Creature — Dog ", "power": 2, "toughness": 2}})
    r = read_text(text, "cards.json")
    assert r.format == "lackeybot" and r.error is None
    flick, hound = card(r, "Ember Flick").front, card(r, "Ash Hound").front
    assert (flick.mana_cost, hound.mana_cost) == ("{HR}", "{2}{B}{HB}")
    # the reminder names the notation in prose: the text keeps it
    assert flick.oracle_text.startswith("(|R can be paid with {R}")
    loc = hound.locs["mana_cost"]
    k = hound.mana_cost.index("{HB}")
    assert [raw_at(loc, k + i) for i in range(4)] == ["|", "|", "B", "}"]
    assert raw_at(loc, hound.mana_cost.index("{B}") + 1) == "B"
    assert loc.position(k) == line_col(text, "|{B}")


def test_lackey_hybrid_without_slash_gets_one():
    text = _lackey_file(**{
        "Tide Spark": {"cardName": "Tide Spark", "manaCost": "{1}{UR}{UR}", "cmc": 3, "typeLine": "Instant",
                       "rulesText": "{RU}, {T}: Scry 1. {WW} {2W} {TG}\n"}})
    r = read_text(text, "cards.json")
    f = card(r, "Tide Spark").front
    assert f.mana_cost == "{1}{U/R}{U/R}"
    # two different color letters only; the written order is kept (SYM001 suggests {U/R})
    assert f.oracle_text == "{R/U}, {T}: Scry 1. {WW} {2W} {TG}"
    loc = f.locs["mana_cost"]
    k = f.mana_cost.index("{U/R}")
    assert [raw_at(loc, k + i) for i in range(5)] == ["{", "U", "R", "R", "}"]
    assert f.locs["oracle_text"].position(f.oracle_text.index("Scry")) == line_col(text, "Scry")


def test_lackey_normalised_symbols_reach_the_checks():
    from linter.engine import lint_cards

    text = _lackey_file(**{
        "Ember Flick": {"cardName": "Ember Flick", "manaCost": "|{R}|{R}", "cmc": 1, "typeLine": "Instant",
                        "rulesText": "Deal 1 damage.\n"},
        "Bad Count": {"cardName": "Bad Count", "manaCost": "{1}|{G}", "cmc": 3, "typeLine": "Sorcery",
                      "rulesText": "Draw a card.\n"}})
    r = read_text(text, "cards.json")
    ds = lint_cards(r.cards, select=["RUL005", "SYM"])
    assert [(d.code, d.card) for d in ds] == [("RUL005", "Bad Count")]
    assert "1.5" in ds[0].message


# Detection and bad input -----------------------------------------------------------------------


def test_json_of_other_shapes_is_not_taken_for_these_formats():
    assert read_text('{"cards": [{"name": "X"}]}', "x.json").format == ""
    assert read_text('{"HI12": {"longname": "A set", "Design": "someone"}}', "setData.json").format == ""
    assert read_text('{"cards": [], "draft_structure": "cube"}', "empty.json").format == "msehub"


@pytest.mark.parametrize("text", [
    '{"cards": [1, "two", null, {"card_name": 5}, {"card_name": ["x"]}, {"card_name": "Ok", "pt": 3, "cost": 7}]}',
    '{"cards": [{"card_name": "A", "rules_text": null, "loyalty": true, "color": 5, "shape": 3}]}',
    '{"cards": [{"card_name": "A", "card_name": "B", "rules_text": "[i]x"}]}',
    '{"A_X": {"cardName": "A", "typeLine": 5, "rulesText": ["x"], "cmc": "two", "color": 7}, "B": 3}',
    '{"A_X": {"cardName": "A", "cardName": "B", "rulesText": "[-"}, "A_X": {"cardName": "C", "typeLine": "Land"}}',
    '{"cards": [{"card_name": "A"',
])
def test_bad_json_never_crashes(text):
    r = read_text(text, "x.json")
    assert r.error is not None or all(c.name for c in r.cards)


def test_lackeybot_entry_that_is_not_a_card():
    r = read_text('{"A_X": {"cardName": "A", "typeLine": "Land"},\n "notes": 3}', "x.json")
    assert r.format == "lackeybot" and [c.name for c in r.cards] == ["A"] and r.entries == 2
    assert r.warnings == [("entry 'notes' is not a card object: skipped", 2, 3)]


def test_duplicate_keys_are_read_in_place():
    r = read_text('{"A_X": {"cardName": "A", "typeLine": "Land"},\n "A_X": {"cardName": "B", "rulesText": "*x*"}}',
                  "dup.json")
    assert r.error is None and [c.name for c in r.cards] == ["A", "B"] and r.entries == 2
    assert r.cards[1].front.oracle_text == "x"
    assert r.cards[1].front.locs["oracle_text"].position(0) == (2, 42)


@pytest.mark.parametrize("text", [
    "mse version: 2.0.0\n\tcard:\n", "mse version: 2.0.0\ncard:\n\t\t\t\tname: deep\n", "mse version:\ncard",
    "mse version: 2.0.0\ncard:\n\tname: <sym>\n\trule text: <sym-auto>{{}}<</sym>\n\tcasting cost: <b>",
    "mse version: 2.0.0\ncard:\n\tname: A\n\tloyalty cost 1: +1\n\trule text:\n",
    "mse version: 2.0.0\ninclude file: other\n", "mse version: 2.0.0\ncard:\n\tname: A\n\tsuper type 2: Land\n",
    "mse version: 2.0.0\x00\x01\ncard:\x00\n\tname:\x00",
])
def test_bad_mse_text_never_crashes(text):
    r = read_text(text, "set")
    assert r.error is None
    for c in r.cards:
        for f in c.faces:
            for loc in f.locs.values():
                loc.position(0)


# The markup transforms ---------------------------------------------------------------------------


def test_strip_mse_handles_crossed_and_unknown_tags():
    raw = "<kw-1><i-auto><nospellcheck><error-spelling:en>Word</nospellcheck></i-auto></kw-1>-</error-spelling:en> end"
    text, idx = strip_mse(raw)
    assert text == "Word- end"
    assert [raw[idx[i]] for i in range(len(text))] == list(text)
    assert idx[-1] == len(raw)
    assert strip_mse("no markup at all") == ("no markup at all", None)
    assert strip_mse("a < b and c > d")[0] == "a < b and c > d"


def test_strip_mse_symbols():
    raw = "<sym-auto>2<error-spelling>W</error-spelling></sym-auto>, <sym>T</sym>: add <sym-auto>UU</sym-auto>."
    text, idx = strip_mse(raw)
    assert text == "{2}{W}, {T}: add {U}{U}."
    assert raw[idx[text.index("{W}") + 1]] == "W" and raw[idx[text.index("{T}")]] == "T"
    assert mse_symbols("2/W")[0] == "{2/W}" and mse_symbols("WP")[0] == "{W/P}" and mse_symbols("Q")[0] == "{Q}"
    text, _ = strip_mse("<nosym>2 life</nosym> and <sym-auto>X</sym-auto>")
    assert text == "2 life and {X}"


def test_other_transforms_and_their_indexes():
    text, idx = strip_bbcode("[i]a[/i] [B]b[/b] [create a token]")
    assert text == "a b [create a token]"
    text, idx = strip_asterisks("*(reminder)* a **bold** 2/* and */*")
    assert text == "(reminder) a bold 2/* and */*"
    src = "*(reminder)* a **bold** 2/* and */*"
    assert [src[idx[i]] for i in range(len(text))] == list(text)
    text, idx = unbracket_loyalty("[+1]: A.\n[-2]: B.\n[0]: C.\n[−X]: D.\nPay [-1]: no.")
    assert text == f"+1: A.\n{MINUS}2: B.\n0: C.\n{MINUS}X: D.\nPay [-1]: no."
    assert unbracket_loyalty("[][]") == ("[][]", None)
    assert saga_chapters("(Reminder. Sacrifice after II.)\nI — A.\nB.")[1] is None  # already numbered in part


def test_mapped_composes_indexes():
    m = Mapped("  [i]*x*[/i] {T}  ").apply(strip_bbcode).apply(strip_asterisks).strip()
    assert m.text == "x {T}"
    assert m.index == [6, 12, 13, 14, 15, 16]  # x, the space before {T}, {T}, the end


def test_nlp_reads_both_minus_signs(nlp):
    from linter.model import Face
    from linter.nlp import parse_faces

    faces = [Face(name="W", type_line="Legendary Planeswalker — Ilsa", oracle_text=f"+1: Scry 1.\n{sign}2: Draw a card.")
             for sign in ("-", MINUS)]
    parse_faces((f, None) for f in faces)
    for f in faces:
        kinds = [a.kind for a in f.parsed.abilities]
        assert kinds == ["loyalty", "loyalty"], (f.oracle_text, kinds)
