"""Cards outside the tournament card pool (the templating checks leave them alone, the rules
checks do not) and the sets that the set-level checks compare cards within."""

from __future__ import annotations

import json

import pytest

from linter.checks._products import non_tournament
from linter.config import Config, parse_config
from linter.engine import check_paths, lint_cards, parse_cards
from linter.readers import read_text

from _helpers import run_cli

# An instant that names itself where Oracle says "this spell" is a templating finding
# (TPL003); a tap symbol in an instant's cost is a rules finding (RUL002).
_TEXT = "Harvest Omen costs {1} less to cast.\\n{T}: Draw a card."


def yaml_card(extra: str = "", name: str = "Harvest Omen", text: str = _TEXT) -> str:
    return (f"name: {name}\nmana_cost: '{{2}}{{G}}'\ntype_line: Instant\n"
            f'oracle_text: "{text}"\n{extra}')


def codes(text: str, path: str = "cards.yaml", select=("TPL003", "RUL002"), config: Config | None = None):
    result = read_text(text, path=path)
    assert result.error is None, result.error.describe()
    if config is not None:
        config.install()
    try:
        return sorted(d.code for d in lint_cards(result.cards, select=list(select)))
    finally:
        if config is not None:
            from linter.config import reset_active

            reset_active()


def test_a_tournament_card_gets_both_kinds_of_finding():
    assert codes(yaml_card()) == ["RUL002", "TPL003"]


@pytest.mark.parametrize("field", [
    "set_type: funny", "set_type: alchemy", "set_type: memorabilia", "border_color: silver",
    "security_stamp: acorn", "promo_types: [playtest]", "digital: true",
])
def test_the_cards_own_fields_say_it_is_outside_the_pool(field):
    assert codes(yaml_card(field)) == ["RUL002"]


@pytest.mark.parametrize("field", ["set_type: expansion", "border_color: black", "digital: false",
                                   "security_stamp: oval", "promo_types: [prerelease]"])
def test_other_field_values_are_tournament_cards(field):
    assert codes(yaml_card(field)) == ["RUL002", "TPL003"]


def test_a_yaml_set_gives_its_set_type_to_every_card():
    text = "set: UNX\nset_type: funny\ncards:\n  - " + yaml_card().replace("\n", "\n    ").rstrip()
    assert codes(text + "\n") == ["RUL002"]


@pytest.mark.parametrize("name, text", [
    ("A-Harvest Omen", _TEXT),  # Alchemy's rebalanced card
    ("Harvest Omen", _TEXT + "\\nTarget creature card in your hand perpetually gets +1/+1."),
    ("Harvest Omen", _TEXT + "\\nConjure a card named Harvest Omen into your hand."),
    ("Harvest Omen", _TEXT + "\\nSeek a creature card."),
    ("Harvest Omen", _TEXT + "\\nAdd {½}."),
])
def test_without_fields_the_text_says_it(name, text):
    assert codes(yaml_card(name=name, text=text.replace("Harvest Omen costs", f"{name} costs"))) == ["RUL002"]


def test_a_conjure_label_is_no_alchemy_mark():
    text = _TEXT + "\\nConjure Storm — {8}: Untap target land you control."
    assert codes(yaml_card(text=text)) == ["RUL002", "TPL003"]


def test_the_reason_says_whether_the_data_or_the_text_decides():
    result = read_text(yaml_card("border_color: silver"), path="cards.yaml")
    found = non_tournament(result.cards[0])
    assert found is not None and found.from_data and found.reason == "border_color silver"
    result = read_text(yaml_card(text=_TEXT + "\\nIt perpetually gains flying."), path="cards.yaml")
    parse_cards(result.cards)
    found = non_tournament(result.cards[0])
    assert found is not None and not found.from_data and "perpetually" in found.reason


def test_the_configuration_can_turn_templating_back_on():
    config = parse_config({"non-tournament-templating": True})
    assert codes(yaml_card("set_type: funny"), config=config) == ["RUL002", "TPL003"]


def test_the_configuration_key_takes_only_true_or_false():
    from linter.config import ConfigError

    with pytest.raises(ConfigError, match="non-tournament-templating"):
        parse_config({"non-tournament-templating": "yes"})


def _cockatrice(settype: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4">\n'
            f"<sets><set><name>XYZ</name><longname>Test</longname><settype>{settype}</settype>"
            "<releasedate>2025-06-01</releasedate></set></sets>\n<cards>\n"
            "<card><name>Harvest Omen</name><text>Harvest Omen costs {1} less to cast.\n{T}: Draw a card.</text>"
            "<prop><type>Instant</type><manacost>2G</manacost></prop><set>XYZ</set></card>\n"
            "</cards>\n</cockatrice_carddatabase>\n")


def test_a_cockatrice_set_type_says_it():
    assert codes(_cockatrice("Funny"), path="set.xml") == ["RUL002"]
    assert codes(_cockatrice("Expansion"), path="set.xml") == ["RUL002", "TPL003"]


