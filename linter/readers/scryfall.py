"""Scryfall JSON: a card object, a list of them, or a list page / bulk file.

The parsed document is walked in document order next to the string-token
scan of :mod:`.jsonpos`; each card object is built by
:func:`linter.readers.fields.card_from_fields`.
"""

from __future__ import annotations

from typing import Any

from linter.fixes_codecs import json_codec
from linter.readers.base import Reader, ReadResult
from linter.readers.fields import card_from_fields, walk_object
from linter.readers.jsonpos import Desync, Tokens, items, parse_json
from linter.source import Loc, SourceFile


def looks_like_scryfall(data: Any) -> bool:
    if isinstance(data, dict):
        if data.get("object") == "list" and isinstance(data.get("data"), list):
            return all(isinstance(c, dict) for c in data["data"][:5])
        return _card_like(data)
    if isinstance(data, list):
        return bool(data) and all(isinstance(c, dict) for c in data[:5]) and any(_card_like(c) for c in data[:5])
    return False


def _card_like(d: dict) -> bool:
    if d.get("object") == "card":
        return True
    return isinstance(d.get("name"), str) and any(k in d for k in ("type_line", "oracle_text", "card_faces", "mana_cost"))


def read_scryfall(source: SourceFile, data: Any, result: ReadResult) -> None:
    """Fill ``result`` with the cards of a Scryfall JSON document already parsed as ``data``."""
    try:
        _walk_document(source, data, result)
    except Desync:
        # duplicate keys: parse again keeping every pair, and walk again
        result.cards.clear()
        result.warnings.clear()
        data = parse_json(source.text, keep_duplicates=True)
        try:
            _walk_document(source, data, result)
        except Desync:  # pragma: no cover - the scan and the parser disagree
            result.cards.clear()
            _without_positions(source, data, result)


def _walk_document(source: SourceFile, data: Any, result: ReadResult) -> None:
    tokens = Tokens(source)

    def warn(msg: str, loc: Loc | None) -> None:
        line, col = loc.position() if loc is not None else (None, None)
        result.warnings.append((msg, line, col))

    def card(node: dict) -> None:
        fields, faces, start = walk_object(tokens, node)
        result.cards.append(card_from_fields(fields, faces, source, Loc(source, start, exact=False), warn))

    if isinstance(data, list):
        for node in data:
            if isinstance(node, dict):
                card(node)
            else:
                tokens.skip(node)
    elif isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        for k, v in items(data):
            tokens.key(k)
            if k == "data" and v is data["data"]:
                for node in v:
                    if isinstance(node, dict):
                        card(node)
                    else:
                        tokens.skip(node)
            else:
                tokens.skip(v)
    elif isinstance(data, dict):
        card(data)




def _without_positions(source: SourceFile, data: Any, result: ReadResult) -> None:
    def warn(msg: str, loc: Loc | None) -> None:
        result.warnings.append((msg, None, None))

    nodes = data if isinstance(data, list) else data.get("data") if isinstance(data.get("data"), list) else [data]
    for node in nodes:
        if isinstance(node, dict):
            fields = {k: (v, None) for k, v in node.items()}
            faces = [{k: (v, None) for k, v in f.items()} for f in node.get("card_faces") or [] if isinstance(f, dict)]
            result.cards.append(card_from_fields(fields, faces or None, source, None, warn))


READER = Reader(
    name="scryfall",
    looks_like=lambda probe: probe.kind == "json" and looks_like_scryfall(probe.json),
    read=lambda probe, result: read_scryfall(probe.source, probe.json, result),
    codec=json_codec,
)
