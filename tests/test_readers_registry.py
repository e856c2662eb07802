"""The readers as a registry: each reader module declares one reader, detection walks them in
order, and no reader imports detection or another reader."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from linter.readers import base, detect, read_text
from linter.readers.probe import Probe
from linter.source import SourceFile

READER_MODULES = {r.read.__module__.rsplit(".", 1)[-1] for r in detect.READERS}


def test_every_reader_module_declares_one_reader():
    assert READER_MODULES == {"cockatrice", "lackeybot", "mse", "msehub", "mtgjson", "scryfall", "yamlcards"}
    for reader in detect.READERS:
        module = sys.modules[reader.read.__module__]
        assert module.READER is reader
        assert isinstance(reader, base.Reader) and reader.codec is not None, reader.name
    names = [n for r in detect.READERS for n in r.names]
    assert len(names) == len(set(names))


def test_no_reader_imports_detection_or_another_reader():
    folder = Path(detect.__file__).parent
    forbidden = {f"linter.readers.{m}" for m in READER_MODULES | {"detect"}}
    for module in READER_MODULES:
        tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                targets = {a.name for a in node.names}
            else:
                continue
            bad = (targets & forbidden) - {f"linter.readers.{module}"}
            assert not bad, f"{module}.py imports {sorted(bad)}"


def _probe(text: str, path: str = "cards.json") -> Probe:
    return Probe(SourceFile(path=path, text=text))


def test_detection_asks_the_readers_in_order():
    assert detect.detect(_probe('{"cards": [{"card_name": "A", "type": "Instant"}]}')).name == "msehub"
    assert detect.detect(_probe('[{"name": "A", "type_line": "Instant"}]')).name == "scryfall"
    assert detect.detect(_probe("name: A\ntype_line: Instant\n", "a.yaml")).name == "yaml"
    assert detect.detect(_probe("<cockatrice_carddatabase version='4'/>", "a.xml")).name == "cockatrice"
    assert detect.detect(_probe("mse version: 0.3.8\ncard:\n\tname: A\n", "set")).name == "mse"
    assert detect.detect(_probe('{"extends": ["config:base"]}', "renovate.json")) is None


def test_a_json_file_that_does_not_parse_says_where():
    result = read_text('[{"name": "A",\n "type_line": }]', "cards.json")
    assert result.error is not None and result.error.line == 2
