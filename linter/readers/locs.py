"""Helpers that build :class:`~linter.source.Loc` objects for the readers.

Index maps are built lazily: a reader only notes where a value's source text
lies and how that text is escaped; the per-character map is computed the
first time a diagnostic asks for a position inside the value.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Callable, Iterator, Protocol, Sequence

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


class Places(Protocol):
    """Where a card's fields stand in its file (see :func:`linter.readers.fields.card_from_values`).

    ``part`` is None for the card's own fields (which are the face's on a
    single-faced card) and ``i`` for the fields of face ``i``.
    """

    def loc(self, part: int | None, key: str) -> Loc | None:
        """The Loc of one field (for a warning, or a finding): the same Loc each time."""

    def locs(self, part: int | None, keys: list[str]) -> MutableMapping[str, Loc]:
        """The ``locs`` of a card or face that has the fields ``keys`` (those with a known place)."""


#: the key lists of :class:`FieldLocs`, shared: most cards have the same fields
_KEYS: dict[tuple[str, ...], tuple[str, ...]] = {}


class FieldLocs(MutableMapping):
    """The ``locs`` of a card or a face whose places are found when first asked for.

    A reader that knows only where a card's entry starts notes which fields
    have a place; a field looked up is asked of ``places.loc(part, key)`` (one
    walk of the entry, see :class:`linter.readers.fields.JsonPlaces`), and only
    that one: a finding needs the place of its field.  Iterating over the
    mapping or changing it asks for every field, and from then on it is a plain
    mapping.  Most cards have no finding, so most are never looked at.
    """

    __slots__ = ("_places", "_part", "_keys", "_locs")

    def __init__(self, places: Places, part: int | None, keys: list[str]) -> None:
        self._places = places
        self._part = part
        k = tuple(keys)
        self._keys = _KEYS.setdefault(k, k)
        self._locs: dict[str, Loc] | None = None

    def _table(self) -> dict[str, Loc]:
        if self._locs is None:
            loc = self._places.loc
            self._locs = {key: loc(self._part, key) for key in self._keys}
            self._places = None  # type: ignore[assignment]
        return self._locs

    def __contains__(self, key: object) -> bool:
        return key in (self._keys if self._locs is None else self._locs)

    def __len__(self) -> int:
        return len(self._keys if self._locs is None else self._locs)

    def __getitem__(self, key: str) -> Loc:
        if self._locs is not None:
            return self._locs[key]
        if key not in self._keys:
            raise KeyError(key)
        return self._places.loc(self._part, key)

    def __setitem__(self, key: str, loc: Loc) -> None:
        self._table()[key] = loc

    def __delitem__(self, key: str) -> None:
        del self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"FieldLocs({self._table()!r})"
