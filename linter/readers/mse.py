"""Magic Set Editor sets: an ``.mse-set`` package (a zip holding a ``set``
file) or a bare ``set`` file, in the 0.3.8 syntax (``casting cost:``) and the
2.x syntax (``casting_cost:``).

A set file is indented ``key: value`` lines, one tab per level; a value that
spans several lines follows its key on lines indented one level deeper.
Each ``card:`` block is a card; its second face (or half) has the same
fields with " 2" at the end of the key.  Rules text carries the editor's
markup (``<kw-A>``, ``<atom-cardname>``, ``<sym-auto>2G</sym-auto>`` …): it
is stripped to Oracle-style text by :mod:`.markup`, mana costs in MSE's
notation ("2GG", "2/W") are braced, and a planeswalker's loyalty costs,
which MSE keeps in fields of their own, are put in front of their abilities.
Every character of the result keeps its place in the source file.

Reading a zip is bounded (entries, unpacked size, compression ratio): a zip
bomb is a format error, never an outage.
"""

from __future__ import annotations

import io
import os
import re
import struct
import zipfile
import zlib

from linter.model import Card, Face, order_colors
from linter.fixes_codecs import mse_codec
from linter.readers.base import ReadError, Reader, ReadResult, read_guarded
from linter.readers.layouts import guess_layout
from linter.readers.markup import Mapped, mse_symbols, oracle_loyalty, strip_mse
from linter.source import Loc, SourceFile
from linter.zipentry import ZipEntry

#: limits for reading a zipped package
MAX_ENTRIES = 10_000
MAX_UNPACKED = 64 * 1024 * 1024  # bytes unpacked in total (the set file and the files it includes)
MAX_RATIO = 100  # unpacked : packed, held against members larger than RATIO_FLOOR
RATIO_FLOOR = 1024 * 1024
MAX_INCLUDES = 5_000
MAX_INCLUDE_DEPTH = 4

ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
PACKAGE_EXT = ".mse-set"
SET_FILE = "set"

_VERSION_LINE = re.compile(r"\A\ufeff?(?:[ \t]*\r?\n)*mse[ _]version[ \t]*:", re.I)
_FIRST_KEY = re.compile(r"\A\ufeff?(?:[ \t]*\r?\n)*(?:game|card|set[ _]info|stylesheet)[ \t]*:", re.I)
# a block whose first field is indented with a tab (YAML allows no tabs there): an included card file
_CARD_FILE = re.compile(r"\A\ufeff?(?:[ \t]*\r?\n)*card:\r?\n\t[A-Za-z]")
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*\Z")

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLORLESS_WORDS = frozenset({"colorless", "artifact", "land"})


def looks_like_mse(text: str, path: str = "") -> bool:
    """A set file starts with its ``mse version:`` line (a file named ``set``
    may start with another of the set's keys)."""
    if _VERSION_LINE.match(text) or _CARD_FILE.match(text):
        return True
    return os.path.basename(path) == SET_FILE and _FIRST_KEY.match(text) is not None


def is_zip(raw: bytes) -> bool:
    return raw[:4] in ZIP_MAGIC


# The package ----------------------------------------------------------------------------


class _Budget:
    """What may still be unpacked from one archive."""

    def __init__(self) -> None:
        self.left = MAX_UNPACKED


def read_package(raw: bytes, path: str) -> ReadResult:
    """Read an ``.mse-set`` file (the zip package, or a set file saved under that name)."""
    if not is_zip(raw):
        body = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            text = ""
        if looks_like_mse(text, SET_FILE):
            source = SourceFile(path=path, text=text, raw=raw, bom=body is not raw)
            return read_guarded(source, read_mse)
        return ReadResult(path=path, error=ReadError(
            "not a zip archive: an .mse-set file is a zip package holding a file named 'set'", 1, 1))
    try:
        zf, member = open_package(raw)
        budget = _Budget()
        data = _member_bytes(zf, member, budget)
        text = _decoded(member.filename, data)
    except ReadError as e:
        return ReadResult(path=path, format="mse-set", error=e)
    # the entry's own bytes: fixes edit them, and the archive is written again around them
    source = SourceFile(path=path, text=text, raw=data, bom=data.startswith(b"\xef\xbb\xbf"),
                        container=ZipEntry(raw, member.filename, data))
    prefix = member.filename[: -len(SET_FILE)]
    opener = _ZipIncludes(zf, prefix, path, budget)
    return read_guarded(source, lambda src, res: _read_as(src, res, "mse-set", opener))


