"""How a field's text is written in each file format, for fixes.

A fix edits a field's decoded value; the file holds that value encoded
(JSON escapes, XML entities, YAML scalar styles).  A :class:`FieldCodec`
knows one field's encoding: ``decode`` turns a piece of the file's raw text
back into value text (to confirm that a Loc really maps the value there) and
``encode`` writes replacement text the way the file already writes it
(``\\u2014`` or a raw dash, ``&#8212;`` or a raw dash, CRLF or LF, the
field's YAML style).  Either returns ``None`` when it cannot do so safely;
the fix is then left alone.

Each reader declares the codec of its format (``Reader.codec``), chosen by
the file's format (``SourceFile.format``); :func:`register_codec` adds or
replaces one from outside the readers.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from typing import Callable

from linter.model import cost_symbols
from linter.source import Loc, SourceFile

#: what a codec factory returns when the field cannot be edited: the reason
Refusal = str


class FieldCodec:
    """Decoding and encoding of one field's text (a base that refuses both)."""

    style = "unknown"

    def decode(self, raw: str) -> str | None:
        return None

    def encode(self, text: str, a: int, b: int) -> str | None:
        """``text`` as it must be written to replace the raw span ``[a, b)``."""
        return None

    def check_value(self, value: str) -> str | None:
        """Why the field's whole new value cannot be written in this style (None: it can)."""
        return None

    def why_not(self, text: str, a: int, b: int) -> str | None:
        """Why :meth:`encode` refuses ``text`` for the raw span ``[a, b)``, where the style can
        say more than that it cannot be written (None: nothing more to say)."""
        return None

    def widen(self, a: int, b: int) -> tuple[int, int]:
        """The raw span an edit of the raw span ``[a, b)`` replaces: itself, unless the
        format writes that text inside an element to be replaced whole (see
        :meth:`MseText.widen`)."""
        return a, b


CodecFactory = Callable[[SourceFile, Loc, "FileStyle"], "FieldCodec | Refusal"]
CODECS: dict[str, CodecFactory] = {}


def register_codec(fmt: str, factory: CodecFactory) -> None:
    """Let fixes edit files of format ``fmt`` (as set in ``SourceFile.format``)."""
    CODECS[fmt] = factory


def codec_for(source: SourceFile, loc: Loc, style: "FileStyle") -> FieldCodec | Refusal:
    factory = CODECS.get(source.format) or _reader_codec(source.format)
    if factory is None:
        return f"fixes cannot yet be written to {source.format or 'this kind of'} files"
    return factory(source, loc, style)


def field_codec(source: SourceFile, loc: Loc, style: "FileStyle", field: str) -> FieldCodec | Refusal:
    """The codec of one field of a card: :func:`codec_for`, a mana cost's wrapped in
    :class:`ManaCostText` where the format's reader braces costs written without braces
    (``Reader.braces_costs``; elsewhere a cost's value is the file's text)."""
    codec = codec_for(source, loc, style)
    if field == "mana_cost" and _braces_costs(source.format) and not isinstance(codec, str):
        return ManaCostText(codec, source.text)
    return codec


@functools.cache
def _braces_costs(fmt: str) -> bool:
    from linter.readers.detect import reader_named  # the readers import this module

    reader = reader_named(fmt)
    return reader is not None and reader.braces_costs


