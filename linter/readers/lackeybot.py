"""LackeyBot / Planesculptors JSON: an object keyed by card ("Name_SET").

Each card object holds ``cardName``, ``manaCost`` (braced), ``typeLine``,
``rulesText`` (italics written ``*…*``, loyalty costs ``[+1]:``,
``[-2]:``), ``flavorText``, ``power``, ``toughness``, ``loyalty`` (numbers
or text), ``color`` as color names in braces (``{Green} ``, ``{Blue/Red} ``),
``cmc``, ``shape`` ("normal", "doubleface", "split") and ``setID``; a second
face repeats the face fields with "2" at the end (``cardName2``,
``manaCost2`` …).  Notations are normalised into Oracle style (half mana
written ``|{R}`` becomes ``{HR}``, hybrid written ``{UR}`` becomes ``{U/R}``);
positions map back to the file through :mod:`.jsonpos` and :mod:`.markup`.
"""

from __future__ import annotations

import re
from typing import Any

from linter.model import COLOR_NAMES, Card, Face, order_colors
from linter.fixes_codecs import marked_json_codec
from linter.readers.base import Reader, ReadResult
from linter.readers.jsonpos import Tokens, field_text as _text, items, walk_keeping_duplicates, warner
from linter.readers.mana import lackeybot_cost, lackeybot_text
from linter.readers.markup import convert, mana_cost, strip_asterisks, unbracket_loyalty
from linter.readers.layouts import guess_layout, shape_layout
from linter.readers.fields import IGNORE_FIELD, walk_object
from linter.source import Loc, SourceFile

FACE_FIELDS = ("cardName", "manaCost", "typeLine", "rulesText", "flavorText", "power", "toughness", "loyalty",
               "color", "cmc")  # "cmc2" is the back face's
CARD_FIELDS = ("shape", "setID", "fullName", IGNORE_FIELD)
WANTED = frozenset(FACE_FIELDS) | frozenset(k + "2" for k in FACE_FIELDS) | frozenset(CARD_FIELDS)

_NAME_TO_LETTER = {name: letter for letter, name in COLOR_NAMES.items()}
_COLOR_NAME = re.compile(r"[A-Za-z]+")


def looks_like_lackeybot(data: Any) -> bool:
    if not isinstance(data, dict) or not data:
        return False
    sample = [v for _k, v in zip(range(5), data.values())]
    return any(isinstance(v, dict) and "cardName" in v and ("typeLine" in v or "rulesText" in v) for v in sample)


def read_lackeybot(source: SourceFile, data: dict, result: ReadResult) -> None:
    """Fill ``result`` with the cards of a LackeyBot file already parsed as ``data``."""
    walk_keeping_duplicates(_walk, source, data, result)


def _walk(source: SourceFile, data: dict, result: ReadResult) -> None:
    tokens = Tokens(source)
    warn = warner(result)

    for key, node in items(data):
        km = tokens.key(key)
        result.entries += 1
        if not isinstance(node, dict):
            tokens.skip(node)
            warn(f"entry {key!r} is not a card object: skipped", Loc(source, km.start() + 1, exact=False))
            continue
        fields, _faces, start = walk_object(tokens, node, WANTED, None)
        card = build_card(fields, source, Loc(source, start, exact=False), warn, key)
        if card is not None:
            result.cards.append(card)




def _number(key: str, fields: dict, warn) -> tuple[float, Loc | None] | None:
    if key not in fields:
        return None
    value, loc = fields[key]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value), loc
    if isinstance(value, str) and value.strip():
        try:
            return float(value), loc
        except ValueError:
            pass
    if value not in (None, ""):
        warn(f"{key} should be a number", loc)
    return None


def colors_of(value: str) -> tuple[str, ...] | None:
    """``{Blue/Red} `` as ("U", "R"); ``{Colorless}`` as (); None for an empty
    value (the files leave it empty for colored cards too)."""
    names = [n.lower() for n in _COLOR_NAME.findall(value)]
    if not names:
        return None
    letters = [_NAME_TO_LETTER[n] for n in names if n in _NAME_TO_LETTER]
    if not letters and "colorless" not in names:
        return None
    return order_colors(letters)


