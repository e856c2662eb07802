"""The vocabulary and the meaning layer on the real cards of ../shared/data/cards/oracle-2026."""

from __future__ import annotations

import importlib.util
from collections import Counter

import pytest

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


@pytest.fixture(scope="module")
def oracle_cards(shared_data):
    from linter import engine
    from linter.nlp import pipeline

    path = shared_data / "cards" / "oracle-2026" / "oracle-cards.json"
    skip = set((path.parent / "non-tournament.txt").read_text(encoding="utf-8").splitlines())
    cards = [c for r in engine.read_paths([str(path)]) for c in r.cards if c.name not in skip]
    with engine.gc_paused():
        pipeline.parse_faces(((f, c) for c in cards for f in c.faces), meaning=True)
    return cards


def abilities(cards):
    for c in cards:
        for f in c.faces:
            if f.parsed is not None:
                yield from (a for a in f.parsed.walk() if a.kind not in ("keyword", "level", "unknown"))


def test_nearly_every_clause_has_an_action(oracle_cards):
    clauses = [c for a in abilities(oracle_cards) for c in a.clauses]
    assert len(clauses) > 30000
    assert sum(c.action is not None for c in clauses) / len(clauses) > 0.97


def test_nearly_every_reference_is_linked(oracle_cards):
    refs = [r for a in abilities(oracle_cards) for r in a.references]
    assert len(refs) > 10000
    kinds = Counter(r.kind for r in refs if not r.resolved)
    assert sum(r.resolved for r in refs) / len(refs) > 0.97, kinds


def test_every_trigger_has_a_known_event_nearly(oracle_cards):
    triggers = [a.trigger for a in abilities(oracle_cards) if a.trigger is not None]
    assert len(triggers) > 7000
    assert sum(t.event == "other" for t in triggers) / len(triggers) < 0.02


def test_every_element_cites_rules_of_the_rules_index(oracle_cards):
    from linter import tables

    index = tables.rule_index()
    seen = set()
    for a in abilities(oracle_cards):
        for c in a.clauses:
            seen.update(c.rules)
            for z in (c.zone_from, c.zone_to):
                if z is not None:
                    seen.update(z.rules)
            for cond in c.conditions:
                seen.update(cond.rules)
        for r in a.references:
            seen.update(r.rules)
        if a.trigger is not None:
            seen.update(a.trigger.rules)
    assert seen and not seen - set(index)


def test_the_sentences_of_real_cards_cite_every_cr_term(shared_data):
    from pathlib import Path

    tool = Path(__file__).resolve().parents[1] / "tools" / "cr_term_coverage.py"
    spec = importlib.util.spec_from_file_location("cr_term_coverage", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    r = module.measure(shared_data / "cards" / "oracle-2026" / "oracle-cards.json", every=7)
    assert r["sentences"] > 4000
    assert r["share_but_one_sense_words"] > 0.998, r["most_missed"]
    assert r["share_all"] > 0.9
