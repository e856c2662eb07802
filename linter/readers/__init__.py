"""Card files in, cards with source locations out.

``discover`` expands paths into card files, ``read_file`` reads one file of
any supported format (detected from its content, not its name) and
``read_text`` does the same for a string.  None of them raises for bad
input: a file that cannot be read gives a :class:`ReadResult` whose
``error`` says why and where.
"""

from __future__ import annotations

import os
import stat

from linter.readers.base import ReadError, ReadResult
from linter.readers.base import UNSUPPORTED
from linter.readers.detect import read_source
from linter.readers.probe import Probe
from linter.source import SourceFile

__all__ = ["EXTENSIONS", "ReadError", "ReadResult", "discover", "passed_over", "read_file", "read_text", "read_bytes"]

#: file name endings that ``discover`` picks up in directories
EXTENSIONS = (".xml", ".json", ".yaml", ".yml", ".mse-set")
#: file names (without an ending) that ``discover`` picks up: Magic Set Editor's set file
NAMES = ("set",)

_BOM = b"\xef\xbb\xbf"


def discover(paths: list[str], options=None, scanned: set[str] | None = None) -> tuple[list[str], list[ReadResult]]:
    """Card files under ``paths`` (sorted) and an error result for each path that does not
    exist and each folder that cannot be read.

    A file named explicitly is kept whatever its name (its content decides the
    format) unless ``options.force_exclude`` and its exclusions name it;
    directories are searched recursively for supported extensions, leaving
    out what ``options`` (a :class:`linter.files.ScanOptions`; by default
    the default exclusions and ``.gitignore``) excludes.  The files a folder
    scan found are added to ``scanned``.
    """
    from linter.files import ScanOptions, walk

    options = options or ScanOptions()
    files: set[str] = set()
    missing: list[ReadResult] = []
    seen: dict[tuple[int, int], str] = {}  # (device, inode) -> the name kept

    def add(path: str) -> bool:
        # one file under two names (f.xml and ./f.xml, a file and a symbolic link to it, a
        # folder and a file in it) is read, reported and fixed once, under the first name
        try:
            st = os.stat(path)
        except OSError:
            files.add(path)  # reading it will say what is wrong
            return True
        key = (st.st_dev, st.st_ino)
        if key in seen:
            return False
        seen[key] = path
        files.add(path)
        return True

    def unreadable(err: OSError) -> None:
        # a folder that cannot be listed is reported, not skipped (the run would say "All clear")
        where = err.filename if isinstance(err.filename, str) else p
        missing.append(ReadResult(path=where, error=ReadError(str(err.strerror or err), what="folder")))

    def card_file_name(n: str) -> bool:
        return n.lower().endswith(EXTENSIONS) or n in NAMES

    for p in paths:
        if os.path.isdir(p):
            for path in walk(p, options, card_file_name, unreadable):
                if os.path.isfile(path):  # an unzipped package is a folder named *.mse-set
                    if add(path) and scanned is not None:
                        scanned.add(path)
        elif os.path.exists(p):
            if not (options.force_exclude and options.excluded(p, False)):
                add(p)
        else:
            missing.append(ReadResult(path=p, error=ReadError("no such file or directory")))
    return sorted(files), missing


#: the largest card file read (a Scryfall bulk file of every Oracle card is a sixth of it)
MAX_FILE_BYTES = 512 * 1024 * 1024


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory")):
        if test(mode):
            return name
    return "not a regular file"


def _size_limit() -> str:
    return f"{MAX_FILE_BYTES // (1024 * 1024)} MiB"


