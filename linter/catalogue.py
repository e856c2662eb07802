"""The one loader of ``rules_data``: every data file is checked against its schema.

Each data file ``rules_data/NAME.yaml`` (or ``.json``) has a schema in
``rules_data/schemas/NAME.yaml`` written in a small schema language:

``{type: map, fields: {key: SCHEMA}, required: [key, ...]}``
    a mapping; keys not listed in ``fields`` are refused.
``{type: dict, values: SCHEMA}``
    a mapping with any string keys.
``{type: list, items: SCHEMA, min: N}``
    a list.
``{type: str|int|float|bool, enum: [...], pattern: REGEX, nullable: true}``
    a scalar.

A violation raises :class:`CatalogueError` naming the file and the key path.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import yaml

try:  # libyaml is several times faster where it is available
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

_HERE = Path(__file__).resolve().parent


class CatalogueError(ValueError):
    """A rules_data file that does not match its schema."""

    def __init__(self, file: str, where: str, problem: str) -> None:
        self.file, self.where, self.problem = file, where, problem
        super().__init__(f"rules_data/{file}: {where or '(top)'}: {problem}")


@functools.lru_cache(maxsize=None)
def _root() -> Path:
    """rules_data inside an installed package, or beside it in a source checkout."""
    for candidate in (_HERE / "rules_data", _HERE.parent / "rules_data"):
        if (candidate / "schemas").is_dir():
            return candidate
    raise CatalogueError("", "", f"rules_data not found next to {_HERE}")


def _read(path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.name.endswith(".json"):
        return json.loads(text)
    return yaml.load(text, Loader=_Loader)


_SCALARS = {"str": str, "int": int, "float": (int, float), "bool": bool}


def validate(data: Any, schema: dict, file: str, where: str = "") -> None:
    """Check ``data`` against ``schema``; raise CatalogueError on the first violation."""
    if data is None and schema.get("nullable"):
        return
    kind = schema.get("type", "any")
    if kind == "any":
        return
    if kind == "map":
        if not isinstance(data, dict):
            raise CatalogueError(file, where, f"expected a mapping, found {type(data).__name__}")
        fields = schema.get("fields", {})
        for key in data:
            if key not in fields:
                raise CatalogueError(file, f"{where}.{key}".lstrip("."), f"unknown key {key!r} (allowed: {', '.join(fields)})")
        for key in schema.get("required", []):
            if key not in data:
                raise CatalogueError(file, where, f"missing required key {key!r}")
        for key, value in data.items():
            validate(value, fields[key], file, f"{where}.{key}".lstrip("."))
        return
    if kind == "dict":
        if not isinstance(data, dict):
            raise CatalogueError(file, where, f"expected a mapping, found {type(data).__name__}")
        for key, value in data.items():
            if not isinstance(key, str):
                raise CatalogueError(file, where, f"key {key!r} is not a string")
            validate(value, schema.get("values", {}), file, f"{where}.{key}".lstrip("."))
        return
    if kind == "list":
        if not isinstance(data, list):
            raise CatalogueError(file, where, f"expected a list, found {type(data).__name__}")
        if len(data) < schema.get("min", 0):
            raise CatalogueError(file, where, f"expected at least {schema['min']} items")
        for i, item in enumerate(data):
            validate(item, schema.get("items", {}), file, f"{where}[{i}]")
        return
    py = _SCALARS.get(kind)
    if py is None:
        raise CatalogueError(file, where, f"schema names unknown type {kind!r}")
    if not isinstance(data, py) or (kind in ("int", "float") and isinstance(data, bool)):
        raise CatalogueError(file, where, f"expected {kind}, found {type(data).__name__} {data!r}")
    if "enum" in schema and data not in schema["enum"]:
        raise CatalogueError(file, where, f"{data!r} is not one of {schema['enum']}")
    if "pattern" in schema and not re.fullmatch(schema["pattern"], str(data)):
        raise CatalogueError(file, where, f"{data!r} does not match {schema['pattern']}")


@functools.lru_cache(maxsize=None)
def load(name: str) -> Any:
    """Load ``rules_data/NAME`` (yaml or json), validated against its schema.

    A file once validated is kept, as JSON, in the cache directory (see
    :func:`_compiled`): parsing YAML and walking the schema cost more than the rest of a
    small run's start-up together, and the file has not changed since.
    """
    root = _root()
    for ext in (".yaml", ".json"):
        path = root / f"{name}{ext}"
        if path.is_file():
            break
    else:
        raise CatalogueError(f"{name}.yaml", "", "no such data file")
    schema_path = root / "schemas" / f"{name}.yaml"
    if not schema_path.is_file():
        raise CatalogueError(path.name, "", f"no schema (expected rules_data/schemas/{name}.yaml)")
    compiled = _compiled(name, path, schema_path)
    if compiled is not None:
        found = compiled.read()
        if found is not None:
            return found
    try:
        data = _read(path)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise CatalogueError(path.name, "", f"cannot be parsed: {exc}") from None
    validate(data, _read(schema_path), path.name)
    if compiled is not None:
        compiled.write(data)
    return data


class _Compiled:
    """A validated data file kept as JSON in ``rules-data/`` of the cache directory, keyed
    by oraclelint's version and the size and modification time of the data file and its
    schema.  A missing, damaged or stale copy is read as none (the YAML is read and
    validated, and the copy written again, atomically); a cache that cannot be written
    is no error.

    Several copies of oraclelint may share one cache directory (a pre-commit hook's
    and a project's own environment): each keeps its own files, named after its
    ``owner`` (:func:`_owner`), and a write replaces only the owner's earlier copies,
    never another's (else each would rewrite the files the other had just written)."""

    def __init__(self, folder: Path, name: str, key: str, owner: str) -> None:
        self.folder, self.name, self.key, self.owner = folder, name, key, owner
        self.path = folder / f"{name}-{owner}-{key[:16]}.json"

    def read(self) -> Any:
        try:
            obj = json.loads(self.path.read_bytes())
        except (OSError, ValueError):
            return None
        if not isinstance(obj, dict) or obj.get("key") != self.key or "data" not in obj:
            return None
        return obj["data"]

    def write(self, data: Any) -> None:
        import os
        import tempfile

        from linter.atomic import replace_from_temp

        try:
            body = json.dumps({"key": self.key, "data": data}, ensure_ascii=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return  # a value JSON cannot hold (none today): read from YAML every time
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.name}.", suffix=".tmp", dir=self.folder)
            replace_from_temp(fd, tmp, self.path, body.encode("ascii"))
            for old in self.folder.glob(f"{self.name}-*.json"):
                if old != self.path and self._replaces(old.name):
                    os.unlink(old)
        except OSError:
            pass


    def _replaces(self, file_name: str) -> bool:
        """Whether a file of the folder is an earlier copy of this one: the same owner's, or
        one named as releases before owners were (``name-<16 hex>.json``), which no copy
        of this release reads."""
        stem = file_name[len(self.name) + 1:-len(".json")]
        owner, _, key = stem.partition("-")
        if owner == self.owner:
            return _HEX16.fullmatch(key) is not None
        return not key and _HEX16.fullmatch(owner) is not None


_HEX16 = re.compile(r"[0-9a-f]{16}")


@functools.lru_cache(maxsize=1)
def _owner() -> str:
    """The copy of oraclelint whose kept files these are: its package folder, hashed."""
    import hashlib

    return hashlib.sha256(str(_HERE).encode("utf-8", "surrogateescape")).hexdigest()[:8]


def _compiled(name: str, path: Path, schema_path: Path) -> _Compiled | None:
    import sys

    from linter import __version__

    try:
        a, b = path.stat(), schema_path.stat()
    except OSError:
        return None
    return compiled(name, f"{__version__}\0{sys.version_info[:2]}\0{path}\0{a.st_size}\0{a.st_mtime_ns}"
                          f"\0{b.st_size}\0{b.st_mtime_ns}")


def compiled(name: str, stamp: str) -> _Compiled:
    """The kept copy named ``name`` of what was worked out of rule data, valid for ``stamp``
    (everything it was worked out from), in ``rules-data/`` of the cache directory."""
    import hashlib

    from linter.cachedir import cache_dir

    key = hashlib.sha256(stamp.encode("utf-8", "surrogateescape")).hexdigest()
    return _Compiled(cache_dir() / "rules-data", name, key, _owner())


def data_files() -> list[str]:
    """Names of every data file in rules_data (without extension)."""
    names = []
    for entry in _root().iterdir():
        if entry.name.endswith((".yaml", ".json")) and entry.is_file():
            names.append(entry.name.rsplit(".", 1)[0])
    return sorted(names)