class ManaCostText(FieldCodec):
    """A mana cost of a file that writes costs without braces ("2WU": Cockatrice XML, Magic
    Set Editor), whose value is the cost in Oracle form ("{2}{W}{U}").  A cost written
    without braces, or an empty one, is replaced by one written without braces, each
    symbol's braces dropped ("{G/W}" as "G/W"); one written with braces keeps them.  The
    planner holds the result to reading back as the new value, so a cost the notation
    cannot tell apart ("{1}{0}" would read as "{10}") is refused.  The field's own
    encoding (XML entities) is ``inner``'s."""

    def __init__(self, inner: FieldCodec, text: str) -> None:
        self.inner, self.text = inner, text
        self.style = inner.style

    def decode(self, raw: str) -> str | None:
        from linter.readers.mana import braced_cost

        got = self.inner.decode(raw)
        return None if got is None else braced_cost(got)[0]

    def encode(self, text: str, a: int, b: int) -> str | None:
        old = self.inner.decode(self.text[a:b])
        if old is None:
            return None
        if "{" not in old:  # written without braces (the value has them: the reader added them)
            symbols = cost_symbols(text)
            if "".join("{" + sym + "}" for sym in symbols) != text:
                return None
            text = "".join(symbols)
        return self.inner.encode(text, a, b)

    def check_value(self, value: str) -> str | None:
        return self.inner.check_value(value)

    def why_not(self, text: str, a: int, b: int) -> str | None:
        return self.inner.why_not(text, a, b)

    def widen(self, a: int, b: int) -> tuple[int, int]:
        return self.inner.widen(a, b)


@functools.cache
def _reader_codec(fmt: str) -> CodecFactory | None:
    """The codec the reader of format ``fmt`` declares (readers are fixed at import: asked once)."""
    from linter.readers.detect import reader_named  # the readers import this module

    reader = reader_named(fmt)
    return reader.codec if reader is not None else None


class FileStyle:
    """Habits of one file, worked out once: how it writes non-ASCII text,
    line breaks, hexadecimal digits; and the same for each field's own text,
    worked out once per field however many findings it has (a field is
    never scanned again per finding, so a long text costs linear time)."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self._cache: dict[object, object] = {}

    def get(self, key: str, compute: Callable[[str], object]) -> object:
        if key not in self._cache:
            self._cache[key] = compute(self.source.text)
        return self._cache[key]

    def of_field(self, key: str, loc: Loc, compute: Callable[[str], object]) -> object:
        """``compute`` of the field's raw text at ``loc``, once per field."""
        k = (key, loc.start, loc.end)
        if k not in self._cache:
            self._cache[k] = compute(self.source.text[loc.start:loc.end])
        return self._cache[k]

    def crlf(self) -> bool:
        return bool(self.get("crlf", lambda t: t.count("\r\n") * 2 > t.count("\n")))


# small helpers --------------------------------------------------------------------

_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _has_raw_non_ascii(text: str) -> bool:
    return not text.isascii()


def _hex_upper(escapes: list[str], default: bool) -> bool:
    """Whether hexadecimal escapes are written in upper case (from those present)."""
    upper = sum(1 for h in escapes if any(c in "ABCDEF" for c in h))
    lower = sum(1 for h in escapes if any(c in "abcdef" for c in h))
    if upper == lower:
        return default
    return upper > lower


def _surrogates(code: int) -> tuple[int, int]:
    code -= 0x10000
    return 0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)


# JSON ---------------------------------------------------------------------------------

# a backslash escape preceded by an even number of backslashes
_JSON_U = re.compile(r"(?<!\\)(?:\\\\)*\\u([0-9a-fA-F]{4})")
_JSON_SLASH = re.compile(r"(?<!\\)(?:\\\\)*\\/")
_JSON_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _json_file_style(text: str) -> tuple[bool, bool, bool]:
    """(escape non-ASCII, upper-case hex, escape "/") as the file does."""
    # counted without a list of every match: a bulk file holds hundreds of thousands
    escapes = _JSON_U.findall(text) if "\\u" in text else []
    non_ascii_escapes = [h for h in escapes if int(h, 16) >= 0x80]
    # escaped at least as often as written raw (the characters beyond ASCII, counted only then)
    ascii_only = bool(non_ascii_escapes) and \
        len(non_ascii_escapes) >= (0 if text.isascii() else len(text) - len(text.encode("ascii", "ignore")))
    slashes = len(_JSON_SLASH.findall(text)) if "\\/" in text else 0
    return ascii_only, _hex_upper(escapes, False), slashes > 0 and text.count("/") == slashes


