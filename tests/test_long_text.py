"""Very long rules texts: checked (not refused by spaCy's max_length), and nothing is
scanned again once per finding.  Their speed is measured by benchmarks/bench_long_card.py."""

from __future__ import annotations

import json

from linter import engine, fixes_codecs
from linter.fixes import fixability, run_fixes
from linter.readers import read_text

LINE = "When this creature enters the battlefield, target creature gets +1/+1 until end of turn. " * 11


def test_a_text_longer_than_spacys_limit_is_checked():
    lines = 1_000_100 // (len(LINE) + 1) + 1
    text = "\n".join([LINE] * lines)
    assert len(text) > 1_000_000  # spaCy's default max_length
    body = "".join(f"  {line}\n" for line in text.splitlines())
    result = read_text(f"name: Endless Scroll\ntype_line: Creature — Elf\noracle_text: |-\n{body}", "long.yaml")
    errors: list = []
    found = engine.lint_cards(result.cards, select=["TPL001"], errors=errors)
    assert errors == []
    assert len(found) == 11 * lines  # every "enters the battlefield" of the text
    assert result.cards[0].faces[0].parsed.abilities


def _json_card(text: str) -> str:
    return json.dumps([{"object": "card", "name": "Long Card", "layout": "normal", "mana_cost": "{1}{U}",
                        "type_line": "Creature — Human Wizard", "oracle_text": text,
                        "power": "1", "toughness": "1"}])


def test_a_json_field_is_scanned_once_however_many_findings_it_has(monkeypatch):
    calls = []
    original = fixes_codecs._json_field_style

    def counted(raw):
        calls.append(len(raw))
        return original(raw)

    monkeypatch.setattr(fixes_codecs, "_json_field_style", counted)
    text = "\n".join(["When this creature enters the battlefield, draw a card."] * 40)
    result = read_text(_json_card(text), "long.json")
    found = engine.lint_cards(result.cards, select=["TPL001"])
    assert len(found) == 40
    assert fixability(found, result.cards) == []  # every fix can be written
    assert len(calls) == 1


def test_a_long_json_text_is_fixed(tmp_path):
    path = tmp_path / "long.json"
    path.write_text(_json_card("\n".join(["When this creature enters the battlefield, draw a card."] * 300)),
                    encoding="utf-8")
    run = run_fixes([str(path)], select=["TPL001"])
    assert run.total_fixed == 300 and run.report.diagnostics == []
    assert json.loads(path.read_text(encoding="utf-8"))[0]["oracle_text"] == \
        "\n".join(["When this creature enters, draw a card."] * 300)
