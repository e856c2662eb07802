"""``oraclelint export``: cards of any supported format written as Scryfall JSON or our YAML.

The cards are invented.  Reading a YAML export gives the same cards; the
Scryfall export is a list of card objects that the Oracle index accepts; one
printing of a card is written once and, by default, the newest version of a
name.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter.cli import main
from linter.export import card_fields, dump_scryfall, dump_yaml, release_date, select_cards, write_file
from linter.readers import read_file, read_text

FACE_FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense",
               "colors", "color_indicator", "cmc", "flavor_text")


def signature(card) -> tuple:
    """Everything of a card that an export carries (format-specific extras left out)."""
    faces = tuple(tuple(getattr(f, k) for k in FACE_FIELDS) for f in card.faces)
    extra = tuple(sorted((k, v if not isinstance(v, list) else tuple(v)) for k, v in card.extra.items()
                         if k in ("type_line", "mana_cost", "colors", "oraclelint-ignore")))
    return (card.name, card.layout, faces, card.color_identity, card.cmc, card.keywords, card.is_token,
            card.set_code, card.released, extra)


def cockatrice(code: str, released: str, cards: str) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
  <sets>
    <set><name>{code}</name><longname>Invented {code}</longname><releasedate>{released}</releasedate></set>
  </sets>
  <cards>
{cards}
  </cards>
</cockatrice_carddatabase>
"""


def entry(name: str, *, code: str, cost: str | None = None, type_: str = "Creature — Elemental",
          text: str = "", pt: str | None = None, colors: str = "", extra: str = "") -> str:
    parts = [f"<name>{name}</name>", f"<text>{text}</text>", "<prop>"]
    if colors:
        parts.append(f"<colors>{colors}</colors>")
    parts.append(f"<type>{type_}</type>")
    if cost is not None:
        parts.append(f"<manacost>{cost}</manacost>")
    if pt is not None:
        parts.append(f"<pt>{pt}</pt>")
    parts.append("</prop>")
    parts.append(f'<set rarity="Common">{code}</set>')
    return "    <card>" + "".join(parts) + extra + "</card>"


SET_A = cockatrice("AAA", "2021-06-04", "\n".join([
    entry("Quarry Sprinter", code="AAA", cost="1R", colors="R", type_="Creature — Elemental Warrior",
          text="Haste\nWhen Quarry Sprinter enters the battlefield, scry 1.", pt="2/1"),
    entry("Duskmoor Apprentice", code="AAA", cost="1U", colors="U", type_="Creature — Human Wizard",
          text="At the beginning of your upkeep, you may transform Duskmoor Apprentice.", pt="1/2",
          extra='<related attach="transform">Gloomwake Shade</related>'),
    entry("Gloomwake Shade", code="AAA", colors="B", type_="Creature — Spirit", text="Flying", pt="3/2",
          extra='<reverse-related attach="transform">Duskmoor Apprentice</reverse-related>'),
    entry("Spark // Smolder", code="AAA", cost="R // 1R", colors="R", type_="Instant // Instant",
          text="Spark deals 1 damage to any target.\n---\nSmolder deals 2 damage to any target &amp; you gain 1 life."),
    entry("Ember Spirit", code="AAA", colors="R", type_="Token Creature — Elemental Spirit", text="Haste",
          pt="1/1", extra="<token>1</token>"),
    entry("Vessa, Tidecaller", code="AAA", cost="2UU", colors="U", type_="Legendary Planeswalker — Vessa",
          text="+1: Draw a card.\n\u22122: Return target creature to its owner\u2019s hand.",
          extra="<loyalty>4</loyalty>"),
]))

SET_B = cockatrice("BBB", "2025-02-14", "\n".join([
    entry("Quarry Sprinter", code="BBB", cost="1R", colors="R", type_="Creature — Elemental Warrior",
          text="Haste\nWhen this creature enters, scry 1.", pt="2/1"),
    entry("Vessa, Tidecaller", code="BBB", cost="2UU", colors="U", type_="Legendary Planeswalker — Vessa",
          text="+1: Draw a card.\n\u22122: Return target creature to its owner\u2019s hand.",
          extra="<loyalty>4</loyalty>"),
    entry("Ember Spirit", code="BBB", colors="R", type_="Token Creature — Elemental Spirit", text="Haste, trample",
          pt="2/1", extra="<token>1</token>"),
]))