def _json_field_style(raw_value: str) -> bool | None:
    """Whether the field's own text escapes non-ASCII characters (None: it has none)."""
    if "\\u" in raw_value and any(int(h, 16) >= 0x80 for h in _JSON_U.findall(raw_value)):
        return True
    if _has_raw_non_ascii(raw_value):
        return False
    return None


class JsonCodec(FieldCodec):
    """A JSON string's content (between its quotes)."""

    style = "json"

    def __init__(self, own_style: bool | None, file_style: tuple[bool, bool, bool]) -> None:
        ascii_only, self.upper, self.slash = file_style
        # the field's own text decides first, the file as a whole second
        self.ascii_only = ascii_only if own_style is None else own_style

    def decode(self, raw: str) -> str | None:
        if raw.isprintable() and "\\" not in raw and '"' not in raw:
            return raw  # no escape, quote or control character: the text is its value
        try:
            value = json.loads('"' + raw + '"')
        except ValueError:
            return None
        return value if isinstance(value, str) else None

    def _u(self, code: int) -> str:
        return ("\\u%04X" if self.upper else "\\u%04x") % code

    def encode(self, text: str, a: int, b: int) -> str | None:
        out = []
        for ch in text:
            code = ord(ch)
            if ch in _JSON_SHORT:
                out.append(_JSON_SHORT[ch])
            elif code < 0x20:
                out.append(self._u(code))
            elif ch == "/" and self.slash:
                out.append("\\/")
            elif code >= 0x80 and self.ascii_only:
                if code > 0xFFFF:
                    hi, lo = _surrogates(code)
                    out.append(self._u(hi) + self._u(lo))
                else:
                    out.append(self._u(code))
            elif 0xD800 <= code < 0xE000:
                return None  # a lone surrogate cannot be written as UTF-8
            else:
                out.append(ch)
        return "".join(out)


def json_codec(source: SourceFile, loc: Loc, style: FileStyle) -> FieldCodec | Refusal:
    text = source.text
    if not (0 < loc.start <= loc.end < len(text)) or text[loc.start - 1] != '"' or text[loc.end] != '"':
        return "the field is not a JSON string"
    file_style = style.get("json", _json_file_style)
    return JsonCodec(style.of_field("json", loc, _json_field_style), file_style)  # type: ignore[arg-type]


# XML (Cockatrice) ----------------------------------------------------------------------------

_XML_REF = re.compile(r"&(#[0-9]+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);")
_XML_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_XML_NUM = re.compile(r"&#(x[0-9a-fA-F]+|[0-9]+);")


def _xml_refs(text: str) -> tuple[int, int, bool, int]:
    """Numeric references of non-ASCII characters: (decimal, hex, upper-case hex, raw non-ASCII)."""
    dec = hexa = 0
    hexes = []
    for m in _XML_NUM.finditer(text):
        g = m.group(1)
        code = int(g[1:], 16) if g[0] == "x" else int(g)
        if code < 0x80:
            continue
        if g[0] == "x":
            hexa += 1
            hexes.append(g[1:])
        else:
            dec += 1
    return dec, hexa, _hex_upper(hexes, True), len(_NON_ASCII.findall(text))


def _xml_char_ok(code: int) -> bool:
    return code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code >= 0x10000


