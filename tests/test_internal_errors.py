"""A parse or a check that raises on one card: one FMT003 finding for that card, exit 2,
and every other card and file still checked (in one process and in worker processes)."""

from __future__ import annotations

import json

import pytest

from _helpers import run_cli
from linter import engine, parallel
from linter.checks.base import all_checks
from linter.readers import read_text

CARDS = """\
- name: Hasty Ritual
  type_line: Sorcery
  oracle_text: "{T}: Add {R}."
- name: Brittle Sprite
  type_line: Creature — Faerie
  oracle_text: Flying
- name: Quiet Ritual
  type_line: Instant
  oracle_text: "{T}: Draw a card."
"""


@pytest.fixture()
def failing_rul002(monkeypatch):
    """RUL002 (tap cost on an instant or sorcery) raises on the card named Quiet Ritual."""
    cls = all_checks()["RUL002"]
    original = cls.check_card

    def check_card(self, card):
        if card.name == "Quiet Ritual":
            raise KeyError("no such cost")
        return original(self, card)

    monkeypatch.setattr(cls, "check_card", check_card)


@pytest.fixture()
def failing_parse(monkeypatch):
    """The parse raises on every rules text that holds the word "Boom"."""
    from linter.nlp import pipeline

    original = pipeline.to_parsed

    def to_parsed(doc):
        if "Boom" in pipeline._state(doc).text:  # a batch's Doc holds no tokens: its text is in the state
            raise ValueError("the parser tripped")
        return original(doc)

    monkeypatch.setattr(pipeline, "to_parsed", to_parsed)


def test_a_failing_check_is_one_finding_for_its_card(failing_rul002):
    cards = read_text(CARDS, path="set.yaml").cards
    errors: list = []
    found = engine.lint_cards(cards, select=["RUL002", "TPL005"], errors=errors)
    (err,) = errors
    assert (err.code, err.card, err.path, err.severity) == ("FMT003", "Quiet Ritual", "set.yaml", "error")
    assert err.message.startswith("internal error: RUL002 failed on this card: KeyError: 'no such cost' (")
    assert err.line == 7  # where the card's entry starts
    # the same check still judged the other cards, and the card's other checks still ran
    assert [(d.code, d.card) for d in found if d.code == "RUL002"] == [("RUL002", "Hasty Ritual")]


def test_a_failing_check_from_the_command_line(tmp_path, failing_rul002):
    path = tmp_path / "set.yaml"
    path.write_text(CARDS, encoding="utf-8")
    other = tmp_path / "other.yaml"
    other.write_text("name: Quiet Ritual\ntype_line: Instant\noracle_text: \"{T}: Draw a card.\"\n",
                     encoding="utf-8")
    code, out = run_cli("check", "--no-show-source", "--select", "RUL002", str(path), str(other))
    assert code == 2
    lines = out.splitlines()
    assert f"{path}:7:3: FMT003 error: internal error: RUL002 failed on this card: KeyError: 'no such cost'" \
        in "\n".join(lines)
    assert any(line.startswith(f"{path}:3:") and "RUL002" in line for line in lines)  # Hasty Ritual
    assert sum(" FMT003 " in line for line in lines) == 2  # one per failing card, both files read
    assert "Traceback" not in out
    assert lines[-1].startswith("Found 3 problem(s)")


@pytest.mark.parametrize("fmt", ["json", "sarif", "github"])
def test_a_failing_check_in_every_format(tmp_path, failing_rul002, fmt):
    path = tmp_path / "set.yaml"
    path.write_text(CARDS, encoding="utf-8")
    code, out = run_cli("check", "--format", fmt, "--select", "RUL002", str(path))
    assert code == 2
    if fmt == "json":
        codes = [d["code"] for d in json.loads(out)["diagnostics"]]
        assert codes.count("FMT003") == 1
    elif fmt == "sarif":
        run = json.loads(out)["runs"][0]
        assert [r["ruleId"] for r in run["results"]].count("FMT003") == 1
        assert run["invocations"][0]["executionSuccessful"] is False
    else:
        assert any(line.startswith("::error ") and "FMT003" in line and "KeyError" in line
                   for line in out.splitlines())


def test_an_internal_error_is_never_filtered_out(tmp_path, failing_rul002):
    path = tmp_path / "set.yaml"
    path.write_text(CARDS, encoding="utf-8")
    code, out = run_cli("check", "--no-show-source", "--select", "RUL002", "--ignore", "FMT", str(path))
    assert code == 2 and " FMT003 " in out


def test_a_failing_parse_is_one_finding_and_the_batch_goes_on(failing_parse):
    docs = [f"- name: Card {i}\n  type_line: Sorcery\n  oracle_text: \"{{T}}: Add {{R}}.\"\n" for i in range(600)]
    docs[300] = "- name: Boom Card\n  type_line: Sorcery\n  oracle_text: \"Boom. {T}: Add {R}.\"\n"
    cards = read_text("".join(docs), path="big.yaml").cards
    errors: list = []
    found = engine.lint_cards(cards, select=["RUL002", "SET001"], errors=errors)
    (err,) = errors
    assert (err.code, err.card, err.field, err.face) == ("FMT003", "Boom Card", "oracle_text", 0)
    assert err.message.startswith("internal error: the parse of its rules text failed on this card: "
                                  "ValueError: the parser tripped")
    assert err.line == 3 * 300 + 3
    # every other card was parsed and checked; the failing card's parse-needing checks skipped it
    assert sum(1 for d in found if d.code == "RUL002") == 599
    assert all(c.faces[0].parsed is not None for c in cards if c.name != "Boom Card")


def test_a_failing_check_in_worker_processes(tmp_path, failing_rul002, monkeypatch):
    monkeypatch.setattr(parallel, "MIN_CARDS_PER_WORKER", 1)
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(CARDS, encoding="utf-8")
    report = engine.check_paths([str(tmp_path)], select=["RUL002"], jobs=2)
    assert parallel.workers_for(2, len(report.cards)) == 2
    assert [(d.path.rsplit("/", 1)[-1], d.card) for d in report.diagnostics if d.code == "FMT003"] == \
        [("a.yaml", "Quiet Ritual"), ("b.yaml", "Quiet Ritual")]
    assert all(d.card_obj is not None for d in report.diagnostics)
    assert report.exit_code() == 2