#: values that YAML would read as something else, or that need care to write
AWKWARD_YAML = """
name: "Yes"
mana_cost: "{X}{X}{G}"
type_line: Creature — Ooze
oracle_text: "null: 1 # not a comment\\n  leading spaces\\ntrailing space \\n\\ttab"
power: "*"
toughness: "1+*"
flavor_text: "ends with a line break\\n"
colors: []
color_identity: [G]
keywords: [Trample]
cmc: 1.5
oraclelint-ignore: [CHR004]
---
name: "012"
mana_cost: ""
type_line: Land
oracle_text: "{T}: Add {C}.\\n{T}: Add {G}.\\n: odd line"
set: "2X2"
released_at: "2024-01-05"
"""


def _read(text: str, name: str):
    result = read_text(text, path=name)
    assert result.error is None, result.error.describe()
    return result.cards


@pytest.fixture()
def sets(tmp_path) -> Path:
    folder = tmp_path / "sets"
    folder.mkdir()
    (folder / "AAA.xml").write_text(SET_A, encoding="utf-8")
    (folder / "BBB.xml").write_text(SET_B, encoding="utf-8")
    return folder


# -- one card ------------------------------------------------------------------------------


def test_scryfall_fields_of_a_single_faced_card():
    (card,) = _read("name: Quarry Sprinter\nmana_cost: '{1}{R}'\ntype_line: Creature — Elemental\n"
                    "power: '2'\ntoughness: '1'\ncolors: [R]\ncmc: 2\n", "a.yaml")
    fields = card_fields(card, "scryfall")
    assert fields == {"object": "card", "name": "Quarry Sprinter", "layout": "normal", "mana_cost": "{1}{R}",
                      "cmc": 2.0, "type_line": "Creature — Elemental", "power": "2", "toughness": "1",
                      "colors": ["R"]}
    assert "oracle_text" not in fields and "loyalty" not in fields  # absent fields are left out


def test_scryfall_fields_of_a_double_faced_card(sets):
    cards = read_file(str(sets / "AAA.xml")).cards
    dfc = next(c for c in cards if c.name.startswith("Duskmoor"))
    fields = card_fields(dfc, "scryfall")
    assert fields["name"] == "Duskmoor Apprentice // Gloomwake Shade"
    assert fields["layout"] == "transform"
    assert fields["type_line"] == "Creature — Human Wizard // Creature — Spirit"
    front, back = fields["card_faces"]
    assert front["object"] == back["object"] == "card_face"
    assert (front["name"], front["mana_cost"], front["power"]) == ("Duskmoor Apprentice", "{1}{U}", "1")
    assert back["mana_cost"] == "" and back["color_indicator"] == ["B"]
    assert "oracle_text" not in fields  # the faces hold the text
    yaml_fields = card_fields(dfc, "yaml")
    assert "object" not in yaml_fields and "type_line" not in yaml_fields
    assert "object" not in yaml_fields["card_faces"][0]


# -- round trips --------------------------------------------------------------------------------


def test_yaml_export_reads_back_as_the_same_cards(sets):
    cards = read_file(str(sets / "AAA.xml")).cards + _read(AWKWARD_YAML, "awkward.yaml")
    text = dump_yaml(cards)
    back = read_text(text, path="export.yaml")
    assert back.error is None and back.warnings == []
    assert [signature(c) for c in back.cards] == [signature(c) for c in cards]


def test_yaml_export_writes_multi_line_text_as_literal_blocks(sets):
    cards = read_file(str(sets / "AAA.xml")).cards
    text = dump_yaml(cards[:1])
    assert text.startswith("---\nname: Quarry Sprinter\n")
    assert "oracle_text: |-\n  Haste\n  When Quarry Sprinter enters the battlefield, scry 1.\n" in text
    assert "colors: [R]" in text


def test_yaml_export_follows_the_schema(sets):
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    schema = json.loads((Path(__file__).resolve().parents[1] / "linter" / "schemas"
                         / "card-yaml.schema.json").read_text(encoding="utf-8"))
    cards = read_file(str(sets / "AAA.xml")).cards + _read(AWKWARD_YAML, "awkward.yaml")
    for doc in yaml.safe_load_all(dump_yaml(cards)):
        jsonschema.validate(doc, schema)