class XmlTextCodec(FieldCodec):
    """An element's character content (no markup inside the edited part)."""

    style = "xml"

    def __init__(self, text: str, own: tuple[tuple[int, int, bool, int], bool | None],
                 file_refs: tuple[int, int, bool, int], crlf: bool) -> None:
        self.text = text
        (dec, hexa, upper, raw), own_crlf = own
        if not (dec or hexa or raw):
            dec, hexa, upper, raw = file_refs
        self.refs = (dec + hexa) > 0 and (dec + hexa) >= raw
        self.hex = hexa > dec
        self.upper = upper
        if own_crlf is not None:
            crlf = own_crlf
        self.eol = "\r\n" if crlf else "\n"

    def decode(self, raw: str) -> str | None:
        if "<" in raw:
            return None  # markup (a tag, a comment, CDATA) inside the span
        raw = raw.replace("\r\n", "\n").replace("\r", "\n")
        bad = False

        def ref(m: re.Match) -> str:
            nonlocal bad
            g = m.group(1)
            if g[0] == "#":
                code = int(g[2:], 16) if g[1] == "x" else int(g[1:])
                if not _xml_char_ok(code) or code > 0x10FFFF:
                    bad = True
                    return ""
                return chr(code)
            return _XML_NAMED[g]

        out = _XML_REF.sub(ref, raw)
        if bad or "&" in _XML_REF.sub("", raw):
            return None  # an unknown entity or a stray ampersand
        return out

    def _ref(self, code: int) -> str:
        if self.hex:
            return ("&#x%X;" if self.upper else "&#x%x;") % code
        return "&#%d;" % code

    def in_cdata(self, a: int, b: int) -> bool:
        k = self.text.rfind("<![CDATA[", 0, a)
        if k == -1:
            return False
        close = self.text.find("]]>", k)
        return close == -1 or close >= b

    def encode(self, text: str, a: int, b: int) -> str | None:
        if self.in_cdata(a, b):
            # a CDATA section has no references: the text goes in as it is
            if "&" in text or "\r" in text or "]]" in text or text.endswith("]") or text[:1] in (">", "]") \
                    or any(not _xml_char_ok(ord(c)) for c in text):
                return None
            return text.replace("\n", self.eol)
        out = []
        for ch in text:
            code = ord(ch)
            if ch == "&":
                out.append("&amp;")
            elif ch == "<":
                out.append("&lt;")
            elif ch == ">":
                out.append("&gt;")
            elif ch == "\n":
                out.append(self.eol)
            elif ch == "\r":
                out.append(self._ref(0xD))
            elif not _xml_char_ok(code):
                return None  # not allowed in XML 1.0, not even as a reference
            elif code >= 0x80 and self.refs:
                out.append(self._ref(code))
            else:
                out.append(ch)
        return "".join(out)


def _xml_field_style(raw_value: str) -> tuple[tuple[int, int, bool, int], bool | None]:
    """The field's own references, and its line endings (None: it has no line break)."""
    crlf = True if "\r\n" in raw_value else False if "\n" in raw_value else None
    return _xml_refs(raw_value), crlf


def xml_codec(source: SourceFile, loc: Loc, style: FileStyle) -> FieldCodec | Refusal:
    return XmlTextCodec(source.text, style.of_field("xml", loc, _xml_field_style),  # type: ignore[arg-type]
                        style.get("xml", _xml_refs), style.crlf())  # type: ignore[arg-type]


# YAML ------------------------------------------------------------------------------------------

_YAML_ESC = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
    "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
    "L": "\u2028", "P": "\u2029",
}
_YAML_HEX = {"x": 2, "u": 4, "U": 8}
_YAML_OUT = {"\0": "\\0", "\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f",
             "\r": "\\r", "\x1b": "\\e", '"': '\\"', "\\": "\\\\", "\x85": "\\N", "\u2028": "\\L",
             "\u2029": "\\P"}
_YAML_ESCAPES = re.compile(r"(?<!\\)(?:\\\\)*\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))")
# the header of a block scalar, then only blank lines and indentation up to the content
_BLOCK_HEAD = re.compile(r"(?:^|[ \t:\-?])([|>])(?:[-+][1-9]?|[1-9][-+]?)?[ \t]*(?:#[^\n]*)?\r?\n(?:[ \t]*\r?\n)*[ \t]*\Z")


def _yaml_printable(code: int) -> bool:
    """What a YAML stream may hold as a raw character (PyYAML's reader)."""
    return (code in (0x9, 0xA, 0xD, 0x85) or 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF)


def _yaml_file_escapes(text: str) -> tuple[int, bool, int]:
    """Escapes of non-ASCII characters, their hex case, raw non-ASCII characters."""
    escs = [h for m in _YAML_ESCAPES.finditer(text) for h in m.groups() if h]
    non_ascii = [h for h in escs if int(h, 16) >= 0x80]
    return len(non_ascii), _hex_upper(escs, True), len(_NON_ASCII.findall(text))


