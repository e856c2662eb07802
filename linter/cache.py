"""The results cache of ``check``: a file whose bytes did not change is answered from it.

After a run, each card file's findings are kept in the cache directory,
keyed by everything they depend on:

* the file's bytes (a hash of them) and its path (a reader may go by the
  file's name, and the findings name it);
* the run: oraclelint's version and the identity of its code and rule data
  (the size and time of every file of the package), the Python and spaCy
  versions, the configuration (every setting, and the configuration file's
  path), the selected checks, and the Oracle index in use (its path, size,
  time and inode) where an ORC check is selected.

What is kept is a file's findings after its own suppressions were applied
(they are in its bytes), with the fixes that cannot be applied taken off;
what depends on the run as a whole is applied again to cached findings as to
fresh ones: the configuration's per-file and per-card ignores and
severities, and the baseline.  The set-level checks compare the cards of one
file only, so a file's findings never depend on another file.

On a re-run with nothing changed, ``check`` reads each file's bytes, finds
its entry, and reports: it imports neither spaCy nor the checks, and reads
no card.  An entry that cannot be read, that is damaged or that was written
for other bytes or another run is ignored, and written again after the file
is checked.  Entries are written atomically (a temporary file renamed over
the entry) with the mode a new file gets from the umask, so that a shared
cache stays readable.  ``--no-cache`` neither reads nor writes it;
``--cache-dir`` or the configuration's ``cache-dir`` puts it elsewhere
(default: ``check/`` in oraclelint's cache directory, which
``ORACLELINT_CACHE_DIR`` sets).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from linter import __version__
from linter.diagnostics import Diagnostic, Edit, Fix

#: the layout of an entry; another number is another cache
FORMAT = 1
#: the largest card file read (as :data:`linter.readers.MAX_FILE_BYTES`)
MAX_FILE_BYTES = 512 * 1024 * 1024

_PACKAGE = Path(__file__).resolve().parent


def default_directory() -> Path:
    """``check/`` in the directory oraclelint caches downloads in."""
    from linter.cachedir import cache_dir

    return cache_dir() / "check"


# -- what the results depend on -------------------------------------------------------------


def code_identity() -> str:
    """oraclelint's version and the size and time of every file of its code and rule data:
    an edited check or data file (a source checkout) is another oraclelint."""
    h = hashlib.sha256(f"{__version__}\0{FORMAT}\0{sys.version_info[:2]}".encode())
    roots = [_PACKAGE]
    for candidate in (_PACKAGE / "rules_data", _PACKAGE.parent / "rules_data"):
        if candidate.is_dir():
            roots.append(candidate)
            break
    for root in roots:
        for path, st in sorted(_files(root)):
            h.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))
    h.update(_spacy_version().encode())
    return h.hexdigest()


def _files(root: Path):
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.name == "__pycache__" or entry.name.startswith("."):
                continue
            try:
                if entry.is_dir():
                    stack.append(entry.path)
                elif entry.name.endswith((".py", ".yaml", ".json", ".txt")):
                    yield entry.path, entry.stat()
            except OSError:
                continue


def _spacy_version() -> str:
    """spaCy's version, without importing it (the tokenizer is part of the parse): its
    about.py, read as text, where it is found."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("spacy")
        if spec is not None and spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                about = Path(folder) / "about.py"
                if about.is_file():
                    return about.read_text(encoding="utf-8", errors="replace")
    except (ImportError, ValueError, OSError):
        pass
    return ""  # not installed: the run fails later, or does not need it


def oracle_identity(path: Path | None) -> list | None:
    """The Oracle index file as it is now: (path, size, time, inode), or None when there is none."""
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return [str(path), None]
    return [os.path.abspath(path), st.st_size, st.st_mtime_ns, st.st_ino]


def run_key(config, select: list[str], ignore: list[str], oracle: list | None, code: str) -> str:
    """The key of a run: the code, the configuration, the selection, the Oracle index."""
    settings = {k: v for k, v in sorted(vars(config).items()) if k not in ("path", "cache_dir")}
    what = {
        "code": code,
        "config": repr(settings),
        "config-path": os.path.abspath(config.path) if config.path is not None else None,
        "select": list(select),
        "ignore": list(ignore),
        "oracle": oracle,
    }
    return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()


