"""Which format a card file is in, decided from its content: the readers, asked in order.

Each reader module declares one :class:`~linter.readers.base.Reader`; the
first whose ``looks_like`` says yes reads the file.  The order matters where
shapes overlap: Magic Set Editor's set file before anything else (it starts
with a key of its own), the JSON formats from the strictest test to the
loosest (Scryfall's card-like objects), YAML last (a ``.yaml`` file that is
JSON of no card format is YAML).
"""

from __future__ import annotations

from contextlib import nullcontext

from linter.readers import cockatrice, lackeybot, mse, msehub, mtgjson, scryfall, yamlcards
from linter.readers.base import UNSUPPORTED, Reader, ReadError, ReadResult, collector_paused, read_guarded
from linter.readers.probe import Probe, sniff  # noqa: F401 - sniff is part of this module's interface
from linter.source import SourceFile

__all__ = ["READERS", "UNSUPPORTED", "detect", "looks_like_cards", "read_source", "reader_named", "sniff"]

#: every reader, in the order detection asks them
READERS: tuple[Reader, ...] = (
    mse.READER, cockatrice.READER, msehub.READER, lackeybot.READER, mtgjson.READER, scryfall.READER,
    yamlcards.READER,
)
_BY_FORMAT = {name: r for r in READERS for name in r.names}


def reader_named(fmt: str) -> Reader | None:
    """The reader whose results carry the format name ``fmt``."""
    return _BY_FORMAT.get(fmt)


def detect(probe: Probe) -> Reader | None:
    """The first reader that takes the file, or None."""
    for reader in READERS:
        if reader.looks_like(probe):
            return reader
    return None


def looks_like_cards(source: SourceFile) -> bool:
    """Whether some reader takes the file, or it names card fields though it does not parse
    (what a folder scan reads; any other file there is passed over)."""
    probe = Probe(source)
    return detect(probe) is not None or probe.has_card_keys()


def read_source(source: SourceFile, read=None) -> ReadResult:
    """Detect the format of ``source`` and read its cards (or read them with
    ``read(source, result)`` when the caller knows the format)."""
    return read_guarded(source, read or _read)


def _read(source: SourceFile, result: ReadResult) -> None:
    probe = Probe(source)
    # the JSON readers make trees of objects without cycles (see collector_paused)
    with collector_paused() if probe.kind == "json" else nullcontext():
        reader = detect(probe)
        if reader is None:
            if probe.json_error is not None:  # JSON that does not parse: say where
                raise probe.json_error
            raise ReadError(UNSUPPORTED)
        result.format = reader.name
        reader.read(probe, result)