def open_package(raw: bytes) -> tuple[zipfile.ZipFile, zipfile.ZipInfo]:
    """The archive and its ``set`` member, or a ReadError that says what is wrong."""
    declared = _declared_entries(raw)
    if declared is not None and declared > MAX_ENTRIES:
        raise ReadError(f"the zip archive lists {declared} entries, more than the limit of {MAX_ENTRIES}"
                        " (refused as a possible zip bomb)")
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
        infos = zf.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, struct.error) as e:
        raise ReadError(f"a damaged or truncated zip archive ({e})") from None
    if len(infos) > MAX_ENTRIES:
        raise ReadError(f"the zip archive holds {len(infos)} entries, more than the limit of {MAX_ENTRIES}"
                        " (refused as a possible zip bomb)")
    member = next((i for i in infos if i.filename == SET_FILE), None)
    if member is None:
        nested = [i for i in infos if i.filename.count("/") == 1 and i.filename.endswith("/" + SET_FILE)]
        if len(nested) == 1:
            member = nested[0]
    if member is None:
        raise ReadError("the zip archive holds no file named 'set' (not a Magic Set Editor package)")
    return zf, member


def _declared_entries(raw: bytes) -> int | None:
    """The entry count the archive's end record declares, read before any parsing."""
    floor = max(0, len(raw) - 65_557)
    at = raw.rfind(b"PK\x05\x06", floor)
    # the record is the one whose comment runs to the end of the file
    while at != -1 and (at + 22 > len(raw) or at + 22 + struct.unpack_from("<H", raw, at + 20)[0] != len(raw)):
        at = raw.rfind(b"PK\x05\x06", floor, at)
    if at == -1:
        return None
    total = struct.unpack_from("<H", raw, at + 10)[0]
    if total == 0xFFFF:
        loc = raw.rfind(b"PK\x06\x07", max(0, at - 20), at)
        if loc != -1 and loc + 20 <= len(raw):
            rec = struct.unpack_from("<Q", raw, loc + 8)[0]
            if rec + 40 <= len(raw) and raw[rec:rec + 4] == b"PK\x06\x06":
                return struct.unpack_from("<Q", raw, rec + 32)[0]
    return total


def _member_text(zf: zipfile.ZipFile, info: zipfile.ZipInfo, budget: _Budget) -> str:
    return _decoded(info.filename, _member_bytes(zf, info, budget))


def _member_bytes(zf: zipfile.ZipFile, info: zipfile.ZipInfo, budget: _Budget) -> bytes:
    name = info.filename
    if info.flag_bits & 0x1:
        raise ReadError(f"'{name}' in the zip archive is encrypted")
    if info.file_size > budget.left:
        raise ReadError(f"'{name}' unpacks to {info.file_size} bytes, more than the limit of {MAX_UNPACKED} bytes"
                        " (refused as a possible zip bomb)")
    if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        ratio = info.file_size // max(info.compress_size, 1)
        raise ReadError(f"'{name}' is compressed {ratio}:1, beyond the limit of {MAX_RATIO}:1"
                        " (refused as a possible zip bomb)")
    try:
        with zf.open(info) as fh:
            data = fh.read(budget.left + 1)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError,
            RuntimeError, struct.error) as e:
        raise ReadError(f"'{name}' in the zip archive cannot be unpacked ({e})") from None
    if len(data) > budget.left:
        raise ReadError(f"'{name}' unpacks to more than the limit of {MAX_UNPACKED} bytes"
                        " (refused as a possible zip bomb)")
    budget.left -= len(data)
    return data