# -- reading a file's bytes -----------------------------------------------------------------


def file_bytes(path: str) -> bytes | None:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES`, or None (the reader
    then reads it, and says what is wrong)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_FILE_BYTES:
                return None
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    return raw if len(raw) <= MAX_FILE_BYTES else None


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- cached findings ------------------------------------------------------------------------


class CachedSource:
    """The source lines of a file's cached findings (what the text report shows)."""

    def __init__(self, path: str, lines: dict[int, str]) -> None:
        self.path = path
        self.lines = lines


class CachedFace:
    __slots__ = ("name",)

    def __init__(self, name: str | None) -> None:
        self.name = name


class CachedCard:
    """What a cached finding keeps of its card: its names (per-card ignores), the text it
    flags (baselines, SARIF fingerprints) and its source line (the text report)."""

    from_cache = True

    def __init__(self, name: str | None, faces: list[str | None], flagged: str, line: str | None,
                 source: CachedSource) -> None:
        self.name = name
        self.faces = [CachedFace(n) for n in faces]
        self.flagged = flagged
        self.line = line
        self.source = source
        self.extra: dict = {}


@dataclass
class Entry:
    """One file's results: how it read, its findings, the cards oraclelint failed on."""

    format: str
    cards: int
    error: str | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failures: list[Diagnostic] = field(default_factory=list)


def _record(d: Diagnostic) -> dict:
    from linter.baseline import flagged_text
    from linter.reporters.snippet import source_line

    card = d.card_obj
    names = [getattr(card, "name", None), *(getattr(f, "name", None) for f in getattr(card, "faces", ()))] \
        if card is not None else None
    return {
        "path": d.path, "code": d.code, "name": d.name, "category": d.category, "severity": d.severity,
        "message": d.message, "rules": list(d.rules), "line": d.line, "column": d.column,
        "end_line": d.end_line, "end_column": d.end_column, "card": d.card, "face": d.face,
        "field": d.field, "start": d.start, "end": d.end, "entry": d.entry,
        "fix": d.fix.as_dict() if d.fix is not None else None,
        "names": names,
        "flagged": flagged_text(d) if card is not None else None,
        "source_line": source_line(d) if card is not None else None,
    }


def _str(v: Any, optional: bool = True) -> str | None:
    if v is None and optional:
        return None
    if not isinstance(v, str):
        raise ValueError("not text")
    return v


def _int(v: Any, optional: bool = False) -> int | None:
    if v is None and optional:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError("not a number")
    return v


def _fix(v: Any) -> Fix | None:
    if v is None:
        return None
    edits = [Edit(_int(e["start"]), _int(e["end"]), _str(e["text"], False)) for e in v["edits"]]
    if not isinstance(v["safe"], bool):
        raise ValueError("not a flag")
    return Fix(_str(v["title"], False), edits, v["safe"], _int(v["face"], True), _str(v["field"]))


def _diagnostic(r: dict, path: str | None, source: CachedSource) -> Diagnostic:
    if path is None:
        path = _str(r["path"], False)
    d = Diagnostic(
        code=_str(r["code"], False), name=_str(r["name"], False), category=_str(r["category"], False),
        severity=_str(r["severity"], False), message=_str(r["message"], False),
        rules=tuple(_str(x, False) for x in r["rules"]), path=path, line=_int(r["line"]),
        column=_int(r["column"]), end_line=_int(r["end_line"]), end_column=_int(r["end_column"]),
        card=_str(r["card"]), face=_int(r["face"], True), field=_str(r["field"]),
        start=_int(r["start"], True), end=_int(r["end"], True), fix=_fix(r["fix"]),
        entry=_str(r.get("entry")),
    )
    names = r["names"]
    if names is not None:
        if not isinstance(names, list) or not names:
            raise ValueError("no names")
        line = _str(r["source_line"])
        if line is not None:
            source.lines[d.line] = line
        d.card_obj = CachedCard(_str(names[0]), [_str(n) for n in names[1:]], _str(r["flagged"], False), line,
                                source)
    return d


def is_cached(diagnostic: Diagnostic) -> bool:
    return getattr(diagnostic.card_obj, "from_cache", False)


#: how many other copies' folders of entries a new copy's first write leaves in place
KEEP_OTHERS = 3


class ResultCache:
    """The entries of one run's key in a cache directory."""

    def __init__(self, directory: str | os.PathLike, key: str, code: str) -> None:
        self.root = Path(directory)
        self.folder = self.root / code[:16]
        self.key = key
        self.problem: str | None = None  # why entries could not be written (said once)

    def _entry_path(self, name: str) -> Path:
        return self.folder / (hashlib.sha256(f"{self.key}\0{name}".encode("utf-8", "surrogateescape"))
                              .hexdigest()[:40] + ".json")

    def get(self, name: str, data_digest: str, path: str | None) -> Entry | None:
        """The entry of ``name`` (a file's absolute path) for bytes of ``data_digest``, its
        findings naming ``path`` (None: the paths they had); None when there is none or it
        cannot be used."""
        try:
            with open(self._entry_path(name), "rb") as fh:
                obj = json.loads(fh.read().decode("utf-8"))
            if obj.get("format") != FORMAT or obj.get("key") != self.key or obj.get("name") != name \
                    or obj.get("digest") != data_digest:
                return None
            source = CachedSource(path or "", {})
            entry = Entry(_str(obj["file_format"], False), _int(obj["cards"]), _str(obj["error"]))
            entry.diagnostics = [_diagnostic(r, path, source) for r in obj["diagnostics"]]
            entry.failures = [_diagnostic(r, path, source) for r in obj["failures"]]
            return entry
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, UnicodeDecodeError):
            return None  # no entry, or a damaged one: the file is checked and the entry written again

    def put(self, name: str, data_digest: str, entry: Entry) -> None:
        """Keep ``entry`` for the bytes of ``data_digest`` of ``name``; a cache that cannot be
        written is no error (the run goes on, ``problem`` says why)."""
        obj = {
            "format": FORMAT, "key": self.key, "name": name, "digest": data_digest,
            "file_format": entry.format, "cards": entry.cards, "error": entry.error,
            "diagnostics": [_record(d) for d in entry.diagnostics],
            "failures": [_record(d) for d in entry.failures],
        }
        # ASCII with escapes: a lone surrogate of a card name or a file name's undecodable
        # byte comes back as it was
        data = json.dumps(obj, ensure_ascii=True, separators=(",", ":")).encode("ascii")
        self._write(self._entry_path(name), data)

    def _write(self, target: Path, data: bytes) -> None:
        if self.problem is not None:
            return
        import tempfile

        from linter.atomic import replace_from_temp

        try:
            fresh = not self.folder.is_dir()
            self.folder.mkdir(parents=True, exist_ok=True)
            if fresh:
                self._forget_other_versions()
            fd, tmp = tempfile.mkstemp(prefix=".entry.", suffix=".tmp", dir=self.folder)
            replace_from_temp(fd, tmp, target, data)
        except OSError as exc:
            self.problem = f"the results cache {self.root} cannot be written ({exc.strerror or exc})"

    def _forget_other_versions(self) -> None:
        """Remove the entries other copies of oraclelint left (each has its folder), but for
        the :data:`KEEP_OTHERS` last written: a project's own environment and its pre-commit
        hook's are two copies (their code stands in two places) that take turns on the same
        files, and each would otherwise start the other's next run from nothing."""
        import shutil

        try:
            siblings = [(p.stat().st_mtime_ns, p) for p in self.root.iterdir()
                        if p.is_dir() and p != self.folder and len(p.name) == 16
                        and all(c in "0123456789abcdef" for c in p.name)]
        except OSError:
            return
        siblings.sort(reverse=True)
        for _time, p in siblings[KEEP_OTHERS:]:
            shutil.rmtree(p, ignore_errors=True)