def _decode_double_quoted(raw: str) -> str | None:
    out = []
    i, n = 0, len(raw)
    while i < n:
        c = raw[i]
        if c == '"' or c == "\n" or c == "\r":
            return None
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = raw[i + 1:i + 2]
        if e in _YAML_HEX:
            k = _YAML_HEX[e]
            h = raw[i + 2:i + 2 + k]
            if len(h) != k or any(ch not in "0123456789abcdefABCDEF" for ch in h):
                return None
            out.append(chr(int(h, 16)))
            i += 2 + k
        elif e and e in _YAML_ESC:
            out.append(_YAML_ESC[e])
            i += 2
        else:
            return None
    return "".join(out)


class YamlDoubleQuoted(FieldCodec):
    style = "yaml-double-quoted"

    def __init__(self, own_escapes: tuple[int, bool, int], file_escapes: tuple[int, bool, int]) -> None:
        own, upper, raw = own_escapes
        if not (own or raw):
            own, upper, raw = file_escapes
        self.escape_non_ascii = own > 0 and own >= raw
        self.upper = upper

    def decode(self, raw: str) -> str | None:
        return _decode_double_quoted(raw)

    def encode(self, text: str, a: int, b: int) -> str | None:
        out = []
        for ch in text:
            code = ord(ch)
            if ch in _YAML_OUT:
                out.append(_YAML_OUT[ch])
            elif code < 0x20 or 0x7F <= code < 0xA0 or code in (0xFEFF, 0xFFFE, 0xFFFF) or 0xD800 <= code < 0xE000:
                out.append(("\\x%02X" if self.upper else "\\x%02x") % code if code < 0x100
                           else ("\\u%04X" if self.upper else "\\u%04x") % code)
            elif code >= 0x80 and self.escape_non_ascii:
                if code > 0xFFFF:
                    out.append(("\\U%08X" if self.upper else "\\U%08x") % code)
                else:
                    out.append(("\\u%04X" if self.upper else "\\u%04x") % code)
            else:
                out.append(ch)
        return "".join(out)


class YamlSingleQuoted(FieldCodec):
    style = "yaml-single-quoted"

    def decode(self, raw: str) -> str | None:
        if "\n" in raw or "\r" in raw or "'" in raw.replace("''", ""):
            return None
        return raw.replace("''", "'")

    def encode(self, text: str, a: int, b: int) -> str | None:
        if any(not _yaml_printable(ord(c)) or c in "\n\r\x85\u2028\u2029" for c in text):
            return None  # a single-quoted scalar has no escapes (and a line break would fold)
        return text.replace("'", "''")


class YamlPlain(FieldCodec):
    """A plain scalar on one line: written as it is, so only text that reads
    back the same can go in."""

    style = "yaml-plain"

    def __init__(self, flow: bool) -> None:
        self.flow = flow

    def decode(self, raw: str) -> str | None:
        return None if "\n" in raw or "\r" in raw else raw

    def encode(self, text: str, a: int, b: int) -> str | None:
        if any(not _yaml_printable(ord(c)) or c in "\n\r\x85\u2028\u2029\ufeff" for c in text):
            return None
        if self.flow and any(c in ",[]{}" for c in text):
            return None
        return text

    def check_value(self, value: str) -> str | None:
        import yaml

        if not value or value != value.strip(" \t"):
            return "the new text cannot be written as a plain YAML scalar (quote it)"
        try:
            back = yaml.safe_load("k: " + value)
        except yaml.YAMLError:
            back = None
        if back != {"k": value}:
            return "the new text would not read back as the same plain YAML scalar (quote it)"
        return None