def _decoded(name: str, data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = len(data[data.rfind(b"\n", 0, e.start) + 1:e.start].decode("utf-8", errors="replace")) + 1
        raise ReadError(f"'{name}' in the zip archive is not UTF-8 text"
                        f" (byte 0x{data[e.start]:02x} cannot be decoded)", line, col) from None


class _ZipIncludes:
    """Opens the files an ``include file:`` line names, inside the archive."""

    def __init__(self, zf: zipfile.ZipFile, prefix: str, path: str, budget: _Budget) -> None:
        self.zf, self.prefix, self.path, self.budget = zf, prefix, path, budget

    def __call__(self, name: str) -> SourceFile:
        if name.startswith("/") or ".." in name.split("/"):
            raise ReadError(f"include file {name!r} points outside the package")
        try:
            info = self.zf.getinfo(self.prefix + name)
        except KeyError:
            raise ReadError(f"include file {name!r} is not in the package") from None
        text = _member_text(self.zf, info, self.budget)
        return SourceFile(path=f"{self.path}/{name}", text=text, raw=None)


class _DirIncludes:
    """Opens the files an ``include file:`` line names, next to a set file on disk."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.left = MAX_UNPACKED

    def __call__(self, name: str) -> SourceFile:
        if os.path.isabs(name) or ".." in re.split(r"[/\\]", name):
            raise ReadError(f"include file {name!r} points outside the package")
        path = os.path.join(self.folder, name)
        try:
            size = os.path.getsize(path)
            if size > self.left:
                raise ReadError(f"include file {name!r} is larger than the limit of {MAX_UNPACKED} bytes")
            with open(path, "rb") as fh:
                raw = fh.read(self.left + 1)
        except OSError as e:
            raise ReadError(f"include file {name!r} cannot be read ({e.strerror or e})") from None
        self.left -= len(raw)
        bom = raw.startswith(b"\xef\xbb\xbf")
        try:
            text = (raw[3:] if bom else raw).decode("utf-8")
        except UnicodeDecodeError:
            raise ReadError(f"include file {name!r} is not UTF-8 text") from None
        return SourceFile(path=path, text=text, raw=raw, bom=bom)


def read_mse(source: SourceFile, result: ReadResult) -> None:
    """Fill ``result`` with the cards of a bare set file."""
    opener = None
    if os.path.isfile(source.path):
        opener = _DirIncludes(os.path.dirname(source.path))
    _read_as(source, result, "mse", opener)


def _read_as(source: SourceFile, result: ReadResult, fmt: str, opener) -> None:
    result.format = fmt
    _SetReader(result, opener).read(source, depth=0)


# The hierarchical text ---------------------------------------------------------------------


class _Field:
    """One ``key: value`` of a block, with the place of each of its lines."""

    __slots__ = ("key", "line", "key_at", "parts")

    def __init__(self, key: str, line: int, key_at: int) -> None:
        self.key = key
        self.line = line
        self.key_at = key_at
        self.parts: list[tuple[int, str]] = []  # (raw offset, text) of each line of the value

    @property
    def text(self) -> str:
        return "\n".join(t for _o, t in self.parts)

    def table(self) -> list[int]:
        """Raw offset of each character of the value, plus its end."""
        out: list[int] = []
        for off, t in self.parts:
            out.extend(range(off, off + len(t)))
            out.append(off + len(t))
        if not out:
            out.append(self.key_at + len(self.key) + 1)
        return out


class _Block:
    """A top-level key and the lines indented under it."""

    __slots__ = ("key", "value", "line", "start", "lines")

    def __init__(self, key: str, value: str, line: int, start: int) -> None:
        self.key, self.value, self.line, self.start = key, value, line, start
        self.lines: list[tuple[int, int, str]] = []  # (line number, raw offset, text without \r)


def _split_key(text: str) -> tuple[str, str, int] | None:
    """``key: value`` as (normalized key, value, where the value starts in ``text``)."""
    k = text.find(":")
    if k <= 0:
        return None
    key = text[:k]
    if not _KEY.match(key):
        return None
    v = k + 1
    if text.startswith(" ", v):
        v += 1
    return key.strip().lower().replace("_", " "), text[v:], v


def _lines(text: str):
    pos, n, number = 0, len(text), 1
    while pos <= n:
        nl = text.find("\n", pos)
        end = n if nl == -1 else nl
        line = text[pos:end]
        if line.endswith("\r"):
            line = line[:-1]
        yield number, pos, line
        if nl == -1:
            return
        pos, number = nl + 1, number + 1


def parse_blocks(text: str, warn) -> list[_Block]:
    """The top-level keys of a set file, each with the lines under it."""
    blocks: list[_Block] = []
    current: _Block | None = None
    for number, off, line in _lines(text):
        if number == 1 and line.startswith("\ufeff"):
            line, off = line[1:], off + 1
        if not line.strip():
            if current is not None:
                current.lines.append((number, off, line))
            continue
        if line.startswith("\t"):
            if current is None:
                warn("an indented line outside any block: ignored", number, 1)
            else:
                current.lines.append((number, off, line))
            continue
        kv = _split_key(line)
        if kv is None:
            warn("expected 'key: value' (a line of a set file is a key, or is indented under one)", number, 1)
            current = None
            continue
        key, value, _v = kv
        current = _Block(key, value, number, off)
        blocks.append(current)
    return blocks


def block_fields(block: _Block, warn) -> dict[str, _Field]:
    """The fields of a block (one tab deep); deeper lines continue the field above."""
    fields: dict[str, _Field] = {}
    cur: _Field | None = None
    blanks: list[tuple[int, str]] = []
    for number, off, line in block.lines:
        if not line.strip():
            if cur is not None:
                blanks.append((off + len(line), ""))
            continue
        tabs = len(line) - len(line.lstrip("\t"))
        if tabs == 1:
            kv = _split_key(line[1:])
            if kv is None:
                warn("expected 'key: value' in this block", number, 2)
                cur = None
                continue
            key, value, v = kv
            blanks = []
            if key in fields:
                warn(f"field {key!r} given twice: the first value is used", number, 2)
                cur = _Field(key, number, off + 1)  # collects the repeated value's lines, then dropped
            else:
                cur = fields[key] = _Field(key, number, off + 1)
            if value:
                cur.parts.append((off + 1 + v, value))
            continue
        if cur is None:
            continue
        cur.parts.extend(blanks)
        blanks = []
        cut = min(tabs, 2)
        cur.parts.append((off + cut, line[cut:]))
    return fields


# Cards ------------------------------------------------------------------------------------------


class _Value:
    """A field's value after markup: text and the raw offset of each character."""

    __slots__ = ("text", "table")

    def __init__(self, text: str, table: list[int]) -> None:
        self.text, self.table = text, table

    def loc(self, source: SourceFile) -> Loc:
        return Loc(source, self.table[0], self.table[-1], index_map=self.table)


def _value(field: _Field | None, *, cost: bool = False) -> _Value | None:
    if field is None:
        return None
    raw_table = field.table()
    m = Mapped(field.text).apply(strip_mse)
    if cost:
        m = m.apply(mse_symbols)
    m = m.strip()
    idx = m.index if m.index is not None else range(len(m.text) + 1)
    return _Value(m.text, [raw_table[i] for i in idx])


def _join(parts: list[tuple[str, list[int]]]) -> _Value:
    """Pieces of text, each with the raw offsets of its characters and its end, made one value."""
    text = "".join(p for p, _t in parts)
    table: list[int] = []
    for p, t in parts:
        table.extend(t[:len(p)])
    table.append(parts[-1][1][len(parts[-1][0])])
    return _Value(text, table)


class _SetReader:
    def __init__(self, result: ReadResult, opener) -> None:
        self.result = result
        self.opener = opener
        self.stylesheet = ""
        self.set_code: str | None = None
        self.keywords: list[dict[str, str]] = []
        self.includes = 0

    def warner(self, source: SourceFile):
        top = self.result.source

        def warn(msg: str, line: int | None, col: int | None) -> None:
            if source is not top:
                msg = f"{source.path}: {msg}"
            self.result.warnings.append((msg, line, col))

        return warn

    def read(self, source: SourceFile, depth: int) -> None:
        warn = self.warner(source)
        blocks = parse_blocks(source.text, warn)
        for b in blocks:
            if b.key == "stylesheet" and depth == 0:
                self.stylesheet = b.value.strip()
            elif b.key == "set info":
                info = block_fields(b, warn)
                code = info.get("set code")
                if code is not None and code.text.strip():
                    self.set_code = code.text.strip()
            elif b.key == "keyword":
                kw = block_fields(b, warn)
                self.keywords.append({k: kw[k].text for k in ("keyword", "match", "reminder", "mode", "rules")
                                      if k in kw})
        for b in blocks:
            if b.key == "card":
                self.result.entries += 1
                card = self.card(source, b, warn)
                if card is not None:
                    self.result.cards.append(card)
            elif b.key == "include file":
                self.include(b, depth, warn)

    def include(self, b: _Block, depth: int, warn) -> None:
        name = b.value.strip()
        if self.opener is None:
            warn(f"include file {name!r} not read (only a package on disk or in a zip can include files)",
                 b.line, 1)
            return
        if depth >= MAX_INCLUDE_DEPTH or self.includes >= MAX_INCLUDES:
            warn(f"include file {name!r} not read: more than {MAX_INCLUDES} files or {MAX_INCLUDE_DEPTH}"
                 " levels of includes", b.line, 1)
            return
        self.includes += 1
        try:
            sub = self.opener(name)
        except ReadError as e:
            if "zip bomb" in e.reason:
                raise
            warn(e.reason, b.line, 1)
            return
        sub.format = self.result.format
        self.read(sub, depth + 1)

    # one card ---------------------------------------------------------------------------------

    def card(self, source: SourceFile, b: _Block, warn) -> Card | None:
        fields = block_fields(b, warn)
        name = _value(fields.get("name"))
        if name is None or not name.text:
            warn("card without a name: skipped", b.line, 1)
            return None
        card = Card(source=source, loc=Loc(source, b.start, exact=False))
        stylesheet = _value(fields.get("stylesheet"))
        sheet = (stylesheet.text if stylesheet is not None and stylesheet.text else self.stylesheet).lower()
        two = any(fields[k].text.strip() for k in ("name 2", "super type 2", "rule text 2", "casting cost 2")
                  if k in fields)
        # a second face's loyalty costs are the fields numbered from 5
        card.faces.append(self.face(source, fields, "", 1, 4 if two else 10))
        if two:
            card.faces.append(self.face(source, fields, " 2", 5, 8))
        front = card.faces[0]
        if len(card.faces) == 1:
            card.name = front.name
            card.locs["name"] = front.locs["name"]
        else:
            card.name = " // ".join(f.name or "" for f in card.faces)
        card.set_code = self.set_code
        card.layout = _layout(sheet, card)
        if card.layout in ("token", "double_faced_token") or any(
                (f.type_line or "").startswith("Token") for f in card.faces):
            card.is_token = True
        card.extra["stylesheet"] = sheet
        if self.keywords:
            card.extra["mse_keywords"] = self.keywords
        return card

    def face(self, source: SourceFile, fields: dict[str, _Field], s: str, first_cost: int, last_cost: int) -> Face:
        face = Face()
        locs = face.locs
        rule, flavor = fields.get("rule text" + s), fields.get("flavor text" + s)
        if rule is not None and (flavor is None or not _value(flavor).text):  # type: ignore[union-attr]
            rule, moved = _split_flavor(rule)
            if moved is not None:
                fields = dict(fields)
                fields["rule text" + s], fields["flavor text" + s] = rule, moved
        name = _value(fields.get("name" + s))
        if name is not None:
            face.name = name.text
            locs["name"] = name.loc(source)
        cost = _value(fields.get("casting cost" + s), cost=True)
        if cost is not None:
            face.mana_cost = cost.text
            locs["mana_cost"] = cost.loc(source)
        else:
            face.mana_cost = ""  # MSE leaves the field out of a card without a cost
        type_line = self.type_line(fields, s)
        if type_line is not None:
            face.type_line = type_line.text
            locs["type_line"] = type_line.loc(source)
        text = self.rules_text(fields, s, first_cost, last_cost)
        if text is not None:
            face.oracle_text = text.text
            locs["oracle_text"] = text.loc(source)
        for key, attr in (("power", "power"), ("toughness", "toughness"), ("loyalty", "loyalty"),
                          ("flavor text", "flavor_text"), ("defense", "defense")):
            v = _value(fields.get(key + s))
            if v is not None and v.text:
                setattr(face, attr, v.text)
                locs[attr] = v.loc(source)
        colors = fields.get("card color" + s)
        if colors is not None:
            parsed = _colors(colors.text)
            if parsed is not None:
                face.colors = parsed
                locs["colors"] = _value(colors).loc(source)  # type: ignore[union-attr]
        indicator = fields.get("indicator" + s)
        if indicator is not None:
            parsed = _colors(indicator.text)
            if parsed:
                face.color_indicator = parsed
                locs["color_indicator"] = _value(indicator).loc(source)  # type: ignore[union-attr]
        elif face.colors and not face.mana_cost and not (face.type_line or "").startswith("Token"):
            # the frame shows a colored face without a mana cost with a color indicator
            face.color_indicator = face.colors
            locs["color_indicator"] = locs["colors"]
        return face

    def type_line(self, fields: dict[str, _Field], s: str) -> _Value | None:
        sup = _value(fields.get("super type" + s))
        sub = _value(fields.get("sub type" + s))
        if sup is None and sub is None:
            return None
        parts: list[tuple[str, list[int]]] = []
        if sup is not None and sup.text:
            parts.append((sup.text, sup.table))
        if sub is not None and sub.text:
            if parts:
                parts.append((" — ", [sub.table[0]] * 4))
            parts.append((sub.text, sub.table))
        if not parts:
            v = sup or sub
            return _Value("", v.table[:1])  # type: ignore[union-attr]
        return _join(parts)

    def rules_text(self, fields: dict[str, _Field], s: str, first_cost: int, last_cost: int) -> _Value | None:
        """The rules text, with loyalty costs put in front of their abilities and
        the texts of the level boxes (``level 1 text`` …) after the rule text."""
        main = _value(fields.get("rule text" + s))
        levels = []
        for n in range(1, 11):
            v = _value(fields.get(f"level {n} text{s}"))
            if v is not None and v.text:
                levels.append((n, v))
        costs: dict[int, _Value] = {}
        for n in range(first_cost, last_cost + 1):
            v = _value(fields.get(f"loyalty cost {n}"))
            if v is not None and v.text:
                costs[n - first_cost + 1] = v
        if main is None and not levels:
            return None
        lines: list[tuple[str, list[int]]] = []  # each line with its raw offsets (and end)
        if main is not None and main.text:
            pos = 0
            for line in main.text.split("\n"):
                lines.append((line, main.table[pos:pos + len(line) + 1]))
                pos += len(line) + 1
        box_of_line: dict[int, int] = {}
        if levels:
            for n, v in levels:
                box_of_line[len(lines)] = n
                lines.append((v.text, v.table))
        elif costs:
            box = 0
            for i, (line, _t) in enumerate(lines):
                if line.strip():
                    box += 1
                    box_of_line[i] = box
        if not lines:
            v = main if main is not None else levels[0][1]
            return _Value("", v.table[:1])
        parts: list[tuple[str, list[int]]] = []
        for i, (line, table) in enumerate(lines):
            if i:
                end = lines[i - 1][1][-1]
                parts.append(("\n", [end, end]))
            cost = costs.get(box_of_line.get(i, 0))
            if cost is not None:
                # the same length as the field's text: only a hyphen becomes a minus sign
                parts.append((oracle_loyalty(cost.text), cost.table))
                parts.append((": ", [cost.table[-1]] * 3))
            parts.append((line, table))
        return _join(parts)


_ITALIC_LINE = re.compile(r"\s*<i>(?P<inner>(?:(?!</i>).)*)</i>\s*\Z")


def _split_flavor(field: _Field) -> tuple[_Field, _Field | None]:
    """Flavor text typed at the end of the rule text: the last lines, each one
    wholly in ``<i>…</i>`` and not a parenthesized reminder, become the face's
    flavor text (when it has none of its own)."""
    parts = field.parts
    k = len(parts)
    first = None
    while k > 0:
        line = parts[k - 1][1]
        if line.strip():
            m = _ITALIC_LINE.match(line)
            inner = re.sub(r"<[^>]*>", "", m.group("inner")).strip() if m else ""
            if not inner or inner.startswith("("):
                break
            first = k - 1
        k -= 1
    if first is None:
        return field, None
    rules = _Field(field.key, field.line, field.key_at)
    rules.parts = parts[:first]
    flavor = _Field("flavor text", field.line, field.key_at)
    flavor.parts = parts[first:]
    return rules, flavor


def _colors(value: str) -> tuple[str, ...] | None:
    """MSE's card color, the frame's ("white, green, hybrid, horizontal"), as
    color letters; None when it names no color and is not colorless
    ("multicolor" alone)."""
    words = [w.strip().lower() for w in re.sub(r"<[^>]*>", "", value).split(",")]
    if "land" in words:
        return ()  # a land frame's tint is not a color: lands are colorless
    letters = [_COLOR_WORDS[w] for w in words if w in _COLOR_WORDS]
    if letters:
        return order_colors(letters)
    if any(w in _COLORLESS_WORDS for w in words):
        return ()
    return None


_SHEETS = (
    (re.compile(r"split|fuse"), "split"),
    (re.compile(r"aftermath"), "aftermath"),
    (re.compile(r"flip(?!-?walker)"), "flip"),
    (re.compile(r"adventure"), "adventure"),
    (re.compile(r"saga"), "saga"),
    (re.compile(r"level"), "leveler"),
    (re.compile(r"\bclass\b|-class"), "class"),
    (re.compile(r"emblem"), "emblem"),
    (re.compile(r"token"), "token"),
    (re.compile(r"modal|mdfc"), "modal_dfc"),
    (re.compile(r"double-?faced|dfc|transform|\bflip-?walker"), "transform"),
)


def _layout(sheet: str, card: Card) -> str:
    for pattern, layout in _SHEETS:
        if pattern.search(sheet):
            if layout == "token" and len(card.faces) > 1:
                return "double_faced_token"
            if layout == "transform" and len(card.faces) > 1:
                guessed = guess_layout(card)
                return guessed if guessed in ("transform", "modal_dfc") else "transform"
            if layout in ("split", "aftermath", "flip", "adventure", "modal_dfc", "transform") and len(card.faces) < 2:
                return "normal"
            return layout
    return guess_layout(card)


READER = Reader(
    name="mse",
    looks_like=lambda probe: looks_like_mse(probe.text, probe.path),
    read=lambda probe, result: read_mse(probe.source, result),
    codec=mse_codec,
    formats=("mse", "mse-set"),
    braces_costs=True,
)

__all__ = ["READER", "looks_like_mse", "is_zip", "open_package", "read_package", "read_mse", "parse_blocks", "block_fields",
           "MAX_ENTRIES", "MAX_UNPACKED", "MAX_RATIO"]
