"""Scryfall's field model, shared by the readers of the formats that map onto it.

:func:`card_from_values` builds a card from Scryfall-named fields
``{key: value}`` and a :class:`Places` that knows where they stand in the
file: the Scryfall JSON reader hands it each parsed card object with
:class:`JsonPlaces` (the places found only when first asked for); the YAML
and MTGJSON readers, which know each field's Loc as they read, go through
:func:`card_from_fields` with ``{key: (value, loc)}``.
:func:`walk_object` collects the wanted fields of one JSON object in document
order next to the string-token scan of :mod:`.jsonpos`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Callable

from linter.model import COLORS, Card, Face, order_colors
from linter.readers.jsonpos import Starts, Tokens, items, object_starts, place_at
from linter.readers.locs import FieldLocs, Places
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
#: turns a field's value into the model's: ``(value, None)``, or ``(None, message)`` when it
#: has the wrong shape (a value can come with a message too: ``true`` as a name is "true")
Converter = Callable[[str, Any], "tuple[Any, str | None]"]


def _found(value: Any) -> str:
    """What a value is, in a few words, for a message."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a value of type {type(value).__name__}"


def _as_str(key: str, value: Any) -> tuple[str | None, str | None]:
    if isinstance(value, str):
        return value, None
    if value is None:
        # the field is there, with no name in it
        return None, "name should be text, found null" if key == "name" else None
    if isinstance(value, bool):
        return str(value).lower(), f"{key} should be text, not {str(value).lower()}"
    if isinstance(value, (int, float)):
        return (str(value) if not isinstance(value, float) or not value.is_integer() else str(int(value))), None
    return None, f"{key} should be text, found {_found(value)}"


#: every list of color letters written in WUBRG order, as :func:`_read_colors` converts it (to
#: itself): nearly every color field of a file is one of these 32, looked up rather than read
_IN_ORDER: dict[tuple[str, ...], tuple[str, ...]] = \
    {colors: colors for n in range(len(COLORS) + 1) for colors in combinations(COLORS, n)}


def _as_colors(key: str, value: Any) -> tuple[tuple[str, ...] | None, str | None]:
    if type(value) is list:
        try:
            known = _IN_ORDER.get(tuple(value))
        except TypeError:  # a list or a mapping in the list: not colors
            known = None
        if known is not None:
            return known, None
    return _read_colors(key, value)


def _read_colors(key: str, value: Any) -> tuple[tuple[str, ...] | None, str | None]:
    """:func:`_as_colors` of any value: letters in any order, case or spacing, or a string of them."""
    if value is None:
        return None, None
    if isinstance(value, str):
        letters = [c for c in value.upper() if not c.isspace() and c not in ",[]"]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        letters = [v.strip().upper() for v in value]
    else:
        return None, f"{key} should be a list of color letters (W, U, B, R, G)"
    bad = [c for c in letters if c not in COLORS]
    if bad:
        return order_colors([c for c in letters if c in COLORS]), \
            f"{key}: unknown color {bad[0]!r} (expected W, U, B, R or G)"
    return order_colors(letters), None


def _as_number(key: str, value: Any) -> tuple[float | None, str | None]:
    if value is None:
        return None, None
    if isinstance(value, bool):
        return None, f"{key} should be a number"
    if isinstance(value, (int, float)):
        return float(value), None
    if isinstance(value, str):
        try:
            return float(value), None
        except ValueError:
            pass
    return None, f"{key} should be a number"


def _as_bool(key: str, value: Any) -> tuple[bool | None, str | None]:
    if value is None or isinstance(value, bool):
        return value, None
    return None, f"{key} should be true or false"


def _as_words(key: str, value: Any) -> tuple[tuple[str, ...] | None, str | None]:
    if value is None:
        return None, None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value), None
    return None, f"{key} should be a list of words"


