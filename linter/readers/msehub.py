"""MSE-Hub JSON exports of Magic Set Editor sets.

The file is an object whose ``cards`` list holds one object per card:
``card_name``, ``cost`` (braced, or in MSE's notation "2GG"), ``type``,
``rules_text`` (italics written ``[i]…[/i]``, loyalty costs ``[+1]:``),
``pt`` ("2/3"), ``loyalty``, ``shape`` (the frame: "normal", "adventure",
"transform double faced", "modal double faced", "saga", "planeswalker",
"token" …), ``color`` and ``color_identity`` as letters ("GI": the export
keeps a set's own colors too), and the same face fields ending in "2"
(``card_name2``, ``cost2`` …) for a second face.  Notations are normalised
into Oracle style; positions map back to the file through :mod:`.jsonpos`
and :mod:`.markup`.
"""

from __future__ import annotations

from typing import Any

from linter.model import COLORS, Card, Face, order_colors
from linter.fixes_codecs import marked_json_codec
from linter.readers.base import Reader, ReadResult
from linter.readers.jsonpos import Tokens, field_text as _text, items, walk_keeping_duplicates, warner
from linter.readers.mana import slash_hybrids
from linter.readers.layouts import shape_layout
from linter.readers.markup import (
    convert, mana_cost, saga_chapters, split_pt, strip_bbcode, unbracket_loyalty,
)
from linter.readers.fields import IGNORE_FIELD, walk_object
from linter.source import Loc, SourceFile

FACE_FIELDS = ("card_name", "cost", "type", "rules_text", "flavor_text", "pt", "loyalty", "color", "special_text")
CARD_FIELDS = ("shape", "color_identity", "set", "number", IGNORE_FIELD)
WANTED = frozenset(FACE_FIELDS) | frozenset(k + "2" for k in FACE_FIELDS) | frozenset(CARD_FIELDS)
#: keys of the export's top level (besides ``cards``), for content detection of an empty set
_SET_KEYS = frozenset({"draft_structure", "image_type", "trimmed", "formats"})


def looks_like_msehub(data: Any) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return False
    cards = data["cards"]
    if not cards:
        return bool(_SET_KEYS & data.keys())
    return any(isinstance(c, dict) and "card_name" in c for c in cards[:5])


def read_msehub(source: SourceFile, data: dict, result: ReadResult) -> None:
    """Fill ``result`` with the cards of an MSE-Hub export already parsed as ``data``."""
    walk_keeping_duplicates(_walk, source, data, result)


def _walk(source: SourceFile, data: dict, result: ReadResult) -> None:
    tokens = Tokens(source)
    warn = warner(result)

    for key, value in items(data):
        tokens.key(key)
        if key != "cards" or not isinstance(value, list):
            tokens.skip(value)
            continue
        for node in value:
            result.entries += 1
            if not isinstance(node, dict):
                tokens.skip(node)
                result.warnings.append(("an item of 'cards' that is not a card object: skipped", None, None))
                continue
            fields, _faces, start = walk_object(tokens, node, WANTED, None)
            card = build_card(fields, source, Loc(source, start, exact=False), warn)
            if card is not None:
                result.cards.append(card)




def _letters(value: str) -> tuple[tuple[str, ...], str]:
    """Color letters ("GI") as Oracle colors and the set's own letters left over."""
    up = value.upper()
    colors = order_colors(c for c in up if c in COLORS)
    other = "".join(dict.fromkeys(c for c in up if c.isalpha() and c not in COLORS and c != "C"))
    return colors, other


