"""The Oracle index: building it from card objects, reading it, and the streaming JSON reader.

Every card here is invented.
"""

from __future__ import annotations

import gzip
import io
import json
import sqlite3
import time

import pytest

from linter.oracle.index import (
    FORMAT, IndexBuildError, OracleCard, OracleIndex, OracleIndexError, build_index_from_cards,
    name_key, normalize_name, read_meta,
)
from linter.oracle.jsonstream import JSONShapeError, iter_json_array, open_json_text


def invented_cards() -> list[dict]:
    return [
        {"object": "card", "name": "Quillmoss Warden", "layout": "normal", "mana_cost": "{2}{G}",
         "type_line": "Creature — Treefolk Druid", "oracle_text": "Reach\nWhen this enters, gain 2 life.",
         "power": "2", "toughness": "4", "colors": ["G"], "oracle_id": "o-1"},
        {"object": "card", "name": "Æthershard Vizier", "layout": "normal", "mana_cost": "{1}{U}",
         "type_line": "Creature — Human Wizard", "oracle_text": "Flying", "power": "1", "toughness": "1",
         "colors": ["U"]},
        {"object": "card", "name": "Brinla’s Oath", "layout": "normal", "mana_cost": "{W}",
         "type_line": "Instant", "oracle_text": "Prevent the next 2 damage.", "colors": ["W"]},
        {"object": "card", "name": "Sunder // Mend", "layout": "split", "mana_cost": "{R} // {1}{W}",
         "type_line": "Sorcery // Instant", "colors": ["R", "W"],
         "card_faces": [
             {"object": "card_face", "name": "Sunder", "mana_cost": "{R}", "type_line": "Sorcery",
              "oracle_text": "Sunder deals 1 damage to any target."},
             {"object": "card_face", "name": "Mend", "mana_cost": "{1}{W}", "type_line": "Instant",
              "oracle_text": "Gain 3 life."}]},
        {"object": "card", "name": "Velkra, Tide-Caller", "layout": "normal", "mana_cost": "{3}{U}{U}",
         "type_line": "Legendary Planeswalker — Velkra", "oracle_text": "+1: Draw a card.",
         "loyalty": "4", "colors": ["U"]},
        {"object": "card", "name": "Siege of Hollowmere", "layout": "battle", "mana_cost": "{2}{R}",
         "type_line": "Battle — Siege", "oracle_text": "When this enters, it deals 2 damage.",
         "defense": "5", "colors": ["R"]},
        {"object": "card", "name": "Dawnveil Acolyte // Duskveil Revenant", "layout": "transform",
         "type_line": "Creature — Human Cleric // Creature — Spirit",
         "card_faces": [
             {"object": "card_face", "name": "Dawnveil Acolyte", "mana_cost": "{1}{B}",
              "type_line": "Creature — Human Cleric", "oracle_text": "Lifelink", "power": "2",
              "toughness": "2", "colors": ["B"]},
             {"object": "card_face", "name": "Duskveil Revenant", "mana_cost": "",
              "type_line": "Creature — Spirit", "oracle_text": "Flying", "power": 3, "toughness": 3,
              "colors": ["B"], "color_indicator": ["B"]}]},
        # A token sharing a card's name: the card must win the lookup.
        {"object": "card", "name": "Quillmoss Warden", "layout": "token",
         "type_line": "Token Creature — Treefolk", "power": "1", "toughness": "1", "colors": ["G"]},
        {"object": "card", "name": "Cinderling", "layout": "token", "type_line": "Token Creature — Elemental",
         "power": "1", "toughness": "1", "colors": ["R"]},
    ]


META = {"data_date": "2026-05-01T09:00:00+00:00", "source": "test"}


@pytest.fixture()
def index_path(tmp_path):
    path = tmp_path / "idx.sqlite3"
    build_index_from_cards(invented_cards(), path, META)
    return path


@pytest.fixture()
def index(index_path):
    idx = OracleIndex.open(index_path)
    yield idx
    idx.close()


# --------------------------------------------------------------------------- building and meta


def test_build_returns_count_and_stores_meta(tmp_path):
    path = tmp_path / "sub" / "idx.sqlite3"
    assert build_index_from_cards(invented_cards(), path, META) == 9
    meta = read_meta(path)
    assert meta["card_count"] == "9"
    assert meta["source"] == "test"
    assert meta["format"] == str(FORMAT)
    assert meta["built_at"]
    assert [p.name for p in path.parent.iterdir()] == ["idx.sqlite3"]  # no temporary file left


def test_data_date(index):
    assert str(index.data_date) == "2026-05-01"
    assert index.card_count == 9
    assert index.source == "test"