class YamlLiteral(FieldCodec):
    """A literal block scalar (``|``): every line indented alike."""

    style = "yaml-literal"

    def __init__(self, text: str, indent: int, crlf: bool, explicit: bool, value_start: int) -> None:
        self.text = text
        self.indent = indent
        self.eol = "\r\n" if crlf else "\n"
        self.explicit = explicit
        self.value_start = value_start

    def decode(self, raw: str) -> str | None:
        lines = raw.split("\n")
        out = [lines[0]]
        for j, line in enumerate(lines[1:]):
            if out[-1].endswith("\r"):
                out[-1] = out[-1][:-1]
            elif "\r" in out[-1]:
                return None
            head = line[:self.indent]
            if head.strip(" "):
                return None  # less indented than the block: not part of it
            out.append(line[self.indent:])
        if "\r" in out[-1] and not out[-1].endswith("\r"):
            return None
        return "\n".join(out)

    def encode(self, text: str, a: int, b: int) -> str | None:
        if any(not _yaml_printable(ord(c)) or c in "\r\x85\u2028\u2029\ufeff" for c in text):
            return None
        if a == self.value_start and not self.explicit and text[:1] in (" ", "\n"):
            return None  # the first line's indentation sets the block's indentation
        lines = text.split("\n")
        at_eol = self.text.startswith("\n", b) or self.text.startswith("\r\n", b) or b >= len(self.text)
        out = [lines[0]]
        for j, line in enumerate(lines[1:], start=1):
            last = j == len(lines) - 1
            empty_line = line == "" and (not last or at_eol)
            out.append(self.eol + ("" if empty_line else " " * self.indent) + line)
        return "".join(out)


def yaml_codec(source: SourceFile, loc: Loc, style: FileStyle) -> FieldCodec | Refusal:
    text = source.text
    s, e = loc.start, loc.end
    body = text[s:e]
    if 0 < s and e < len(text) and text[s - 1] == text[e] and text[s - 1] in "'\"" and "\n" not in body:
        if text[s - 1] == "'":
            return YamlSingleQuoted()
        return YamlDoubleQuoted(style.of_field("yaml", loc, _yaml_file_escapes),  # type: ignore[arg-type]
                                style.get("yaml", _yaml_file_escapes))  # type: ignore[arg-type]
    m = _BLOCK_HEAD.search(text, max(0, s - 4096), s)
    if m is not None:
        if m.group(1) != "|":
            return "a folded YAML block (>) cannot be edited in place"
        line_start = text.rfind("\n", 0, s) + 1
        indent = s - line_start
        if text[line_start:s].strip(" "):
            return "the YAML block's indentation is not plain spaces"
        explicit = any(c.isdigit() for c in m.group(0).split("#", 1)[0])
        crlf = "\r\n" in body or ("\n" not in body and style.crlf())
        return YamlLiteral(text, indent, crlf, explicit, s)
    if "\n" in body or "\r" in body:
        return "a YAML scalar over several lines cannot be edited in place"
    line_start = text.rfind("\n", 0, s) + 1
    prefix = text[line_start:s]
    return YamlPlain(flow=any(c in prefix for c in "[{,"))


# Designers' formats -------------------------------------------------------------------------------


def marked_json_codec(source: SourceFile, loc: Loc, style: FileStyle) -> FieldCodec | Refusal:
    """JSON whose strings carry markup ([i]...[/i], *...*): a value may start
    after markup, so the value's own quotes are not where it starts."""
    file_style = style.get("json", _json_file_style)
    return JsonCodec(style.of_field("json", loc, _json_field_style), file_style)  # type: ignore[arg-type]


_MSE_TAG = re.compile(r"<(/?)([^<>/\s]+)[^<>]*>")
#: an element the editor fills with the card's name, with what it holds
_MSE_NAME_ELEMENT = re.compile(r"<atom-cardname(?:\s[^<>]*)?>(?:[^<>]|<[^<>]*>)*?</atom-cardname>")


