"""Findings and the edits that fix them.

A check produces :class:`Diagnostic` objects with character offsets into one
field of one face; the engine resolves them to lines and columns once.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, TypeVar

SEVERITIES = ("error", "warning", "info")
CATEGORIES = ("format", "symbols", "rules", "abilities", "keywords", "templating", "oracle", "set")

_T = TypeVar("_T")


def _pickled_as_a_call(cls: type[_T]) -> type[_T]:
    """Pickle the dataclass ``cls`` as a call of it with its fields, in their order.

    Worker processes send their findings back pickled, with their fixes and edits.
    A dataclass with slots pickles its fields as a list, which loading sets one by
    one in a loop of Python: loading each as one call of its class takes less than
    half the time (where the parent waits for it), and the pickle is a quarter smaller.
    """
    fields = attrgetter(*(f.name for f in dataclasses.fields(cls)))  # type: ignore[arg-type]

    def __reduce__(self):
        return type(self), fields(self)

    cls.__reduce__ = __reduce__  # type: ignore[method-assign]
    return cls


@_pickled_as_a_call
@dataclass(slots=True)
class Edit:
    """Replace ``[start, end)`` of a field's decoded value with ``text``."""

    start: int
    end: int
    text: str


@_pickled_as_a_call
@dataclass(slots=True)
class Fix:
    title: str
    edits: list[Edit]
    safe: bool = True
    face: int | None = None
    field: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "safe": self.safe,
            "face": self.face,
            "field": self.field,
            "edits": [{"start": e.start, "end": e.end, "text": e.text} for e in self.edits],
        }


@_pickled_as_a_call
@dataclass(slots=True)
class Diagnostic:
    code: str
    name: str
    category: str
    severity: str
    message: str
    rules: tuple[str, ...] = ()
    path: str = ""
    line: int = 1
    column: int = 1
    end_line: int = 1
    end_column: int = 1
    card: str | None = None
    face: int | None = None
    field: str | None = None
    start: int | None = None  # offsets into the field's value
    end: int | None = None
    fix: Fix | None = None
    #: the archive entry ``line`` and ``column`` are in (``set`` of an ``.mse-set``), or None
    entry: str | None = None
    # dataclasses.field: inside the class body the name ``field`` is the attribute above
    card_obj: Any = dataclasses.field(default=None, repr=False, compare=False)

    def sort_key(self) -> tuple:
        return (self.path, self.entry or "", self.line, self.column, self.code)

    @property
    def where(self) -> str:
        """``path:line:column``, with the archive entry after the path (``set.mse-set:set:82:240``)."""
        entry = f":{self.entry}" if self.entry else ""
        return f"{self.path}{entry}:{self.line}:{self.column}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "entry": self.entry,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "name": self.name,
            "category": self.category,
            "severity": self.severity,
            "message": self.message,
            "rules": list(self.rules),
            "card": self.card,
            "face": self.face,
            "field": self.field,
            "fix": self.fix.as_dict() if self.fix else None,
        }
