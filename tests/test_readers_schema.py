"""The YAML card format's JSON Schema: it accepts the example and fixture files and
agrees with the fields the YAML reader knows."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

jsonschema = pytest.importorskip("jsonschema")

from linter.readers import read_file  # noqa: E402
from linter.readers.yamlcards import OTHER, OTHER_FACE, USED_CARD, USED_FACE  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SCHEMA_PATH = REPO / "linter" / "schemas" / "card-yaml.schema.json"
YAML_FILES = [REPO / "examples" / "example-set.yaml", *sorted((REPO / "tests" / "fixtures" / "readers").glob("*.yaml"))]


class _TextDates(yaml.SafeLoader):
    """Like the reader: an unquoted date stays text."""


_TextDates.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _docs(path: Path) -> list:
    return [d for d in yaml.load_all(path.read_text(encoding="utf-8"), Loader=_TextDates) if d is not None]


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.name)
def test_files_match_schema(validator, path):
    docs = _docs(path)
    assert docs
    for doc in docs:
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        assert not errors, [f"{list(e.path)}: {e.message}" for e in errors]
    r = read_file(str(path))
    assert r.error is None and r.cards and r.warnings == []


def test_example_set_has_the_documented_defects():
    r = read_file(str(REPO / "examples" / "example-set.yaml"))
    assert r.format == "yaml" and len(r.cards) == 5
    names = {c.name: c for c in r.cards}
    lantern = names["Lanternwick Apprentice // Lanternwick Shade"]
    back = lantern.faces[1]
    assert back.colors == ("B",) and back.mana_cost == "" and back.color_indicator is None
    spark = names["Sparkmaker's Call"]
    assert "creature token" in spark.front.oracle_text and "{T}" in spark.front.oracle_text


@pytest.mark.parametrize("mutate, where", [
    (lambda d: d["cards"][0].update(colors=["X"]), "colors"),
    (lambda d: d["cards"][0].update(mana_cost="2G"), "mana_cost"),
    (lambda d: d["cards"][0].update(oracle_txt="typo"), "oracle_txt"),
    (lambda d: d["cards"][3]["card_faces"][1].update(set="EXM"), "set"),
    (lambda d: d.update(released_at="May 2026"), "released_at"),
    (lambda d: d["cards"][0].update(layout="sideways"), "layout"),
])
def test_schema_rejects_mistakes(validator, mutate, where):
    doc = copy.deepcopy(_docs(REPO / "examples" / "example-set.yaml")[0])
    assert validator.is_valid(doc)
    mutate(doc)
    assert not validator.is_valid(doc), where


def test_schema_fields_agree_with_reader():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    card_props = set(schema["$defs"]["card"]["properties"])
    face_props = set(schema["$defs"]["face"]["properties"])
    assert card_props == set(USED_CARD) | set(OTHER)
    assert face_props == set(USED_FACE) | set(OTHER_FACE)