def _element_text_bounds(element: str) -> tuple[int, int] | None:
    """Where the text of an ``<atom-cardname>`` element starts and ends in it, or None
    where it holds no text or its inner tags do not pair up (a spelling mark opened
    inside and closed outside: replacing the element would leave half of it)."""
    inner_from = element.index(">") + 1
    inner_to = element.rindex("<")
    opened: list[str] = []
    first = last = None
    at = inner_from
    for m in _MSE_TAG.finditer(element, inner_from, inner_to):
        if m.start() > at:
            first = at if first is None else first
            last = m.start()
        if not m.group(1):
            opened.append(m.group(2))
        elif opened and opened[-1] == m.group(2):
            opened.pop()
        else:
            return None
        at = m.end()
    if inner_to > at:
        first = at if first is None else first
        last = inner_to
    if opened or first is None or last is None:
        return None
    return first, last


def _name_element(raw: str) -> str | None:
    """The text of ``raw`` where it is one whole ``<atom-cardname>`` element (see
    :meth:`MseText.widen`), else None."""
    if not raw.startswith("<atom-cardname") or _MSE_NAME_ELEMENT.fullmatch(raw) is None:
        return None
    if _element_text_bounds(raw) is None:
        return None
    text = _MSE_TAG.sub("", raw)
    return None if any(c in text for c in "<>\n\r\\") else text


def _spelling(tag: str) -> bool:
    """Whether a tag is one of the spell checker's marks (``<error-spelling:en_us:…>``)."""
    return tag.lower().startswith("error-spelling")


def _without_spelling_marks(raw: str) -> str | None:
    """``raw`` without its spelling marks, where it holds no other tag and every mark it
    opens it closes (and the reverse); else None."""
    depth = 0
    for m in _MSE_TAG.finditer(raw):
        if not _spelling(m.group(2)):
            return None
        depth += -1 if m.group(1) else 1
        if depth < 0:
            return None
    return _MSE_TAG.sub("", raw) if depth == 0 else None


#: the elements that wrap text the designer typed (a keyword, its parameter, a word of a
#: type line's word list, a spelling mark, italics), by the start of their tag's name
_TYPED_TEXT_TAGS = ("kw-", "param-", "word-list-", "error-spelling")
_TYPED_TEXT_ELEMENTS = frozenset({"nospellcheck", "nosym", "i", "b", "i-auto", "i-flavor"})


def _editor_made(tag: str) -> bool:
    """Whether an element's text is the editor's own, not the designer's: the card's
    name (``<atom-cardname>``), a keyword's reminder (``<atom-reminder-…>``), a symbol
    (``<sym-auto>``, whose text is written in the editor's notation), the separators it
    puts between words (``<soft>``), and any element not known to hold typed text."""
    tag = tag.lower()
    return tag not in _TYPED_TEXT_ELEMENTS and not tag.startswith(_TYPED_TEXT_TAGS)


