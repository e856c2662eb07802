"""The game's vocabulary from the CR (rules_data/vocabulary.yaml) and the phrases it cites."""

from __future__ import annotations

import re

import pytest

from linter import catalogue, tables
from linter.catalogue import CatalogueError, _read, _root, validate
from linter.nlp import parse_text
from linter.nlp.rulerefs import RuleMatcher, patterns_data, term_phrases, word_forms


def cites(text: str, **kw) -> dict[str, tuple[str, ...]]:
    return {p.text.lower(): p.rules for p in parse_text(text, **kw).phrases}


# -- the data ---------------------------------------------------------------------------

def test_vocabulary_loads_and_names_are_lower_case():
    data = catalogue.load("vocabulary")
    assert len(data["terms"]) > 700 and len(data["titles"]) > 400
    for entry in data["terms"]:
        assert entry["names"] and all(n == n.lower() for n in entry["names"]), entry["term"]


def test_vocabulary_schema_refuses_a_definition():
    schema = _read(_root() / "schemas" / "vocabulary.yaml")
    bad = {"edition": "2026-04-17", "titles": {}, "terms": [{"term": "Draw", "names": ["draw"], "definition": "x"}]}
    with pytest.raises(CatalogueError, match="unknown key 'definition'"):
        validate(bad, schema, "vocabulary.yaml")


def test_a_term_that_only_refers_takes_the_rules_of_the_term_it_names():
    g = tables.glossary()
    assert g["Deal"].rules == g["Damage"].rules == ("120",)
    assert g["Enter"].rules == g["Enters the Battlefield"].rules
    assert g["Y"].rules == g["X"].rules


def test_term_rules_by_headword_or_title():
    assert tables.term_rules("Upkeep Step") == ("503",)
    assert tables.term_rules("Drawing a Card") == ("121",)
    with pytest.raises(KeyError):
        tables.term_rules("No Such Term")


def test_every_term_a_pattern_names_exists():
    for p in patterns_data()["patterns"]:
        for term in p.get("terms", ()):
            assert tables.term_rules(term), (p["id"], term)
        assert p.get("rules") or p.get("terms"), p["id"]


def test_written_forms():
    forms = {k: list(v) for k, v in patterns_data()["forms"].items()}
    assert {"leaves the battlefield", "left the battlefield"} <= set(term_phrases("leaves the battlefield", forms))
    assert "activated abilities" in term_phrases("activated ability", forms)
    assert word_forms("Elf", forms, verb=False) == ["Elf", "Elves"]
    assert {"draws", "drew", "drawn"} <= set(word_forms("draw", forms))


# -- the pinned edition -------------------------------------------------------------------

@pytest.fixture(scope="module")
def april_2026(cr_2026):
    from linter.cr.parser import parse_bytes

    return parse_bytes(cr_2026.read_bytes())


@pytest.mark.corpus
def test_vocabulary_is_the_pinned_editions_glossary_and_titles(april_2026):
    from linter.cr.glossary import glossary_terms, section_titles

    data = catalogue.load("vocabulary")
    assert data["edition"] == april_2026.effective == tables.cr_edition()
    extracted = glossary_terms(april_2026)
    assert [e["term"] for e in data["terms"]] == [t.term for t in extracted]
    for entry, term in zip(data["terms"], extracted):
        assert entry["names"] == list(term.names), term.term
        assert entry.get("rules", []) == list(term.rules), term.term
        assert entry.get("see", []) == list(term.see), term.term
        assert entry.get("obsolete", False) == term.obsolete, term.term
    assert data["titles"] == section_titles(april_2026)


@pytest.mark.corpus
def test_vocabulary_keeps_no_definition_text(april_2026):
    # Names and numbers only: no run of eight words of any glossary definition.
    text = (_root() / "vocabulary.yaml").read_text(encoding="utf-8").lower()
    words = re.findall(r"[\w']+", text)
    ours = {tuple(words[i:i + 8]) for i in range(len(words) - 7)}
    for definition in april_2026.glossary.values():
        w = re.findall(r"[\w']+", definition.lower().replace("\u2019", "'"))
        assert not any(tuple(w[i:i + 8]) in ours for i in range(len(w) - 7)), definition[:60]


@pytest.mark.corpus
def test_subtype_families_cite_the_rule_that_lists_them(april_2026):
    families = patterns_data()["generated"]["types"]["families"]
    for family, entry in families.items():
        rule = april_2026.get(entry["rule"])
        assert rule is not None and re.search(rf"\b{family} types?\b", rule.text, re.I), (family, entry["rule"])


# -- the phrases -----------------------------------------------------------------------------

def test_the_example_of_the_issue_cites_drawing_life_opponents_and_durations():
    found = cites("When this creature enters, draw a card and each opponent loses 2 life until end of turn.")
    assert found["draw"] == ("121.1",)
    assert found["loses 2 life"] == ("119.3",)
    assert "102.3" in found["each opponent"]
    assert set(found["until end of turn"]) >= {"514.2", "611.2a"}
    assert found["this creature"] == ("700.7",)
    assert found["enters"] == ("603.6a",)


@pytest.mark.parametrize("text, phrase, rule", [
    ("Target player draws two cards.", "draws", "121.1"),
    ("This creature deals 3 damage to any target.", "deals 3 damage", "120.1"),
    ("This creature deals 3 damage to any target.", "any target", "115.4"),
    ("You gain 2 life.", "gain 2 life", "119.3"),
    ("Return a card from your graveyard to your hand.", "graveyard", "404"),
    ("At the beginning of your upkeep, scry 1.", "upkeep", "503"),
    ("Prevent all combat damage that would be dealt this turn.", "combat damage", "510"),
    ("Put a +1/+1 counter on each creature you control.", "+1/+1 counter", "122.1a"),
    ("Put a +1/+1 counter on each creature you control.", "control", "108.4"),
    ("Return target creature to its owner's hand.", "owner's hand", "400.3"),
    ("Return target creature to its owner's hand.", "owner's hand", "402"),
    ("Exile target card from a graveyard. Return it from exile.", "from exile", "406"),
    ("Creatures you control get +1/+1 until your next turn.", "until your next turn", "611.2a"),
    ("Whenever a Goblin you control attacks, draw a card.", "goblin", "205.3m"),
    ("Whenever this creature becomes tapped, draw a card.", "becomes tapped", "603.2e"),
    ("You may pay {2}. If you do, draw a card.", "if you do", "118.12"),
])
def test_phrases_cite_the_rules_that_define_them(text, phrase, rule):
    found = cites(text)
    assert rule in found.get(phrase, ()), found


def test_a_name_is_no_term():
    found = cites("Whenever Forest Warden attacks, draw a card.", name="Forest Warden")
    assert found["forest warden"] == ("201.5",)
    assert "forest" not in found


def test_a_glossary_term_inside_a_specific_phrase_is_not_repeated(nlp):
    # "each opponent" cites the opponent rules once, not again for "opponent"
    texts = [p.text for p in parse_text("Each opponent loses 1 life.").phrases]
    assert texts.count("opponent") == 0 and "Each opponent" in texts


def test_every_generated_term_pattern_cites_numbers_of_the_rules_index(nlp):
    index = tables.rule_index()
    for pid, info in RuleMatcher(nlp).info.items():
        assert info.rules, pid
        assert all(r in index for r in info.rules), pid