def build_card(fields: dict, source: SourceFile, card_loc: Loc, warn) -> Card | None:
    name = _text("card_name", fields, warn)
    if name is None or not name[0].strip():
        warn("card without a name: skipped", card_loc)
        return None
    shape = (_text("shape", fields, warn) or ("", None))[0].strip().lower()
    card = Card(source=source, loc=card_loc)
    custom = ""
    card.faces.append(_face(fields, "", shape, warn))
    second = any((_text(k + "2", fields, warn) or ("", None))[0].strip() for k in ("card_name", "type", "rules_text"))
    if second:
        card.faces.append(_face(fields, "2", shape, warn))
    for i, s in enumerate(("", "2")[:len(card.faces)]):
        color = _text("color" + s, fields, warn)
        if color is not None:
            colors, other = _letters(color[0])
            face = card.faces[i]
            face.colors = colors
            if color[1] is not None:
                face.locs["colors"] = color[1]
            if colors and not face.mana_cost and shape != "token" and not (face.type_line or "").startswith("Token"):
                # a colored face without a mana cost shows its colors with an indicator
                face.color_indicator = colors
                if color[1] is not None:
                    face.locs["color_indicator"] = color[1]
            custom += other
        special = _text("special_text" + s, fields, warn)
        if special is not None and special[0].strip():
            card.extra["special_text" + s] = special[0]
    if len(card.faces) == 1:
        card.name = card.faces[0].name
        card.locs["name"] = card.faces[0].locs["name"]
    else:
        card.name = " // ".join(f.name or "" for f in card.faces)
    ci = _text("color_identity", fields, warn)
    if ci is not None:
        card.color_identity, other = _letters(ci[0])
        custom += other
        if ci[1] is not None:
            card.locs["color_identity"] = ci[1]
    if custom:
        card.extra["custom_colors"] = "".join(dict.fromkeys(custom))
    code = _text("set", fields, warn)
    if code is not None and code[0].strip():
        card.set_code = code[0].strip()
        if code[1] is not None:
            card.locs["set"] = code[1]
    number = _text("number", fields, warn)
    if number is not None:
        card.extra["number"] = number[0]
    card.extra["shape"] = shape
    card.layout = shape_layout(shape, card)
    if card.layout in ("token", "double_faced_token") or any(
            (f.type_line or "").startswith("Token") for f in card.faces):
        card.is_token = True
    if IGNORE_FIELD in fields:
        card.extra[IGNORE_FIELD], loc = fields[IGNORE_FIELD]
        if loc is not None:
            card.locs[IGNORE_FIELD] = loc
    return card


def _face(fields: dict, s: str, shape: str, warn) -> Face:
    face = Face()
    locs = face.locs
    name = _text("card_name" + s, fields, warn)
    if name is not None:
        face.name, locs["name"] = convert(name[0], name[1], strip_bbcode)  # type: ignore[assignment]
    cost = _text("cost" + s, fields, warn)
    face.mana_cost = ""
    if cost is not None:
        face.mana_cost, loc = convert(*mana_cost(*cost), slash_hybrids)
        if loc is not None:
            locs["mana_cost"] = loc
    type_line = _text("type" + s, fields, warn)
    if type_line is not None:
        face.type_line, loc = convert(type_line[0], type_line[1], strip_bbcode)
        if loc is not None:
            locs["type_line"] = loc
    text = _text("rules_text" + s, fields, warn)
    if text is not None:
        steps = [strip_bbcode, unbracket_loyalty, slash_hybrids]
        if shape == "saga" or "Saga" in (face.type_line or ""):
            steps.append(saga_chapters)
        face.oracle_text, loc = convert(text[0], text[1], *steps)
        if loc is not None:
            locs["oracle_text"] = loc
    flavor = _text("flavor_text" + s, fields, warn)
    if flavor is not None:
        value, loc = convert(flavor[0], flavor[1], strip_bbcode)
        if value:
            face.flavor_text = value
            if loc is not None:
                locs["flavor_text"] = loc
    pt = _text("pt" + s, fields, warn)
    if pt is not None:
        power, toughness = split_pt(*pt)
        for attr, part in (("power", power), ("toughness", toughness)):
            if part is not None:
                setattr(face, attr, part[0])
                if part[1] is not None:
                    locs[attr] = part[1]
    loyalty = _text("loyalty" + s, fields, warn)
    if loyalty is not None:
        value, loc = convert(*loyalty)
        if value:
            face.loyalty = value
            if loc is not None:
                locs["loyalty"] = loc
    return face


READER = Reader(
    name="msehub",
    looks_like=lambda probe: probe.kind == "json" and looks_like_msehub(probe.json),
    read=lambda probe, result: read_msehub(probe.source, probe.json, result),
    codec=marked_json_codec,
)
