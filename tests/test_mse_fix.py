"""Magic Set Editor packages fixed in place: the ``set`` entry rewritten, every other entry's
bytes, the order and the compression kept; positions name the entry in every format."""

from __future__ import annotations

import io
import json
import shutil
import stat
import struct
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter.cli import main
from linter.readers import read_file
from linter.zipentry import ArchiveError, replace_entry

SET_FILE = (Path(__file__).resolve().parent / "fixtures" / "fixes" / "mse" / "set").read_bytes()
ART = bytes(range(256)) * 40  # an image stands in: bytes that must come out the same


def run(*args: str):
    result = CliRunner().invoke(main, ["check", "--no-show-source", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _package(path: Path, comment: bytes = b"") -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.comment = comment
        zf.writestr(zipfile.ZipInfo("image1", (2018, 3, 4, 5, 6, 8)), ART, compress_type=zipfile.ZIP_DEFLATED)
        zf.writestr(zipfile.ZipInfo("set", (2018, 3, 4, 5, 6, 10)), SET_FILE, compress_type=zipfile.ZIP_DEFLATED)
        zf.writestr(zipfile.ZipInfo("notes.txt", (2018, 3, 4, 5, 6, 12)), b"kept as stored",
                    compress_type=zipfile.ZIP_STORED)
    return path


def raw_entries(data: bytes) -> list[tuple]:
    """Every entry as the archive stores it: name, method, time, CRC, sizes, extra, packed bytes."""
    zf = zipfile.ZipFile(io.BytesIO(data))
    out = []
    for info in zf.infolist():
        h = info.header_offset
        n, m = struct.unpack_from("<HH", data, h + 26)
        start = h + 30 + n + m
        out.append((info.filename, info.compress_type, info.date_time, info.CRC, info.file_size,
                    info.compress_size, info.extra, data[start:start + info.compress_size]))
    return out


def test_replace_entry_keeps_every_other_byte():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.comment = b"made by hand"
        zf.writestr("a.png", ART, compress_type=zipfile.ZIP_DEFLATED)
        zf.writestr("set", b"old text", compress_type=zipfile.ZIP_DEFLATED)
        zf.writestr("z.txt", b"last", compress_type=zipfile.ZIP_STORED)
    raw = buf.getvalue()
    new = replace_entry(raw, "set", b"a new and longer text")
    before, after = raw_entries(raw), raw_entries(new)
    assert [e[0] for e in after] == ["a.png", "set", "z.txt"]
    assert after[0] == before[0] and after[2] == before[2]
    zf = zipfile.ZipFile(io.BytesIO(new))
    assert zf.read("set") == b"a new and longer text" and zf.testzip() is None
    assert zf.comment == b"made by hand" and zf.getinfo("set").compress_type == zipfile.ZIP_DEFLATED


def test_replace_entry_after_data_descriptors():
    class Unseekable(io.RawIOBase):  # zipfile then writes a data descriptor after each entry
        def __init__(self):
            self.data = bytearray()

        def writable(self):
            return True

        def write(self, b):
            self.data += b
            return len(b)

    sink = Unseekable()
    with zipfile.ZipFile(sink, "w") as zf:
        zf.writestr("set", b"old", compress_type=zipfile.ZIP_DEFLATED)
        zf.writestr("image", ART, compress_type=zipfile.ZIP_DEFLATED)
    raw = bytes(sink.data)
    assert zipfile.ZipFile(io.BytesIO(raw)).getinfo("set").flag_bits & 0x8
    new = replace_entry(raw, "set", b"new text")
    assert zipfile.ZipFile(io.BytesIO(new)).read("set") == b"new text"
    assert raw_entries(new)[1] == raw_entries(raw)[1]


def test_replace_entry_refuses_what_it_cannot_write():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("set", b"x", compress_type=zipfile.ZIP_BZIP2)
    with pytest.raises(ArchiveError, match="method 12"):
        replace_entry(buf.getvalue(), "set", b"y")


def test_a_package_is_fixed_in_place(tmp_path):
    package = _package(tmp_path / "set.mse-set", comment=b"a comment")
    before = package.read_bytes()
    code, out, err = run("--fix", "--select", "TPL001", str(package))
    assert code == 1, out + err  # the unsafe fix's finding remains
    assert "Fixed 1 finding(s) in 1 file." in out
    after = package.read_bytes()
    assert zipfile.ZipFile(package).read("set") == SET_FILE.replace(b"enters the battlefield,", b"enters,")
    old, new = raw_entries(before), raw_entries(after)
    assert [e[0] for e in new] == ["image1", "set", "notes.txt"]
    assert (old[0], old[2]) == (new[0], new[2]) and new[1][1] == zipfile.ZIP_DEFLATED
    assert new[1][2] == old[1][2]  # the entry's time stamp stays
    assert zipfile.ZipFile(package).comment == b"a comment"
    assert run("--fix", "--select", "TPL001", str(package))[0] == 1
    assert package.read_bytes() == after


def test_positions_name_the_entry_in_every_format(tmp_path):
    package = _package(tmp_path / "set.mse-set")
    code, out, _err = run("--select", "TPL001", str(package))
    assert code == 1 and out.startswith(f"{package}:set:13:")
    _code, out, _err = run("--select", "TPL001", "--format", "json", str(package))
    assert {d["entry"] for d in json.loads(out)["diagnostics"]} == {"set"}
    _code, out, _err = run("--select", "TPL001", "--format", "github", str(package))
    assert "::set:13:" in out
    _code, out, _err = run("--select", "TPL001", "--format", "sarif", str(package))
    result = json.loads(out)["runs"][0]["results"][0]
    assert result["properties"]["entry"] == "set" and result["message"]["text"].startswith("set:13:")
    _code, out, _err = run("--select", "TPL001", "--diff", str(package))
    assert f"--- a/{package.as_posix().lstrip('/')}:set\n" in out


def test_diff_of_a_package_shows_the_entry_and_writes_nothing(tmp_path):
    package = _package(tmp_path / "set.mse-set")
    before = package.read_bytes()
    code, out, _err = run("--select", "TPL001", "--diff", str(package))
    assert code == 1 and package.read_bytes() == before
    assert "-\t\tWhen <atom-cardname>Brinebound Sentry</atom-cardname> enters the battlefield" in out
    assert "+\t\tWhen <atom-cardname>Brinebound Sentry</atom-cardname> enters, tap" in out


# the real sets ---------------------------------------------------------------------------------------

REAL = ["Charles-Seidel_Nature_vs_Future.mse-set", "ruler501_CustomSet_Untitled.mse-set"]


@pytest.mark.corpus
@pytest.mark.parametrize("name", REAL)
def test_real_sets_are_fixed_in_place_and_keep_every_other_entry(shared_data, tmp_path, name):
    package = tmp_path / name
    shutil.copyfile(shared_data / "custom-sets" / "mse" / name, package)
    package.chmod(package.stat().st_mode | stat.S_IWUSR)
    before = package.read_bytes()
    cards_before = len(read_file(str(package)).cards)
    code, out, err = run("--fix", str(package))
    assert code in (0, 1), out + err
    assert "Fixed " in out
    after = package.read_bytes()
    assert after != before
    old, new = raw_entries(before), raw_entries(after)
    assert [e[0] for e in new] == [e[0] for e in old]
    for o, n in zip(old, new):
        if o[0] != "set":
            assert o == n, o[0]
        else:
            assert (n[1], n[2]) == (o[1], o[2])  # its compression and time stamp
    again = read_file(str(package))
    assert again.error is None and len(again.cards) == cards_before
    assert zipfile.ZipFile(package).testzip() is None
    code, out, err = run("--fix", str(package))
    assert package.read_bytes() == after, "a second --fix changed the archive"
    assert "Fixed" not in out
