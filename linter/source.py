"""Source files and the places of field values inside them.

Every reader keeps the raw text of the file it read and, for each field it
fills, a :class:`Loc` that maps a character index of the decoded value back
to an offset of the raw text.  Line and column numbers are computed here and
nowhere else.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass, field
from typing import Callable, Sequence


_NEWLINE = re.compile("\n")


@dataclass(eq=False)
class SourceFile:
    """One file as read from disk: its path, raw text and detected format."""

    path: str
    text: str
    format: str = ""
    raw: bytes | None = None  # the undecoded bytes (for fixes that must keep them)
    bom: bool = False  # the raw bytes start with a UTF-8 byte-order mark that ``text`` omits
    #: where ``raw`` lives when it is not a file of its own: an entry of an archive (a
    #: :class:`linter.zipentry.ZipEntry`, with the archive's bytes, the entry's name and
    #: ``pack(raw)``, the archive holding other bytes of the entry)
    container: object | None = None
    # where each line starts: machine integers, made on first use of offset_of (a large
    # file has hundreds of thousands of lines)
    _line_starts: "array[int] | None" = field(default=None, repr=False)
    # for line_col, at the start of each block of _BLOCK characters: the lines before it,
    # and where the line it is in starts (a few thousand entries, which workers share)
    _blocks: "array[int] | None" = field(default=None, repr=False)

    @property
    def entry(self) -> str | None:
        """The name of the archive entry the text is (``set`` of an ``.mse-set``), or None."""
        return getattr(self.container, "name", None)

    def file_bytes(self, raw: bytes | None = None) -> bytes | None:
        """The bytes of the file on disk when the text's bytes are ``raw`` (default: as read)."""
        raw = self.raw if raw is None else raw
        if self.container is None or raw is None:
            return raw
        return self.container.pack(raw)  # type: ignore[attr-defined]

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column (in characters) of a raw-text offset.

        The line breaks before the offset are counted from the start of its block, the
        block's own count of those before it added: a file's blocks are counted once,
        in a few milliseconds, where an index of every line would take a tenth of a
        second for a large file (before its worker processes start) to answer the few
        positions that findings ask for."""
        blocks = self._blocks
        if blocks is None:
            blocks = self._blocks = _count_blocks(self.text)
        text = self.text
        offset = max(0, min(offset, len(text)))
        at = offset // _BLOCK
        base = at * _BLOCK
        before = text.rfind("\n", base, offset)
        start = before + 1 if before >= 0 else blocks[2 * at + 1]
        return blocks[2 * at] + text.count("\n", base, offset) + 1, offset - start + 1

    def offset_of(self, line: int, column: int) -> int:
        """Raw offset of a 1-based line and column (the inverse of line_col)."""
        if self._line_starts is None:
            starts = array("q", [0])
            starts.extend([m.end() for m in _NEWLINE.finditer(self.text)])
            self._line_starts = starts
        line = max(1, min(line, len(self._line_starts)))
        return self._line_starts[line - 1] + max(0, column - 1)


#: characters of a block of :meth:`SourceFile.line_col`'s count
_BLOCK = 1024


def _count_blocks(text: str) -> "array[int]":
    """For each block of ``_BLOCK`` characters of ``text`` (and the end, should it fall
    on a block's start): the line breaks before it, and where its first line starts."""
    out = array("q")
    lines = start = 0
    for base in range(0, len(text) + 1, _BLOCK):
        out.append(lines)
        out.append(start)
        end = base + _BLOCK
        found = text.count("\n", base, end)
        if found:
            lines += found
            start = text.rfind("\n", base, end) + 1
    return out


IndexMap = Callable[[int], int]


class Loc:
    """Where a field's value stands in its source file.

    ``start``/``end`` are raw offsets of the value's content (inside quotes or
    tags).  ``index_map`` turns an index into the decoded value into a raw
    offset; ``None`` means the value is the raw text itself (offsets add up),
    a sequence gives one raw offset per decoded character (plus one for the
    end).  ``exact`` is False when only the start of the value is known (for
    example a value derived from several source fields).
    """

    __slots__ = ("source", "start", "end", "index_map", "exact")

    def __init__(
        self,
        source: SourceFile,
        start: int,
        end: int | None = None,
        index_map: IndexMap | Sequence[int] | None = None,
        exact: bool = True,
    ) -> None:
        self.source = source
        self.start = start
        self.end = start if end is None else end
        self.index_map = index_map
        self.exact = exact

    def offset(self, index: int) -> int:
        """Raw offset of the decoded value's character ``index``."""
        if not self.exact:
            return self.start
        m = self.index_map
        if m is None:
            return min(self.start + index, max(self.end, self.start))
        if callable(m):
            return m(index)
        if not m:
            return self.start
        return m[max(0, min(index, len(m) - 1))]

    def position(self, index: int = 0) -> tuple[int, int]:
        return self.source.line_col(self.offset(index))

    def positions(self, first: int, last: int) -> tuple[int, int, int, int]:
        """``position(first) + position(last)``: where a finding starts and ends.

        The second is counted from the first where both stand in the text with no line
        break between them (as nearly every finding does), not looked up again."""
        text = self.source.text
        a, b = self.offset(first), self.offset(last)
        line, column = self.source.line_col(a)
        if 0 <= a <= b <= len(text) and text.find("\n", a, b) == -1:
            return line, column, line, column + b - a
        return (line, column) + self.source.line_col(b)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        line, col = self.position(0)
        return f"Loc({self.source.path}:{line}:{col})"


def escaped_index_map(raw: str, decode_one: Callable[[str, int], tuple[int, int]], base: int) -> list[int]:
    """Build a per-character map for a value whose source uses escapes.

    ``decode_one(raw, i)`` returns ``(chars_produced, raw_length)`` for the
    escape or character starting at ``raw[i]``.  The result has one raw
    offset per decoded character plus a final end offset.
    """
    out: list[int] = []
    i = 0
    n = len(raw)
    while i < n:
        produced, length = decode_one(raw, i)
        out.extend([base + i] * produced)
        i += max(1, length)
    out.append(base + n)
    return out
