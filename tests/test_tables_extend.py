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


def test_a_keyword_declared_after_a_run_without_it_gets_its_cost_read():
    from linter.lint import lint_cards
    from linter.model import Card, Face

    def sym003(text: str) -> list[str]:
        face = Face(name="Brew Adept", type_line="Creature — Human Wizard", oracle_text=text)
        return [d.message for d in lint_cards([Card(name="Brew Adept", faces=[face])], select=["SYM003"])]

    assert sym003("Brewcall 2") == []  # no such keyword yet: nothing to read as its cost
    tables.extend(custom_keywords=[{"name": "Brewcall", "parameter": "cost", "kind": "activated"}])
    assert sym003("Brewcall 2") != []  # the set's own keyword: its cost should be {2}