def test_build_accepts_a_generator_without_scryfall_ids(tmp_path):
    cards = ({"object": "card", "name": f"Plainfolk {i}"} for i in range(5))
    path = tmp_path / "idx.sqlite3"
    assert build_index_from_cards(cards, path, {}) == 5
    with OracleIndex.open(path) as idx:
        assert idx.lookup("plainfolk 3") == OracleCard(name="Plainfolk 3")
        assert idx.data_date is None


@pytest.mark.parametrize("bad, message", [
    (["not a card"], "card 2: expected a card object, found str"),
    ([{"object": "set", "name": "X"}], "card 2 ('X'): expected \"object\": \"card\", found 'set'"),
    ([{"name": "No Object"}], "expected \"object\": \"card\", found None"),
    ([{"object": "card", "name": ""}], "card 2: a card object without a name"),
    ([{"object": "card", "name": "Y", "colors": "G"}], "'colors' should be a list of strings"),
    ([{"object": "card", "name": "Y", "oracle_text": ["a"]}], "'oracle_text' should be a string"),
    ([{"object": "card", "name": "Y", "card_faces": {"a": 1}}], "'card_faces' should be a list"),
    ([{"object": "card", "name": "Y", "card_faces": [1]}], "face 1: expected a face object"),
])
def test_bad_items_leave_the_old_index(index_path, bad, message):
    before = index_path.read_bytes()
    good = invented_cards()[:1]
    with pytest.raises(IndexBuildError) as err:
        build_index_from_cards(good + bad, index_path, META)
    assert message in str(err.value)
    assert index_path.read_bytes() == before
    assert [p.name for p in index_path.parent.iterdir()] == [index_path.name]


def test_empty_list_is_refused(index_path):
    with pytest.raises(IndexBuildError, match="no cards"):
        build_index_from_cards([], index_path, META)
    assert OracleIndex.open(index_path).card_count == 9


def test_an_error_from_the_iterable_leaves_the_old_index(index_path):
    def cards():
        yield invented_cards()[0]
        raise JSONShapeError("invalid JSON at character 99")

    with pytest.raises(JSONShapeError):
        build_index_from_cards(cards(), index_path, META)
    assert OracleIndex.open(index_path).card_count == 9


# --------------------------------------------------------------------------- lookups


def test_lookup_full_name_case_insensitive(index):
    card = index.lookup("quillmoss WARDEN")
    assert card.name == "Quillmoss Warden"
    assert card.kind == "card"  # not the token of the same name
    assert card.mana_cost == "{2}{G}"
    assert card.type_line == "Creature — Treefolk Druid"
    assert card.oracle_text == "Reach\nWhen this enters, gain 2 life."
    assert (card.power, card.toughness) == ("2", "4")
    assert card.colors == ["G"]
    assert card.color_indicator is None
    assert card.faces == []
    assert card.layout == "normal"
    assert card.oracle_id == "o-1"


def test_lookup_face_name_gives_the_whole_card(index):
    card = index.lookup("mend")
    assert card.name == "Sunder // Mend"
    assert card.face("MEND")["oracle_text"] == "Gain 3 life."
    assert [f["name"] for f in card.faces] == ["Sunder", "Mend"]
    back = index.lookup("Duskveil Revenant").face("Duskveil Revenant")
    assert back["color_indicator"] == ["B"]
    assert back["power"] == "3"  # a number in the file is kept as text
    assert back["mana_cost"] == ""


def test_lookup_loyalty_defense_and_apostrophes(index):
    assert index.lookup("Velkra, Tide-Caller").loyalty == "4"
    assert index.lookup("Siege of Hollowmere").defense == "5"
    assert index.lookup("Brinla's Oath").name == "Brinla’s Oath"  # straight or curly apostrophe
    assert index.lookup("  brinla’s   oath ").name == "Brinla’s Oath"


def test_lookup_misses(index):
    assert index.lookup("Quillmoss Wardens") is None
    assert index.lookup("") is None
    assert index.lookup("Aethershard Vizier") is None  # exact lookups do not drop accents


def test_lookup_tokens_when_no_card_has_the_name(index):
    card = index.lookup("Cinderling")
    assert card.kind == "token"


def test_lookup_normalized(index):
    assert [c.name for c in index.lookup_normalized("aethershard-vizier")] == ["Æthershard Vizier"]
    assert [c.name for c in index.lookup_normalized("BRINLAS OATH")] == ["Brinla’s Oath"]
    assert [c.name for c in index.lookup_normalized("sunder")] == ["Sunder // Mend"]


def test_names(index):
    names = list(index.names())
    assert names == sorted(names)
    assert "Quillmoss Warden" in names and names.count("Quillmoss Warden") == 1
    assert "Cinderling" not in names and "Mend" not in names
    with_faces = set(index.names(faces=True))
    assert {"Mend", "Sunder", "Dawnveil Acolyte", "Sunder // Mend"} <= with_faces
    assert "Cinderling" in set(index.names(kinds=("card", "token")))


