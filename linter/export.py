"""Writing cards in another format: Scryfall JSON or our YAML, through the card model.

Any file a reader understands (Cockatrice XML, MTGJSON, Scryfall JSON, YAML,
Magic Set Editor, MSE-Hub, LackeyBot) becomes a list of :class:`~linter.model.Card`
objects; this module writes those cards out again:

* ``scryfall``: a JSON list of card objects (``"object": "card"``) with
  Scryfall's field names, one object per line, which ``oraclelint oracle
  update --from FILE`` takes as a reference;
* ``yaml``: one YAML document per card in the format
  :mod:`linter.readers.yamlcards` reads; reading the export gives the same
  cards (every field of the card model, less a format's own extras such as
  Cockatrice's ``cipt`` or a back face's separate mana value).

Only fields a card has are written: an absent field stays absent, an empty
one (a land's mana cost ``""``, a colorless card's ``colors: []``) stays empty.

Printings of one card in several files (or twice in one) are exported once;
see :func:`select_cards`.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Iterable

import yaml

from linter.atomic import new_file_mode, replace_from_temp
from linter.model import Card, Face

FORMATS = ("scryfall", "yaml")

#: face fields in the order they are written (Scryfall's names)
_FACE_TEXT = ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense")
_FACE_LISTS = ("colors", "color_indicator")
#: card-level copies of face fields that a multi-faced card may carry (``card.extra``)
_CARD_LEVEL = ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense",
               "colors", "color_indicator", "flavor_text")
IGNORE_FIELD = "oraclelint-ignore"
#: what a card says of its product (printings of one card differ in them)
PRODUCT_KEYS = ("set_type", "digital", "border_color", "security_stamp", "promo_types")
#: layouts whose cards are not unique by name (tokens and the like)
_NOT_UNIQUE_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


class ExportError(Exception):
    """The export cannot be written (the reason is in the message)."""


# --------------------------------------------------------------------------- one card


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _face_fields(face: Face, *, with_name: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if with_name and face.name is not None:
        out["name"] = face.name
    for key in _FACE_TEXT:
        value = getattr(face, key)
        if value is not None:
            out[key] = value
    for key in _FACE_LISTS:
        value = getattr(face, key)
        if value is not None:
            out[key] = list(value)
    if face.flavor_text is not None:
        out["flavor_text"] = face.flavor_text
    return out


def card_fields(card: Card, fmt: str = "yaml") -> dict[str, Any]:
    """The card as a mapping of Scryfall-named fields, in Scryfall's order.

    ``fmt="scryfall"`` adds what a Scryfall card object always has and our
    YAML leaves out: ``"object": "card"`` (``"card_face"`` on faces) and, on a
    multi-faced card, the whole card's type line (``"A — B // C"``).
    """
    scryfall = fmt == "scryfall"
    out: dict[str, Any] = {"object": "card"} if scryfall else {}
    multi = len(card.faces) > 1
    name = card.name
    if name is None and card.faces:
        name = " // ".join(f.name or "" for f in card.faces)
    if name is not None:
        out["name"] = name
    if card.layout is not None:
        out["layout"] = card.layout
    if multi:
        for key in _CARD_LEVEL:
            value = card.extra.get(key)
            if value is not None:
                out[key] = list(value) if isinstance(value, tuple) else value
        if scryfall and "type_line" not in out and all(f.type_line is not None for f in card.faces):
            out["type_line"] = " // ".join(f.type_line for f in card.faces)  # type: ignore[misc]
    elif card.faces:
        out.update(_face_fields(card.faces[0], with_name=False))
    if card.cmc is not None:
        out["cmc"] = float(card.cmc) if scryfall else _number(card.cmc)
    if card.color_identity is not None:
        out["color_identity"] = list(card.color_identity)
    if card.keywords is not None:
        out["keywords"] = list(card.keywords)
    if multi:
        faces = []
        for face in card.faces:
            f = {"object": "card_face"} if scryfall else {}
            f.update(_face_fields(face))
            if face.cmc is not None:
                f["cmc"] = float(face.cmc) if scryfall else _number(face.cmc)
            faces.append(f)
        out["card_faces"] = faces
    if card.set_code is not None:
        out["set"] = card.set_code
    if card.released is not None:
        out["released_at"] = card.released
    # what the file said of the card's product round-trips in YAML; the Scryfall export is
    # what an Oracle index is built from, where a memorabilia printing would be no card
    for key in PRODUCT_KEYS if not scryfall else ():
        value = getattr(card, key)
        if value is not None:
            out[key] = list(value) if isinstance(value, tuple) else value
    if IGNORE_FIELD in card.extra:
        value = card.extra[IGNORE_FIELD]
        out[IGNORE_FIELD] = list(value) if isinstance(value, tuple) else value
    return _ordered(out)


_ORDER = ("object", "name", "layout", "mana_cost", "cmc", "type_line", "oracle_text", "power", "toughness",
          "loyalty", "defense", "colors", "color_indicator", "color_identity", "keywords", "flavor_text",
          "card_faces", "set", "released_at", *PRODUCT_KEYS, IGNORE_FIELD)


def _ordered(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: fields[k] for k in _ORDER if k in fields}


# --------------------------------------------------------------------------- which cards


@dataclass
class Selection:
    """The cards to export and what was left out."""

    cards: list[Card] = field(default_factory=list)
    merged: int = 0  # identical printings written once
    superseded: int = 0  # older versions of a card left out for its newest one
    nameless: int = 0  # entries without a name, left out


def _key(name: str) -> str:
    from linter.oracle.index import name_key

    return name_key(name)


def _characteristics(card: Card) -> str:
    """What makes two printings the same card (everything but set and date)."""
    fields = card_fields(card)
    for key in ("set", "released_at", *PRODUCT_KEYS, IGNORE_FIELD):
        fields.pop(key, None)
    return json.dumps(fields, sort_keys=True, ensure_ascii=False)


def _unique_by_name(card: Card) -> bool:
    return not card.is_token and card.layout not in _NOT_UNIQUE_LAYOUTS


def select_cards(cards: Iterable[Card], *, all_versions: bool = False) -> Selection:
    """The cards to export, in input order, one per printing of the same card.

    * Printings with the same name and the same characteristics (the same
      card in several sets, or twice in one file) are written once: the
      newest printing (by the set's release date; an unknown date, or one
      more than a year ahead of today, counts as the oldest) is kept.
    * Unless ``all_versions``, a card's name stands for one card: when
      printings of one name differ (older sets keep older wording), only the
      newest is kept, the first read among equally new ones.  Tokens,
      emblems and art-series cards, whose names are not unique, keep every
      distinct version.
    """
    sel = Selection()
    chosen: dict[tuple, tuple[int, Card, str]] = {}  # key -> (position, card, characteristics)
    order: list[tuple] = []
    for card in cards:
        name = card.name or (card.faces[0].name if card.faces else None)
        if not name:
            sel.nameless += 1
            continue
        character = _characteristics(card)
        if all_versions or not _unique_by_name(card):
            key: tuple = (_key(name), character)
        else:
            key = (_key(name),)
        held = chosen.get(key)
        if held is None:
            chosen[key] = (len(order), card, character)
            order.append(key)
            continue
        if held[2] == character:
            sel.merged += 1
        else:
            sel.superseded += 1
        if _newer(card, held[1]):
            chosen[key] = (held[0], card, character)
    sel.cards = [chosen[k][1] for k in order]
    return sel


#: a release date this far ahead of today is a typo (spoilers come months ahead, not years)
_FUTURE_DAYS = 366


def release_date(card: Card, today: date | None = None) -> str:
    """The card's release date for choosing the newest printing: "" (the oldest)
    when unknown, unreadable, or implausibly far ahead (a set dated 2109)."""
    value = (card.released or "").strip()
    try:
        day = date.fromisoformat(value[:10])
    except ValueError:
        return ""
    if day > (today or date.today()) + timedelta(days=_FUTURE_DAYS):
        return ""
    return day.isoformat()


def _newer(card: Card, than: Card) -> bool:
    """Whether ``card``'s printing is strictly newer (an unknown date is the oldest)."""
    return release_date(card) > release_date(than)


