"""Scryfall JSON: a card object, a list of them, or a list page / bulk file.

Each card object is built from its parsed value by
:func:`linter.readers.fields.card_from_values`, knowing only where the object
starts in the text (given by the parse of a top-level array, else found by
the string-token scan of :mod:`.jsonpos`); the places of its fields are
found when a finding or a fix first asks for one.
"""

from __future__ import annotations

from typing import Any

from linter.fixes_codecs import json_codec
from linter.readers.base import Reader, ReadResult
from linter.readers.fields import JsonPlaces, card_from_fields, card_from_values, walk_object
from linter.readers.jsonpos import Desync, Tokens, decode_at, items, parse_json, warner
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


def read_scryfall(source: SourceFile, data: Any, result: ReadResult, starts: list[int] | None = None) -> None:
    """Fill ``result`` with the cards of a Scryfall JSON document already parsed as ``data``
    (``starts``: where each element of a top-level array starts in the text, when known)."""
    try:
        _read_document(source, data, result, starts)
    except Desync:
        # duplicate keys: parse again keeping every pair, and walk again
        result.cards.clear()
        result.warnings.clear()
        data = parse_json(source.text, keep_duplicates=True)
        try:
            _read_document(source, data, result, None)
        except Desync:  # pragma: no cover - the scan and the parser disagree
            result.cards.clear()
            _without_positions(source, data, result)


def _read_document(source: SourceFile, data: Any, result: ReadResult, starts: list[int] | None) -> None:
    """Read each card object of the document where it starts; only where the
    document is not a top-level array of known ``starts`` does a token scan
    find them."""
    warn = warner(result)

    def card(node: dict, start: int) -> None:
        card_loc = Loc(source, start, exact=False)
        faces = node.get("card_faces")
        if "card_faces" in node and not isinstance(faces, list):
            # "card_faces" that is not a list: should the file repeat the key, the card has
            # the faces of the last list written (the parse keeps only the last value), so
            # the card is walked as it is written
            fields, walked, _start = walk_object(Tokens(source, start), decode_at(source.text, start))
            result.cards.append(card_from_fields(fields, walked, source, card_loc, warn))
            return
        if faces is not None:
            faces = [f for f in faces if isinstance(f, dict)]
        result.cards.append(card_from_values(node, faces, source, card_loc, warn, JsonPlaces(card_loc)))

    def cards(nodes: list, tokens: Tokens) -> None:
        for node in nodes:
            if isinstance(node, dict):
                card(node, tokens.object_start_skipping(node))
            else:
                tokens.skip(node)

    if isinstance(data, list):
        if starts is not None and len(starts) == len(data):
            for node, start in zip(data, starts):
                if isinstance(node, dict):
                    card(node, start if node else 0)  # an empty object starts at 0, as a walk finds it
        else:
            cards(data, Tokens(source))
    elif isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        tokens = Tokens(source)
        for k, v in items(data):
            tokens.key(k)
            if k == "data" and v is data["data"]:
                cards(v, tokens)
            else:
                tokens.skip(v)
    elif isinstance(data, dict):
        cards([data], Tokens(source))


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
    read=lambda probe, result: read_scryfall(probe.source, probe.json, result, probe.json_starts),
    codec=json_codec,
)
