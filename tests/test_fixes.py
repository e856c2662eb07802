"""Fixes applied to card files: only the edited string's bytes change, in every format.

The fixes here are built by hand (checks register globally, so no test-only
check): a "check" finds a phrase in a field and proposes its replacement.
Each file is tried as written, with CRLF line endings, with a byte-order mark
and with both.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter import fixes
from linter.cli import main
from linter.diagnostics import Diagnostic, Edit, Fix
from linter.fixes import FileChanged, RawEdit, fix_round, unified_diff, write_atomic
from linter.readers import read_bytes, read_file

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "fixes"
BOM = b"\xef\xbb\xbf"
VARIANTS = {"lf": (False, False), "crlf": (True, False), "bom": (False, True), "crlf-bom": (True, True)}


# helpers ------------------------------------------------------------------------------------


def variant(data: bytes, name: str) -> bytes:
    crlf, bom = VARIANTS[name]
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    return (BOM if bom else b"") + data


def eol(name: str) -> bytes:
    return b"\r\n" if VARIANTS[name][0] else b"\n"


@pytest.fixture(params=list(VARIANTS))
def form(request) -> str:
    return request.param


def put(tmp_path: Path, fixture: str, form: str, name: str | None = None) -> Path:
    path = tmp_path / (name or Path(fixture).name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(variant((FIXTURES / fixture).read_bytes(), form))
    return path


def finding(card, face, field, edits, safe=True, code="TST900"):
    fix = Fix("replace", [Edit(a, b, t) for a, b, t in edits], safe=safe, face=face, field=field)
    return Diagnostic(code=code, name="test-fix", category="templating", severity="warning", message="m",
                      path=card.source.path, face=face, field=field, fix=fix, card_obj=card)


def phrase(result, old, new, fields=("oracle_text", "type_line"), safe=True, card=None):
    """What a phrase-replacing check would report: one finding per field holding ``old``."""
    out = []
    for c in result.cards:
        if card is not None and c.name != card:
            continue
        for i, f in enumerate(c.faces):
            for field in fields:
                v = getattr(f, field)
                if v and old in v:
                    k = v.index(old)
                    out.append(finding(c, i, field, [(k, k + len(old), new)], safe=safe))
    return out


def fix_file(path: Path, old: str, new: str, **kw):
    """Read ``path``, fix every ``old`` into ``new``; (round outcome, bytes before, bytes after)."""
    result = read_file(str(path))
    assert result.error is None, result.error
    outcome = fix_round(result, phrase(result, old, new, **kw))
    before = result.source.raw
    after = outcome.result.source.raw if outcome.result is not None else before
    return outcome, before, after


def expect_replaced(before: bytes, after: bytes, old: bytes, new: bytes, count: int = 1) -> None:
    """``after`` is ``before`` with exactly ``count`` occurrences of ``old`` replaced: every other byte kept."""
    assert before.count(old) >= count
    assert after == before.replace(old, new, count)


def no_temp_files(directory: Path) -> bool:
    return not [p for p in os.listdir(directory) if p.endswith(".oraclelint-tmp")]


# JSON: Scryfall, MTGJSON, LackeyBot -----------------------------------------------------------------


def test_scryfall_phrase_keeps_every_other_byte(tmp_path, form):
    path = put(tmp_path, "scryfall-escaped.json", form)
    outcome, before, after = fix_file(path, "enters the battlefield", "enters")
    assert len(outcome.applied) == 1 and not outcome.refused
    expect_replaced(before, after, b"enters the battlefield, you gain", b"enters, you gain")
    assert after.startswith(BOM) == VARIANTS[form][1]
    assert after.count(b"\r\n") == before.count(b"\r\n")


def test_json_non_ascii_follows_the_files_escapes(tmp_path, form):
    path = put(tmp_path, "scryfall-escaped.json", form)
    _, before, after = fix_file(path, "you gain 2 life.", "you gain 2 life \u2014 twice.")
    expect_replaced(before, after, b"you gain 2 life.", b"you gain 2 life \\u2014 twice.")


def test_json_non_ascii_stays_raw_in_a_raw_file(tmp_path, form):
    path = put(tmp_path, "scryfall-raw.json", form)
    _, before, after = fix_file(path, "you gain 2 life.", "you gain 2 life \u2014 twice.")
    expect_replaced(before, after, b"you gain 2 life.", "you gain 2 life \u2014 twice.".encode())


def test_json_upper_case_escapes_stay_upper_case(tmp_path):
    path = tmp_path / "upper.json"
    path.write_bytes(b'[{"name": "Caf\\u00E9 Owner", "type_line": "Creature \\u2014 Human",'
                     b' "oracle_text": "Vigilance", "mana_cost": "{W}"}]')
    _, before, after = fix_file(path, "Vigilance", "Vigilance \u00e9")
    expect_replaced(before, after, b"Vigilance", b"Vigilance \\u00E9")


def test_json_quotes_backslashes_and_control_characters_are_escaped(tmp_path, form):
    path = put(tmp_path, "scryfall-raw.json", form)
    _, before, after = fix_file(path, "a \\ note", 'a "new"\\\n\tline')
    expect_replaced(before, after, b"a \\\\ note", b'a \\"new\\"\\\\\\n\\tline')
    data = read_bytes(after, str(path))
    assert data.cards[0].faces[0].oracle_text.endswith('a "new"\\\n\tline')


def test_json_edit_after_escapes_maps_to_the_right_bytes(tmp_path, form):
    # the value holds \n, \" and \u2014 before the edited word
    path = put(tmp_path, "scryfall-escaped.json", form)
    _, before, after = fix_file(path, "note", "memo")
    expect_replaced(before, after, b"\\\\ note", b"\\\\ memo")


def test_json_fix_in_a_face_of_a_two_faced_card(tmp_path, form):
    path = put(tmp_path, "scryfall-escaped.json", form)
    _, before, after = fix_file(path, "transform Tidal Scholar", "transform this creature")
    expect_replaced(before, after, b"transform Tidal Scholar", b"transform this creature")


def test_mtgjson(tmp_path, form):
    path = put(tmp_path, "mtgjson-atomic.json", form)
    outcome, before, after = fix_file(path, "enters the battlefield", "enters")
    assert outcome.result is not None and outcome.result.format == "mtgjson"
    expect_replaced(before, after, b"enters the battlefield,", b"enters,")
    _, before, after = fix_file(path, "Creature \u2014 Goblin", "Creature \u2014 Goblin Scout")
    expect_replaced(before, after, b"Creature \\u2014 Goblin", b"Creature \\u2014 Goblin Scout")


def test_lackeybot_json(tmp_path, form):
    path = put(tmp_path, "lackeybot.json", form)
    outcome, before, after = fix_file(path, "enters the battlefield", "enters")
    assert outcome.result is not None and outcome.result.format == "lackeybot", outcome.refused
    expect_replaced(before, after, b"enters the battlefield,", b"enters,")


def test_number_values_are_not_exact_and_not_fixed(tmp_path):
    path = tmp_path / "n.json"
    path.write_bytes(b'[{"name": "Stone Golem", "type_line": "Artifact Creature \xe2\x80\x94 Golem", '
                     b'"mana_cost": "{4}", "oracle_text": "", "power": 3, "toughness": 3}]')
    result = read_file(str(path))
    outcome = fix_round(result, [finding(result.cards[0], 0, "power", [(0, 1, "4")])])
    assert outcome.result is None
    assert "not exact" in outcome.refused[0].reason


# Cockatrice XML --------------------------------------------------------------------------------------


def test_cockatrice_phrase_in_multi_line_text(tmp_path, form):
    path = put(tmp_path, "cockatrice.xml", form)
    outcome, before, after = fix_file(path, "enters the battlefield, you", "enters, you")
    assert len(outcome.applied) == 1 and not outcome.refused
    expect_replaced(before, after, b"enters the battlefield, you", b"enters, you")


def test_cockatrice_numeric_references_line_breaks_and_ampersands(tmp_path, form):
    path = put(tmp_path, "cockatrice.xml", form)
    _, before, after = fix_file(path, "scry 1.", "scry 1 & draw.\nNew line \u2014 <end>")
    new = b"scry 1 &amp; draw." + eol(form) + b"New line &#8212; &lt;end&gt;"
    expect_replaced(before, after, b"scry 1.\n" if form in ("lf", "bom") else b"scry 1.\r\n",
                    new + eol(form))
    card = read_bytes(after, str(path)).cards[0]
    assert "scry 1 & draw.\nNew line \u2014 <end>\n" in card.faces[0].oracle_text


def test_cockatrice_edit_across_an_entity(tmp_path, form):
    path = put(tmp_path, "cockatrice.xml", form)
    _, before, after = fix_file(path, "life & scry", "life, then scry")
    expect_replaced(before, after, b"life &amp; scry", b"life, then scry")


def test_cockatrice_raw_non_ascii_file_keeps_raw_text(tmp_path):
    data = (FIXTURES / "cockatrice.xml").read_bytes().replace(b"&#8212;", "\u2014".encode())
    path = tmp_path / "raw.xml"
    path.write_bytes(data)
    _, before, after = fix_file(path, "Creature \u2014 Elemental", "Creature \u2014 Elemental \u2014 x")
    expect_replaced(before, after, "Elemental".encode(), "Elemental \u2014 x".encode())


def test_cockatrice_cdata(tmp_path, form):
    path = put(tmp_path, "cockatrice.xml", form)
    outcome, before, after = fix_file(path, "enters the battlefield, scry", "enters \u2014 scry")
    assert len(outcome.applied) == 1
    expect_replaced(before, after, b"enters the battlefield, scry", "enters \u2014 scry".encode())
    # no references inside CDATA: an ampersand cannot be written there
    outcome, _, after2 = fix_file(path, "enters the battlefield, scry", "enters & scry")
    assert outcome.result is None and after2 == before
    assert "cannot be written" in outcome.refused[0].reason


@pytest.mark.parametrize("new, written", [("{G}{3}", b"G3"), ("{2}{G/W}", b"2G/W"), ("{3}{G}{G}", b"3GG")])
def test_a_mana_cost_written_without_braces_takes_the_new_one_without(tmp_path, new, written):
    path = put(tmp_path, "cockatrice.xml", "lf")
    result = read_file(str(path))
    card = result.cards[0]
    assert card.faces[0].mana_cost == "{3}{G}"
    outcome = fix_round(result, [finding(card, 0, "mana_cost", [(0, 6, new)])])
    assert len(outcome.applied) == 1, outcome.refused
    expect_replaced(result.source.raw, outcome.result.source.raw, b">3G<", b">" + written + b"<")
    assert outcome.result.cards[0].faces[0].mana_cost == new


def test_an_empty_cost_of_a_file_without_braces_is_filled_without_them(tmp_path):
    path = tmp_path / "cockatrice.xml"
    raw = (FIXTURES / "cockatrice.xml").read_bytes()
    # a colorless card without a cost (its colors left out too: the reader would take a
    # color without a cost for a color indicator)
    path.write_bytes(raw.replace(b"<manacost>3G</manacost>", b"<manacost></manacost>", 1)
                     .replace(b"<colors>G</colors>", b"", 1))
    result = read_file(str(path))
    card = result.cards[0]
    assert card.faces[0].mana_cost == ""
    outcome = fix_round(result, [finding(card, 0, "mana_cost", [(0, 0, "{4}")])])
    assert len(outcome.applied) == 1, outcome.refused
    expect_replaced(result.source.raw, outcome.result.source.raw, b"<manacost></manacost>",
                    b"<manacost>4</manacost>")


def test_a_cost_without_braces_in_a_file_that_keeps_costs_as_written_takes_braces(tmp_path):
    # a YAML card's cost is its text as written: a fix that braces it writes the braces
    path = tmp_path / "cards.yaml"
    path.write_bytes((FIXTURES / "cards.yaml").read_bytes().replace(b'"{3}{G}"', b'"3G"', 1))
    result = read_file(str(path))
    card = result.cards[0]
    assert card.faces[0].mana_cost == "3G"
    outcome = fix_round(result, [finding(card, 0, "mana_cost", [(0, 2, "{3}{G}")])])
    assert len(outcome.applied) == 1, outcome.refused
    expect_replaced(result.source.raw, outcome.result.source.raw, b'"3G"', b'"{3}{G}"')


def test_a_cost_the_notation_without_braces_cannot_write_is_refused(tmp_path):
    path = put(tmp_path, "cockatrice.xml", "lf")
    result = read_file(str(path))
    card = result.cards[0]
    outcome = fix_round(result, [finding(card, 0, "mana_cost", [(0, 6, "{1}{0}")])])  # "10" reads as {10}
    assert outcome.result is None
    assert "cannot be written" in outcome.refused[0].reason


@pytest.mark.parametrize("packaged", [False, True])
def test_an_mse_casting_cost_is_written_without_braces(tmp_path, packaged):
    import zipfile

    bare = _mse_card(tmp_path, "Flying")
    text = bare.read_bytes().replace(b"casting cost: 2U", b"casting cost: UW1")
    path = tmp_path / "cards.mse-set" if packaged else bare
    if packaged:
        with zipfile.ZipFile(path, "w") as zf:
            zf.writestr("set", text)
    else:
        path.write_bytes(text)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--no-show-source", "--select", "MAN001", "--fix",
                                       str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    fixed = zipfile.ZipFile(path).read("set") if packaged else path.read_bytes()
    assert fixed == text.replace(b"casting cost: UW1", b"casting cost: 1WU")


@pytest.mark.parametrize("fixture", ["cockatrice.xml", "scryfall-raw.json", "cards.yaml"])
def test_a_name_read_for_the_card_and_its_face_can_be_fixed(tmp_path, fixture):
    path = put(tmp_path, fixture, "lf")
    result = read_file(str(path))
    card = next(c for c in result.cards if c.name == "Gravel Sentinel")
    outcome = fix_round(result, [finding(card, 0, "name", [(0, 6, "Pebble")])])
    assert len(outcome.applied) == 1, outcome.refused
    fixed = next(c for c in outcome.result.cards if c.name == "Pebble Sentinel")
    assert fixed.faces[0].name == "Pebble Sentinel"
    expect_replaced(result.source.raw, outcome.result.source.raw, b"Gravel Sentinel", b"Pebble Sentinel", 1)


def test_a_fix_that_would_change_another_field_is_refused(tmp_path):
    # "A // B" in one entry: the faces' names are parts of the card's name
    path = tmp_path / "split.xml"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4"><cards>\n'
        "<card><name>Sear // Soothe</name><text>Sear deals 2 damage to any target.\n---\n"
        "You gain 2 life.</text><prop><type>Instant // Instant</type><manacost>R // W</manacost>"
        "</prop></card>\n</cards></cockatrice_carddatabase>\n", encoding="utf-8")
    result = read_file(str(path))
    card = result.cards[0]
    assert [f.name for f in card.faces] == ["Sear", "Soothe"]
    outcome = fix_round(result, [finding(card, 0, "name", [(0, 4, "Scorch")])])
    assert outcome.result is None
    assert "would not read back as intended" in outcome.refused[0].reason
    assert path.read_bytes() == result.source.raw


# YAML ---------------------------------------------------------------------------------------------


def test_yaml_every_scalar_style(tmp_path, form):
    path = put(tmp_path, "cards.yaml", form)
    outcome, before, after = fix_file(path, "enters the battlefield", "enters")
    # double-quoted, single-quoted, plain and literal: fixed; folded: its place is not exact
    assert len(outcome.applied) == 4
    assert [n.diagnostic.card for n in outcome.refused] == [None]
    assert "not exact" in outcome.refused[0].reason
    expected = before
    for name in (b"Gravel Sentinel", b"Harbor Lookout", b"Ember Courier", b"Tidal Scholar"):
        expected = expected.replace(name + b" enters the battlefield", name + b" enters")
    assert after == expected
    assert b"Moss Warden enters the battlefield" in after


def test_yaml_double_quoted_escapes(tmp_path, form):
    path = put(tmp_path, "cards.yaml", form)
    _, before, after = fix_file(path, '"Stone" \u2014 yes', 'no \u2014 "maybe" \\ \u00e9')
    expect_replaced(before, after, b'\\"Stone\\" \\u2014 yes', b'no \\u2014 \\"maybe\\" \\\\ \\u00E9')
    assert read_bytes(after, str(path)).cards[0].faces[0].oracle_text.endswith('no \u2014 "maybe" \\ \u00e9')


def test_yaml_single_quoted_doubles_quotes(tmp_path, form):
    path = put(tmp_path, "cards.yaml", form)
    _, before, after = fix_file(path, "it's time", "it's 'now'")
    expect_replaced(before, after, b"it''s time", b"it''s ''now''")
    # a line break cannot go into a single-quoted scalar
    outcome, _, same = fix_file(path, "it's time", "it's\ntime")
    assert outcome.result is None and same == before


def test_yaml_plain_scalar_refuses_text_that_would_read_differently(tmp_path, form):
    path = put(tmp_path, "cards.yaml", form)
    for bad in ("enters: then", "enters #1", "enters\nlater"):
        outcome, before, after = fix_file(path, "enters the battlefield", bad, card="Ember Courier")
        assert outcome.result is None and after == before, bad
        assert outcome.refused
    _, before, after = fix_file(path, "Creature \u2014 Goblin", "Creature \u2014 Goblin Scout")
    expect_replaced(before, after, "type_line: Creature \u2014 Goblin".encode(),
                    "type_line: Creature \u2014 Goblin Scout".encode())


def test_yaml_literal_block_takes_new_lines_with_its_indentation(tmp_path, form):
    path = put(tmp_path, "cards.yaml", form)
    _, before, after = fix_file(path, "draw a card.", "draw a card.\nThen discard a card.")
    expect_replaced(before, after, b"draw a card.", b"draw a card." + eol(form) + b"      Then discard a card.")
    face = read_bytes(after, str(path)).cards[3].faces[0]
    assert face.oracle_text == ("Flash\nWhen Tidal Scholar enters the battlefield, draw a card.\n"
                                "Then discard a card.\n  (an indented note: kept)")


def test_yaml_literal_block_first_line_keeps_its_indentation(tmp_path):
    path = put(tmp_path, "cards.yaml", "lf")
    outcome, before, after = fix_file(path, "Flash\nWhen Tidal", "  Flash\nWhen Tidal")
    assert outcome.result is None and after == before


BLOCKS = """\
cards:
- name: Alder Scout
  type_line: Creature — Elf
  oracle_text: |-
    When Alder Scout enters the battlefield, draw.
    Second line.
