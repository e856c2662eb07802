"""The card checks run one check at a time over a chunk of cards (for the processor's caches);
the findings, the FMT003 findings and what the set-level checks collect come out in the order
of a run that gives each card all its checks in turn."""

from __future__ import annotations

import pytest

from linter import lint
from linter.checks.base import all_checks, what_reads
from linter.readers import read_text

# invented cards, several with more than one defect, from checks of several kinds
CARDS = """\
- name: Gale Warden
  mana_cost: "{2}{W}"
  type_line: Creature — Bird Soldier
  oracle_text: "Flying, Vigilance\\nWhen Gale Warden enters the battlefield, you gain 2 life"
  power: "2"
  toughness: "2"
- name: Ember Rite
  mana_cost: "{R}"
  type_line: Sorcery
  oracle_text: "{T}: Add {R}.\\nember Rite deals 2 damage to any target."
- name: Tidecaller Adept
  mana_cost: "{1}{U}"
  type_line: Creature — Merfolk Wizard
  oracle_text: "When Tidecaller Adept enters the battlefield, draw a card"
  power: "1"
  toughness: "1"
- name: Quiet Ritual
  type_line: Instant
  oracle_text: "{T}: Draw a card."
- name: Gale Warden
  mana_cost: "{2}{W}"
  type_line: Creature — Bird Soldier
  oracle_text: "Flying; vigilance"
  power: "2"
  toughness: "2"
- name: Skyfin Courier
  mana_cost: "{1}{U}"
  type_line: Creature — Fish Bird
  oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach.)"
  power: "1"
  toughness: "1"
- name: Mossback Ram
  mana_cost: "{3}{G}"
  type_line: Creature — Sheep
  oracle_text: "Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)"
  power: "4"
  toughness: "3"
- name: Rootbound Chorus
  mana_cost: "{3}{G}"
  type_line: Enchantment
  oracle_text: "Creatures you control enter the battlefield with an additional +1/+1 counter on them"
"""


def _run(monkeypatch, chunk: int) -> tuple[list[tuple], list[tuple]]:
    """The findings and FMT003 findings of a batch, in the order the batch gives them (before
    a report sorts them: the order batches of worker processes are joined in)."""
    monkeypatch.setattr(lint, "CHECK_CHUNK", chunk)
    cards = read_text(CARDS * 3, path="set.yaml").cards
    batch = lint.lint_batch(lint.Plan(lint.Selection()), cards)
    return ([(d.card, d.code, d.line, d.column, d.message) for d in batch.diagnostics],
            [(d.card, d.code, d.message) for d in batch.errors])


@pytest.fixture()
def failing_checks(monkeypatch):
    """RUL002 raises on Quiet Ritual, TPL005 on Ember Rite: FMT003 findings of two checks."""
    for code, victim in (("RUL002", "Quiet Ritual"), ("TPL005", "Ember Rite")):
        cls = all_checks()[code]
        original = cls.check_card

        def check_card(self, card, original=original, victim=victim):
            if card.name == victim:
                raise KeyError("no such part")
            return original(self, card)

        monkeypatch.setattr(cls, "check_card", check_card)


def _card_by_card() -> tuple[list[tuple], list[tuple]]:
    """What a batch should give: each card given, in turn, the checks the plan chooses for it."""
    cards = read_text(CARDS * 3, path="set.yaml").cards
    plan = lint.Plan(lint.Selection())
    lint.parse_cards(cards)
    found, errors = [], []
    for card in cards:
        views, chosen = plan.calls(card, True, what_reads(card))
        for check, at in chosen:
            try:
                if at is None:
                    hits = list(check.check_card(card))
                else:
                    hits = [h for v in (views if at is lint.ALL else [views[i] for i in at]) for h in check.check_face(v)]
            except Exception as exc:
                errors.append((card.name, lint.internal_error(card, exc, check.code).code, None))
                continue
            found += [(card.name, check.code, d.line, d.column, d.message)
                      for d in (lint.resolve(check, card, h) for h in hits)]
    return found, errors


@pytest.mark.parametrize("chunk", [1, 2, 5, 7, 256])
def test_findings_in_the_order_of_a_card_by_card_run(monkeypatch, chunk):
    expected = _card_by_card()
    assert len(expected[0]) > 20 and len({f[1] for f in expected[0]}) >= 5  # many checks, interleaved
    assert _run(monkeypatch, chunk) == expected


@pytest.mark.parametrize("chunk", [1, 3, 256])
def test_failures_in_the_order_of_a_card_by_card_run(monkeypatch, failing_checks, chunk):
    found, errors = _run(monkeypatch, chunk)
    expected_found, expected_errors = _card_by_card()
    assert found == expected_found
    assert [(card, code) for card, code, _message in errors] == [(c, k) for c, k, _m in expected_errors]
    assert [e[0] for e in errors] == ["Ember Rite", "Quiet Ritual"] * 3


@pytest.mark.parametrize("chunk", [1, 4, 256])
def test_what_set_level_checks_collect_follows_their_members(monkeypatch, chunk):
    # each value a check collected is that of the card at the same place of its members, and
    # the members are the cards in order, whatever the chunk
    monkeypatch.setattr(lint, "CHECK_CHUNK", chunk)
    cards = read_text(CARDS * 3, path="set.yaml").cards
    plan = lint.Plan(lint.Selection())
    batch = lint.lint_batch(plan, cards)
    collecting = [c for c in plan.set_checks if batch.collected.get(c.code) is not None]
    assert {c.code for c in collecting} >= {"SET002", "TPL011"}
    for check in collecting:
        members = batch.members[check.code]
        assert members == sorted(members) and len(set(members)) == len(members)
        assert batch.collected[check.code] == [check.collect(cards[p]) for p in members], check.code
    assert any(batch.collected[c.code] != [None] * len(batch.members[c.code]) for c in collecting)