class MseText(FieldCodec):
    """Text on one line of a Magic Set Editor set file, outside the markup whose
    text the editor makes (:func:`_editor_made`: text inside ``<atom-cardname>``,
    ``<atom-reminder-…>`` or a symbol's ``<sym-auto>`` is not edited, but for an edit
    of all the text of an ``<atom-cardname>`` element, which replaces the element:
    :meth:`widen`).  Text the designer typed stays editable inside the tags the
    editor wraps it in: a keyword's (``<kw-a>``), its parameter's, a word list's,
    a spelling mark's or ``<nospellcheck>``."""

    style = "mse"

    def __init__(self, text: str, lines: dict[int, tuple[list[int], list[str | None]]]) -> None:
        self.text = text
        self.lines = lines  # shared by the fields of one file: line start -> its tags

    def decode(self, raw: str) -> str | None:
        named = _name_element(raw)
        if named is not None:
            return named
        if "<" in raw:
            raw = _without_spelling_marks(raw)  # whole spelling marks, which the editor makes again
            if raw is None:
                return None
        if any(c in raw for c in "<>\n\r\\"):
            return None
        return raw

    def widen(self, a: int, b: int) -> tuple[int, int]:
        """An edit of all the text of an ``<atom-cardname>`` element (the editor's own
        copy of the card's name, wrapped in tags such as ``<nospellcheck>``) replaces the
        element: the words written instead are the designer's own, not the name's.  Any
        other span ends at its last character, before the tags that follow it (and is
        refused by :meth:`decode` if it holds markup)."""
        text = self.text
        # the end of a span is where the character after it stands, past the tags that close
        # the elements its text ends (a keyword's "</nospellcheck></kw-a>"): the span ends
        # at its last character instead, so that the new text stays inside those elements
        while b > a and text[b - 1] == ">":
            lt = text.rfind("<", a, b)
            if lt < 0 or _MSE_TAG.fullmatch(text, lt, b) is None:
                break
            b = lt
        # a spelling mark whose text the span holds whole goes with it: the editor's spell
        # checker marks the new words again (it would be left half open or half closed)
        while a > 0 and text[a - 1] == ">":
            lt = text.rfind("<", 0, a)
            m = _MSE_TAG.fullmatch(text, lt, a) if lt >= 0 else None
            if m is None or m.group(1) or not _spelling(m.group(2)) or _without_spelling_marks(text[lt:b]) is None:
                break
            a = lt
        while b < len(text) and text[b] == "<":
            gt = text.find(">", b)
            m = _MSE_TAG.fullmatch(text, b, gt + 1) if gt >= 0 else None
            if m is None or not m.group(1) or not _spelling(m.group(2)) or \
                    _without_spelling_marks(text[a:gt + 1]) is None:
                break
            b = gt + 1
        start = text.rfind("\n", 0, a) + 1
        stop = text.find("\n", a)
        for m in _MSE_NAME_ELEMENT.finditer(text, start, len(text) if stop == -1 else stop):
            if m.start() > a:
                break
            if not m.start() < a <= b <= m.end():
                continue
            bounds = _element_text_bounds(m.group(0))
            if bounds is None:
                continue
            first, last = m.start() + bounds[0], m.start() + bounds[1]
            if a == first and last <= b:  # from its first character of text to its last, or past
                return m.start(), m.end()  # its closing tags: the whole element
        return a, b

    def editor_element(self, a: int) -> str | None:
        """The innermost element open at position ``a`` of the file whose text the editor
        makes (see :func:`_editor_made`), one that its line opens and has not closed: its
        tag's name, or None."""
        start = self.text.rfind("\n", 0, a) + 1
        tags = self.lines.get(start)
        if tags is None:
            # where each tag of the line ends, and the innermost element the editor makes that
            # is open after it: worked out once per line, so that many edits on one long line
            # cost linear time
            ends: list[int] = []
            open_after: list[str | None] = []
            open_tags: list[str] = []
            made: list[str] = []  # those of open_tags that are the editor's, innermost last
            stop = self.text.find("\n", start)
            for m in _MSE_TAG.finditer(self.text, start, len(self.text) if stop == -1 else stop):
                if not m.group(1):
                    open_tags.append(m.group(2))
                    if _editor_made(m.group(2)):
                        made.append(m.group(2))
                elif open_tags and open_tags[-1] == m.group(2):
                    if _editor_made(open_tags.pop()):
                        made.pop()
                ends.append(m.end())
                open_after.append(made[-1] if made else None)
            tags = self.lines[start] = (ends, open_after)
        ends, open_after = tags
        k = bisect.bisect_right(ends, a) - 1
        return open_after[k] if k >= 0 else None

    def why_not(self, text: str, a: int, b: int) -> str | None:
        tag = self.editor_element(a)
        if tag is None or not _mse_writable(text):
            return None
        return f"the text there is Magic Set Editor's own (<{tag}>), not text typed in the card"

    def encode(self, text: str, a: int, b: int) -> str | None:
        if not _mse_writable(text) or self.editor_element(a) is not None:
            return None
        return text


def _mse_writable(text: str) -> bool:
    """Whether ``text`` can stand as plain text on a line of a set file: no markup, line
    break, tab or backslash, and only printable characters."""
    return not any(c in text for c in "<>\n\r\t\\") and all(_yaml_printable(ord(c)) for c in text)


def mse_codec(source: SourceFile, loc: Loc, style: FileStyle) -> FieldCodec | Refusal:
    return MseText(source.text, style.get("mse-lines", lambda _text: {}))  # type: ignore[arg-type]
