"""Positions of JSON values, found next to the fast C parser.

``json.loads`` gives the values; the places come from a scan of the raw text
for string tokens.  In valid JSON that scan yields exactly the string tokens
(keys and values) in document order, so walking the parsed structure in
document order pairs each string with its token.  The scan is a lazy
iterator consumed as the walk goes: a subtree the reader does not need is
skipped by counting its strings.  It can start at any offset outside a
string (where an object opens, say): a reader that knows where an object
starts can leave the scan of that object until a position inside it is asked
for (:func:`decode_at` parses that object again).
"""

from __future__ import annotations

import json
import re
from itertools import islice
from typing import Any, Iterator

from linter.readers.base import ReadError
from linter.readers.locs import LazyMap
from linter.source import Loc, SourceFile, escaped_index_map

STRING_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_COLON = re.compile(r"\s*:\s*")
_LITERAL = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")


class Desync(Exception):
    """The walk and the token scan disagree (duplicate keys): walk again."""


class DupDict(dict):
    """A JSON object that had duplicate keys: ``pairs`` keeps all of them."""

    pairs: list


def _pairs_hook(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        d = DupDict(d)
        d.pairs = pairs
    return d


_DECODER = json.JSONDecoder()  # what json.loads uses
_PAIRS_DECODER = json.JSONDecoder(object_pairs_hook=_pairs_hook)
_SPACE = json.decoder.WHITESPACE.match  # the whitespace JSON allows between tokens


def parse_json(text: str, keep_duplicates: bool = False) -> Any:
    """Parse JSON text; a syntax error becomes a :class:`ReadError` with its place."""
    return parse_json_placed(text, keep_duplicates)[0]


def parse_json_placed(text: str, keep_duplicates: bool = False) -> tuple[Any, list[int] | None]:
    """:func:`parse_json`, and where each element of a top-level array starts in
    the text (None for any other document, or with ``keep_duplicates``)."""
    try:
        if keep_duplicates:
            return json.loads(text, object_pairs_hook=_pairs_hook), None
        start = _SPACE(text).end()
        if text.startswith("[", start):
            placed = _array_placed(text, start)
            if placed is not None:
                return placed
        return json.loads(text), None
    except json.JSONDecodeError as e:
        msg = e.msg[0].lower() + e.msg[1:] if e.msg else "invalid JSON"
        if e.pos >= len(text.rstrip()):
            msg = f"unexpected end of JSON ({msg})"
        raise ReadError(msg, e.lineno, e.colno) from None
    except RecursionError:
        raise ReadError("JSON nested too deeply") from None


def _array_placed(text: str, i: int) -> tuple[list, list[int]] | None:
    """The top-level array opening at ``text[i]``, decoded one element at a time by
    the C scanner (which gives the same values as ``json.loads``), and where each
    element starts; None when the text is not one well-formed array (``json.loads``
    then says what is wrong, and where)."""
    scan = _DECODER.scan_once
    values: list = []
    starts: list[int] = []
    i = _SPACE(text, i + 1).end()
    if not text.startswith("]", i):
        while True:
            try:
                value, end = scan(text, i)
            except StopIteration:
                return None
            values.append(value)
            starts.append(i)
            end = _SPACE(text, end).end()
            if text.startswith(",", end):
                i = _SPACE(text, end + 1).end()
            elif text.startswith("]", end):
                i = end
                break
            else:
                return None
    if _SPACE(text, i + 1).end() != len(text):
        return None
    return values, starts


def decode_at(text: str, start: int) -> Any:
    """The JSON value that starts at ``text[start]``, objects with repeated keys
    keeping every pair (see :func:`items`)."""
    return _PAIRS_DECODER.scan_once(text, start)[0]


def items(node: dict) -> list:
    """An object's key/value pairs in document order (duplicates included)."""
    return node.pairs if isinstance(node, DupDict) else list(node.items())


def count_strings(node: Any) -> int:
    """How many string tokens a parsed JSON value was written with."""
    if isinstance(node, str):
        return 1
    if isinstance(node, dict):
        return sum(1 + count_strings(v) for _k, v in items(node))
    if isinstance(node, list):
        return sum(count_strings(v) for v in node)
    return 0


def _decode_one(raw: str, i: int) -> tuple[int, int]:
    if raw[i] != "\\":
        return 1, 1
    c = raw[i + 1:i + 2]
    if c == "u":
        try:
            code = int(raw[i + 2:i + 6], 16)
        except ValueError:
            return 1, 2
        if 0xD800 <= code < 0xDC00 and raw[i + 6:i + 8] == "\\u":
            try:
                low = int(raw[i + 8:i + 12], 16)
            except ValueError:
                low = 0
            if 0xDC00 <= low < 0xE000:
                return 1, 12
        return 1, 6
    return 1, 2


class Tokens:
    """The string tokens of a JSON text, consumed in document order."""

    def __init__(self, source: SourceFile, start: int = 0) -> None:
        self.source = source
        self.text = source.text
        # ``start`` must stand outside a string (where a value or an object opens)
        self._it: Iterator[re.Match] = STRING_TOKEN.finditer(self.text, start)

    def next(self) -> re.Match:
        try:
            return next(self._it)
        except StopIteration:
            raise Desync() from None

    def skip(self, node: Any) -> None:
        n = count_strings(node)
        if n:
            if next(islice(self._it, n - 1, n), None) is None:
                raise Desync()

    def key(self, key: str) -> re.Match:
        """Consume an object key's token, checking that it is that key."""
        m = self.next()
        raw = self.text[m.start() + 1:m.end() - 1]
        if raw != key and ("\\" not in raw or json.loads(m.group()) != key):
            raise Desync()
        return m

    def string_loc(self, m: re.Match) -> Loc:
        """The Loc of a string value's content (inside the quotes)."""
        start, end = m.start() + 1, m.end() - 1
        text = self.text
        if text.find("\\", start, end) == -1:
            return Loc(self.source, start, end)
        return Loc(self.source, start, end,
                   index_map=LazyMap(lambda: escaped_index_map(text[start:end], _decode_one, start)))

    def value(self, key_match: re.Match, value: Any) -> Loc:
        """Consume the tokens of ``value`` (which follows ``key_match``) and
        return its Loc: exact for a string, the span of the literal (not
        exact) for anything else."""
        if isinstance(value, str):
            return self.string_loc(self.next())
        text = self.text
        m = _COLON.match(text, key_match.end())
        start = m.end() if m else key_match.end()
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            last = start
            for _v in value:
                last = self.next().end()
            close = text.find("]", last)
            end = close + 1 if close != -1 else last
            return Loc(self.source, start, end, exact=False)
        if isinstance(value, (dict, list)):
            self.skip(value)
            return Loc(self.source, start, start, exact=False)
        lit = _LITERAL.match(text, start)
        return Loc(self.source, start, lit.end() if lit else start, exact=False)

    def object_start_skipping(self, node: dict) -> int:
        """Consume the tokens of object ``node`` and return where it opens (0 for an
        empty object, which has no token to find it by)."""
        pairs = items(node)
        if not pairs:
            return 0
        start = self.object_start(self.key(pairs[0][0]))
        self.skip(pairs[0][1])
        for k, v in pairs[1:]:
            self.key(k)
            self.skip(v)
        return start

    def object_start(self, first_key: re.Match) -> int:
        """Where the object whose first key is ``first_key`` opens."""
        k = self.text.rfind("{", 0, first_key.start())
        return k if k != -1 else first_key.start()


def walk_keeping_duplicates(walk, source, data, result) -> None:
    """Run a reader's ``walk(source, data, result)``; where the file repeats a key
    (the token scan then loses step with the parsed values), parse again keeping
    every pair and walk once more."""
    from linter.readers.base import ReadError

    try:
        walk(source, data, result)
    except Desync:
        result.cards.clear()
        result.warnings.clear()
        result.entries = 0
        try:
            walk(source, parse_json(source.text, keep_duplicates=True), result)
        except Desync:  # pragma: no cover - the scan and the parser disagree
            raise ReadError("could not find the JSON values in the file's text") from None


def warner(result):
    """A function that records a reader's warning with the line and column of a Loc."""

    def warn(msg: str, loc) -> None:
        line, col = loc.position() if loc is not None else (None, None)
        result.warnings.append((msg, line, col))

    return warn


def field_text(key: str, fields: dict, warn):
    """A walked field's value as text, with its Loc (numbers are written as text);
    None when the field is absent or null, with a warning when it is not text."""
    if key not in fields:
        return None
    value, loc = fields[key]
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        warn(f"{key} should be text", loc)
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value), loc

