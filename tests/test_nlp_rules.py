"""The phrase patterns of rules_data/patterns.yaml and the rule numbers they cite."""

from __future__ import annotations

import re

import pytest

from linter.catalogue import CatalogueError, validate, _read, _root
from linter.nlp.rulerefs import RuleMatcher, kind_rules, patterns_data, product_phrases


def cited_numbers(nlp) -> dict[str, set[str]]:
    """Every CR number the pipeline can cite, with where it comes from."""
    out: dict[str, set[str]] = {}
    for kind, rules in kind_rules().items():
        for r in rules:
            out.setdefault(r, set()).add(f"kinds.{kind}")
    for label, spec in (patterns_data().get("labels") or {}).items():
        for r in spec["rules"]:
            out.setdefault(r, set()).add(f"labels.{label}")
    for pid, info in RuleMatcher(nlp).info.items():
        for r in info.rules:
            out.setdefault(r, set()).add(pid)
    return out


def test_patterns_file_is_valid():
    data = patterns_data()
    ids = [p["id"] for p in data["patterns"]]
    assert len(ids) == len(set(ids)), "pattern ids must be unique"
    for p in data["patterns"]:
        assert ("phrases" in p) + ("product" in p) + ("tokens" in p) >= 1, p["id"]


def test_patterns_schema_refuses_unknown_keys():
    schema = _read(_root() / "schemas" / "patterns.yaml")
    bad = {"edition": "2026-04-17", "kinds": {}, "patterns": [{"id": "x", "label": "X", "rules": ["107.5"], "regex": "a"}]}
    with pytest.raises(CatalogueError, match="unknown key 'regex'"):
        validate(bad, schema, "patterns.yaml")
    bad = {"edition": "2026-04-17", "kinds": {}, "patterns": [{"id": "x", "label": "X", "rules": ["CR 107.5"]}]}
    with pytest.raises(CatalogueError):
        validate(bad, schema, "patterns.yaml")


def test_patterns_edition_is_the_catalogue_edition():
    from linter import tables

    assert patterns_data()["edition"] == tables.cr_edition()


def test_product_phrases():
    assert product_phrases([["add ", "adds "], ["{g}", "mana"]]) == ["add {g}", "add mana", "adds {g}", "adds mana"]
    assert product_phrases(None) == []


def test_every_kind_has_rules_where_it_should(nlp):
    rules = kind_rules()
    for kind in ("activated", "loyalty", "triggered", "chapter", "static", "spell", "level",
                 "mana-activated", "mana-triggered"):
        assert rules.get(kind), kind


def test_every_pattern_matches_something(nlp):
    """A pattern that can never match is a typo: each must find its own phrase."""
    data = patterns_data()
    samples = {
        "as-enters": "As this creature enters, choose a color.",
        "tapped-for-mana": "Whenever a land is tapped for mana, draw.",
        "pt-counter": "Put a +1/+1 counter on it.",
    }
    matcher = RuleMatcher(nlp)
    for p in data["patterns"]:
        text = samples.get(p["id"])
        if text is None:
            phrases = p.get("phrases") or product_phrases(p.get("product"))
            if not phrases:
                pytest.fail(f"pattern {p['id']} needs a sample text in this test")
            text = f"Then {phrases[0]} now."
        doc = nlp.make_doc(text)
        found = {info.id for _, _, info in matcher(doc, text)}
        assert p["id"] in found, (p["id"], text, found)


@pytest.mark.corpus
def test_every_cited_rule_exists_in_the_april_2026_rules(nlp, cr_2026):
    text = cr_2026.read_text(encoding="utf-8-sig")
    numbers = set(re.findall(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", text, re.M))
    cited = cited_numbers(nlp)
    assert cited
    missing = {n: sorted(src) for n, src in cited.items() if n not in numbers}
    assert not missing, missing
