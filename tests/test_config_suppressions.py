"""Inline suppressions: YAML comments, the oraclelint-ignore field, malformed and unused ones."""

from __future__ import annotations

import pytest

from linter import readers
from linter.diagnostics import Diagnostic
from linter.selection import Selection
from linter.suppress import DIRECTIVE, apply, collect, parse_directive

KNOWN = ["RUL001", "RUL002", "SYM001", "SYM002", "SUP001", "SUP002"]

CARDS = """\
# oraclelint: ignore[RUL002]
name: Hasty Ritual
mana_cost: "{R}"
type_line: Sorcery
oracle_text: "{T}: Add {R}{R}."
---
name: Meadow Courier
# oraclelint: ignore RUL002
mana_cost: "{1}{W}"
type_line: Creature — Human Scout
oracle_text: Vigilance
oraclelint-ignore: [SYM001, rul001]
---
name: Quiet Bell
oraclelint-ignore:
  - SYM002
  - bogus
type_line: Artifact
"""


def read(text: str, path: str = "set.yaml"):
    result = readers.read_text(text, path)
    assert result.error is None, result.error
    return result.cards


def diag(card, code: str, severity: str = "warning") -> Diagnostic:
    return Diagnostic(code=code, name="x-y", category="rules", severity=severity, message="m",
                      path=card.source.path, line=1, column=1, card=card.name, card_obj=card)


def by_name(cards):
    return {c.name: c for c in cards}


def test_directive_syntax():
    assert parse_directive("# oraclelint: ignore[RUL002]") == ("RUL002",)
    assert parse_directive("oraclelint:ignore[ rul002 ,SYM001, ]") == ("RUL002", "SYM001")
    for bad in ("oraclelint: ignore RUL002", "oraclelint: ignore[]", "oraclelint: ignore[RUL-2]",
                "oraclelint: noqa", "oraclelint: ignore[RUL002"):
        assert parse_directive(bad) is None, bad
        assert DIRECTIVE.search(bad).group("bad") is not None


def test_collect_finds_each_form_on_its_own_card():
    cards = read(CARDS)
    sups, bad = collect(cards)
    assert [(s.card.name, s.codes, s.line) for s in sups] == [
        ("Hasty Ritual", ("RUL002",), 1),  # a comment right above the card belongs to it
        ("Meadow Courier", ("SYM001", "RUL001"), 12),
    ]
    assert [(b.card.name, b.line, b.column) for b in bad] == [("Meadow Courier", 8, 3), ("Quiet Bell", 16, 3)]
    assert bad[0].text == "oraclelint: ignore RUL002"


def test_used_suppressions_drop_findings_and_unused_ones_are_reported():
    cards = by_name(read(CARDS))
    ritual, courier, bell = cards["Hasty Ritual"], cards["Meadow Courier"], cards["Quiet Bell"]
    ds = [diag(ritual, "RUL002", "error"), diag(ritual, "SYM001"), diag(courier, "SYM001"),
          diag(bell, "SYM002")]
    out = apply(cards.values(), ds, known_codes=KNOWN)
    got = [(d.code, d.card, d.severity, d.line) for d in out]
    assert ("RUL002", "Hasty Ritual", "error", 1) not in got  # suppressed
    assert ("SYM001", "Hasty Ritual", "warning", 1) in got  # another code on the same card stays
    assert ("SYM001", "Meadow Courier", "warning", 1) not in got
    assert ("SYM002", "Quiet Bell", "warning", 1) in got  # its field is malformed: suppresses nothing
    unused = [d for d in out if d.code == "SUP002"]
    assert [(d.card, d.severity, d.message, d.line) for d in unused] == [
        ("Meadow Courier", "info", "unused suppression: no RUL001 finding on this card", 12)]
    malformed = sorted((d.card, d.severity, d.line) for d in out if d.code == "SUP001")
    assert malformed == [("Meadow Courier", "error", 8), ("Quiet Bell", "error", 16)]


def test_a_suppression_of_a_check_that_did_not_run_is_not_unused():
    cards = read("name: A\ntype_line: Sorcery\n# oraclelint: ignore[RUL002]\n")
    out = apply(cards, [], selection=Selection(select=["SYM", "SUP"]), known_codes=KNOWN)
    assert out == []
    out = apply(cards, [], known_codes=KNOWN)
    assert [d.code for d in out] == ["SUP002"]


def test_an_unknown_code_is_reported():
    cards = read("name: A\ntype_line: Sorcery\n# oraclelint: ignore[ZZZ999]\n")
    out = apply(cards, [], known_codes=KNOWN)
    assert [d.message for d in out] == ["suppression names ZZZ999, which is not a check code"]


def test_sup_checks_can_be_switched_off():
    cards = read("name: A\ntype_line: Sorcery\n# oraclelint: ignore RUL002\n# oraclelint: ignore[RUL001]\n")
    assert apply(cards, [], selection=Selection(ignore=["SUP"]), known_codes=KNOWN) == []


def test_comment_indented_in_the_previous_entry_stays_with_it():
    text = """\
cards:
  - name: First
    type_line: Sorcery
    # oraclelint: ignore[RUL002]
  # oraclelint: ignore[SYM001]
  - name: Second
    type_line: Instant
"""
    sups, bad = collect(read(text))
    assert not bad
    assert [(s.card.name, s.codes) for s in sups] == [("First", ("RUL002",)), ("Second", ("SYM001",))]


