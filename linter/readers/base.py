"""What every reader returns, and the error a file that cannot be read raises."""

from __future__ import annotations

from dataclasses import dataclass, field

from linter.model import Card
from linter.source import SourceFile


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
