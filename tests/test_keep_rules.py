"""The keep rules of self-reference (rules_data/templating.yaml self_reference.keep_name and
keep_full_name) find what their patterns find, however their search is cut short."""

from __future__ import annotations

import re

import pytest

from linter.checks._templating import _keep_rx, keep_rules

# invented rules text around invented names, with the words the rules look for and near misses
_NAMES = ("Ember Pup", "Vessa, Tide Caller", "Vessa")
_TEXTS = (
    "Ember Pup's power is equal to the number of cards in your hand.",
    "Ember Pup's power and toughness are each equal to the number of Goblins you control.",
    "You may cast Ember Pup from anywhere.",
    "You may cast Ember Pup from anywhere other than your hand.",
    "You may cast it from anywhere.",
    "As long as Ember Pup is in your graveyard or in your hand, it has flying.",
    "When you cast Ember Pup, draw a card.",
    "Whenever you cast this spell, draw a card.",
    "Counter ",
    "You can't cast ",
    "When it dies, return Ember Pup to the battlefield. It's an artifact in addition to its other types.",
    "Create a token that's a copy of Ember Pup, except its name is Ash Pup.",
    "As long as Ember Pup is paired with another creature, each of those creatures has \"This creature gets +1/+1.\"",
    " is all colors.",
    " is colorless.",
    " can be your commander.",
    "If Vessa is in your opening hand, you may begin the game with it on the battlefield.",
    "Creates ",
    "Vessa, Tide Caller, and Ember Pup",
    "",
    "Ember",
    "ember pup's power is equal to two.",
    "EMBER PUP'S POWER IS 2",
)


@pytest.mark.parametrize("table", ["keep_name", "keep_full_name"])
def test_search_finds_what_the_pattern_finds(table):
    for rule in keep_rules(table):
        found = 0
        # a rule on the name itself is tried on the names it keeps, near misses too
        own = tuple(t for h in rule.hints for t in (h, h + "s", h[:-1])) if rule.where == "name" else ()
        for names in ((), _NAMES[:1], _NAMES):
            for text in _TEXTS + own:
                want = _keep_rx(rule.pattern, names).search(text) if "SELF" in rule.pattern and names \
                    else re.compile(rule.pattern).search(text)
                got = rule.search(names, text)
                assert (got is None) == (want is None), (rule.id, names, text)
                found += got is not None
        assert found, f"no text above is kept by {rule.id}: add one"


@pytest.mark.parametrize("table", ["keep_name", "keep_full_name"])
def test_hints_are_in_every_match(table):
    """A rule's hints are a quick test: a match that held none of them would be missed."""
    hits = 0
    for rule in keep_rules(table):
        assert rule.hints, f"{rule.id} has no hints: its pattern runs on every text"
        assert not rule.pattern.startswith("(?i"), f"{rule.id}: hints are case-sensitive"
        for names in ((), _NAMES[:1], _NAMES):
            rx = _keep_rx(rule.pattern, names)
            for text in _TEXTS + _NAMES:
                for m in rx.finditer(text):
                    hits += 1
                    assert any(h in m.group(0) for h in rule.hints), (rule.id, text)
    assert hits >= 10


def test_a_text_without_a_hint_is_not_searched():
    from linter.checks._templating import KeepRule

    text = "You may cast Ember Pup from anywhere."
    gated = KeepRule("x", "ability", (), r"\bfrom anywhere\b", "invented", hints=("nowhere",))
    assert re.search(gated.pattern, text) and gated.search((), text) is None
    assert KeepRule("x", "ability", (), gated.pattern, "invented").search((), text) is not None


def test_a_rule_of_names_keeps_exactly_those_names():
    from linter.checks._templating import _keep_rule_of

    rule = _keep_rule_of("keep_name", {"id": "x", "where": "name", "names": ["Ash Pup", "Vessa, Tide Caller"],
                                        "note": "invented"})
    assert rule.hints == ("Ash Pup", "Vessa, Tide Caller")
    assert rule.search((), "Ash Pup") and rule.search((), "Vessa, Tide Caller")
    for other in ("Ash Pups", "Ash Pu", "Big Ash Pup", "Vessa", "ash pup", ""):
        assert rule.search((), other) is None, other


@pytest.mark.parametrize("entry", [
    {"id": "x", "where": "name", "note": "invented"},
    {"id": "x", "where": "name", "names": ["Ash Pup"], "pattern": "^Ash Pup$", "note": "invented"},
    {"id": "x", "where": "ability", "names": ["Ash Pup"], "note": "invented"},
])
def test_a_rule_needs_a_pattern_or_names_on_the_name(entry):
    from linter.catalogue import CatalogueError
    from linter.checks._templating import _keep_rule_of

    with pytest.raises(CatalogueError):
        _keep_rule_of("keep_name", entry)
