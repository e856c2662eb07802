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
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from linter.atomic import replace_from_temp
from linter.cr.parser import CRDocument

CACHE_ENV = "ORACLELINT_CACHE_DIR"
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


def cache_dir() -> Path:
    """The directory oraclelint caches downloads in (not created here)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("oraclelint"))


def cr_dir() -> Path:
    return cache_dir() / "cr"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _write_atomically(path: Path, data: bytes) -> None:
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
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CRCacheError(f"cannot read the cached rules at {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
        if data.get("format") != FORMAT_VERSION or not isinstance(data.get("rules"), list):
            raise ValueError("unknown layout")
        return data
    except (ValueError, UnicodeDecodeError, AttributeError) as exc:
        raise CRCacheError(f"the cached rules at {path} are damaged ({exc}); run 'oraclelint cr update'") from None


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