def test_mtgjson_says_it_by_set_type_or_is_funny():
    card = {"name": "Harvest Omen", "manaCost": "{2}{G}", "type": "Instant",
            "text": "Harvest Omen costs {1} less to cast.\n{T}: Draw a card.", "layout": "normal"}
    atomic = {"meta": {}, "data": {"Harvest Omen": [dict(card, isFunny=True)]}}
    assert codes(json.dumps(atomic), path="cards.json") == ["RUL002"]
    set_file = {"meta": {}, "data": {"code": "YXY", "type": "alchemy", "cards": [card]}}
    assert codes(json.dumps(set_file), path="set.json") == ["RUL002"]


def test_explain_says_what_the_checks_do_with_such_cards():
    _code, out = run_cli("explain", "TPL003")
    assert "Cards outside the tournament card pool" in out and "non-tournament-templating" in out
    _code, out = run_cli("explain", "RUL002")
    assert "those outside the tournament card pool" in out
    _code, out = run_cli("explain", "TPL003", "--format", "json")
    assert "Off for cards outside" in json.loads(out)["non_tournament"]


# -- sets --------------------------------------------------------------------------------

def _scryfall(cards: list[dict]) -> str:
    return json.dumps([{"object": "card", "layout": "normal", **c} for c in cards], indent=1)


_GLADE = {"name": "Glade Warden", "mana_cost": "{G}", "type_line": "Creature — Elf", "power": "1",
          "toughness": "1", "oracle_text": "Reach"}
_GLADE_2 = dict(_GLADE, mana_cost="{1}{G}")
_SKY = "Skyward 2 (When this creature enters, scry 2.)"
_SKY_ODD = "Skyward 3 (Whenever this creature attacks, scry 3.)"


def _birds(texts: list[str], **extra) -> list[dict]:
    return [{"name": f"Bird {i}", "mana_cost": "{U}", "type_line": "Creature — Bird", "power": "1",
             "toughness": "1", "oracle_text": t, **extra} for i, t in enumerate(texts)]


def set_codes(text: str, path: str = "cards.json", config: Config | None = None) -> list[str]:
    return codes(text, path=path, select=("SET001", "SET002"), config=config)


def test_a_bulk_oracle_file_is_not_a_set():
    cards = [_GLADE, _GLADE_2] + _birds([_SKY, _SKY, _SKY_ODD])
    assert set_codes(_scryfall(cards)) == []


def test_cards_of_one_scryfall_set_are_compared():
    cards = [dict(c, set="abc") for c in [_GLADE, _GLADE_2] + _birds([_SKY, _SKY, _SKY_ODD])]
    assert set_codes(_scryfall(cards)) == ["SET001", "SET002"]


def test_cards_of_different_sets_are_not_compared():
    cards = [dict(_GLADE, set="abc"), dict(_GLADE_2, set="xyz")]
    cards += [dict(b, set=s) for b, s in zip(_birds([_SKY, _SKY, _SKY_ODD]), ("abc", "abc", "xyz"))]
    assert set_codes(_scryfall(cards)) == []


def test_a_custom_set_in_scryfall_form_is_a_set_when_the_configuration_says_so():
    cards = [_GLADE, _GLADE_2]
    assert set_codes(_scryfall(cards), config=parse_config({"set-kind": "custom"})) == ["SET001"]


def test_a_yaml_file_without_set_codes_is_a_set():
    def card(c):
        return "\n".join(f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in c.items())
    text = "\n".join("-\n" + card(c) for c in [_GLADE, _GLADE_2])
    assert set_codes(text + "\n", path="set.yaml") == ["SET001"]


def test_check_paths_on_a_bulk_file(tmp_path):
    path = tmp_path / "oracle.json"
    path.write_text(_scryfall([_GLADE, _GLADE_2]), encoding="utf-8")
    report = check_paths([str(path)], select=["SET"])
    assert report.diagnostics == []


def test_a_divergent_version_printed_twice_is_reported_once():
    usual = dict(_GLADE, set="abc")
    odd = dict(_GLADE_2, set="abc")
    found = lint_cards(read_text(_scryfall([usual, odd, usual, odd, usual]), path="cards.json").cards,
                       select=["SET001"])
    assert len(found) == 1 and found[0].line > 1


def test_a_custom_sets_own_alchemy_words_do_not_make_it_a_digital_card():
    text = _TEXT + "\\nConjure a card named Harvest Omen into your hand."
    config = parse_config({"set-kind": "custom"})
    assert codes(yaml_card(text=text), config=config) == ["RUL002", "TPL003"]
    lackeybot = {"Harvest Omen": {"cardName": "Harvest Omen", "manaCost": "{2}{G}", "typeLine": "Instant",
                                  "rulesText": "Harvest Omen costs {1} less to cast.\n{T}: Draw a card.\n"
                                               "Conjure a card named Harvest Omen into your hand.",
                                  "setID": "ABC", "shape": "normal"}}
    assert codes(json.dumps(lackeybot), path="cards.json") == ["RUL002", "TPL003"]
    # the fields still say it where a custom set writes them
    assert codes(yaml_card("border_color: silver", text=text), config=config) == ["RUL002"]


def test_where_the_file_says_what_the_product_is_the_text_is_not_asked():
    text = _TEXT + "\\nConjure a card named Harvest Omen into your hand."
    assert codes(yaml_card("set_type: expansion", text=text)) == ["RUL002", "TPL003"]
    assert codes(yaml_card(text=text)) == ["RUL002"]
