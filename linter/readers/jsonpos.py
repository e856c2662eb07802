"""Positions of JSON values, found next to the fast C parser.

``json.loads`` gives the values; the places come from a scan of the raw text
for string tokens.  In valid JSON that scan yields exactly the string tokens
(keys and values) in document order, so walking the parsed structure in
document order pairs each string with its token.  The scan is a lazy
iterator consumed as the walk goes: a subtree the reader does not need is
skipped by counting its strings.  It can start at any offset outside a
string (where an object opens, say): a reader that knows where an object
starts can leave the places of its fields until a position inside it is asked
for (:func:`object_starts` then reads that object again, one value at a time
with the C scanner, which says where each value ends).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from itertools import islice
from typing import Any, Iterator

from linter.readers.base import ReadError
from linter.source import Loc, SourceFile

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
#: a key of an object written with no escape (what is written is the key), the colon
#: after it and the whitespace around that; a key with an escape is left to the scanner
_PLAIN_KEY = re.compile(r'"([^"\\]*)"[ \t\n\r]*:[ \t\n\r]*').match
#: what follows a value of an object or a list: whitespace, then a comma and more
#: whitespace (group 1) before the next value, or none where the object or list closes
_AFTER_VALUE = re.compile(r"[ \t\n\r]*(,[ \t\n\r]*)?").match
#: what follows an element of the top-level array: a comma and the whitespace before the
#: next element, or the closing bracket (group 1)
_ELEMENT_SEPARATOR = re.compile(r"[ \t\n\r]*(?:,[ \t\n\r]*|(\]))").match


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
    then says what is wrong, and where).

    What follows an element (a comma before the next one, or the closing bracket)
    is read by one match: a bulk file has tens of thousands of elements, and the
    loop's own steps cost about as much as the scanner's."""
    scan, separator = _DECODER.scan_once, _ELEMENT_SEPARATOR
    values: list = []
    starts: list[int] = []
    add_value, add_start = values.append, starts.append
    i = _SPACE(text, i + 1).end()
    if text.startswith("]", i):
        i += 1
    else:
        while True:
            try:
                value, end = scan(text, i)
            except StopIteration:
                return None
            add_value(value)
            add_start(i)
            m = separator(text, end)
            if m is None:
                return None
            i = m.end()
            if m.lastindex:  # the closing bracket: ``i`` is past it
                break
    if _SPACE(text, i).end() != len(text):
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


#: one escape of a JSON string, as the decoder reads it: a surrogate pair written as two
#: ``\\u`` escapes makes one character, like any other escape
_ESCAPE = re.compile(r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)", re.S)


class EscapeMap:
    """The index map of a JSON string's content that has escapes (``\\n``, ``\\u00e9`` …).

    Every escape decodes to one character, so character ``i`` of the value stands
    at ``base + i`` plus what the escapes before it add (their length less one).
    The map keeps only the escapes (where each stands in the value, and what the
    escapes up to it add), found by one scan of the raw text when a position is
    first asked for, and looks an index up by bisection.  It gives what a table of
    one raw offset per character and one for the end would: an index past the end
    is the end.
    """

    __slots__ = ("_text", "_base", "_end", "_at", "_added", "_size")

    def __init__(self, text: str, start: int, end: int) -> None:
        self._text, self._base, self._end = text, start, end  # the content: text[start:end]
        self._at: list[int] | None = None  # each escape's index in the decoded value
        self._added = [0]  # before each escape (and after the last): what the escapes add
        self._size = 0  # the decoded value's length

    def _scan(self) -> list[int]:
        at, added = [], self._added
        base, extra = self._base, 0
        for m in _ESCAPE.finditer(self._text, base, self._end):
            at.append(m.start() - base - extra)
            extra += m.end() - m.start() - 1
            added.append(extra)
        self._size = self._end - base - extra
        self._at, self._text = at, None  # type: ignore[assignment]
        return at

    def __call__(self, index: int) -> int:
        at = self._at if self._at is not None else self._scan()
        index = max(0, min(index, self._size))
        return self._base + index + self._added[bisect_left(at, index)]


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
        return _string_loc(self.source, m.start() + 1, m.end() - 1)

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


