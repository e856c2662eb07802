"""Helpers that build :class:`~linter.source.Loc` objects for the readers.

Index maps are built lazily: a reader only notes where a value's source text
lies and how that text is escaped; the per-character map is computed the
first time a diagnostic asks for a position inside the value.
"""

from __future__ import annotations

from typing import Callable, Sequence

from linter.source import Loc, SourceFile


class LazyMap:
    """A callable index map whose table is built on the first call."""

    __slots__ = ("_build", "_table")

    def __init__(self, build: Callable[[], Sequence[int]]) -> None:
        self._build = build
        self._table: Sequence[int] | None = None

    def table(self) -> Sequence[int]:
        if self._table is None:
            self._table = self._build()
            self._build = None  # type: ignore[assignment]
        return self._table

    def __call__(self, index: int) -> int:
        t = self.table()
        if not t:
            return 0
        return t[max(0, min(index, len(t) - 1))]


class PendingLoc(Loc):
    """A Loc whose start, end and map are worked out on first use.

    ``resolve()`` returns ``(start, end, index_map, exact)``.  Readers create
    one per field; most are never asked for a position, so the work of
    finding the value in the raw text is only done when a diagnostic needs it.
    """

    __slots__ = ("_resolve",)

    def __init__(self, source: SourceFile, resolve: Callable[[], tuple]) -> None:
        self.source = source
        self._resolve = resolve

    def _compute(self) -> tuple:
        return self._resolve()

    def _done(self) -> None:
        if self._resolve is not None:
            start, end, index_map, exact = self._compute()
            self._resolve = None  # type: ignore[assignment]
            _START.__set__(self, start)
            _END.__set__(self, end)
            _MAP.__set__(self, index_map)
            _EXACT.__set__(self, exact)

    start = property(lambda self: (self._done(), _START.__get__(self))[1],
                     lambda self, v: _START.__set__(self, v))
    end = property(lambda self: (self._done(), _END.__get__(self))[1],
                   lambda self, v: _END.__set__(self, v))
    index_map = property(lambda self: (self._done(), _MAP.__get__(self))[1],
                         lambda self, v: _MAP.__set__(self, v))
    exact = property(lambda self: (self._done(), _EXACT.__get__(self))[1],
                     lambda self, v: _EXACT.__set__(self, v))


_START, _END, _MAP, _EXACT = Loc.start, Loc.end, Loc.index_map, Loc.exact  # type: ignore[attr-defined]


def sub_loc(loc: Loc | None, start: int, end: int) -> Loc | None:
    """The location of ``value[start:end]`` given the location of ``value``."""
    if loc is None:
        return None

    def resolve() -> tuple:
        if not loc.exact:
            return loc.start, loc.end, None, False
        if loc.index_map is None:
            return loc.start + start, loc.start + end, None, True
        table = [loc.offset(i) for i in range(start, end + 1)]
        return table[0], table[-1], table, True

    return PendingLoc(loc.source, resolve)

