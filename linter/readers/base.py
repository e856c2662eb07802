"""What every reader declares and returns, and the error a file that cannot be read raises.

Each reader module (one per format) declares one :class:`Reader`: its
format's name, ``looks_like`` (does a file's content look like this format),
``read`` (fill a :class:`ReadResult`) and the fix codec that writes its
fields.  :mod:`.detect` walks the readers in order; :func:`read_guarded` is
the error wrapper every reading goes through, so that bad input never
raises.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from linter.model import Card
from linter.source import SourceFile

if TYPE_CHECKING:  # pragma: no cover
    from linter.readers.probe import Probe

UNSUPPORTED = ("not a supported card file (expected Scryfall JSON, MTGJSON, Cockatrice XML, YAML,"
               " a Magic Set Editor set, MSE-Hub JSON or LackeyBot JSON)")


class ReadError(Exception):
    """A file that cannot be read: the reason and, where known, the place."""

    def __init__(self, reason: str, line: int | None = None, column: int | None = None,
                 what: str = "card file") -> None:
        self.reason, self.line, self.column = reason, line, column
        self.what = what  # what could not be read: a "card file" or a "folder"
        super().__init__(self.describe())

    def describe(self) -> str:
        if self.line is not None:
            where = f"line {self.line}" + (f", column {self.column}" if self.column is not None else "")
            return f"{where}: {self.reason}"
        return self.reason


@dataclass
class ReadResult:
    """The cards of one file, or the reason it could not be read."""

    path: str
    format: str = ""
    cards: list[Card] = field(default_factory=list)
    source: SourceFile | None = None
    error: ReadError | None = None
    #: problems with single entries that did not stop the rest of the file from being read
    warnings: list[tuple[str, int | None, int | None]] = field(default_factory=list)
    #: how many card entries the file holds (before the faces of a card were joined)
    entries: int = 0

    #: why a folder scan passed the file over (it does not look like a card file); None: read
    skipped: str | None = None


@dataclass(frozen=True)
class Reader:
    """One card-file format: how to recognise it, read it and write fixes into it.

    ``looks_like(probe)`` decides from the file's content (and name, where a
    format has one of its own); ``read(probe, result)`` fills ``result`` or
    raises :class:`ReadError`; ``codec`` is the fix codec factory for the
    fields it reads (see :mod:`linter.fixes_codecs`; None: its files cannot be
    fixed); ``formats`` are the names its results carry (``name`` first);
    ``braces_costs``: it reads mana costs written without braces ("2WU") as
    their Oracle form, so that a fix of a cost is written back without them.
    """

    name: str
    looks_like: Callable[["Probe"], bool]
    read: Callable[["Probe", ReadResult], None]
    codec: Callable | None = None
    formats: tuple[str, ...] = ()
    braces_costs: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return self.formats or (self.name,)


@contextmanager
def collector_paused():
    """The cyclic garbage collector paused for the block.

    For a block that makes a great many objects none of which is in a
    reference cycle, such as the reading of a large JSON file (the parsed
    document, then the cards): every collection their allocations would set
    off walks all of them again, about half the time of reading a bulk file of
    every card.  Not for one that leaves cyclic garbage behind (an XML parser
    and its handlers): the collections after it would take longer.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_guarded(source: SourceFile, read: Callable[[SourceFile, ReadResult], None]) -> ReadResult:
    """``read(source, result)`` with every failure turned into ``result.error``: a reader's
    ReadError as it is, a file nested too deeply or any other exception as a message
    (bad input must never crash the run)."""
    result = ReadResult(path=source.path, source=source)
    try:
        read(source, result)
    except ReadError as e:
        result.error = e
    except RecursionError:
        result.error = ReadError("the file is nested too deeply to read")
    except Exception as e:  # noqa: BLE001 - bad input must never crash the linter
        result.error = ReadError(f"could not read the file ({type(e).__name__}: {e})")
    if result.error is not None:
        result.cards = []
        if result.error.reason == UNSUPPORTED:
            result.format = ""
    elif not result.entries:
        result.entries = len(result.cards)
    source.format = result.format
    return result