def test_scryfall_export_reads_back_and_builds_an_index(sets, tmp_path):
    from linter.oracle.index import OracleIndex, build_index_from_cards

    cards = read_file(str(sets / "AAA.xml")).cards + _read(AWKWARD_YAML, "awkward.yaml")
    text = dump_scryfall(cards)
    assert text.startswith("[\n{\"object\": \"card\"") and text.count("\n") == len(cards) + 2
    back = read_text(text, path="export.json")
    assert back.format == "scryfall"
    # the Scryfall export adds the whole card's type line to multi-faced cards; the rest is the same
    for card in back.cards:
        card.extra.pop("type_line", None)
    assert [signature(c) for c in back.cards] == [signature(c) for c in cards]
    count = build_index_from_cards(json.loads(text), tmp_path / "ix.sqlite3", {"data_date": "2026-05-01"})
    assert count == len(cards)
    with OracleIndex.open(tmp_path / "ix.sqlite3") as index:
        assert index.lookup("Gloomwake Shade").face("Gloomwake Shade")["color_indicator"] == ["B"]
        assert index.lookup("Smolder").mana_cost is None
        assert index.lookup("Spark // Smolder").faces[1]["oracle_text"].endswith("& you gain 1 life.")


def test_empty_exports():
    assert dump_scryfall([]) == "[]\n"
    assert dump_yaml([]) == ""


# -- which printings --------------------------------------------------------------------------


def test_newest_version_of_a_name_is_kept(sets):
    cards = read_file(str(sets / "AAA.xml")).cards + read_file(str(sets / "BBB.xml")).cards
    sel = select_cards(cards)
    by_name = {c.name: c for c in sel.cards}
    assert len(by_name) == len(sel.cards) - 1  # both Ember Spirit tokens stay
    assert by_name["Quarry Sprinter"].set_code == "BBB"
    assert by_name["Quarry Sprinter"].faces[0].oracle_text.endswith("When this creature enters, scry 1.")
    assert by_name["Vessa, Tidecaller"].set_code == "BBB"  # identical printings: the newest one
    assert sorted(c.set_code for c in sel.cards if c.name == "Ember Spirit") == ["AAA", "BBB"]
    assert (sel.merged, sel.superseded) == (1, 1)
    # the first card read keeps its place in the output
    assert [c.name for c in sel.cards][0] == "Quarry Sprinter"


def test_all_versions_keeps_each_distinct_version(sets):
    cards = read_file(str(sets / "BBB.xml")).cards + read_file(str(sets / "AAA.xml")).cards
    sel = select_cards(cards, all_versions=True)
    assert sorted(c.set_code for c in sel.cards if c.name == "Quarry Sprinter") == ["AAA", "BBB"]
    assert [c.set_code for c in sel.cards if c.name == "Vessa, Tidecaller"] == ["BBB"]
    assert (sel.merged, sel.superseded) == (1, 0)


def test_identical_printings_in_one_file_are_written_once():
    text = ("---\nname: Sapsnap\nmana_cost: '{G}'\ntype_line: Instant\n"
            "---\nname: Sapsnap\nmana_cost: '{G}'\ntype_line: Instant\n")
    sel = select_cards(_read(text, "twice.yaml"))
    assert len(sel.cards) == 1 and sel.merged == 1


def test_dates_that_decide_the_newest():
    old, undated, new, far = _read(
        "---\nname: Zog\ntype_line: Creature — Rat\noracle_text: A\nreleased_at: '2020-01-01'\n"
        "---\nname: Zog\ntype_line: Creature — Rat\noracle_text: B\n"
        "---\nname: Zog\ntype_line: Creature — Rat\noracle_text: C\nreleased_at: '2024-01-01'\n"
        "---\nname: Zog\ntype_line: Creature — Rat\noracle_text: D\nreleased_at: '2109-11-07'\n", "zog.yaml")
    assert release_date(undated) == "" and release_date(far) == ""  # a year ahead: a typo, not a date
    assert release_date(new) == "2024-01-01"
    assert select_cards([old, undated, new, far]).cards[0] is new
    assert select_cards([undated, far]).cards[0] is undated  # equally undated: the first read
    assert select_cards([far, undated]).cards[0] is far


# -- writing files --------------------------------------------------------------------------


