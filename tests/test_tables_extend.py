"""A set's own keywords and ability words reach the catalogue and the parser for one run."""

from linter import tables
from linter.nlp import parse_text


def teardown_function():
    tables.reset_extensions()


def test_declared_keyword_is_found_and_reset():
    assert tables.find_keyword("Infuse 2") is None
    tables.extend(custom_keywords=[{"name": "Infuse", "parameter": "number", "kind": "triggered"}])
    kw, length = tables.find_keyword("Infuse 2")
    assert kw.name == "Infuse" and length == len("Infuse")
    assert kw.rule == tables.CUSTOM_KEYWORD_RULE and tables.is_custom(kw)
    assert "flying" in tables.keywords()  # the catalogue stays
    tables.reset_extensions()
    assert tables.find_keyword("Infuse 2") is None


def test_declared_keyword_is_parsed_as_a_keyword():
    before = parse_text("Infuse 2", name="Glow Drake", type_line="Creature — Drake")
    assert before.abilities[0].kind != "keyword"
    tables.extend(custom_keywords=[{"name": "Infuse", "parameter": "number", "kind": "triggered"}])
    after = parse_text("Infuse 2", name="Glow Drake", type_line="Creature — Drake")
    assert after.abilities[0].kind == "keyword" and after.abilities[0].keyword == "Infuse"


def test_declared_ability_word():
    assert "moonrise" not in tables.ability_words()
    tables.extend(ability_words=["Moonrise"])
    assert "moonrise" in tables.ability_words()
    parsed = parse_text("Moonrise — Whenever you draw a card, you gain 1 life.", name="Tide Owl",
                        type_line="Creature — Bird")
    assert parsed.abilities[0].ability_word == "Moonrise"
