"""Configuration: discovery, every key, and clear errors naming the key and the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from linter.config import (
    Config, ConfigError, CustomKeyword, find_config, glob_match, load_config, parse_config,
)
from linter.diagnostics import Diagnostic
from linter.model import Card, Face

FULL = """\
[tool.oraclelint]
select = ["RUL", "SYM001"]
ignore = ["RUL004"]
extend-select = ["TPL"]
self-reference = "name"
cr-edition = "2026-04-17"
set-kind = "custom"
ability-words = ["Moonrise", "Tidecall"]
symbols = ["V", "{W2}"]

[tool.oraclelint.per-file-ignores]
"drafts/**" = ["RUL"]
"*-old.yaml" = "SYM001, SYM002"

[tool.oraclelint.per-card-ignores]
"Ember Scout" = ["RUL002"]

[tool.oraclelint.severity]
RUL003 = "info"
SYM = "error"

[[tool.oraclelint.keywords]]
name = "Kindle"
parameter = "number"
kind = "triggered"
reminder = "When this creature enters, put N kindle counters on it."

[[tool.oraclelint.keywords]]
name = "Wayfind"
parameter = "cost"
kind = "activated"
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def diag(code="RUL002", path="set/cards.yaml", card=None, severity="warning", card_obj=None) -> Diagnostic:
    return Diagnostic(code=code, name="some-check", category="rules", severity=severity,
                      message="m", path=path, card=card, card_obj=card_obj)


# -- discovery -------------------------------------------------------------------------

def test_pyproject_table_is_found_upward_from_a_checked_file(tmp_path):
    cfg = write(tmp_path / "pyproject.toml", FULL)
    card = write(tmp_path / "set" / "deep" / "cards.yaml", "name: X\n")
    assert find_config([card]) == cfg
    c = load_config([card])
    assert c.path == cfg and c.root == tmp_path
    assert c.select == ["RUL", "SYM001"]
    assert c.ignore == ["RUL004"]
    assert c.extend_select == ["TPL"]
    assert c.self_reference == "name"
    assert c.cr_edition == "2026-04-17"
    assert c.set_kind == "custom"
    assert c.ability_words == ["Moonrise", "Tidecall"]
    assert c.symbols == ["V", "W2"]
    assert c.per_file_ignores == {"drafts/**": ["RUL"], "*-old.yaml": ["SYM001", "SYM002"]}
    assert c.per_card_ignores == {"Ember Scout": ["RUL002"]}
    assert c.severity == {"RUL003": "info", "SYM": "error"}
    assert c.keywords == [
        CustomKeyword("Kindle", "number", "triggered",
                      "When this creature enters, put N kindle counters on it."),
        CustomKeyword("Wayfind", "cost", "activated", None),
    ]


def test_pyproject_without_our_table_is_passed_over(tmp_path):
    outer = write(tmp_path / "oraclelint.toml", 'ignore = ["SYM"]\n')
    write(tmp_path / "repo" / "pyproject.toml", "[project]\nname = 'other'\n")
    card = write(tmp_path / "repo" / "cards.yaml", "name: X\n")
    assert find_config([card]) == outer
    assert load_config([card]).ignore == ["SYM"]


def test_nearest_file_wins_and_oraclelint_toml_before_pyproject(tmp_path):
    write(tmp_path / "oraclelint.toml", 'ignore = ["A"]\n')
    inner_py = write(tmp_path / "set" / "pyproject.toml", '[tool.oraclelint]\nignore = ["B"]\n')
    card = write(tmp_path / "set" / "cards.yaml", "")
    assert find_config([card]) == inner_py
    inner_own = write(tmp_path / "set" / "oraclelint.toml", 'ignore = ["C"]\n')
    assert find_config([card]) == inner_own


def test_first_checked_path_with_a_config_wins(tmp_path):
    a = write(tmp_path / "a" / "oraclelint.toml", 'ignore = ["A"]\n')
    write(tmp_path / "b" / "oraclelint.toml", 'ignore = ["B"]\n')
    assert find_config([tmp_path / "a" / "x.yaml", tmp_path / "b" / "y.yaml"]) == a
    assert find_config([tmp_path / "a"]) == a  # a directory is searched from itself


def test_no_file_gives_defaults(tmp_path):
    c = load_config([tmp_path / "cards.yaml"])
    assert c == Config()
    assert c.self_reference == "this-object" and c.set_kind is None


def test_explicit_file(tmp_path):
    cfg = write(tmp_path / "conf" / "lint.toml", 'set-kind = "oracle"\n')
    write(tmp_path / "oraclelint.toml", 'set-kind = "custom"\n')
    assert load_config([tmp_path], explicit=cfg).set_kind == "oracle"
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_config([tmp_path], explicit=tmp_path / "missing.toml")
    py = write(tmp_path / "conf" / "pyproject.toml", "[project]\nname = 'x'\n")
    with pytest.raises(ConfigError, match=r"has no \[tool.oraclelint\] table"):
        load_config([], explicit=py)