def test_write_file_replaces_atomically_and_keeps_the_mode(tmp_path):
    target = tmp_path / "out.json"
    write_file(target, "first\n")
    assert target.read_text() == "first\n"
    os.chmod(target, 0o640)
    write_file(target, "second\n")
    assert target.read_text() == "second\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left


def test_write_file_refuses_a_missing_folder_or_a_directory(tmp_path):
    from linter.export import ExportError

    with pytest.raises(ExportError, match="does not exist"):
        write_file(tmp_path / "nowhere" / "out.json", "x")
    with pytest.raises(ExportError, match="is a directory"):
        write_file(tmp_path, "x")


# -- the command ------------------------------------------------------------------------------


def test_export_command_to_stdout(sets):
    result = CliRunner().invoke(main, ["export", "--format", "scryfall", str(sets)])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data) == 6
    assert result.stderr == ("oraclelint: exported 6 cards from 2 files as scryfall (1 identical printing "
                             "written once; 1 older version left out for the newest)\n")


def test_export_command_to_a_file(sets, tmp_path):
    out = tmp_path / "cards.yaml"
    result = CliRunner().invoke(main, ["export", "--format", "yaml", "-o", str(out),
                                                       "--all-versions", str(sets)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert f"as yaml to {out}" in result.stderr
    back = read_file(str(out))
    assert back.error is None and len(back.cards) == 7


def test_export_command_with_an_unreadable_file(sets, tmp_path):
    (sets / "notes.json").write_text('{"not": "cards"}', encoding="utf-8")  # passed over: no card file
    (sets / "broken.json").write_text('[{"name": "A", "type_line": "Instant",}]', encoding="utf-8")
    out = tmp_path / "cards.json"
    result = CliRunner().invoke(main, ["export", "--format", "scryfall", "-o", str(out), str(sets)])
    assert result.exit_code == 1
    assert "broken.json: line 1" in result.stderr and "notes.json" not in result.stderr
    assert len(json.loads(out.read_text(encoding="utf-8"))) == 6


def test_export_command_writes_nothing_when_nothing_is_readable(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<cockatrice_carddatabase><cards><card>", encoding="utf-8")
    out = tmp_path / "out.json"
    out.write_text("kept\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["export", "--format", "scryfall", "-o", str(out), str(bad)])
    assert result.exit_code == 2
    assert "nothing written" in result.stderr
    assert out.read_text(encoding="utf-8") == "kept\n"


def test_export_command_usage_errors(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["export", "--format", "scryfall"]).exit_code == 2
    assert runner.invoke(main, ["export", str(tmp_path)]).exit_code == 2  # --format is required
    assert runner.invoke(main, ["export", "--format", "csv", str(tmp_path)]).exit_code == 2
    result = runner.invoke(main, ["export", "--help"])
    assert "written once" in result.stdout and "--all-versions" in result.stdout


def test_export_command_cannot_write(sets, tmp_path):
    result = CliRunner().invoke(
        main, ["export", "--format", "scryfall", "-o", str(tmp_path / "missing" / "x.json"), str(sets)])
    assert result.exit_code == 2
    assert "does not exist" in result.stderr


# -- real cards ---------------------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.slow
def test_real_cards_round_trip_through_yaml(shared_data):
    """Every real card file reads back from its YAML export as the same cards."""
    from linter.engine import read_paths

    for result in read_paths([str(shared_data / "cards")]):
        assert result.error is None, result.path
        back = read_text(dump_yaml(result.cards), path="export.yaml")
        assert back.error is None and back.warnings == [], result.path
        assert [signature(c) for c in back.cards] == [signature(c) for c in result.cards], result.path


def test_yaml_keeps_what_the_file_says_of_the_product_and_scryfall_leaves_it_out():
    text = ("name: Jester's Pie\nmana_cost: '{R}'\ntype_line: Instant\nset_type: funny\nborder_color: silver\n"
            "promo_types: [playtest]\ndigital: false\n")
    card = read_text(text, path="cards.yaml").cards[0]
    fields = card_fields(card)
    assert (fields["set_type"], fields["border_color"], fields["promo_types"], fields["digital"]) == \
        ("funny", "silver", ["playtest"], False)
    again = read_text(dump_yaml([card]), path="again.yaml").cards[0]
    assert (again.set_type, again.border_color, again.promo_types) == ("funny", "silver", ("playtest",))
    assert "set_type" not in card_fields(card, "scryfall")