def test_normalized_names(index):
    pairs = dict((name, norm) for norm, name in index.normalized_names())
    assert pairs["Æthershard Vizier"] == "aethershard vizier"
    assert pairs["Mend"] == "mend"
    assert "Cinderling" not in pairs


@pytest.mark.parametrize("raw, norm", [
    ("Æther-Wisp's Call", "aether wisps call"),
    ("Lim-Dûl’s Vault", "lim duls vault"),
    ("  Fire  //  Ice ", "fire ice"),
    ("Jötun Grunt", "jotun grunt"),
])
def test_normalize_name(raw, norm):
    assert normalize_name(raw) == norm


def test_name_key():
    assert name_key("Brinla’s  OATH") == "brinla's oath"


# --------------------------------------------------------------------------- opening


def test_open_missing_is_none(tmp_path):
    assert OracleIndex.open(tmp_path / "none.sqlite3") is None
    assert read_meta(tmp_path / "none.sqlite3") is None


def test_open_default_path_uses_cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(tmp_path / "cache"))
    assert OracleIndex.open() is None
    build_index_from_cards(invented_cards(), None, META)
    with OracleIndex.open() as idx:
        assert idx.path == tmp_path / "cache" / "oracle-cards.sqlite3"
        assert idx.lookup("Mend") is not None


def test_open_damaged_file(tmp_path):
    path = tmp_path / "idx.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(OracleIndexError, match="damaged"):
        OracleIndex.open(path)
    assert read_meta(path) is None


def test_open_other_format(index_path):
    conn = sqlite3.connect(index_path)
    conn.execute(f"PRAGMA user_version = {FORMAT + 1}")
    conn.commit()
    conn.close()
    with pytest.raises(OracleIndexError, match="oracle update"):
        OracleIndex.open(index_path)


def test_open_is_fast_and_read_only(index_path):
    start = time.perf_counter()
    idx = OracleIndex.open(index_path)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.05 * 5  # target 50 ms; generous for loaded CI machines
    with pytest.raises(sqlite3.OperationalError):
        idx._conn.execute("DELETE FROM cards")
    idx.close()


def test_replacing_the_index_under_an_open_reader(index_path):
    reader = OracleIndex.open(index_path)
    build_index_from_cards([{"object": "card", "name": "Lone Newcomer"}], index_path, META)
    assert reader.lookup("Quillmoss Warden") is not None  # the old file, still whole
    reader.close()
    with OracleIndex.open(index_path) as fresh:
        assert fresh.lookup("Quillmoss Warden") is None
        assert fresh.lookup("lone newcomer") is not None


# --------------------------------------------------------------------------- streaming JSON


def _stream(text: str, chunk: int = 7) -> list:
    return list(iter_json_array(io.StringIO(text), chunk_size=chunk))


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1 << 20])
def test_stream_matches_json_load(chunk):
    data = invented_cards() + [12345678, -0.5e3, "a \"quoted\" ] string", [1, [2]], None, True, {}]
    text = json.dumps(data, ensure_ascii=False, indent=1)
    assert _stream(text, chunk) == data


@pytest.mark.parametrize("text", ["[]", "  [ ]  ", "\n[\n]\n"])
def test_stream_empty_list(text):
    assert _stream(text) == []


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ('{"object": "list"}', "found an object"),
    ("42", "found not a list"),
    ('[{"a": 1}', "ends inside the list"),
    ('[{"a": 1},', "ends inside the list"),
    ('[{"a": 1}, ]', "invalid JSON"),
    ('[{"a": 1} {"b": 2}]', "expected ',' or ']'"),
    ('[{"a": 1}] x', "unexpected text after the list"),
    ('[{"a": tru}]', "invalid JSON at character 8"),
    ('[{"a": 1', "invalid JSON"),
])
def test_stream_errors(text, message):
    with pytest.raises(JSONShapeError, match=message):
        _stream(text, chunk=4)


def test_open_json_text_gzip_and_bom(tmp_path):
    data = invented_cards()[:2]
    plain = tmp_path / "a.json"
    plain.write_bytes(b"\xef\xbb\xbf" + json.dumps(data).encode())
    packed = tmp_path / "b.json.gz"
    packed.write_bytes(gzip.compress(json.dumps(data).encode()))
    for path in (plain, packed):
        with open_json_text(path) as fp:
            assert list(iter_json_array(fp)) == data


def test_stream_invalid_utf8(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b'[{"name": "\xff"}]')
    with open_json_text(path) as fp, pytest.raises(JSONShapeError, match="UTF-8"):
        list(iter_json_array(fp))