def test_a_comment_after_a_blank_line_at_the_top_belongs_to_no_card():
    sups, _ = collect(read("# oraclelint: ignore[RUL002]\n\nname: A\ntype_line: Sorcery\n"))
    assert sups == []


def test_json_field_forms():
    text = (
        '[{"name": "A", "type_line": "Sorcery", "oraclelint-ignore": ["RUL002", "SYM001"]},\n'
        ' {"name": "B", "type_line": "Sorcery", "oraclelint-ignore": "RUL001"},\n'
        ' {"name": "C", "type_line": "Sorcery", "oraclelint-ignore": {"x": 1}}]\n'
    )
    cards = read(text, "set.json")
    sups, bad = collect(cards)
    assert [(s.card.name, s.codes, s.line) for s in sups] == [("A", ("RUL002", "SYM001"), 1),
                                                              ("B", ("RUL001",), 2)]
    assert [(b.card.name, b.line) for b in bad] == [("C", 3)]


def test_minified_json_keeps_each_suppression_with_its_card():
    text = ('[{"name":"A","type_line":"Sorcery","oraclelint-ignore":"RUL002"},'
            '{"name":"B","type_line":"Sorcery","oraclelint-ignore":["SYM001"]}]')
    sups, bad = collect(read(text, "set.json"))
    assert not bad
    assert [(s.card.name, s.codes) for s in sups] == [("A", ("RUL002",)), ("B", ("SYM001",))]


def test_field_kept_by_a_reader_in_card_extra_is_used():
    (card,) = read("name: A\ntype_line: Sorcery\n")
    card.extra["oraclelint-ignore"] = ["RUL002"]
    sups, bad = collect([card])
    assert [s.codes for s in sups] == [("RUL002",)] and not bad
    card.extra["oraclelint-ignore"] = [3]
    sups, bad = collect([card])
    assert not sups and len(bad) == 1


def test_notes_text_in_a_xml_comment_counts():
    text = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
<cards>
<card>
<name>Hasty Ritual</name>
<!-- oraclelint: ignore[RUL002] -->
<prop><type>Sorcery</type><maintype>Sorcery</maintype><manacost>R</manacost><cmc>1</cmc></prop>
<text>{T}: Add {R}{R}.</text>
</card>
</cards>
</cockatrice_carddatabase>
"""
    cards = read(text, "set.xml")
    sups, bad = collect(cards)
    assert [(s.card.name, s.codes) for s in sups] == [("Hasty Ritual", ("RUL002",))] and not bad


@pytest.mark.parametrize("cls_path", ["linter.checks.SUP001:MalformedSuppression",
                                      "linter.checks.SUP002:UnusedSuppression"])
def test_suppression_checks_are_registered_and_documented(cls_path):
    from importlib import import_module

    from linter.checks.base import all_checks

    mod, name = cls_path.split(":")
    cls = getattr(import_module(mod), name)
    assert all_checks()[cls.code] is cls
    assert cls.needs_parse is False
    assert set(cls.doc_sections()) >= {"What it does", "Why is this bad?", "Example", "Use instead",
                                       "Fix safety"}


def test_mse_notes_field_in_a_set_file():
    # Cards as an MSE reader builds them: each card's location is its "card:" block.
    from linter.model import Card, Face
    from linter.source import Loc, SourceFile

    text = (
        "mse version: 0.3.8\n"
        "card:\n\tname: Hasty Ritual\n\tsuper type: Sorcery\n\trule text: T: Add RR.\n"
        "\tnotes: oraclelint: ignore[RUL002]\n"
        "card:\n\tname: Meadow Courier\n\tsuper type: Creature\n\tnotes: needs art\n"
    )
    src = SourceFile("set.mse-set", text)
    cards = []
    for name in ("Hasty Ritual", "Meadow Courier"):
        at = text.index(f"\tname: {name}") - len("card:\n")
        cards.append(Card(name=name, faces=[Face(name=name)], source=src, loc=Loc(src, at)))
    sups, bad = collect(cards)
    assert [(s.card.name, s.codes, s.line) for s in sups] == [("Hasty Ritual", ("RUL002",), 6)] and not bad


@pytest.mark.parametrize("seed", range(3))
def test_a_file_mentions_oraclelint_in_any_case_the_regex_ignoring_case_finds(seed: int) -> None:
    import random
    import re

    from linter.suppress import mentions_oraclelint

    rng = random.Random(seed)
    ignoring_case = re.compile("oraclelint", re.IGNORECASE)
    # each letter in either case ("i" also as the dotted and dotless I that match it), one
    # letter now and then another, and the word cut short
    letters = {c: [c, c.upper()] + (["\u0130", "\u0131"] if c == "i" else []) for c in "oraclelint"}
    for _ in range(400):
        word = "".join(rng.choice(letters[c]) for c in "oraclelint")
        if rng.random() < 0.3:
            k = rng.randrange(len(word))
            word = word[:k] + rng.choice("xoO\u0130 ") + word[k + 1:]
        if rng.random() < 0.1:
            word = word[:rng.randrange(len(word))]
        text = rng.choice(["", "name: Vale\n# ", "{\"o\": \"O"]) + word + rng.choice(["", "\n", ": ignore[RUL002]"])
        assert mentions_oraclelint(text) == (ignoring_case.search(text) is not None), text