# --------------------------------------------------------------------------- writing


def dump_scryfall(cards: Iterable[Card]) -> str:
    """A JSON list of Scryfall card objects, one per line."""
    lines = [json.dumps(card_fields(c, "scryfall"), ensure_ascii=False) for c in cards]
    if not lines:
        return "[]\n"
    return "[\n" + ",\n".join(lines) + "\n]\n"


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # libyaml's emitter when available
    """Multi-line text as literal blocks; short lists in flow style."""


#: a lone surrogate (a JSON "\\ud800" in the card read) has no place in YAML: it is written as U+FFFD
_SURROGATE = re.compile("[\ud800-\udfff]")


def _str(dumper: yaml.SafeDumper, value: str):
    value = _SURROGATE.sub("\ufffd", value)
    # A literal block whose text ends in a line break would lose it: the reader
    # drops the final break of a clipped block.  Such text is double-quoted.
    if "\n" in value and not value.endswith("\n"):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


def _list(dumper: yaml.SafeDumper, value: list):
    flow = all(isinstance(v, str) and "\n" not in v for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(list, _list)


def dump_yaml(cards: Iterable[Card]) -> str:
    """One YAML document per card (``---`` before each)."""
    docs = [card_fields(c, "yaml") for c in cards]
    if not docs:
        return ""
    return yaml.dump_all(docs, Dumper=_Dumper, explicit_start=True, sort_keys=False, allow_unicode=True,
                         width=1 << 30, default_flow_style=False)


def dump(cards: Iterable[Card], fmt: str) -> str:
    if fmt == "scryfall":
        return dump_scryfall(cards)
    if fmt == "yaml":
        return dump_yaml(cards)
    raise ValueError(f"unknown export format {fmt!r} (expected one of {', '.join(FORMATS)})")


def write_file(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    A reader of ``path`` sees the old file or the whole new one.  A new file
    gets the usual permissions (as the umask allows); an existing one keeps its own.
    """
    target = os.path.realpath(os.fspath(path))
    directory = os.path.dirname(target) or "."
    if os.path.isdir(target):
        raise ExportError(f"{os.fspath(path)} is a directory")
    if not os.path.isdir(directory):
        raise ExportError(f"the folder {os.path.dirname(os.fspath(path)) or '.'} does not exist")
    owner = None
    try:
        st = os.stat(target)
        mode, owner = st.st_mode & 0o7777, (st.st_uid, st.st_gid)
    except FileNotFoundError:
        mode = new_file_mode()
    # a lone surrogate left in JSON text is written as the JSON escape it stands for
    data = text.encode("utf-8", "backslashreplace")
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".oraclelint-tmp",
                                   dir=directory)
    except OSError as exc:
        raise ExportError(f"cannot write in {directory}: {exc.strerror or exc}") from None
    try:
        replace_from_temp(fd, tmp, target, data, mode=mode, owner=owner)
    except OSError as exc:
        raise ExportError(f"cannot write {os.fspath(path)}: {exc.strerror or exc}") from None


# --------------------------------------------------------------------------- files in, text out


@dataclass
class Export:
    """What ``oraclelint export`` read and what it will write."""

    text: str
    selection: Selection
    files: int = 0  # card files read
    read: int = 0  # cards read
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)

    def summary(self, fmt: str, output: str | None = None) -> str:
        sel = self.selection
        what = f"{len(sel.cards)} card{'s' if len(sel.cards) != 1 else ''}"
        src = f"{self.files} file{'s' if self.files != 1 else ''}"
        notes = []
        if sel.merged:
            notes.append(f"{sel.merged} identical printing{'s' if sel.merged != 1 else ''} written once")
        if sel.superseded:
            notes.append(f"{sel.superseded} older version{'s' if sel.superseded != 1 else ''} "
                         f"left out for the newest")
        if sel.nameless:
            notes.append(f"{sel.nameless} card{'s' if sel.nameless != 1 else ''} without a name left out")
        if self.unreadable:
            notes.append(f"{len(self.unreadable)} file{'s' if len(self.unreadable) != 1 else ''} not read")
        tail = f" ({'; '.join(notes)})" if notes else ""
        where = f" to {output}" if output else ""
        return f"exported {what} from {src} as {fmt}{where}{tail}"


def export_paths(paths: Iterable[str], fmt: str, *, all_versions: bool = False) -> Export:
    """Read every card file under ``paths`` and render the chosen cards in ``fmt``."""
    from linter.engine import read_paths

    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r} (expected one of {', '.join(FORMATS)})")
    cards: list[Card] = []
    unreadable: list[tuple[str, str]] = []
    files = 0
    for result in read_paths(paths):
        if result.skipped:  # a folder scan's file that is no card file
            continue
        if result.error is not None:
            unreadable.append((result.path, result.error.describe()))
            continue
        files += 1
        cards.extend(result.cards)
    selection = select_cards(cards, all_versions=all_versions)
    return Export(dump(selection.cards, fmt), selection, files, len(cards), unreadable)