#: where the values of an object's wanted fields start, by key
Starts = dict[str, int]


def object_starts(text: str, start: int, wanted: frozenset,
                  faces_key: str | None = None) -> tuple[Starts, list[Starts] | None]:
    """Where the values of the ``wanted`` fields of the object that opens at ``text[start]``
    start (:data:`Starts`, made a Loc by :func:`place_at` when one is asked for), and
    those of the objects in its ``faces_key`` list (None without one).

    The C scanner reads the object one value at a time and says where each ends,
    so neither a parse of the whole object nor a walk of the string tokens of the
    fields left out is needed; no value is kept (:func:`place_at` reads the one asked
    for again).  The text must be well-formed JSON there (raises ``ValueError`` or
    ``StopIteration`` where it is not).
    """
    found, faces, _end = _object_starts(text, start, wanted, faces_key)
    return found, faces


def _object_starts(text: str, start: int, wanted: frozenset,
                   faces_key: str | None) -> tuple[Starts, list[Starts] | None, int]:
    """:func:`object_starts`, and where the object ends."""
    scan, plain_key, after_value = _DECODER.scan_once, _PLAIN_KEY, _AFTER_VALUE
    found: dict[str, int] = {}
    faces: list[Starts] | None = None
    if not text.startswith("{", start):
        raise ValueError("no object there")
    i = _SPACE(text, start + 1).end()
    if text.startswith("}", i):
        return found, faces, i + 1
    while True:
        m = plain_key(text, i)
        if m is not None:
            key, at = m.group(1), m.end()  # ``at``: where the value starts
        else:
            key, i = scan(text, i)
            colon = _COLON.match(text, i)
            if colon is None:
                raise ValueError("no colon after the key")
            at = colon.end()
        if key == faces_key and text.startswith("[", at):
            faces, i = _objects_starts(text, at, wanted)
        else:
            _value, i = scan(text, at)
            if key in wanted:
                found[key] = at
        m = after_value(text, i)
        if m.group(1) is None:
            return found, faces, m.end() + 1  # past the closing brace
        i = m.end()


def _objects_starts(text: str, start: int, wanted: frozenset) -> tuple[list[Starts], int]:
    """The :data:`Starts` of the objects of the list that opens at ``text[start]`` (its
    other values left out), and where the list ends."""
    scan = _DECODER.scan_once
    out: list[Starts] = []
    i = _SPACE(text, start + 1).end()
    if text.startswith("]", i):
        return out, i + 1
    while True:
        if text.startswith("{", i):
            fields, _faces, i = _object_starts(text, i, wanted, None)
            out.append(fields)
        else:
            _value, i = scan(text, i)
        m = _AFTER_VALUE(text, i)
        if m.group(1) is None:
            return out, m.end() + 1  # past the closing bracket
        i = m.end()


def place_at(source: SourceFile, at: int) -> Loc:
    """The Loc of the value that starts at ``text[at]`` (read by the C scanner): see
    :func:`value_loc`."""
    value, end = _DECODER.scan_once(source.text, at)
    return value_loc(source, at, end, value)


def value_loc(source: SourceFile, start: int, end: int, value: Any) -> Loc:
    """The Loc of a field's value written at ``text[start:end]``: see :meth:`Tokens.value`."""
    if isinstance(value, str):
        return _string_loc(source, start + 1, end - 1)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return Loc(source, start, end, exact=False)
    if isinstance(value, (dict, list)):
        return Loc(source, start, start, exact=False)
    lit = _LITERAL.match(source.text, start)
    return Loc(source, start, lit.end() if lit else start, exact=False)


def _string_loc(source: SourceFile, start: int, end: int) -> Loc:
    """The Loc of a string's content written at ``text[start:end]`` (inside its quotes)."""
    if source.text.find("\\", start, end) == -1:
        return Loc(source, start, end)
    return Loc(source, start, end, index_map=EscapeMap(source.text, start, end))


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

