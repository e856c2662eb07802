"""The local copy of the Comprehensive Rules in the user's cache directory.

Two files live in ``<cache>/cr/``: the text as downloaded (``MagicCompRules.txt``)
and its parsed index (``rules.json``: effective date, rules, glossary, where
it came from and its SHA-256).  Both are written to a temporary file first
and moved into place with :func:`os.replace`, the index last, so a reader
never sees half a file and an interrupted update leaves the old copy whole.
``ORACLELINT_CACHE_DIR`` overrides the platform's cache directory.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

from linter.atomic import replace_from_temp
from linter.cachedir import CACHE_ENV, cache_dir  # noqa: F401 - part of this module's interface
from linter.cr.parser import CRDocument

INDEX_NAME = "rules.json"
TEXT_NAME = "MagicCompRules.txt"
FORMAT_VERSION = 1


class CRCacheError(OSError):
    """The cached rules exist but cannot be read."""


@dataclass(frozen=True, slots=True)
class CachedInfo:
    effective: str
    source: str
    sha256: str
    fetched: str
    path: Path


def file_in_the_way(folder: Path) -> Path | None:
    """The file that stands where ``folder`` or one of its parents should be (None: none)."""
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            return candidate if not candidate.is_dir() else None
    return None


def cache_problem() -> str | None:
    """Why the cache directory cannot hold anything (None: it can, or does not exist yet)."""
    blocked = file_in_the_way(cr_dir())
    if blocked is not None:
        return (f"the cache directory {blocked} is a file, not a folder "
                f"(set {CACHE_ENV} to a folder, or remove the file)")
    for path in (cr_dir(), cr_dir() / INDEX_NAME, cr_dir() / TEXT_NAME):
        if path.is_dir() and path != cr_dir():
            return f"the cached rules path {path} is a directory, not a file; remove it and run 'oraclelint cr update'"
    return None


def cr_dir() -> Path:
    return cache_dir() / "cr"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _write_atomically(path: Path, data: bytes) -> None:
    problem = cache_problem()
    if problem:
        raise CRCacheError(problem)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    replace_from_temp(fd, tmp, path, data)


def save(doc: CRDocument, raw: bytes, source: str) -> CachedInfo:
    """Store a parsed CR and its text; returns what was stored."""
    directory = cr_dir()
    digest = sha256(raw)
    fetched = _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()
    payload = {
        "format": FORMAT_VERSION,
        "source": source,
        "sha256": digest,
        "fetched": fetched,
        **doc.to_json(),
    }
    _write_atomically(directory / TEXT_NAME, raw)
    _write_atomically(directory / INDEX_NAME, json.dumps(payload, ensure_ascii=False).encode("utf-8"))
    return CachedInfo(doc.effective, source, digest, fetched, directory / INDEX_NAME)


def _read_index() -> dict | None:
    path = cr_dir() / INDEX_NAME
    problem = cache_problem()
    if problem:
        raise CRCacheError(problem)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CRCacheError(f"cannot read the cached rules at {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
        why = _layout_problem(data)
        if why:
            raise ValueError(why)
        return data
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise CRCacheError(f"the cached rules at {path} are damaged ({exc}); run 'oraclelint cr update'") from None


def _layout_problem(data) -> str | None:
    """Why ``data`` is not a rules index this version wrote (None: it is one)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
        return "unknown layout"
    if not isinstance(data.get("effective"), str):
        return "no effective date"
    rules = data.get("rules")
    if not isinstance(rules, list) or not all(
            isinstance(r, list) and len(r) == 3 and isinstance(r[0], str) and isinstance(r[2], str)
            and (r[1] is None or isinstance(r[1], str)) for r in rules):
        return "the rules are not a list of [number, title, text]"
    glossary = data.get("glossary", {})
    if not isinstance(glossary, dict) or not all(isinstance(v, str) for v in glossary.values()):
        return "the glossary is not a table of texts"
    for key in ("source", "sha256", "fetched"):
        if key in data and not isinstance(data[key], str):
            return f"{key} is not text"
    return None


def cached_info() -> CachedInfo | None:
    data = _read_index()
    if data is None:
        return None
    return CachedInfo(data["effective"], data.get("source", ""), data.get("sha256", ""),
                      data.get("fetched", ""), cr_dir() / INDEX_NAME)


def load_cached() -> CRDocument | None:
    """The cached CR, or None when nothing was downloaded yet."""
    data = _read_index()
    if data is None:
        return None
    try:
        return CRDocument.from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise CRCacheError(f"the cached rules are damaged ({exc}); run 'oraclelint cr update'") from None
