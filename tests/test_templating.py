"""The templating table (rules_data/templating.yaml) is consistent with itself and its checks."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from linter.checks._templating import data, phrasings, since

CASES = Path(__file__).resolve().parent / "cases"


def _case_texts() -> list[str]:
    """Every oracle_text of the templating case files (invented cards)."""
    texts: list[str] = []
    for path in sorted(CASES.glob("TPL*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            card = case.get("card")
            cards = card if isinstance(card, list) else [card] if card else []
            texts.extend(c["oracle_text"] for c in cards if c.get("oracle_text"))
            texts.extend(re.findall(r'oracle_text: "(.*)"', case.get("card_yaml", "")))
    return texts


def test_every_era_named_by_an_entry_exists():
    eras = data()["eras"]
    named = {e.era for e in phrasings() if e.era} | {data()["self_reference"]["oracle_era"],
                                                      data()["self_reference"]["printed_era"]}
    assert named <= set(eras), named - set(eras)
    assert since("strixhaven") == " since Strixhaven (2021-04-23)"
    assert since(None) == "" and since("no-such-era") == ""


def test_entry_ids_are_unique_and_replacements_expand():
    ids = [e.id for e in phrasings()]
    assert len(ids) == len(set(ids))
    for e in phrasings():
        if e.replace is not None:
            groups = set(re.findall(r"\\g<(\w+)>", e.replace))
            assert groups <= set(e.find.groupindex), (e.id, groups)


def test_hints_cover_every_match():
    """An entry's hints are a quick test: a match without one of them would be missed."""
    samples = _case_texts() + [
        "T, Sacrifice a creature: Draw a card.", "Tap: Add {G}.", "{1}, Q: Untap target land.",
        "Each player searches their library for a card, then shuffles their library.",
        "At the beginning of each of your postcombat main phases, scry 1.",
        "If he or she does, put it into play. It was removed from the game.",
        "Creatures with CMC 2 or less get -1/-1. Total converted mana costs count.",
    ]
    hits = 0
    for e in phrasings():
        for text in samples:
            for m in e.find.finditer(text):
                hits += 1
                assert not e.hints or any(h in text for h in e.hints), (e.id, text)
    assert hits >= 15


def test_entry_rules_are_in_the_rule_index():
    from linter import tables

    index = tables.rule_index()
    cited = {r for e in phrasings() for r in e.rules}
    assert cited and cited <= set(index), cited - set(index)
