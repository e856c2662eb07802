"""Which format a card file is in, decided from its content."""

from __future__ import annotations

import os
import re

from linter.readers.base import ReadError, ReadResult
from linter.source import SourceFile

UNSUPPORTED = ("not a supported card file (expected Scryfall JSON, MTGJSON, Cockatrice XML, YAML,"
               " a Magic Set Editor set, MSE-Hub JSON or LackeyBot JSON)")

_YAML_EXT = (".yaml", ".yml")
_YAML_HINT = re.compile(
    r"^(?:---|%YAML|[ \t]*(?:-[ \t]+)?(?:name|cards|card_faces|type_line|oracle_text|mana_cost|layout)[ \t]*:)",
    re.M,
)


def sniff(text: str, path: str = "") -> str | None:
    """The format a text looks like, from its first characters: "xml", "json",
    "yaml" or None."""
    head = text[:4096].lstrip()
    ext = os.path.splitext(path)[1].lower()
    if head.startswith("<"):
        return "xml"
    if head[:1] in ("{", "["):
        return "json"
    if ext in _YAML_EXT or _YAML_HINT.search(head):
        return "yaml"
    return None


def read_source(source: SourceFile, read=None) -> ReadResult:
    """Detect the format of ``source`` and read its cards (or read them with
    ``read(source, result)`` when the caller knows the format)."""
    result = ReadResult(path=source.path, source=source)
    try:
        (read or _read)(source, result)
    except ReadError as e:
        result.error = e
    except RecursionError:
        result.error = ReadError("the file is nested too deeply to read")
    except Exception as e:  # noqa: BLE001 - bad input must never crash the linter
        result.error = ReadError(f"could not read the file ({type(e).__name__}: {e})")
    if result.error is not None:
        result.cards = []
        if result.error.reason == UNSUPPORTED:
            result.format = ""
    elif not result.entries:
        result.entries = len(result.cards)
    source.format = result.format
    return result


def _read(source: SourceFile, result: ReadResult) -> None:
    text = source.text
    from linter.readers import mse

    if mse.looks_like_mse(text, source.path):
        mse.read_mse(source, result)
        return
    kind = sniff(text, source.path)
    ext = os.path.splitext(source.path)[1].lower()
    if kind == "xml":
        from linter.readers.cockatrice import looks_like_cockatrice, read_cockatrice

        if not looks_like_cockatrice(text) and "<" in text[:4096]:
            # an XML file of another kind: say so rather than guess
            if not re.search(r"<(?:card|cards)\b", text[:65536]):
                raise ReadError(UNSUPPORTED)
        result.format = "cockatrice"
        read_cockatrice(source, result)
        return
    if kind == "json":
        from linter.readers.jsonpos import parse_json

        try:
            data = parse_json(text)
        except ReadError:
            if ext in _YAML_EXT:
                _read_yaml(source, result)
                return
            raise
        from linter.readers import lackeybot, msehub, mtgjson, scryfall

        # the first shape that fits wins, so the loosest test (Scryfall's card-like objects) comes last
        for fmt, looks_like, read in (
            ("msehub", msehub.looks_like_msehub, msehub.read_msehub),
            ("lackeybot", lackeybot.looks_like_lackeybot, lackeybot.read_lackeybot),
            ("mtgjson", mtgjson.looks_like_mtgjson, mtgjson.read_mtgjson),
            ("scryfall", scryfall.looks_like_scryfall, scryfall.read_scryfall),
        ):
            if looks_like(data):
                result.format = fmt
                read(source, data, result)
                return
        if ext in _YAML_EXT:
            _read_yaml(source, result)
            return
        raise ReadError(UNSUPPORTED)
    if kind == "yaml":
        _read_yaml(source, result)
        return
    raise ReadError(UNSUPPORTED)


def _read_yaml(source: SourceFile, result: ReadResult) -> None:
    from linter.readers.yamlcards import read_yaml

    result.format = "yaml"
    read_yaml(source, result)