# -- errors ----------------------------------------------------------------------------

def test_unknown_key_names_the_key_and_the_file(tmp_path):
    cfg = write(tmp_path / "pyproject.toml", '[tool.oraclelint]\nselct = ["RUL"]\n')
    with pytest.raises(ConfigError) as err:
        load_config([tmp_path])
    msg = str(err.value)
    assert str(cfg) in msg and "tool.oraclelint.selct" in msg and "unknown key" in msg
    assert err.value.key == "tool.oraclelint.selct"


def test_underscore_spelling_gets_a_hint(tmp_path):
    write(tmp_path / "oraclelint.toml", 'per_file_ignores = {}\n')
    with pytest.raises(ConfigError, match="did you mean 'per-file-ignores'"):
        load_config([tmp_path])


def test_unknown_key_in_a_keyword_declaration(tmp_path):
    write(tmp_path / "oraclelint.toml", '[[keywords]]\nname = "Kindle"\nreminder_text = "x"\n')
    with pytest.raises(ConfigError, match=r"keywords\[0\]\.reminder_text: unknown key"):
        load_config([tmp_path])


@pytest.mark.parametrize("body, fragment", [
    ('select = "RUL-2"', "select: 'RUL-2' is not a check code"),
    ("select = 3", "select: expected a list of check codes"),
    ('self-reference = "card-name"', "self-reference: 'card-name' is not one of"),
    ('set-kind = "fan"', "set-kind: 'fan' is not one of"),
    ('cr-edition = "April 2026"', "cr-edition: 'April 2026' is not an effective date"),
    ('[severity]\nRUL001 = "fatal"', "severity.RUL001: 'fatal' is not one of error, warning, info"),
    ('per-card-ignores = ["x"]', "per-card-ignores: expected a table"),
    ('[[keywords]]\nparameter = "cost"', r"keywords\[0\]\.name: every keyword needs a name"),
    ('[[keywords]]\nname = "Kindle"\nkind = "mana"', r"keywords\[0\]\.kind: 'mana' is not one of"),
    ('[[keywords]]\nname = "Kindle"\nparameter = "x"', r"keywords\[0\]\.parameter: 'x' is not one of"),
    ('[[keywords]]\nname = "Kindle"\n[[keywords]]\nname = "kindle"', "declared twice"),
    ('symbols = ["{V V}"]', r"symbols\[0\]: '\{V V\}' is not a symbol"),
    ('ability-words = [""]', "ability-words: expected a list of non-empty strings"),
])
def test_bad_values_are_errors_naming_the_key(tmp_path, body, fragment):
    write(tmp_path / "oraclelint.toml", body + "\n")
    with pytest.raises(ConfigError, match=fragment):
        load_config([tmp_path])


def test_broken_toml_is_a_clear_error(tmp_path):
    cfg = write(tmp_path / "oraclelint.toml", 'select = ["RUL"\n')
    with pytest.raises(ConfigError, match="is not valid TOML") as err:
        load_config([tmp_path])
    assert str(cfg) in str(err.value)


def test_codes_that_match_no_check_are_refused(tmp_path):
    write(tmp_path / "oraclelint.toml", '[per-card-ignores]\n"Ember Scout" = ["RUL002", "XYZ"]\n')
    with pytest.raises(ConfigError, match=r"per-card-ignores\.\"Ember Scout\": 'XYZ' matches no check"):
        load_config([tmp_path], known_codes=["RUL002", "SYM001"])
    assert load_config([tmp_path]).per_card_ignores  # without known codes only the syntax is checked


def test_bare_toml_date_is_accepted_for_cr_edition():
    assert parse_config({"cr-edition": __import__("datetime").date(2026, 4, 17)}).cr_edition == "2026-04-17"


# -- selection, ignores, severities --------------------------------------------------

def test_command_line_select_replaces_and_ignore_adds():
    c = Config(select=["RUL"], ignore=["RUL004"], extend_select=["TPL"])
    assert c.selection() == (["RUL", "TPL"], ["RUL004"])
    assert c.selection(select="SYM", ignore="SYM002") == (["SYM", "TPL"], ["RUL004", "SYM002"])
    assert Config(extend_select=["TPL"]).selection() == ([], [])  # everything is on anyway


def test_glob_matching():
    assert glob_match("drafts/**", "drafts/a/b.yaml")
    assert glob_match("**/old/*.json", "x/y/old/a.json")
    assert glob_match("**/old/*.json", "old/a.json")
    assert not glob_match("drafts/*.yaml", "drafts/sub/a.yaml")
    assert glob_match("set-[ab].yaml", "set-a.yaml") and not glob_match("set-[!ab].yaml", "set-a.yaml")


