"""MTGJSON files (AtomicCards, a set file, AllPrintings) to cards.

MTGJSON lists each face of a multi-faced card as its own entry; the entries
share the full name ("A // B") and carry ``side`` ("a", "b", ...).  They are
joined back into one card here.  Field names are mapped to Scryfall's and the
card is built by :func:`linter.readers.fields.card_from_fields`.
"""

from __future__ import annotations

from typing import Any

from linter.fixes_codecs import json_codec
from linter.readers.base import Reader, ReadResult
from linter.readers.jsonpos import Tokens, items, walk_keeping_duplicates, warner
from linter.readers.fields import Fields, card_from_fields, walk_object
from linter.source import Loc, SourceFile

#: MTGJSON name -> Scryfall name, for a face
_FACE_MAP = {
    "faceName": "name", "manaCost": "mana_cost", "type": "type_line", "text": "oracle_text",
    "power": "power", "toughness": "toughness", "loyalty": "loyalty", "defense": "defense",
    "colors": "colors", "colorIndicator": "color_indicator", "flavorText": "flavor_text",
    "faceManaValue": "cmc",
}
#: MTGJSON name -> Scryfall name, for the card
_CARD_MAP = {
    "name": "name", "layout": "layout", "manaValue": "cmc", "convertedManaCost": "cmc",
    "colorIdentity": "color_identity", "keywords": "keywords", "setCode": "set",
    "isOnlineOnly": "digital", "borderColor": "border_color", "securityStamp": "security_stamp",
    "promoTypes": "promo_types",
}
_WANTED = frozenset(_FACE_MAP) | frozenset(_CARD_MAP) | {"side", "isFunny"}


def looks_like_mtgjson(data: Any) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        return False
    inner = data["data"]
    if isinstance(inner.get("cards"), list):
        return True  # a set file
    for _k, v in list(inner.items())[:5]:
        if isinstance(v, list) and v and isinstance(v[0], dict) and ("manaCost" in v[0] or "type" in v[0]):
            return True  # AtomicCards
        if isinstance(v, dict) and isinstance(v.get("cards"), list):
            return True  # AllPrintings
    return False


def read_mtgjson(source: SourceFile, data: dict, result: ReadResult) -> None:
    walk_keeping_duplicates(_walk, source, data, result)


def _walk(source: SourceFile, data: dict, result: ReadResult) -> None:
    tokens = Tokens(source)
    warn = warner(result)

    def entries(node: list) -> list[tuple[Fields, int]]:
        out = []
        for fv in node:
            if isinstance(fv, dict):
                fields, _faces, start = walk_object(tokens, fv, _WANTED, None)
                out.append((fields, start))
            else:
                tokens.skip(fv)
        return out

    def add(group: list[tuple[Fields, int]], is_token: bool, set_code: str | None, released: str | None,
            set_type: str | None = None) -> None:
        result.entries += len(group)
        for fields_list in _join_faces(group):
            card = _card(fields_list, source, warn)
            if is_token:
                card.is_token = True
            if card.set_code is None and set_code:
                card.set_code = set_code
            if released and card.released is None:
                card.released = released
            if card.set_type is None:
                # an Un-set card of AtomicCards says only isFunny
                card.set_type = set_type or ("funny" if fields_list[0][0].get("isFunny", (None,))[0] is True else None)
            result.cards.append(card)

    def set_file(node: dict) -> None:
        code = node.get("code") if isinstance(node.get("code"), str) else None
        released = node.get("releaseDate") if isinstance(node.get("releaseDate"), str) else None
        kind = node.get("type") if isinstance(node.get("type"), str) else None
        for k, v in items(node):
            tokens.key(k)
            if k in ("cards", "tokens") and isinstance(v, list):
                add(entries(v), k == "tokens", code, released, kind)
            else:
                tokens.skip(v)

    for k, v in items(data):
        tokens.key(k)
        if k != "data" or not isinstance(v, dict):
            tokens.skip(v)
            continue
        if isinstance(v.get("cards"), list):
            set_file(v)
            continue
        for name, node in items(v):
            tokens.key(name)
            if isinstance(node, list):  # AtomicCards: name -> faces
                add(entries(node), False, None, None)
            elif isinstance(node, dict) and isinstance(node.get("cards"), list):  # AllPrintings
                set_file(node)
            else:
                tokens.skip(node)


def _join_faces(group: list[tuple[Fields, int]]) -> list[list[tuple[Fields, int]]]:
    """Group entries into cards: an entry with side "b" (or later) joins the
    nearest earlier entry of the same name."""
    cards: list[list[tuple[Fields, int]]] = []
    open_by_name: dict[str, list[tuple[Fields, int]]] = {}
    for entry in group:
        fields = entry[0]
        side = fields.get("side", (None, None))[0]
        name = fields.get("name", (None, None))[0]
        if isinstance(side, str) and side not in ("", "a") and name in open_by_name:
            open_by_name[name].append(entry)
            continue
        card = [entry]
        cards.append(card)
        if isinstance(side, str) and isinstance(name, str):
            open_by_name[name] = card
    return cards


def _card(faces: list[tuple[Fields, int]], source: SourceFile, warn) -> Any:
    first, start = faces[0]
    card_fields: Fields = {_CARD_MAP[k]: v for k, v in first.items() if k in _CARD_MAP}
    if len(faces) == 1 and "side" not in first:
        fields = dict(card_fields)
        fields.update({_FACE_MAP[k]: v for k, v in first.items() if k in _FACE_MAP and k not in ("faceName", "faceManaValue")})
        return card_from_fields(fields, None, source, Loc(source, start, exact=False), warn)
    face_fields = []
    for f, _s in faces:
        ff = {_FACE_MAP[k]: v for k, v in f.items() if k in _FACE_MAP}
        if "name" not in ff and "name" in f:
            ff["name"] = f["name"]
        face_fields.append(ff)
    return card_from_fields(card_fields, face_fields, source, Loc(source, start, exact=False), warn)


READER = Reader(
    name="mtgjson",
    looks_like=lambda probe: probe.kind == "json" and looks_like_mtgjson(probe.json),
    read=lambda probe, result: read_mtgjson(probe.source, probe.json, result),
    codec=json_codec,
)
