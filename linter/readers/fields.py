"""Scryfall's field model, shared by the readers of the formats that map onto it.

:func:`card_from_fields` builds a card from Scryfall-named fields: the
Scryfall JSON, YAML and MTGJSON readers hand it the card's fields as
``{key: (value, loc)}`` and the faces' fields the same way.
:func:`walk_object` collects the wanted fields of one JSON object in document
order next to the string-token scan of :mod:`.jsonpos`.
"""

from __future__ import annotations

from typing import Any, Callable

from linter.model import COLORS, Card, Face, order_colors
from linter.readers.jsonpos import Tokens, items
from linter.source import Loc, SourceFile

Fields = dict  # key -> (value, Loc | None)

#: fields of a face (on a single-faced card they stand at card level)
FACE_STR = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty",
            "defense", "flavor_text")
FACE_COLORS = ("colors", "color_indicator")
#: fields of the card as a whole
CARD_KEYS = ("name", "layout", "cmc", "color_identity", "keywords", "set", "released_at")
#: what a card says of its product (which tells Un-set, Alchemy and playtest cards apart)
PRODUCT_KEYS = ("set_type", "digital", "border_color", "security_stamp", "promo_types")
#: card-level suppressions (see linter/suppress.py), kept as written in ``card.extra``
IGNORE_FIELD = "oraclelint-ignore"
WANTED = frozenset(FACE_STR + FACE_COLORS + CARD_KEYS + PRODUCT_KEYS + ("card_faces", "type_line", "mana_cost", IGNORE_FIELD))

TOKEN_LAYOUTS = frozenset({"token", "double_faced_token"})

Warn = Callable[[str, "Loc | None"], None]
#: turns a field's value into the model's (None when it has the wrong shape), warning as it goes
Converter = Callable[[str, Any, "Loc | None", Warn], Any]


