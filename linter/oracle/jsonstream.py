"""Read the elements of a large JSON array one by one, in bounded memory.

Scryfall's bulk files hold tens of thousands of card objects (well over a
hundred megabytes).  ``json.load`` would hold all of them, and all their
Python objects, at once; this reader decodes one element at a time from a
buffer that is refilled in chunks.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import IO, Any, Iterator

_WS = re.compile(r"[ \t\n\r]*")
_GZIP_MAGIC = b"\x1f\x8b"
_NUMBER_CHARS = frozenset("0123456789+-.eE")


class JSONShapeError(ValueError):
    """The text is not a JSON array (or not valid JSON at all)."""


def open_json_text(path: str | Path) -> IO[str]:
    """Open a JSON file as text, gzip-compressed or not, tolerating a UTF-8 BOM."""
    with open(path, "rb") as raw:
        magic = raw.read(2)
    if magic == _GZIP_MAGIC:
        return gzip.open(path, "rt", encoding="utf-8-sig")
    return open(path, encoding="utf-8-sig")


def iter_json_array(fp: IO[str], chunk_size: int = 1 << 20) -> Iterator[Any]:
    """Yield each element of the JSON array that ``fp`` holds.

    Raises :class:`JSONShapeError` when the text is not one JSON array; the
    elements before the error have been yielded by then, so a caller that
    must not act on a partial list collects or stages what it receives.
    """
    decoder = json.JSONDecoder()
    buf = ""
    pos = 0
    consumed = 0  # characters dropped from the front of ``buf`` so far
    eof = False

    def fill() -> bool:
        nonlocal buf, pos, consumed, eof
        if eof:
            return False
        try:
            chunk = fp.read(chunk_size)
        except UnicodeDecodeError as exc:
            raise JSONShapeError(f"the file is not valid UTF-8 ({exc.reason})") from None
        except (OSError, EOFError) as exc:  # a damaged gzip stream, for one
            raise JSONShapeError(f"the file cannot be read ({exc})") from None
        if not chunk:
            eof = True
            return False
        consumed += pos
        buf = buf[pos:] + chunk
        pos = 0
        return True

    def next_char() -> str:
        """Skip whitespace; return the next character ('' at the end)."""
        nonlocal pos
        while True:
            pos = _WS.match(buf, pos).end()
            if pos < len(buf):
                return buf[pos]
            if not fill():
                return ""

    def where() -> str:
        return f"at character {consumed + pos + 1}"

    first = next_char()
    if first != "[":
        if first == "":
            raise JSONShapeError("the file is empty")
        kind = {"{": "an object"}.get(first, "not a list")
        raise JSONShapeError(f"expected a JSON list of cards, found {kind}")
    pos += 1
    expect_value = True
    first_element = True
    while True:
        ch = next_char()
        if ch == "":
            raise JSONShapeError(f"the file ends inside the list {where()} (truncated?)")
        if ch == "]" and (first_element or not expect_value):
            pos += 1
            break
        if not expect_value:
            if ch != ",":
                raise JSONShapeError(f"expected ',' or ']' {where()}")
            pos += 1
            expect_value = True
            continue
        while True:
            try:
                value, end = decoder.raw_decode(buf, pos)
            except json.JSONDecodeError as exc:
                if fill():
                    continue
                raise JSONShapeError(f"invalid JSON at character {consumed + exc.pos + 1}: {exc.msg}") from None
            # A value that reaches the end of the buffer may go on in the next
            # chunk, and a number cut inside ("-0." of "-0.5") decodes as a
            # shorter number: decode again with more text to be sure.
            cut = end == len(buf) or (
                isinstance(value, (int, float)) and not isinstance(value, bool)
                and buf[end] in _NUMBER_CHARS)
            if cut and fill():
                continue
            break
        pos = end
        yield value
        expect_value = False
        first_element = False
    if next_char() != "":
        raise JSONShapeError(f"unexpected text after the list {where()}")