def test_per_file_ignores_are_relative_to_the_config_folder(tmp_path):
    c = Config(path=tmp_path / "oraclelint.toml",
               per_file_ignores={"drafts/**": ["RUL"], "*-old.yaml": ["SYM001"]})
    ds = [
        diag("RUL002", str(tmp_path / "drafts" / "x" / "a.yaml")),
        diag("SYM001", str(tmp_path / "drafts" / "a.yaml")),
        diag("SYM001", str(tmp_path / "sets" / "core-old.yaml")),
        diag("SYM002", str(tmp_path / "sets" / "core-old.yaml")),
        diag("RUL002", str(tmp_path / "sets" / "core.yaml")),
    ]
    kept = c.apply(ds)
    assert [(d.code, Path(d.path).name) for d in kept] == [
        ("SYM001", "a.yaml"), ("SYM002", "core-old.yaml"), ("RUL002", "core.yaml")]


def test_per_card_ignores_match_the_card_or_a_face_name(tmp_path):
    split = Card(name="Fire // Ice", faces=[Face(name="Fire"), Face(name="Ice")])
    c = Config(per_card_ignores={"ember scout": ["RUL002"], "Ice": ["SYM"]})
    ds = [
        diag("RUL002", card="Ember Scout"),
        diag("RUL003", card="Ember Scout"),
        diag("SYM001", card="Fire // Ice", card_obj=split),
        diag("RUL002", card="Other"),
    ]
    assert [(d.code, d.card) for d in c.apply(ds)] == [("RUL003", "Ember Scout"), ("RUL002", "Other")]


def test_severity_overrides_longest_prefix_wins():
    c = Config(severity={"RUL": "info", "RUL002": "error"})
    ds = c.apply([diag("RUL002"), diag("RUL005"), diag("SYM001")])
    assert [(d.code, d.severity) for d in ds] == [("RUL002", "error"), ("RUL005", "info"),
                                                  ("SYM001", "warning")]


def test_mechanics_are_handed_over_in_the_catalogue_shape():
    c = parse_config({"keywords": [{"name": "Kindle", "parameter": "number"}],
                      "ability-words": ["Moonrise"], "symbols": ["Vc", "{I/W}"]})
    assert c.mechanics() == {
        "custom_keywords": [{"name": "Kindle", "parameter": "number", "kind": "static", "reminder": None}],
        "ability_words": ["Moonrise"],
        "symbols": ["Vc", "I/W"],
        "subtypes": {}, "supertypes": [], "keyword_actions": [], "zones": [],
    }


def test_a_set_declares_subtypes_supertypes_keyword_actions_and_zones():
    c = parse_config({"subtypes": {"Creature": ["Vertexling"], "Planeswalker": ["Alira"]},
                      "supertypes": ["Mythic"], "keyword-actions": ["abound"], "zones": ["shadow realm"]})
    assert c.mechanics()["subtypes"] == {"Creature": ["Vertexling"], "Planeswalker": ["Alira"]}
    assert (c.supertypes, c.keyword_actions, c.zones) == (["Mythic"], ["abound"], ["shadow realm"])
    assert parse_config({"subtypes": ["Vertexling"]}).subtypes == {"*": ["Vertexling"]}


@pytest.mark.parametrize("table, key", [
    ({"subtypes": {"Creatur": ["Vertexling"]}}, "subtypes.Creatur"),
    ({"subtypes": 3}, "subtypes"),
    ({"zones": [""]}, "zones"),
    ({"keyword-actions": "abound"}, None),
])
def test_declared_types_and_words_are_checked(table, key):
    if key is None:
        assert parse_config(table).keyword_actions == ["abound"]
        return
    with pytest.raises(ConfigError) as err:
        parse_config(table)
    assert err.value.key == key


def test_install_makes_the_config_active_and_calls_the_catalogue_hook(monkeypatch):
    from linter import config as config_mod
    from linter import tables

    seen = {}
    monkeypatch.setattr(tables, "extend", lambda **kw: seen.update(kw), raising=False)
    monkeypatch.setattr(tables, "reset_extensions", lambda: seen.clear(), raising=False)
    c = Config(self_reference="name", ability_words=["Moonrise"])
    try:
        assert c.install() is True
        assert config_mod.active() is c
        assert seen["ability_words"] == ["Moonrise"]
    finally:
        config_mod.reset_active()
    assert config_mod.active() == Config() and seen == {}


def test_readme_example_is_a_valid_configuration(tmp_path):
    from linter.checks.base import all_checks

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## In a card-set repository", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    write(tmp_path / "pyproject.toml", example)
    c = load_config([tmp_path], known_codes=all_checks())
    assert c.keywords and c.keywords[0].name == "Kindle" and c.set_kind == "custom"


def test_edition_note_only_when_the_edition_differs():
    from linter.tables import cr_edition

    assert Config().edition_note() is None
    assert Config(cr_edition=cr_edition()).edition_note() is None
    note = Config(path=Path("oraclelint.toml"), cr_edition="2025-11-14").edition_note()
    assert note.startswith("oraclelint.toml: cr-edition 2025-11-14 is not the edition") and cr_edition() in note
