"""One entry of a zip archive rewritten, every other byte of the archive kept.

Fixes edit the ``set`` entry of a Magic Set Editor package (a zip archive).
Rewriting the archive with :mod:`zipfile` would compress every entry again
(other bytes, perhaps another order); here the archive is copied as it is:
the bytes before the first entry, each other entry's local header, data and
data descriptor, the central directory records and the end record, with only
the offsets that moved patched.  The rewritten entry keeps its place in the
order, its name, its extra field, its time stamp and its compression method
(stored or deflated, at the level its flags name).
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from dataclasses import dataclass

_LOCAL = struct.Struct("<IHHHHHIIIHH")  # signature .. extra length: 30 bytes
_LOCAL_SIG = 0x04034B50
_CENTRAL_SIG = b"PK\x01\x02"
_END_SIG = b"PK\x05\x06"
_STORED, _DEFLATED = 0, 8
# deflate levels by the "compression option" bits (1-2) of the general purpose flags
_LEVELS = {0: 6, 1: 9, 2: 1, 3: 1}


class ArchiveError(ValueError):
    """The archive cannot be rewritten in place (what is wrong is the message)."""


def _end_record(raw: bytes) -> int:
    floor = max(0, len(raw) - 65_557)
    at = raw.rfind(_END_SIG, floor)
    while at != -1 and (at + 22 > len(raw) or at + 22 + struct.unpack_from("<H", raw, at + 20)[0] != len(raw)):
        at = raw.rfind(_END_SIG, floor, at)
    if at == -1:
        raise ArchiveError("the zip archive has no end record")
    return at


def problem(raw: bytes, name: str) -> str | None:
    """Why entry ``name`` of the archive cannot be rewritten in place (None: it can)."""
    try:
        _layout(raw, name)
    except ArchiveError as exc:
        return str(exc)
    return None


def _layout(raw: bytes, name: str):
    try:
        infos = zipfile.ZipFile(io.BytesIO(raw)).infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, struct.error) as exc:
        raise ArchiveError(f"a damaged zip archive ({exc})") from None
    end = _end_record(raw)
    entries, cd_size, cd_offset = struct.unpack_from("<HII", raw, end + 10)
    if 0xFFFF in (entries,) or 0xFFFFFFFF in (cd_size, cd_offset) or raw.rfind(b"PK\x06\x07", 0, end) != -1:
        raise ArchiveError("a zip64 archive cannot be rewritten in place")
    if len(infos) != entries or cd_offset + cd_size != end:
        raise ArchiveError("the zip archive's directory is not where its end record says")
    targets = [i for i in infos if i.filename == name]
    if len(targets) != 1:
        raise ArchiveError(f"the zip archive holds {len(targets)} entries named {name!r}")
    target = targets[0]
    if target.flag_bits & 0x1:
        raise ArchiveError(f"{name!r} is encrypted")
    if target.compress_type not in (_STORED, _DEFLATED):
        raise ArchiveError(f"{name!r} is compressed with method {target.compress_type}, which is not rewritten")
    h = target.header_offset
    if raw[h:h + 4] != b"PK\x03\x04":
        raise ArchiveError(f"the local header of {name!r} is not where the directory says")
    return infos, target, cd_offset, end


def replace_entry(raw: bytes, name: str, data: bytes) -> bytes:
    """The archive ``raw`` with the content of entry ``name`` replaced by ``data``; every
    other entry's bytes, the order of the entries, the archive's comment and the entry's
    own compression method are kept.  Raises :class:`ArchiveError`."""
    infos, target, cd_offset, end = _layout(raw, name)
    order = sorted(infos, key=lambda i: i.header_offset)
    out = bytearray(raw[:order[0].header_offset])
    moved: dict[int, int] = {}
    new_flags = crc = csize = 0
    for k, info in enumerate(order):
        start = info.header_offset
        stop = order[k + 1].header_offset if k + 1 < len(order) else cd_offset
        moved[id(info)] = len(out)
        if info is not target:
            out += raw[start:stop]
            continue
        (sig, version, flags, method, mtime, mdate, _crc, _cs, _us, n, m) = _LOCAL.unpack_from(raw, start)
        name_and_extra = raw[start + _LOCAL.size:start + _LOCAL.size + n + m]
        if method == _DEFLATED:
            packer = zlib.compressobj(_LEVELS[(flags >> 1) & 3], zlib.DEFLATED, -15)
            body = packer.compress(data) + packer.flush()
        else:
            body = data
        new_flags = flags & ~0x8  # the sizes stand in the header: no data descriptor after the data
        crc, csize = zlib.crc32(data) & 0xFFFFFFFF, len(body)
        out += _LOCAL.pack(sig, version, new_flags, method, mtime, mdate, crc, csize, len(data), n, m)
        out += name_and_extra + body
    new_cd = len(out)
    pos = cd_offset
    for info in infos:  # the directory lists them in this order
        if raw[pos:pos + 4] != _CENTRAL_SIG:
            raise ArchiveError("the zip archive's directory is damaged")
        n, m, c = struct.unpack_from("<HHH", raw, pos + 28)
        record = bytearray(raw[pos:pos + 46 + n + m + c])
        struct.pack_into("<I", record, 42, moved[id(info)])
        if info is target:
            struct.pack_into("<H", record, 8, new_flags)
            struct.pack_into("<III", record, 16, crc, csize, len(data))
        out += record
        pos += len(record)
    tail = bytearray(raw[end:])
    struct.pack_into("<II", tail, 12, len(out) - new_cd, new_cd)
    out += tail
    result = bytes(out)
    try:
        check = zipfile.ZipFile(io.BytesIO(result))
        if check.read(name) != data:
            raise ArchiveError(f"{name!r} does not read back as written")
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError) as exc:
        raise ArchiveError(f"the rewritten archive does not read back ({exc})") from None
    return result


@dataclass(eq=False)
class ZipEntry:
    """Where a source file's bytes live: entry ``name`` of the archive ``raw``."""

    raw: bytes
    name: str
    data: bytes  # the entry's content as the archive holds it

    def pack(self, data: bytes) -> bytes:
        """The whole archive with this entry's content ``data`` (the archive itself if unchanged)."""
        if data == self.data:
            return self.raw
        return replace_entry(self.raw, self.name, data)

    def problem(self) -> str | None:
        return problem(self.raw, self.name)