- name: Birch Scout
  type_line: Creature — Elf
  oracle_text: |2
      When Birch Scout enters the battlefield, draw.
    Second line.
- name: Cedar Scout
  type_line: Creature — Elf
  oracle_text: |+ # keep the final line breaks
    When Cedar Scout enters the battlefield, draw.

"""


def test_yaml_block_headers_strip_keep_and_explicit_indentation(tmp_path, form):
    path = tmp_path / "blocks.yaml"
    path.write_bytes(variant(BLOCKS.encode(), form))
    outcome, before, after = fix_file(path, "enters the battlefield, draw.", "enters, draw.\nThen more.")
    assert len(outcome.applied) == 3, outcome.refused
    expected = before
    for _ in range(3):  # each block's lines are indented by four spaces
        expected = expected.replace(b"enters the battlefield, draw.",
                                    b"enters, draw." + eol(form) + b"    Then more.", 1)
    assert after == expected
    assert [c.faces[0].oracle_text for c in read_bytes(after, str(path)).cards] == [
        "When Alder Scout enters, draw.\nThen more.\nSecond line.",
        "  When Birch Scout enters, draw.\nThen more.\nSecond line.",
        "When Cedar Scout enters, draw.\nThen more.\n\n",
    ]


# Magic Set Editor set file ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["lf", "bom"])
def test_mse_set_file_text_outside_markup(tmp_path, name):
    path = put(tmp_path, "mse/set", name, "mse/set")
    outcome, before, after = fix_file(path, "enters the battlefield, tap", "enters, tap")
    assert outcome.result is not None and outcome.result.format == "mse", outcome.refused
    expect_replaced(before, after, b"enters the battlefield, tap", b"enters, tap")


def test_mse_text_inside_editor_markup_is_not_edited(tmp_path):
    path = put(tmp_path, "mse/set", "lf", "mse/set")
    outcome, before, after = fix_file(path, "Brinebound Sentry enters", "this creature enters")
    assert outcome.result is None and after == before
    assert outcome.refused


_MSE_TAG_RX = re.compile(r"<[^<>]*>")


def _fixed_through_the_cli(path: Path, code: str) -> str:
    """``path`` after ``check --fix --select code``, which must end clean and leave nothing for
    a second run to fix (the fixes converge)."""
    args = ["check", "--no-cache", "--no-show-source", "--select", code, str(path)]
    result = CliRunner().invoke(main, args + ["--fix"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    again = CliRunner().invoke(main, args + ["--fix"], catch_exceptions=False)
    assert again.exit_code == 0 and "Fixed" not in again.output
    return text


def _mse_card(tmp_path: Path, rule_text: str) -> Path:
    path = tmp_path / "set"
    path.write_text("mse version: 0.3.8\ngame: magic\ncard:\n\tname: Brinebound Sentry\n\tcasting cost: 2U\n"
                    "\tsuper type: <word-list-type>Creature</word-list-type>\n"
                    f"\trule text: {rule_text}\n\tpower: 2\n\ttoughness: 2\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("element", [
    "<atom-cardname>Brinebound Sentry</atom-cardname>",
    "<atom-cardname><nospellcheck>Brinebound Sentry</nospellcheck></atom-cardname>",
])
@pytest.mark.parametrize("before_name, after_name", [
    ("When ", " enters, tap target creature."),
    # at the end of the field, inside a keyword's parameter: the span's end stands past the tags
    ("Ward\u2014Pay 2 life. <kw-a><nospellcheck>Partner with <param-name>", "</param-name></nospellcheck></kw-a>"),
])
def test_mse_name_element_is_replaced_whole_when_all_its_text_is(tmp_path, element, before_name, after_name):
    path = _mse_card(tmp_path, before_name + element + after_name)
    outcome, before, after = fix_file(path, "Brinebound Sentry", "this creature", fields=("oracle_text",))
    assert len(outcome.applied) == 1, outcome.refused
    expect_replaced(before, after, element.encode(), b"this creature")
    (card,) = read_bytes(after, str(path)).cards
    assert card.faces[0].oracle_text == _MSE_TAG_RX.sub("", before_name + "this creature" + after_name)


@pytest.mark.parametrize("rule_text, old", [
    # a part of the name only: the editor's copy of the name is not cut
    ("When <atom-cardname>Brinebound Sentry</atom-cardname> enters, tap target creature.", "Sentry"),
    # a spelling mark opened inside the element and closed after it would be left half
    ("When <atom-cardname>Brinebound <error-spelling:en_us>Sentry</atom-cardname>s</error-spelling:en_us> enters.",
     "Brinebound Sentry"),
    # the element stands in text the editor makes (a keyword's reminder): not replaced from inside
    ("<kw-a>Ward <param-cost>2</param-cost><atom-reminder-core> (Whenever <atom-cardname>Brinebound Sentry"
     "</atom-cardname> becomes the target of a spell, counter it.)</atom-reminder-core></kw-a>", "Brinebound Sentry"),
])
def test_mse_name_element_is_not_replaced_otherwise(tmp_path, rule_text, old):
    path = _mse_card(tmp_path, rule_text)
    assert old in read_file(str(path)).cards[0].faces[0].oracle_text
    outcome, before, after = fix_file(path, old, "this creature", fields=("oracle_text",))
    assert outcome.result is None and after == before
    assert outcome.refused


def test_mse_name_element_is_replaced_inside_text_the_designer_typed(tmp_path):
    # a keyword's parameter (<param-action>) and <nospellcheck> hold the designer's words
    devotion = ("<kw-0><nospellcheck>devotion to <param-action>white is less than five, <atom-cardname>"
                "<nospellcheck>Brinebound Sentry</nospellcheck></atom-cardname> isn't a creature"
                "</param-action></nospellcheck></kw-0>")
    path = _mse_card(tmp_path, f"As long as your {devotion}.")
    outcome, before, after = fix_file(path, "Brinebound Sentry", "this creature", fields=("oracle_text",))
    assert len(outcome.applied) == 1, outcome.refused
    expect_replaced(before, after, b"<atom-cardname><nospellcheck>Brinebound Sentry</nospellcheck></atom-cardname>",
                    b"this creature")
    (card,) = read_bytes(after, str(path)).cards
    assert card.faces[0].oracle_text == ("As long as your devotion to white is less than five, this creature"
                                         " isn't a creature.")


@pytest.mark.parametrize("keywords, fixed", [
    ("<kw-a><nospellcheck>Flying</nospellcheck></kw-a>, <kw-a><nospellcheck>Vigilance</nospellcheck></kw-a>",
     "<kw-a><nospellcheck>Flying</nospellcheck></kw-a>, <kw-a><nospellcheck>vigilance</nospellcheck></kw-a>"),
    ("<kw-a><nospellcheck>Flying</nospellcheck></kw-a>, <kw-a><nospellcheck>First Strike</nospellcheck></kw-a>",
     "<kw-a><nospellcheck>Flying</nospellcheck></kw-a>, <kw-a><nospellcheck>first strike</nospellcheck></kw-a>"),
])
def test_mse_keyword_case_is_fixed_inside_the_keyword_markup(tmp_path, keywords, fixed):
    path = _mse_card(tmp_path, keywords)
    assert f"\trule text: {fixed}\n" in _fixed_through_the_cli(path, "TPL006")


_MARK = "error-spelling:en_us:/magic.mse-game/magic-words"


def test_mse_spelling_mark_held_whole_by_a_fix_goes_with_it(tmp_path):
    path = _mse_card(tmp_path, f"<sym-auto>T</sym-auto>, Sacrifice Brinebound <{_MARK}>Sentri</{_MARK}>: Draw a card.")
    outcome, before, after = fix_file(path, "Brinebound Sentri", "this creature", fields=("oracle_text",))
    assert len(outcome.applied) == 1, outcome.refused
    expect_replaced(before, after, f"Brinebound <{_MARK}>Sentri</{_MARK}>".encode(), b"this creature")
    (card,) = read_bytes(after, str(path)).cards
    assert card.faces[0].oracle_text == "{T}, Sacrifice this creature: Draw a card."


def test_mse_mode_dash_in_a_spelling_mark_is_fixed_through_the_cli(tmp_path):
    path = tmp_path / "set"
    path.write_text("mse version: 0.3.8\ngame: magic\ncard:\n\tname: Tidal Choice\n\tcasting cost: 1U\n"
                    "\tsuper type: <word-list-type>Instant</word-list-type>\n\trule text:\n\t\tChoose one —\n"
                    f"\t\t<{_MARK}>-</{_MARK}> Draw a card.\n\t\t<{_MARK}>-</{_MARK}> Scry 2.\n", encoding="utf-8")
    assert "\t\t• Draw a card.\n\t\t• Scry 2.\n" in _fixed_through_the_cli(path, "TPL008")


def test_mse_spelling_mark_half_in_the_span_is_not_cut(tmp_path):
    # the mark holds a keyword too: replacing the dash would leave its closing tag without its opening one
    path = _mse_card(tmp_path, f"<{_MARK}><kw-1><nospellcheck>Constellation</nospellcheck></kw-1>-</{_MARK}> When"
                               " another enchantment enters, scry 1.")
    outcome, before, after = fix_file(path, "Constellation- ", "Constellation \u2014 ", fields=("oracle_text",))
    assert outcome.result is None and after == before
    assert outcome.refused


def test_mse_text_of_a_generated_reminder_is_not_edited(tmp_path):
    path = _mse_card(tmp_path, "<kw-a><nospellcheck>Evolve</nospellcheck><atom-reminder-expert> <i-auto>(Whenever a"
                               " creature enters the battlefield under your control, if it has greater power, put a"
                               " +1/+1 counter on this creature.)</i-auto></atom-reminder-expert></kw-a>")
    outcome, before, after = fix_file(path, "enters the battlefield", "enters", fields=("oracle_text",))
    assert outcome.result is None and after == before
    assert [n.reason for n in outcome.refused] == [
        "the text there is Magic Set Editor's own (<atom-reminder-expert>), not text typed in the card"]


def test_mse_self_reference_fixed_through_the_name_element(tmp_path):
    path = _mse_card(tmp_path, "When <atom-cardname><nospellcheck>Brinebound Sentry</nospellcheck></atom-cardname>"
                               " enters, tap target creature.")
    assert "\trule text: When this creature enters, tap target creature.\n" in _fixed_through_the_cli(path, "TPL003")


# several fixes -----------------------------------------------------------------------------------


def test_overlapping_fixes_wait_for_the_next_round(tmp_path):
    path = put(tmp_path, "scryfall-raw.json", "lf")
    result = read_file(str(path))
    card = result.cards[0]
    text = card.faces[0].oracle_text
    k = text.index("enters the battlefield")
    first = finding(card, 0, "oracle_text", [(k, k + 22, "enters")])
    second = finding(card, 0, "oracle_text", [(k + 7, k + 22, "here")])
    elsewhere = finding(card, 0, "oracle_text", [(0, 5, "Vigilance")])
    outcome = fix_round(result, [second, elsewhere, first])
    assert outcome.deferred == [second]
    assert {p.diagnostic.fix.edits[0].text for p in outcome.applied} == {"enters", "Vigilance"}
    assert outcome.result.cards[0].faces[0].oracle_text.startswith("Vigilance\nWhen Gravel Sentinel enters, ")


def test_the_same_edit_twice_is_applied_once(tmp_path):
    path = put(tmp_path, "scryfall-raw.json", "lf")
    result = read_file(str(path))
    found = phrase(result, "enters the battlefield", "enters") * 2
    outcome = fix_round(result, found)
    assert len(outcome.applied) == 2 and not outcome.deferred
    expect_replaced(result.source.raw, outcome.result.source.raw, b"enters the battlefield", b"enters")


def test_unsafe_fixes_only_when_asked(tmp_path):
    path = put(tmp_path, "scryfall-raw.json", "lf")
    result = read_file(str(path))
    found = phrase(result, "enters the battlefield", "enters", safe=False)
    assert fix_round(result, found).result is None
    assert fix_round(result, found, unsafe=True).result is not None


def test_second_round_changes_nothing(tmp_path, form):
    for fixture in ("scryfall-escaped.json", "cockatrice.xml", "cards.yaml", "mtgjson-atomic.json"):
        path = put(tmp_path, fixture, form)
        result = read_file(str(path))
        first = fix_round(result, phrase(result, "enters the battlefield", "enters"))
        again = first.result
        assert again is not None
        assert phrase(again, "enters the battlefield", "enters", fields=("oracle_text",)) == [] or \
            fixture == "cards.yaml"  # the folded block is left as it was
        second = fix_round(again, phrase(again, "enters the battlefield", "enters"))
        assert second.result is None and not second.applied


def test_refusals_sharing_a_reason_are_reported_once_per_file(tmp_path):
    path = put(tmp_path, "cards.yaml", "lf")
    result = read_file(str(path))
    found = [finding(c, 0, "oracle_text", [(0, 4, "Once")]) for c in result.cards]
    outcome = fix_round(result, found)
    lines = fixes.describe_refused(outcome.refused)
    assert lines == [f"{path}:1:1: TST900: fix not applied: the place of oracle_text in the file is not exact"]
    many = fixes.describe_refused([fixes.NotApplied(d, "same reason") for d in found[:3]])
    assert many == [f"{path}: 3 fixes not applied (TST900, the first at line 1): same reason"]


def test_a_fix_without_face_or_field_edits_the_findings_field(tmp_path):
    path = put(tmp_path, "scryfall-raw.json", "lf")
    result = read_file(str(path))
    d = phrase(result, "enters the battlefield", "enters")[0]
    d.fix.face = None
    outcome = fix_round(result, [d])
    assert len(outcome.applied) == 1
    d.fix.field = None
    assert len(fix_round(result, [d]).applied) == 1


def test_raw_edit_conflicts():
    assert RawEdit(0, 5, "a").conflicts(RawEdit(4, 8, "b"))
    assert not RawEdit(0, 5, "a").conflicts(RawEdit(5, 8, "b"))
    assert RawEdit(3, 3, "a").conflicts(RawEdit(3, 3, "b"))
    assert RawEdit(3, 3, "a").conflicts(RawEdit(1, 5, "b"))
    assert not RawEdit(3, 3, "a").conflicts(RawEdit(3, 3, "a"))


# the diff ----------------------------------------------------------------------------------------


def test_unified_diff_has_git_paths_and_marks_a_missing_final_newline():
    text = unified_diff("cards/set.json", b"one\ntwo", b"one\nthree")
    assert text.splitlines()[:2] == ["--- a/cards/set.json", "+++ b/cards/set.json"]
    assert text.endswith("+three\n\\ No newline at end of file\n")
    assert unified_diff("x.json", b"same\n", b"same\n") == ""


# writing -------------------------------------------------------------------------------------------


def test_write_atomic_keeps_mode_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "cards.json"
    path.write_bytes(b"old")
    os.chmod(path, 0o640)
    write_atomic(str(path), b"new", expected=b"old")
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert no_temp_files(tmp_path)


def test_a_file_changed_on_disk_is_not_written(tmp_path):
    path = put(tmp_path, "scryfall-raw.json", "lf")
    outcome, before, after = fix_file(path, "enters the battlefield", "enters")
    assert after != before
    path.write_bytes(before + b"\n")  # someone else saves the file after it was read
    with pytest.raises(FileChanged):
        write_atomic(str(path), after, expected=before)
    assert path.read_bytes() == before + b"\n"
    assert no_temp_files(tmp_path)


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failed_write_leaves_the_original(tmp_path, monkeypatch, failing):
    path = tmp_path / "cards.json"
    path.write_bytes(b"original")

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fixes.os, failing, boom)
    with pytest.raises(OSError):
        write_atomic(str(path), b"replacement", expected=b"original")
    monkeypatch.undo()
    assert path.read_bytes() == b"original"
    assert no_temp_files(tmp_path)


def test_an_interrupt_during_the_write_leaves_the_original(tmp_path, monkeypatch):
    path = tmp_path / "cards.json"
    path.write_bytes(b"original")
    real_chmod = os.chmod

    def interrupted(p, mode, *a, **kw):
        real_chmod(p, mode, *a, **kw)
        raise KeyboardInterrupt

    monkeypatch.setattr(fixes.os, "chmod", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(str(path), b"replacement")
    monkeypatch.undo()
    assert path.read_bytes() == b"original"
    assert no_temp_files(tmp_path)


def test_a_read_only_file_is_not_replaced(tmp_path):
    path = tmp_path / "cards.json"
    path.write_bytes(b"old")
    os.chmod(path, 0o444)
    with pytest.raises(PermissionError, match="read-only"):
        write_atomic(str(path), b"new", expected=b"old")
    assert path.read_bytes() == b"old" and no_temp_files(tmp_path)


def test_write_through_a_symbolic_link_keeps_the_link(tmp_path):
    target = tmp_path / "real.json"
    target.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(str(link), b"new", expected=b"old")
    assert link.is_symlink() and target.read_bytes() == b"new"