#: a face's fields and their converters, without and with the face's own mana value; with
#: each converter, the type of the values it keeps as they are (text for a text field, a
#: float for a number, ``true`` and ``false``): most values of a file are of that type and
#: are kept without a call (None: there is none, every value is converted)
_FACE_FIELDS: tuple[tuple[str, Converter, type | None], ...] = \
    tuple((key, _as_str, str) for key in FACE_STR) + tuple((key, _as_colors, None) for key in FACE_COLORS)
_FACE_FIELDS_CMC = _FACE_FIELDS + (("cmc", _as_number, float),)
#: the card-level copies of face fields on a multi-faced card ("A // B" cost, type line, colors)
_COPIED_FIELDS = tuple(field for field in _FACE_FIELDS if field[0] != "name")
#: the card's own fields, their converters and the type each converter keeps as it is
_CARD_FIELDS: tuple[tuple[str, Converter, type | None], ...] = (
    ("layout", _as_str, str), ("cmc", _as_number, float), ("color_identity", _as_colors, None),
    ("keywords", _as_words, None), ("set", _as_str, str), ("released_at", _as_str, str),
    ("set_type", _as_str, str), ("digital", _as_bool, bool), ("border_color", _as_str, str),
    ("security_stamp", _as_str, str), ("promo_types", _as_words, None))
#: the card's name, converted as a face's is
_NAME_FIELD = tuple(field for field in _FACE_FIELDS if field[0] == "name")
#: the Card attribute of a field, where it is not named like it
_CARD_ATTRS = {"set": "set_code", "released_at": "released"}


class PairPlaces:
    """:class:`Places` of fields given as ``{key: (value, loc)}``."""

    __slots__ = ("fields", "faces")

    def __init__(self, fields: Fields, faces: list[Fields] | None) -> None:
        self.fields, self.faces = fields, faces

    def loc(self, part: int | None, key: str) -> Loc | None:
        return (self.fields if part is None else self.faces[part])[key][1]  # type: ignore[index]

    def locs(self, part: int | None, keys: list[str]) -> dict[str, Loc]:
        fields = self.fields if part is None else self.faces[part]  # type: ignore[index]
        return {key: fields[key][1] for key in keys if fields[key][1] is not None}


class JsonPlaces:
    """:class:`Places` of a card object of a JSON text, found from where it starts.

    Reading the card keeps only ``card_loc`` (where its object opens); the first
    Loc asked for reads that object again with
    :func:`~linter.readers.jsonpos.object_starts`, which finds where every field
    of the card and its faces starts at once, and each Loc (those an eager
    reader's :func:`walk_object` finds) is made from that when it is asked for.
    """

    __slots__ = ("card_loc", "_found", "_made")

    def __init__(self, card_loc: Loc) -> None:
        self.card_loc = card_loc
        self._found: tuple[Starts, list[Starts]] | None = None
        self._made: dict[tuple[int | None, str], Loc] = {}  # each Loc made once: asked again, the same

    def _walk(self) -> tuple[Starts, list[Starts]]:
        if self._found is None:
            try:
                card, faces = object_starts(self.card_loc.source.text, self.card_loc.start, WANTED, "card_faces")
            except (RecursionError, ValueError, StopIteration):
                # a value nested too deeply for the scan (or no object where the card starts):
                # every field is placed at the card's start
                card, faces = {}, None
            self._found = (card, faces or [])
        return self._found

    def loc(self, part: int | None, key: str) -> Loc | None:
        made = self._made.get((part, key))
        if made is not None:
            return made
        card, faces = self._walk()
        found = card if part is None else faces[part] if part < len(faces) else {}
        at = found.get(key)
        if at is None:
            return self.card_loc  # the card's start, should the walk not find it
        made = self._made[(part, key)] = place_at(self.card_loc.source, at)
        return made

    def locs(self, part: int | None, keys: list[str]) -> FieldLocs:
        return FieldLocs(self, part, keys)


