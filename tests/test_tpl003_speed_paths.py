"""The quick paths of TPL003 and of the keep rules it asks give what the plain way gives.

A keep rule tells whether it matches (``KeepRule.holds``) without compiling its pattern for
a card's names where the pattern with any words for SELF already shows a match with one of
them; ``keep_rule`` with only a name goes through the rules on the name alone; TPL003 asks
whether a face is legendary, and whether its names are judged at all, only on its first
reference by name.
"""

from __future__ import annotations

import re

import pytest
import yaml

from linter import tables
from linter.checks._templating import (
    KeepRule, _keep_rx, _zone_words, keep_rule, keep_rules, sentence_before,
)
from linter.engine import lint_cards
from linter.readers import read_text

# invented names, and rules text around them: matches, and near misses of every kind
_NAMES = (("Ember Pup",), ("Vessa",), ("Ember Pup", "Vessa, Tide Caller", "Vessa", "~", "CARDNAME"))
_TEXTS = (
    "Ember Pup's power is equal to the number of cards in your hand.",
    "Ember Pup's power and toughness are each equal to the number of Goblins you control.",
    "Flying\nVessa's toughness is equal to 2.",
    "As long as it's your turn, Ember Pup's power is 3.",
    "Ember Pups's power is 2.",
    "Vessa, Tide Caller's power is equal to your life total.",
    "~'s power is 2.",
    "You may cast Ember Pup from anywhere.",
    "You may cast Vessa from anywhere other than your hand.",
    "When you cast Ember Pup, draw a card.",
    "When it dies, return Ember Pup to the battlefield. It's an artifact in addition to its other types.",
    "Pup's power is equal to two.",
    "",
)


def _rule(pattern: str, where: str = "ability", hints: tuple[str, ...] = ()) -> KeepRule:
    return KeepRule("x", where, (), pattern, "invented", hints)


@pytest.mark.parametrize("table", ["keep_name", "keep_full_name"])
def test_holds_says_what_search_finds(table):
    for rule in keep_rules(table):
        for names in ((),) + _NAMES:
            for text in _TEXTS:
                want = _keep_rx(rule.pattern, names).search(text) if "SELF" in rule.pattern and names \
                    else re.compile(rule.pattern).search(text)
                assert rule.holds(names, text) == (want is not None), (rule.id, names, text)
                assert (rule.search(names, text) is None) == (want is None), (rule.id, names, text)


def test_a_match_the_loose_pattern_shows_is_not_compiled_for():
    rule = _rule(r"(?:^|[.;:\n]\s*)SELF's? (?:power|toughness) is\b", hints=("power", "toughness"))
    names = ("Quillback Gorger", "Quill")  # names no other test compiles a pattern for
    misses = _keep_rx.cache_info().misses  # the rule is made: its pattern without names compiled
    assert rule.holds(names, "Quillback Gorger's power is equal to 2.")  # an ability's own text
    assert _keep_rx.cache_info().misses == misses
    # where the loose pattern took more words (the line before too), the card's pattern tells
    assert rule.holds(names, "Flying\nQuillback Gorger's power is equal to 2.")
    # where the words the loose pattern took are none of the names, the card's pattern tells
    assert not rule.holds(names, "Flying\nQuillback Gorgers power is 2.")
    assert rule.holds(names, "Flying\nQuill's toughness is 2.")


@pytest.mark.parametrize("pattern, text, names, kept", [
    # SELF in a repeated group: the words of the last repetition are no witness of the rest
    (r"^(?:SELF, )+and\b", "Ember Pup, Vessa, and more", ("Vessa",), False),
    (r"^(?:SELF, )+and\b", "Vessa, Vessa, and more", ("Vessa",), True),
    # SELF in an alternation
    (r"^(?:this spell|SELF) is\b", "Vessa is red", ("Vessa",), True),
    (r"^(?:this spell|SELF) is\b", "Ember Pup is red", ("Vessa",), False),
    # SELF twice
    (r"SELF and SELF\b", "Vessa and Ember Pup", ("Vessa",), False),
    (r"SELF and SELF\b", "Vessa and Vessa", ("Vessa",), True),
    # a case-blind pattern
    (r"(?i)\bSELF's power\b", "VESSA'S POWER is 2", ("Vessa",), True),
    (r"(?i)\bSELF's power\b", "Ember Pup's power is 2", ("Vessa",), False),
])
def test_holds_where_self_stands_in_a_group_or_twice(pattern, text, names, kept):
    rule = _rule(pattern)
    assert rule.holds(names, text) is kept
    assert (rule.search(names, text) is not None) is kept


def test_a_name_alone_is_judged_by_the_rules_on_the_name():
    assert keep_rule("keep_name", name="Rot Wolf").id == "oracle-holdouts"
    assert keep_rule("keep_name", name="Rot Wolves") is None
    assert keep_rule("keep_full_name", name="Hansk, Slayer Zealot").id == "oracle-holdouts"
    assert keep_rule("keep_full_name", name="Ash, Vessa, and Pup").id == "list-of-names"
    assert keep_rule("keep_full_name", name="Vessa, Tide Caller") is None
    assert keep_rule("keep_name", name="") is None


def test_zone_words_read_the_set_s_own_zones_at_each_call():
    assert not _zone_words("Return it from the Void.")
    try:
        tables.extend(zones=["the Void"])
        assert _zone_words("Return it from the Void.")
    finally:
        tables.reset_extensions()
    assert not _zone_words("Return it from the Void.")
    assert _zone_words("Return it from your graveyard.")


@pytest.mark.parametrize("text, i, want", [
    ("Flying\nWhen Ember Pup enters, draw a card.", 12, "When "),
    ("Draw a card. Then Ember Pup deals 1 damage", 18, " Then "),
    ("{T}: Ember Pup gains flying.", 5, " "),
    ("Raid — If Ember Pup attacked", 10, " If "),
    ("Ember Pup", 0, ""),
])
def test_sentence_before(text, i, want):
    assert sentence_before(text, i) == want


# -- TPL003: what is worked out on a face's first reference by name ------------------------

def _tpl003(card_yaml: str) -> list[tuple[int, int, str]]:
    result = read_text(card_yaml, path="cards.yaml")
    assert result.error is None
    return [(e.start, e.end, e.text) for d in lint_cards(result.cards, select=["TPL003"]) for e in d.fix.edits]


def _one(**card) -> str:
    return yaml.safe_dump([card], sort_keys=False, allow_unicode=True)


def test_a_card_of_the_window_keeps_its_name_but_not_its_placeholders():
    text = "When Ember Pup enters, ~ deals 1 damage to any target."
    card_yaml = yaml.safe_dump({"set": "TST", "released_at": "2024-12-06", "cards": [
        {"name": "Ember Pup", "type_line": "Creature — Elemental Dog", "oracle_text": text}]},
        sort_keys=False, allow_unicode=True)
    assert _tpl003(card_yaml) == [(23, 24, "this creature")]


def test_a_legend_s_placeholder_after_words_of_its_own():
    # "this creature" first, the placeholder after it: the face is legendary all the same
    text = "This creature gets +1/+1.\nWhen ~ enters, draw a card.\nCARDNAME can't be countered."
    found = _tpl003(_one(name="Terra, Magical Adept", type_line="Legendary Creature — Human Wizard",
                         oracle_text=text))
    assert found == [(31, 32, "Terra"), (54, 62, "This spell")]


def test_words_of_its_own_only():
    text = "When this creature enters, draw a card."
    assert _tpl003(_one(name="Ember Pup", type_line="Creature — Elemental Dog", oracle_text=text)) == []