def read_file(path: str) -> ReadResult:
    """Read one card file; never raises for bad input.

    Only regular files are read (a FIFO, a device such as /dev/zero or a socket
    would block the run or never end), and at most :data:`MAX_FILE_BYTES`.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return ReadResult(path=path, error=ReadError("no such file or directory"))
    except OSError as e:
        return ReadResult(path=path, error=ReadError(f"cannot read file: {e.strerror or e}"))
    if stat.S_ISDIR(st.st_mode):
        return ReadResult(path=path, error=ReadError("is a directory"))
    if not stat.S_ISREG(st.st_mode):
        return ReadResult(path=path, error=ReadError(f"is {_kind(st.st_mode)}, not a regular file: not read"))
    if st.st_size > MAX_FILE_BYTES:
        return ReadResult(path=path, error=ReadError(
            f"is {st.st_size / (1024 * 1024):,.0f} MiB, larger than the {_size_limit()} limit for a card file: not read"))
    try:
        # O_NONBLOCK: should the name be swapped for a FIFO after the test, opening it must not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        return ReadResult(path=path, error=ReadError("is a directory"))
    except FileNotFoundError:
        return ReadResult(path=path, error=ReadError("no such file or directory"))
    except OSError as e:
        return ReadResult(path=path, error=ReadError(f"cannot read file: {e.strerror or e}"))
    try:
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                return ReadResult(path=path, error=ReadError(f"is {_kind(st.st_mode)}, not a regular file: not read"))
            # the bytes the file holds and one more, to see it grow while it is read (asking
            # for the limit at once would allocate a buffer of that size for every file)
            raw = fh.read(min(st.st_size, MAX_FILE_BYTES) + 1)
            if len(raw) > st.st_size:  # it grew (or its size is not known): on up to the limit
                raw += fh.read(MAX_FILE_BYTES + 1 - len(raw))
    except OSError as e:
        return ReadResult(path=path, error=ReadError(f"cannot read file: {e.strerror or e}"))
    if len(raw) > MAX_FILE_BYTES:  # it grew while it was read
        return ReadResult(path=path, error=ReadError(
            f"is larger than the {_size_limit()} limit for a card file: not read"))
    return read_bytes(raw, path)


def read_bytes(raw: bytes, path: str = "<bytes>") -> ReadResult:
    """Read card data from bytes (UTF-8, with or without a byte-order mark, or
    a zipped Magic Set Editor package)."""
    from linter.readers import mse

    if mse.is_zip(raw) or path.lower().endswith(mse.PACKAGE_EXT):
        return mse.read_package(raw, path)
    bom = raw.startswith(_BOM)
    body = raw[3:] if bom else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _byte_position(body, e.start)
        return ReadResult(path=path, error=ReadError(
            f"not UTF-8 text (byte 0x{body[e.start]:02x} cannot be decoded)", line, col))
    source = SourceFile(path=path, text=text, raw=raw, bom=bom)
    return read_source(source)


def read_text(text: str, path: str = "<string>") -> ReadResult:
    """Read card data from a string (handy for tests)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    source = SourceFile(path=path, text=text, raw=text.encode("utf-8"))
    return read_source(source)


def _byte_position(raw: bytes, pos: int) -> tuple[int, int]:
    line_start = raw.rfind(b"\n", 0, pos) + 1
    line = raw.count(b"\n", 0, pos) + 1
    col = len(raw[line_start:pos].decode("utf-8", errors="replace")) + 1
    return line, col


def passed_over(result: ReadResult) -> str | None:
    """Why a file a folder scan found is not read as a card file (None: it is one, or it is a
    card file that could not be read, which is reported).

    The scan asks the readers' ``looks_like`` (no reader takes ``package.json`` or
    ``renovate.json``), then whether the text names a field only card files have: a YAML
    file of another kind (a workflow, ``docker-compose.yml``) is not read as a nameless
    card, and a file that does not parse is reported only when it is a card file with a
    mistake, not a tool's JSON with comments."""
    err = result.error
    if err is not None and err.reason == UNSUPPORTED:
        return "not a card file"
    source = result.source
    if source is None or source.path.lower().endswith(".mse-set") or os.path.basename(source.path) in NAMES:
        return None
    if Probe(source).has_card_keys():
        return None
    return "not a card file"