def _found(value: Any) -> str:
    """What a value is, in a few words, for a message."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a value of type {type(value).__name__}"


def _as_str(key: str, value: Any, loc: Loc | None, warn: Warn) -> str | None:
    if value is None:
        if key == "name":  # the field is there, with no name in it
            warn("name should be text, found null", loc)
        return None
    if isinstance(value, bool):
        warn(f"{key} should be text, not {str(value).lower()}", loc)
        return str(value).lower()
    if isinstance(value, (int, float)):
        return str(value) if not isinstance(value, float) or not value.is_integer() else str(int(value))
    if isinstance(value, str):
        return value
    warn(f"{key} should be text, found {_found(value)}", loc)
    return None


def _as_colors(key: str, value: Any, loc: Loc | None, warn: Warn) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str):
        letters = [c for c in value.upper() if not c.isspace() and c not in ",[]"]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        letters = [v.strip().upper() for v in value]
    else:
        warn(f"{key} should be a list of color letters (W, U, B, R, G)", loc)
        return None
    bad = [c for c in letters if c not in COLORS]
    if bad:
        warn(f"{key}: unknown color {bad[0]!r} (expected W, U, B, R or G)", loc)
    return order_colors([c for c in letters if c in COLORS])


def _as_number(key: str, value: Any, loc: Loc | None, warn: Warn) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool):
        warn(f"{key} should be a number", loc)
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            pass
    warn(f"{key} should be a number", loc)
    return None


def _as_bool(key: str, value: Any, loc: Loc | None, warn: Warn) -> bool | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    warn(f"{key} should be true or false", loc)
    return None


def _as_words(key: str, value: Any, loc: Loc | None, warn: Warn) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    warn(f"{key} should be a list of words", loc)
    return None


def _take(fields: Fields, key: str, conv: Converter, warn: Warn, locs: dict[str, Loc]) -> Any:
    """Field ``key`` converted by ``conv``, its Loc kept in ``locs``; None (and no Loc
    kept) when the field is absent or ``conv`` refuses it."""
    if key not in fields:
        return None
    value, loc = fields[key]
    v = conv(key, value, loc, warn)
    if v is not None and loc is not None:
        locs[key] = loc
    return v


def _fill_face(face: Face, fields: Fields, warn: Warn, with_cmc: bool) -> None:
    converters = [(key, _as_str) for key in FACE_STR] + [(key, _as_colors) for key in FACE_COLORS]
    if with_cmc:
        converters.append(("cmc", _as_number))
    for key, conv in converters:
        v = _take(fields, key, conv, warn, face.locs)
        if v is not None:
            setattr(face, key, v)


def _once(warn: Warn) -> Warn:
    said: set[tuple] = set()

    def once(msg: str, loc: Loc | None) -> None:
        key = (msg, loc.start if loc is not None else None)
        if key not in said:
            said.add(key)
            warn(msg, loc)

    return once


def card_from_fields(fields: Fields, faces: list[Fields] | None, source: SourceFile, card_loc: Loc | None,
                     warn: Warn) -> Card:
    """A card from Scryfall-named fields (``faces`` holds ``card_faces``)."""
    card = Card(source=source, loc=card_loc)
    warn = _once(warn)  # a single face's fields are the card's too: one warning, not two
    if faces:
        for ff in faces:
            face = Face()
            _fill_face(face, ff, warn, with_cmc=True)
            card.faces.append(face)
        # card-level copies of face fields ("A // B" cost, type line, colors)
        for key in FACE_STR + FACE_COLORS:
            if key != "name":
                v = _take(fields, key, _as_colors if key in FACE_COLORS else _as_str, warn, card.locs)
                if v is not None:
                    card.extra[key] = v
    else:
        face = Face()
        _fill_face(face, fields, warn, with_cmc=False)
        card.faces.append(face)
    if "name" in fields:
        value, loc = fields["name"]
        card.name = _as_str("name", value, loc, warn)
        if loc is not None:
            card.locs["name"] = loc
    if card.name is None and card.faces and card.faces[0].name:
        card.name = " // ".join(f.name or "" for f in card.faces)
    for key, conv, attr in (("layout", _as_str, "layout"), ("cmc", _as_number, "cmc"),
                            ("color_identity", _as_colors, "color_identity"),
                            ("keywords", _as_words, "keywords"), ("set", _as_str, "set_code"),
                            ("released_at", _as_str, "released"), ("set_type", _as_str, "set_type"),
                            ("digital", _as_bool, "digital"), ("border_color", _as_str, "border_color"),
                            ("security_stamp", _as_str, "security_stamp"),
                            ("promo_types", _as_words, "promo_types")):
        v = _take(fields, key, conv, warn, card.locs)
        if v is not None:
            setattr(card, attr, v)
    if IGNORE_FIELD in fields:
        value, loc = fields[IGNORE_FIELD]
        card.extra[IGNORE_FIELD] = value
        if loc is not None:
            card.locs[IGNORE_FIELD] = loc
    if card.layout in TOKEN_LAYOUTS or any((f.type_line or "").lstrip().startswith("Token") for f in card.faces) \
            or str(card.extra.get("type_line", "")).lstrip().startswith("Token"):
        card.is_token = True
    return card


def walk_object(tokens: Tokens, node: dict, wanted: frozenset = WANTED,
                faces_key: str | None = "card_faces") -> tuple[Fields, list[Fields] | None, int]:
    """The wanted fields of one object with their Locs, its faces, and where it starts."""
    fields: Fields = {}
    faces: list[Fields] | None = None
    start = None
    for k, v in items(node):
        km = tokens.key(k)
        if start is None:
            start = tokens.object_start(km)
        if k == faces_key and isinstance(v, list):
            faces = []
            for fv in v:
                if isinstance(fv, dict):
                    ff, _sub, _s = walk_object(tokens, fv, wanted, None)
                    faces.append(ff)
                else:
                    tokens.skip(fv)
        elif k in wanted:
            fields[k] = (v, tokens.value(km, v))
        else:
            tokens.skip(v)
    if start is None:
        start = 0
    return fields, faces, start