def build_card(fields: dict, source: SourceFile, card_loc: Loc, warn, key: str = "") -> Card | None:
    name = _text("cardName", fields, warn)
    if name is None or not name[0].strip():
        warn(f"entry {key!r} has no cardName: skipped", card_loc)
        return None
    shape = (_text("shape", fields, warn) or ("", None))[0].strip().lower()
    card = Card(source=source, loc=card_loc)
    card.faces.append(_face(fields, "", warn))
    if any((_text(k + "2", fields, warn) or ("", None))[0].strip() for k in ("cardName", "typeLine", "rulesText")):
        card.faces.append(_face(fields, "2", warn))
    if len(card.faces) == 1:
        card.name = card.faces[0].name
        card.locs["name"] = card.faces[0].locs["name"]
    else:
        card.name = " // ".join(f.name or "" for f in card.faces)
    # ``cmc`` is the card's mana value; ``cmc2`` is what the back face's own cost
    # would give (0 for a back face without one), kept aside as Cockatrice's is
    # (the halves of a split card each give their own: the card's is their sum)
    cmc = _number("cmc", fields, warn)
    back = _number("cmc2", fields, warn)
    if shape == "split" and len(card.faces) > 1:
        card.extra["half_cmc"] = (cmc[0] if cmc else None, back[0] if back else None)
    elif cmc is not None:
        card.cmc, loc = cmc
        if loc is not None:
            card.locs["cmc"] = loc
    if back is not None and len(card.faces) > 1 and shape != "split":
        card.extra["back_cmc"] = back[0]
    code = _text("setID", fields, warn)
    if code is not None and code[0].strip():
        card.set_code = code[0].strip()
        if code[1] is not None:
            card.locs["set"] = code[1]
    card.extra["shape"] = shape
    if any((f.type_line or "").startswith("Token") for f in card.faces):
        card.is_token = True
    if shape == "doubleface" and len(card.faces) > 1:
        guessed = guess_layout(card)  # the file does not say whether the faces transform or are modal
        card.layout = guessed if guessed in ("transform", "modal_dfc") else "transform"
    else:
        card.layout = shape_layout(shape, card)
    if IGNORE_FIELD in fields:
        card.extra[IGNORE_FIELD], loc = fields[IGNORE_FIELD]
        if loc is not None:
            card.locs[IGNORE_FIELD] = loc
    return card


def _face(fields: dict, s: str, warn) -> Face:
    face = Face()
    locs = face.locs

    def put(attr: str, value: str, loc: Loc | None, keep_empty: bool = False) -> None:
        if value or keep_empty:
            setattr(face, attr, value)
            if loc is not None:
                locs[attr] = loc

    name = _text("cardName" + s, fields, warn)
    if name is not None:
        put("name", *convert(name[0], name[1], strip_asterisks), keep_empty=True)
    face.mana_cost = ""
    cost = _text("manaCost" + s, fields, warn)
    if cost is not None:
        put("mana_cost", *convert(*mana_cost(*cost), lackeybot_cost), keep_empty=True)
    type_line = _text("typeLine" + s, fields, warn)
    if type_line is not None:
        put("type_line", *convert(*type_line), keep_empty=True)
    text = _text("rulesText" + s, fields, warn)
    if text is not None:
        put("oracle_text", *convert(text[0], text[1], strip_asterisks, unbracket_loyalty, lackeybot_text),
            keep_empty=True)
    flavor = _text("flavorText" + s, fields, warn)
    if flavor is not None:
        put("flavor_text", *convert(flavor[0], flavor[1], strip_asterisks))
    for key, attr in (("power", "power"), ("toughness", "toughness"), ("loyalty", "loyalty")):
        v = _text(key + s, fields, warn)
        if v is not None:
            put(attr, *convert(*v))
    color = _text("color" + s, fields, warn)
    if color is not None:
        colors = colors_of(color[0])
        if colors is not None:
            face.colors = colors
            if color[1] is not None:
                locs["colors"] = color[1]
            if colors and not face.mana_cost and not (face.type_line or "").startswith("Token"):
                # a colored face without a mana cost shows its colors with an indicator
                face.color_indicator = colors
                if color[1] is not None:
                    locs["color_indicator"] = color[1]
    return face


READER = Reader(
    name="lackeybot",
    looks_like=lambda probe: probe.kind == "json" and looks_like_lackeybot(probe.json),
    read=lambda probe, result: read_lackeybot(probe.source, probe.json, result),
    codec=marked_json_codec,
)