def card_from_fields(fields: Fields, faces: list[Fields] | None, source: SourceFile, card_loc: Loc | None,
                     warn: Warn) -> Card:
    """A card from Scryfall-named fields given as ``{key: (value, loc)}`` (``faces`` holds ``card_faces``)."""
    return card_from_values({k: v for k, (v, _loc) in fields.items()},
                            [{k: v for k, (v, _loc) in ff.items()} for ff in faces] if faces else None,
                            source, card_loc, warn, PairPlaces(fields, faces))


class _Warnings:
    """The warnings of one card: each said once.

    A single face's fields are the card's too, so a value may be converted twice;
    a message about the same place is given once, not twice.  The Loc of a
    field is asked of ``places`` only when a warning names it."""

    __slots__ = ("places", "warn", "said")

    def __init__(self, places: Places, warn: Warn) -> None:
        self.places, self.warn = places, warn
        self.said: set[tuple] = set()

    def say(self, msg: str, part: int | None, key: str) -> None:
        loc = self.places.loc(part, key)
        once = (msg, loc.start if loc is not None else None)
        if once not in self.said:
            self.said.add(once)
            self.warn(msg, loc)


def _converted(values: dict, part: int | None, fields, warnings: _Warnings) -> dict[str, Any]:
    """The fields of ``values`` that convert to a value, in the order of ``fields``
    (``(key, converter, the type the converter keeps as it is)``)."""
    out = {}
    for key, conv, plain in fields:
        if key in values:
            value = values[key]
            if type(value) is plain:  # most fields: kept as they are, with no call
                out[key] = value
                continue
            v, msg = conv(key, value)
            if msg is not None:
                warnings.say(msg, part, key)
            if v is not None:
                out[key] = v
    return out


def _face(values: dict, part: int | None, fields, places: Places, warnings: _Warnings) -> Face:
    got = _converted(values, part, fields, warnings)
    made = Face(**got)
    made.locs = places.locs(part, list(got))
    return made


def card_from_values(fields: dict, faces: list[dict] | None, source: SourceFile, card_loc: Loc | None,
                     warn: Warn, places: Places) -> Card:
    """A card from Scryfall-named fields ``{key: value}`` (``faces`` holds ``card_faces``)
    whose places ``places`` knows: a field's Loc is asked for only when it is kept in
    ``locs`` or a warning names it."""
    warnings = _Warnings(places, warn)
    kept: list[str] = []  # the card's fields whose place ``card.locs`` keeps
    if faces:
        card_faces = [_face(ff, i, _FACE_FIELDS_CMC, places, warnings) for i, ff in enumerate(faces)]
        extra = _converted(fields, None, _COPIED_FIELDS, warnings)
        kept += extra
    else:
        card_faces = [_face(fields, None, _FACE_FIELDS, places, warnings)]
        extra = {}
    name = None
    if "name" in fields:
        name = _converted(fields, None, _NAME_FIELD, warnings).get("name")
        kept.append("name")  # the name's place is kept even when it holds no name
    if name is None and card_faces[0].name:
        name = " // ".join(f.name or "" for f in card_faces)
    own = _converted(fields, None, _CARD_FIELDS, warnings)
    kept += own
    for key, attr in _CARD_ATTRS.items():
        if key in own:
            own[attr] = own.pop(key)
    if IGNORE_FIELD in fields:
        extra[IGNORE_FIELD] = fields[IGNORE_FIELD]
        kept.append(IGNORE_FIELD)
    card = Card(name=name, faces=card_faces, source=source, loc=card_loc, extra=extra, **own)
    card.locs = places.locs(None, kept)
    if card.layout in TOKEN_LAYOUTS or str(extra.get("type_line", "")).lstrip().startswith("Token"):
        card.is_token = True
    else:
        for f in card_faces:
            if (f.type_line or "").lstrip().startswith("Token"):
                card.is_token = True
                break
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
